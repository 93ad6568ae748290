// SPDX-License-Identifier: MIT
// The report's last two sections: the machine, and how the run was measured.
#include "report/report_cells.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

namespace qs::report {

namespace {

void keyValue(ReportBlock& b, ReportPhrase key, ReportPhrase value)
{
    b.keys.push_back(std::move(key));
    b.items.push_back(std::move(value));
}

ReportBlock list()
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::List;
    return b;
}

} // namespace

ReportSection environment(const RunRecord& r)
{
    const SystemInfo& m = r.machine;
    ReportBlock b;
    b.kind = ReportBlock::Kind::KeyValues;
    keyValue(b, term("CPU"),
        { "cpu", { { "model", m.cpuModel }, { "vendor", m.cpuVendor }, { "architecture", m.architecture } },
            fmt::format("{} ({}, {})", m.cpuModel, m.cpuVendor, m.architecture) });
    keyValue(b, term("Cores"),
        { "cores",
            { { "cores", int64_t(m.cores) }, { "logical", int64_t(m.logicalProcessors) },
                { "packages", int64_t(m.packages) } },
            fmt::format("{} physical, {} logical, {} package(s)", m.cores, m.logicalProcessors, m.packages) });
    for (const CacheInfo& c : m.caches)
        keyValue(b, ReportPhrase::name(c.level),
            { "cache", { { "kib", int64_t(c.sizeBytes / 1024) }, { "instances", int64_t(c.instances) } },
                fmt::format("{} KiB x {}", c.sizeBytes / 1024, c.instances) });
    std::string yes, no;
    for (const auto& name : isaFeatureNames()) {
        auto it = m.isa.find(name);
        if (it == m.isa.end())
            continue;
        std::string& list = it->second ? yes : no;
        list += list.empty() ? name : ", " + name;
    }
    // "-" when the list is empty: a front end shows it as it shows any missing value.
    keyValue(b, term("ISA"), { "features", { { "features", yes } }, yes.empty() ? "-" : yes });
    keyValue(b, term("Not available"), { "features", { { "features", no } }, no.empty() ? "-" : no });
    keyValue(b, term("OS"), ReportPhrase::name(m.os));
    keyValue(b, term("Compiler"), ReportPhrase::name(m.compiler));
    keyValue(b, term("Quantscope"),
        { "version", { { "version", m.quantscopeVersion }, { "git", m.gitRevision } },
            fmt::format("{} (git {})", m.quantscopeVersion, m.gitRevision) });
    keyValue(b, term("oneDNN"),
        { "onednn", { { "version", m.onednnVersion }, { "isa", m.onednnIsa } },
            fmt::format("{}, dispatching to {}", m.onednnVersion, m.onednnIsa) });
    return { ReportSectionId::Environment, { heading(term("Environment")), std::move(b) } };
}

ReportSection method(const RunRecord& r)
{
    const RunConfig& c = r.config;
    ReportBlock b = list();
    MessageArgs threads { { "count", int64_t(c.threads.size()) } };
    std::vector<std::string> threadList;
    for (size_t i = 0; i < c.threads.size(); ++i) {
        threads[fmt::format("t{}", i)] = int64_t(c.threads[i]);
        threadList.push_back(threadsText(c.threads[i]));
    }
    b.items.push_back({ "threads", std::move(threads),
        fmt::format("Threads: {} (1 thread = controlled, all cores = practical)",
            threadList.empty() ? "-" : fmt::format("{}", fmt::join(threadList, ", "))) });
    MessageArgs modes { { "count", int64_t(c.modes.size()) } };
    std::vector<std::string_view> modeList;
    for (size_t i = 0; i < c.modes.size(); ++i) {
        modes[fmt::format("m{}", i)] = std::string(executionModeName(c.modes[i]));
        modeList.push_back(executionModeName(c.modes[i]));
    }
    b.items.push_back({ "modes", std::move(modes),
        fmt::format("Modes: {}", modeList.empty() ? "-" : fmt::format("{}", fmt::join(modeList, ", "))) });
    // Scenarios another runtime measured through an adapter carry runtimeInfo; those without it were imported.
    const bool anyImported = std::any_of(r.scenarios.begin(), r.scenarios.end(),
        [](const ScenarioRecord& s) { return s.runtime != Runtime::Quantscope && !s.runtimeInfo; });
    const bool anyMeasured = std::any_of(r.scenarios.begin(), r.scenarios.end(), [](const ScenarioRecord& s) {
        return (s.runtime == Runtime::Quantscope || s.runtimeInfo) && s.status != ScenarioStatus::Failed;
    });
    std::map<std::string, ReportPhrase> runtimeLines; // one line per distinct setup, in the order of their text
    for (const ScenarioRecord& s : r.scenarios)
        if (s.runtimeInfo) {
            const RuntimeInfo& i = *s.runtimeInfo;
            const std::string available = fmt::format("{}", fmt::join(i.availableProviders, ", "));
            const std::string session = fmt::format("{}", fmt::join(i.sessionProviders, ", "));
            const std::string int8 = fmt::format("{}", fmt::join(i.cpuInt8Features, ", "));
            std::string english = fmt::format("{} {} through the {} adapter ({}): providers in this build {}; session "
                                              "providers {}; graph optimization `{}`; {} intra-op / {} inter-op "
                                              "threads; CPU INT8 features: {}",
                i.name, i.version, i.adapter, i.host, available, session, i.graphOptimizationLevel, i.intraOpThreads,
                i.interOpThreads, int8.empty() ? std::string("none") : int8);
            runtimeLines[english] = { "runtime",
                { { "name", i.name }, { "version", i.version }, { "adapter", i.adapter }, { "host", i.host },
                    { "available", available }, { "session", session }, { "optimization", i.graphOptimizationLevel },
                    { "intraOp", int64_t(i.intraOpThreads) }, { "interOp", int64_t(i.interOpThreads) },
                    { "int8Features", int8 } },
                english };
        }
    for (auto& [english, phrase] : runtimeLines)
        b.items.push_back(std::move(phrase));
    if (anyImported)
        b.items.push_back({ "imported", { { "warmup", c.warmupRuns } },
            fmt::format("Imported ONNX Runtime profiles: latencies are its `model_run` events, kernel times its "
                        "`*_kernel_time` events; the first {} run(s) of each profile were skipped",
                c.warmupRuns) });
    if (!anyImported || anyMeasured)
        b.items.push_back({ "warmup", { { "warmup", c.warmupRuns } },
            fmt::format("Warm-up: {} runs (the first run after preparation is reported separately)", c.warmupRuns) });
    if (anyImported && !anyMeasured)
        b.items.push_back({ "profiled-runs", { { "runs", c.runs } },
            fmt::format("Profiled runs counted: up to {} per model", c.runs) });
    else if (c.seconds > 0)
        b.items.push_back({ "measured-seconds", { { "seconds", c.seconds } },
            fmt::format("Measured: as many runs as fit in {:.1f} s per scenario", c.seconds) });
    else
        b.items.push_back(
            { "measured-runs", { { "runs", c.runs } }, fmt::format("Measured: {} runs per scenario", c.runs) });
    if (!c.inputShapes.empty()) {
        const std::string shapes = fmt::format("{}", fmt::join(c.inputShapes, ", "));
        b.items.push_back({ "input-shapes", { { "shapes", shapes } }, "Input shapes: " + shapes });
    }
    b.items.push_back({ "per-node-profile", { { "profile", int64_t(c.profile ? 1 : 0) } },
        fmt::format("Per-node profile: {}", c.profile ? "yes" : "no") });
    b.items.push_back(term("Statistics: percentiles by linear interpolation (numpy's default); sample standard "
                           "deviation; CV = std / mean; Tukey outliers beyond 1.5 IQR; FPS = 1000 / mean ms; "
                           "histogram bins by Freedman-Diaconis."));
    b.items.push_back({ "recorded", { { "created", r.createdUtc }, { "tool", r.tool } },
        fmt::format("Recorded {} by {}", r.createdUtc, r.tool) });
    return { ReportSectionId::Method, { heading(term("How it was measured")), std::move(b) } };
}

} // namespace qs::report
