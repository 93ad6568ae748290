// SPDX-License-Identifier: MIT
#include "report/report_cells.h"

#include <algorithm>
#include <cassert>

namespace qs {

const std::vector<std::string_view>& reportTerms()
{
    static const std::vector<std::string_view> terms {
        // headings
        "Quantscope benchmark report",
        "Key numbers",
        "INT8 vs FP32",
        "Parity",
        "Latency (ms)",
        "Preparation and memory",
        "Models",
        "Op counts",
        "Time per op type",
        "Time per op type, FP32 vs quantized",
        "Findings",
        "Warnings",
        "Environment",
        "How it was measured",
        // column headers
        "Scenario",
        "Status",
        "Median ms",
        "P95 ms",
        "Runs",
        "Quantized vs FP32",
        "Setting",
        "FP32 median ms",
        "Quantized median ms",
        "Speedup",
        "95% interval",
        "Size ratio",
        "Quantized model",
        "FP32 model",
        "Threads",
        "Mode",
        "95% CI",
        "Model",
        "Reference",
        "Output",
        "SQNR",
        "Cosine",
        "Max abs error",
        "Mean abs error",
        "RMSE",
        "Top-1",
        "Result",
        "Mean",
        "Std",
        "CV",
        "Min",
        "P50",
        "P90",
        "P95",
        "P99",
        "Max",
        "IQR",
        "Outliers",
        "FPS",
        "Preparation ms",
        "First run ms",
        "Warm-up runs",
        "Peak RSS MiB",
        "Arena MiB",
        "Format",
        "Nodes",
        "File size MiB",
        "SHA-256",
        "Path",
        "Op type",
        "ms per run",
        "Share",
        "Slowest nodes",
        "FP32 ms",
        "Quantized ms",
        "Difference ms",
        "Quantized / FP32",
        // cells
        "pass",
        "fail",
        "identical",
        "total",
        "all kernels",
        // keys
        "CPU",
        "Cores",
        "ISA",
        "Not available",
        "OS",
        "Compiler",
        "Quantscope",
        "oneDNN",
        // sentences
        "This run was cancelled before it finished; partial scenarios are marked.",
        "Speedup = median FP32 latency / median quantized latency (above 1: the quantized model is faster); "
        "interval: percentile bootstrap of the median ratio.",
        "Speedup = median FP32 latency / median quantized latency (> 1: quantized is faster); interval: percentile "
        "bootstrap of the median ratio.",
        "SQNR = 10·log10(Σ reference² / Σ (reference − model)²) over the outputs of the same inputs; pass: SQNR >= 20 "
        "dB and cosine >= 0.99 (scale-free, so pixel boxes and tiny logits are judged alike).",
        "Per run, from the per-node profiles. Quantized op types are compared with the float op they replace "
        "(ConvInteger and QLinearConv with Conv, MatMulInteger and QLinearMatMul with MatMul); a fused step counts "
        "for the authored node it is named after. Sorted by the absolute difference.",
        "No finding: nothing in this run matched a known cause of slow INT8.",
        "The run went on without what these warnings name.",
        "The run file stored its findings as English text only (format 1.0): they were derived again from its "
        "measurements by this version's rules.",
        "Statistics: percentiles by linear interpolation (numpy's default); sample standard deviation; CV = std / "
        "mean; Tukey outliers beyond 1.5 IQR; FPS = 1000 / mean ms; histogram bins by Freedman-Diaconis.",
    };
    return terms;
}

const std::vector<ReportPhraseKind>& reportPhraseKinds()
{
    static const std::vector<ReportPhraseKind> kinds {
        { "verdict", {} },
        { "status", { "status" } },
        { "format", { "format" } },
        { "pair", { "candidate", "baseline" } },
        { "scenario-note", { "model", "threads", "mode", "runtime", "status", "why" } },
        { "more-op-types", { "count" } },
        { "more", { "count" } },
        { "node", { "node", "runtimeCreated", "implementation" } },
        { "scenario", { "model", "threads", "mode", "runtime" } },
        { "profile-source", { "source", "runs", "totalMs", "overheadMs", "overheadShare", "reorders" } },
        { "comparison", { "candidate", "baseline", "threads", "mode", "runtime" } },
        { "cpu", { "model", "vendor", "architecture" } },
        { "cores", { "cores", "logical", "packages" } },
        { "cache", { "kib", "instances" } },
        { "features", { "features" } },
        { "version", { "version", "git" } },
        { "onednn", { "version", "isa" } },
        { "threads", { "count", "t0..." } },
        { "modes", { "count", "m0..." } },
        { "runtime",
            { "name", "version", "adapter", "host", "available", "session", "optimization", "intraOp", "interOp",
                "int8Features" } },
        { "imported", { "warmup" } },
        { "warmup", { "warmup" } },
        { "profiled-runs", { "runs" } },
        { "measured-seconds", { "seconds" } },
        { "measured-runs", { "runs" } },
        { "input-shapes", { "shapes" } },
        { "per-node-profile", { "profile" } },
        { "recorded", { "created", "tool" } },
        { "run-warning", { "kind", "message", "candidate", "baseline", "reason" } },
    };
    return kinds;
}

namespace report {

ReportPhrase term(const char* english)
{
    assert(std::find(reportTerms().begin(), reportTerms().end(), std::string_view(english)) != reportTerms().end());
    return ReportPhrase::term(english);
}

ReportBlock heading(ReportPhrase text, int level)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Heading;
    b.level = level;
    b.phrase = std::move(text);
    return b;
}

ReportBlock paragraph(ReportPhrase text)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Paragraph;
    b.phrase = std::move(text);
    return b;
}

ReportCell phraseCell(ReportPhrase phrase)
{
    ReportCell c;
    c.kind = ReportCell::Kind::Phrase;
    c.phrase = std::move(phrase);
    return c;
}

ReportCell missing()
{
    ReportCell c;
    c.kind = ReportCell::Kind::Missing;
    return c;
}

ReportCell count(int64_t n)
{
    ReportCell c;
    c.kind = ReportCell::Kind::Count;
    c.count = n;
    return c;
}

ReportCell number(double value, int precision, ReportUnit unit)
{
    ReportCell c;
    c.kind = ReportCell::Kind::Number;
    c.number = value;
    c.precision = precision;
    c.unit = unit;
    return c;
}

ReportCell factor(double value)
{
    return number(value, 2, ReportUnit::Factor);
}

ReportCell settingCell(std::optional<int32_t> threads, std::optional<ExecutionMode> mode, Runtime runtime)
{
    ReportCell c;
    c.kind = ReportCell::Kind::Setting;
    c.threads = threads;
    c.mode = mode;
    c.runtime = runtime;
    return c;
}

ReportCell scenarioCell(const ScenarioRecord& s)
{
    ReportCell c = settingCell(s.threads, s.mode, s.runtime);
    c.model = s.modelId;
    return c;
}

std::string escapeCell(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += ' ';
        else
            out += c;
    }
    return out;
}

} // namespace report
} // namespace qs
