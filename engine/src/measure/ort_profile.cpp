// SPDX-License-Identifier: MIT
#include <quantscope/engine/model.h>
#include <quantscope/engine/ort_profile.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace qs {

namespace {

constexpr std::string_view kKernelSuffix = "_kernel_time";

struct RunWindow
{
    double begin = 0;
    double end = 0;
};

std::optional<NodeId> matchNode(const Model& model, const std::string& name)
{
    if (auto id = model.graph().findNode(name))
        return id;
    const Graph& g = model.graph();
    if (auto pos = name.rfind("_token_"); pos != std::string::npos) {
        if (auto id = g.findNode(name.substr(0, pos)))
            return id;
    }
    // ONNX Runtime's NCHWc transformer names the nodes it rewrites after their output value plus "_nchwc".
    std::string value = name;
    if (value.ends_with("_nchwc"))
        value.resize(value.size() - 6);
    if (auto v = g.findValue(value); v && g.producer(*v) != kNoNode)
        return g.producer(*v);
    return std::nullopt;
}

} // namespace

namespace {

/// A string field of an event, "" when absent or of another type: json::value() throws on a wrongly typed field
/// ("cat": 5), which a fuzzed or damaged file has (tests/fuzz/regressions/fuzz_ort_profile).
std::string stringField(const nlohmann::json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

Result<ProfileReport> importOrtProfileFromTextUnguarded(
    std::string_view json, std::string_view displayName, const Model* model, const OrtProfileOptions& options)
{
    auto fail = [&](const std::string& what) {
        return Status(
            StatusCode::InvalidArgument, fmt::format("{}: not an ONNX Runtime profile: {}", displayName, what));
    };
    nlohmann::json doc = nlohmann::json::parse(json, nullptr, false);
    if (doc.is_discarded())
        return fail("the file is not valid JSON (truncated or corrupt)");
    if (!doc.is_array())
        return fail("expected a JSON array of trace events");

    std::vector<RunWindow> runs;
    struct Kernel
    {
        std::string node;
        std::string op;
        double ts = 0;
        double dur = 0;
    };
    std::vector<Kernel> kernels;
    for (size_t i = 0; i < doc.size(); ++i) {
        const auto& e = doc[i];
        if (!e.is_object())
            return fail(fmt::format("event {} is not an object", i));
        const std::string cat = stringField(e, "cat");
        const std::string name = stringField(e, "name");
        const auto ts = e.find("ts");
        const auto dur = e.find("dur");
        const bool timed = ts != e.end() && ts->is_number() && dur != e.end() && dur->is_number();
        if (cat == "Session" && name == "model_run" && timed) {
            runs.push_back({ ts->get<double>(), ts->get<double>() + dur->get<double>() });
        } else if (cat == "Node" && name.size() > kKernelSuffix.size() && name.ends_with(kKernelSuffix)) {
            if (!timed)
                return fail(fmt::format("kernel event {} ('{}') has no numeric ts/dur", i, name));
            Kernel k;
            k.node = name.substr(0, name.size() - kKernelSuffix.size());
            if (auto args = e.find("args"); args != e.end() && args->is_object()) {
                k.op = stringField(*args, "op_name");
                // Older ONNX Runtime versions also wrote the node name into args.
                if (auto nn = args->find("node_name");
                    nn != args->end() && nn->is_string() && !nn->get<std::string>().empty())
                    k.node = nn->get<std::string>();
            }
            if (k.op.empty())
                return fail(fmt::format("kernel event {} ('{}') has no args.op_name", i, name));
            k.ts = ts->get<double>();
            k.dur = dur->get<double>();
            kernels.push_back(std::move(k));
        }
    }
    if (kernels.empty())
        return fail("no '*_kernel_time' node events (was it recorded with enableProfiling?)");
    std::sort(runs.begin(), runs.end(), [](const RunWindow& a, const RunWindow& b) { return a.begin < b.begin; });

    ProfileReport report;
    report.source = "onnxruntime";
    if (options.skipRuns < 0)
        return Status(StatusCode::InvalidArgument, "skip-runs must not be negative");
    if (!runs.empty() && options.skipRuns >= static_cast<int64_t>(runs.size()))
        return Status(StatusCode::InvalidArgument,
            fmt::format("{}: cannot skip {} runs; the profile holds {}", displayName, options.skipRuns, runs.size()));
    report.runs = runs.empty() ? 1 : static_cast<int64_t>(runs.size()) - options.skipRuns;
    for (size_t i = static_cast<size_t>(options.skipRuns); i < runs.size(); ++i)
        report.runLatenciesMs.push_back((runs[i].end - runs[i].begin) / 1000.0);

    std::map<std::string, NodeProfile> byNode;
    for (const Kernel& k : kernels) {
        if (!runs.empty()) {
            auto it = std::find_if(
                runs.begin(), runs.end(), [&](const RunWindow& w) { return k.ts >= w.begin && k.ts <= w.end; });
            if (it == runs.end() || it - runs.begin() < options.skipRuns)
                continue; // outside a run (or in a skipped one)
        }
        NodeProfile& n = byNode[k.node];
        if (n.calls == 0) {
            n.nodeName = k.node;
            n.opType = k.op;
            if (model) {
                if (auto id = matchNode(*model, k.node)) {
                    n.nodeIndex = *id;
                    const Node& authored = model->graph().node(*id);
                    if (authored.opType == k.op)
                        n.opType = authored.qualifiedOpType();
                }
            }
        }
        ++n.calls;
        n.totalMs += k.dur / 1000.0;
    }
    for (auto& [name, n] : byNode)
        report.nodes.push_back(std::move(n));
    finalizeProfile(report, model);
    return report;
}

} // namespace

Result<ProfileReport> importOrtProfileFromText(
    std::string_view json, std::string_view displayName, const Model* model, const OrtProfileOptions& options)
{
    // The fields are type-checked where they are read; this catch is the last line for any the checks missed, so a
    // damaged file can never end the process.
    try {
        return importOrtProfileFromTextUnguarded(json, displayName, model, options);
    } catch (const nlohmann::json::exception& e) {
        return Status(
            StatusCode::InvalidArgument, fmt::format("{}: not an ONNX Runtime profile: {}", displayName, e.what()));
    }
}

Result<ProfileReport> importOrtProfile(
    const std::filesystem::path& path, const Model* model, const OrtProfileOptions& options)
{
    std::ifstream f(path, std::ios::binary);
    if (!f)
        return Status(StatusCode::IoError, fmt::format("{}: cannot open the profile", path.string()));
    std::ostringstream text;
    text << f.rdbuf();
    return importOrtProfileFromText(text.str(), path.string(), model, options);
}

} // namespace qs
