// SPDX-License-Identifier: MIT
// quantscope-cli report: the Markdown report of a saved run file.
#include "command.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/run_file.h>

#include <fmt/format.h>

namespace qs::cli {

void printReportHelp()
{
    fmt::print("Usage: quantscope-cli report RUN.json [--md REPORT.md] [--rediagnose] [--allow-different-networks]\n\n"
               "Prints (or writes) the Markdown report of a run file written by bench or import-ort-profile.\n\n"
               "  --md FILE       write the report to FILE (atomically) instead of standard output\n"
               "  --rediagnose    recompute comparisons and findings with this version's rules\n"
               "  --allow-different-networks\n"
               "                  compare FP32 and quantized models that are not the same network (implies\n"
               "                  --rediagnose)\n");
}

int runReport(std::span<char* const> args)
{
    std::string input;
    std::string md;
    bool rediagnose = false;
    bool allowDifferent = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--md" && i + 1 < args.size()) {
            md = args[++i];
        } else if (a == "--rediagnose") {
            rediagnose = true;
        } else if (a == "--allow-different-networks") {
            rediagnose = allowDifferent = true;
        } else if (!a.starts_with("-") && input.empty()) {
            input = a;
        } else {
            fmt::print(stderr, "quantscope-cli report: unexpected argument '{}'\n", a);
            return 2;
        }
    }
    if (input.empty()) {
        printReportHelp();
        return 2;
    }
    auto record = readRunFile(input);
    if (!record) {
        fmt::print(stderr, "quantscope-cli report: {}\n", record.status().toString());
        return 1;
    }
    if (rediagnose) {
        record->config.allowDifferentNetworks = record->config.allowDifferentNetworks || allowDifferent;
        record->comparisons = compareModels(*record);
        record->findings = diagnoseRun(*record);
    }
    const std::string text = buildMarkdownReport(*record);
    if (md.empty()) {
        fmt::print("{}", text);
        return 0;
    }
    if (Status st = writeFileAtomically(md, text); !st) {
        fmt::print(stderr, "quantscope-cli report: {}\n", st.toString());
        return 1;
    }
    return 0;
}

extern const Command kReportCommand { "report", "the Markdown report of a run file", runReport, printReportHelp };

} // namespace qs::cli
