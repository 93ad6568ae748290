// SPDX-License-Identifier: MIT
// `quantscope-cli plan`: the prepared plan of a model (steps, fused nodes, kernels, tensor formats), as deterministic
// text for diffing or as one JSON object (schema "quantscope.plan/1").
#include "command.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/plan_description.h>
#include <quantscope/engine/session.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <string>

namespace qs::cli {

namespace {

constexpr const char* kSchema = "quantscope.plan/1";

int usageError(const std::string& message)
{
    fmt::print(stderr, "quantscope-cli plan: {}\nRun 'quantscope-cli plan --help' for usage.\n", message);
    return 2;
}

nlohmann::json tensorJson(const PlanTensor& t)
{
    return { { "name", t.name }, { "type", dataTypeName(t.type) }, { "dims", t.dims }, { "layout", t.layout },
        { "source", t.source } };
}

nlohmann::json toJson(const PlanDescription& plan)
{
    nlohmann::json j;
    j["schema"] = kSchema;
    j["model"] = plan.model;
    j["mode"] = executionModeName(plan.mode);
    j["threads"] = plan.threads;
    j["arena_bytes"] = plan.arenaBytes;
    j["after_run"] = plan.afterRun;
    j["folded_nodes"] = plan.foldedNodes;
    nlohmann::json fired = nlohmann::json::array();
    for (const PlanDescription::FiredPass& p : plan.passesFired)
        fired.push_back({ { "name", p.name }, { "steps", p.steps } });
    j["passes_fired"] = fired;
    nlohmann::json steps = nlohmann::json::array();
    for (const PlanStep& s : plan.steps) {
        nlohmann::json ins = nlohmann::json::array(), outs = nlohmann::json::array();
        for (const PlanTensor& t : s.inputs)
            ins.push_back(tensorJson(t));
        for (const PlanTensor& t : s.outputs)
            outs.push_back(tensorJson(t));
        steps.push_back({ { "index", s.index }, { "op_type", s.opType }, { "nodes", s.nodes },
            { "implementation", s.implementation }, { "reference_kernel", s.referenceKernel },
            { "activation_reorders", s.activationReorders }, { "threads", s.threads }, { "inputs", ins },
            { "outputs", outs }, { "run_time_tail", s.runTimeTail }, { "passes", s.passes } });
    }
    j["steps"] = steps;
    return j;
}

int runPlan(std::span<char* const> args)
{
    std::string modelPath;
    SessionOptions options;
    LoadOptions load;
    bool json = false;
    bool runOnce = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--mode" && hasValue) {
            const std::string_view m = args[++i];
            if (const std::optional<ExecutionMode> mode = parseExecutionMode(m))
                options.mode = *mode;
            else
                return usageError(fmt::format("--mode: '{}' is not 'optimized' or 'as-written'", m));
        } else if (a == "--threads" && hasValue) {
            const std::string t(args[++i]);
            char* end = nullptr;
            const long n = std::strtol(t.c_str(), &end, 10);
            if (end == t.c_str() || *end != '\0' || n < 1 || n > 1024)
                return usageError(fmt::format("--threads: '{}' is not a positive number", t));
            options.threads = int(n);
        } else if (a == "--input-shape" && hasValue) {
            auto parsed = parseInputShapeSpec(args[++i]);
            if (!parsed)
                return usageError(parsed.status().message());
            load.inputShapes[parsed->first] = parsed->second;
            options.inputShapes[parsed->first] = parsed->second;
        } else if (a == "--run") {
            runOnce = true;
        } else if (a == "--json") {
            json = true;
        } else if (!a.starts_with("-") && modelPath.empty()) {
            modelPath = a;
        } else {
            return usageError(fmt::format("unknown option or missing value: '{}'", a));
        }
    }
    if (modelPath.empty())
        return usageError("no model given");
    auto int8 = int8KernelOptionsFromEnvironment();
    if (!int8)
        return usageError(int8.status().message());
    options.int8 = *int8;
    auto model = loadModel(modelPath, load);
    if (!model) {
        fmt::print(stderr, "quantscope-cli plan: {}\n", model.status().message());
        return 1;
    }
    auto session = Session::create(*model, options);
    if (!session) {
        fmt::print(stderr, "quantscope-cli plan: {}\n", session.status().message());
        return 1;
    }
    if (runOnce) {
        // Zero inputs: the kernels' choices depend on shapes and types, not on values.
        std::vector<HostTensor> inputs;
        for (const IoInfo& io : (*session)->inputs())
            inputs.emplace_back(io.type, io.dims);
        if (auto out = (*session)->run(inputs); !out) {
            fmt::print(stderr, "quantscope-cli plan: {}\n", out.status().message());
            return 1;
        }
    }
    const PlanDescription plan = describePlan(**session);
    if (json)
        fmt::print("{}\n", toJson(plan).dump(2));
    else
        fmt::print("{}", planText(plan));
    return 0;
}

void printPlanHelp()
{
    fmt::print(
        "Usage: quantscope-cli plan MODEL [--mode optimized|as-written] [--threads N]\n"
        "                           [--input-shape NAME=DIMS]... [--run] [--json]\n\n"
        "Prepares MODEL (without running it) and prints the plan the engine will execute: the steps in order,\n"
        "the authored nodes each fused step covers, the kernel chosen (the engine's own kernel or oneDNN's\n"
        "implementation string), and the type, shape and layout (plain, nhwc, blocked16c/blocked8c) of every\n"
        "tensor a step reads or writes. In optimized mode it lists the rewrite passes that fired (engine/src/exec/\n"
        "passes/ states each one's pattern and preconditions) and, per step, those that changed it. The text\n"
        "contains no addresses or timings, so two plans can be diffed. Steps on a reference kernel (oneDNN's\n"
        "ref:..., the engine's scalar fallbacks) are marked [REFERENCE KERNEL] and listed at the top. A step that\n"
        "copies an activation into another layout per run (a source reordered for oneDNN's primitive, an NCHW\n"
        "source copied to NHWC) says how many times ('reorders: N per run'); the total is at the top.\n\n"
        "  --mode M            optimized (default) or as-written\n"
        "  --threads N         intra-op threads the session is prepared for; default 1\n"
        "  --input-shape S     bind a graph input's shape, e.g. images=1x3x640x640 (repeatable)\n"
        "  --run               run the model once (zero inputs) first and show the kernels as they ran: some\n"
        "                      oneDNN primitives are only created at the first run\n"
        "  --json              one JSON object (schema quantscope.plan/1) instead of text\n\n"
        "The int8 kernels' A/B switches QS_INT8_OWN_AVX2, QS_INT8_UNSPLIT, QS_INT8_QUAD_GROUPS and\n"
        "QS_CHANNEL_PAIRING are read from the environment (engine/include/quantscope/engine/int8_kernel_options.h).\n");
}

} // namespace

extern const Command kPlanCommand { "plan", "print the prepared execution plan of a model", runPlan, printPlanHelp };

} // namespace qs::cli
