// SPDX-License-Identifier: MIT
// The Markdown report of a run in English: verdict first, then statistics, op counts, op-type time, findings,
// environment and how it was measured. Pure text (golden-tested), rendered from the report model (report_model.h),
// which the GUI renders in the user's language.
#pragma once

#include <quantscope/engine/report_model.h>
#include <quantscope/engine/run_record.h>

#include <array>
#include <string>

namespace qs {

struct ReportOptions
{
    int maxOpTypeRows = 15; ///< per profiled scenario; 0: every row (ReportLimits)
    int maxOpCountRows = 40;
    int maxNodeRows = 10; ///< slowest nodes per profiled scenario

    // A front end that phrases the verdict and findings in the user's language passes its words here (and a record
    // whose findings hold its text); the defaults are the engine's English.
    std::string verdict; ///< replaces verdictSentence(record) when not empty
    std::string findingsHeading = "Findings";
    std::string noFindings = "No finding: nothing in this run matched a known cause of slow INT8.";
    std::array<std::string, 3> severityLabels { "INFO", "WARNING", "CRITICAL" }; ///< by FindingSeverity
};

/// One sentence: "INT8 is 1.9x faster here", "INT8 is 1.1x slower here, because ...", or why there is no verdict.
std::string verdictSentence(const RunRecord& record);

/// The whole report. Uses record.findings as they are (run diagnoseRun first to fill them).
std::string buildMarkdownReport(const RunRecord& record, const ReportOptions& options = {});

/// The report model as Markdown: every section but KeyNumbers, which the INT8-vs-FP32 table repeats.
std::string renderMarkdownReport(const ReportDocument& report, const ReportOptions& options = {});

} // namespace qs
