// SPDX-License-Identifier: MIT
// quantscope-cli compare: two run files scenario by scenario, with the bootstrap interval, as a CI gate.
#include "command.h"

#include <quantscope/engine/run_comparison.h>
#include <quantscope/engine/run_file.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace qs::cli {

void printCompareHelp()
{
    fmt::print(
        "Usage: quantscope-cli compare BASE.json NEW.json [--max-slowdown 5%] [--json]\n\n"
        "Compares two run files scenario by scenario (same model id, runtime, threads and mode): the ratio of the\n"
        "medians NEW/BASE with a 95% bootstrap interval (2000 resamples, seed 42). A scenario is 'slower' when\n"
        "the whole interval lies beyond 1 + max-slowdown, 'possibly-slower' when only the median ratio does,\n"
        "'faster' when the whole interval lies below 1, 'failed' when NEW has no samples where BASE had.\n\n"
        "  --max-slowdown X   allowed slowdown: 5%, 0.05 or 5 (percent); default 5%\n"
        "  --json             print the comparison as JSON\n\n"
        "Exit status: 0 no scenario slower or failed, 1 a scenario slower beyond the threshold or failed,\n"
        "2 usage error or unreadable run file.\n");
}

namespace {

std::string fmtOpt(const std::optional<double>& v, const char* spec = "{:.3f}")
{
    return v ? fmt::format(fmt::runtime(spec), *v) : std::string("-");
}

nlohmann::json optJson(const std::optional<double>& v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

} // namespace

int runCompare(std::span<char* const> args)
{
    std::vector<std::string> files;
    RunComparisonOptions options;
    bool json = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--max-slowdown" && i + 1 < args.size()) {
            auto t = parseSlowdownThreshold(args[++i]);
            if (!t) {
                fmt::print(stderr, "quantscope-cli compare: --max-slowdown needs a non-negative number such as 5%\n");
                return 2;
            }
            options.maxSlowdown = *t;
        } else if (a == "--json") {
            json = true;
        } else if (!a.starts_with("-")) {
            files.emplace_back(a);
        } else {
            fmt::print(stderr, "quantscope-cli compare: unknown option or missing value: '{}'\n", a);
            return 2;
        }
    }
    if (files.size() != 2) {
        fmt::print(stderr, "quantscope-cli compare: needs exactly two run files, BASE and NEW\n");
        return 2;
    }
    auto base = readRunFile(files[0]);
    if (!base) {
        fmt::print(stderr, "quantscope-cli compare: {}\n", base.status().toString());
        return 2;
    }
    auto next = readRunFile(files[1]);
    if (!next) {
        fmt::print(stderr, "quantscope-cli compare: {}\n", next.status().toString());
        return 2;
    }
    const RunComparison c = compareRuns(*base, *next, options);
    if (json) {
        nlohmann::json list = nlohmann::json::array();
        for (const ScenarioDelta& d : c.scenarios)
            list.push_back({ { "modelId", d.modelId }, { "runtime", runtimeName(d.runtime) }, { "threads", d.threads },
                { "mode", executionModeName(d.mode) }, { "verdict", scenarioVerdictName(d.verdict) },
                { "baseMedianMs", optJson(d.baseMedianMs) }, { "newMedianMs", optJson(d.newMedianMs) },
                { "slowdown", optJson(d.slowdown) }, { "slowdownLow", optJson(d.slowdownLow) },
                { "slowdownHigh", optJson(d.slowdownHigh) }, { "note", d.note } });
        fmt::print("{}\n",
            nlohmann::json { { "base", files[0] }, { "new", files[1] }, { "maxSlowdown", options.maxSlowdown },
                { "confidence", options.confidence }, { "iterations", options.iterations }, { "seed", options.seed },
                { "passed", c.passed() }, { "warnings", c.warnings }, { "scenarios", list } }
                .dump(2));
    } else {
        fmt::print("NEW/BASE median ratio per scenario ({:.0f}% bootstrap interval; > 1 = NEW slower; limit {:.3f})\n",
            options.confidence * 100, 1 + options.maxSlowdown);
        for (const ScenarioDelta& d : c.scenarios)
            fmt::print("  {:<16} {}: {} -> {} ms, ratio {} [{} - {}]{}\n", scenarioVerdictName(d.verdict), d.label(),
                fmtOpt(d.baseMedianMs), fmtOpt(d.newMedianMs), fmtOpt(d.slowdown), fmtOpt(d.slowdownLow),
                fmtOpt(d.slowdownHigh), d.note.empty() ? "" : " (" + d.note + ")");
        for (const std::string& w : c.warnings)
            fmt::print("  warning: {}\n", w);
        fmt::print("{}\n",
            c.passed() ? "PASS: no scenario got slower beyond the limit"
                       : "FAIL: a scenario got slower beyond the limit or failed");
    }
    return c.passed() ? 0 : 1;
}

extern const Command kCompareCommand { "compare", "compare two run files scenario by scenario (CI gate on slowdowns)",
    runCompare, printCompareHelp };

} // namespace qs::cli
