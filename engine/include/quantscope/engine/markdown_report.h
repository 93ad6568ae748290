// SPDX-License-Identifier: MIT
// The Markdown report of a run in English: verdict first, then statistics, op counts, op-type time, findings,
// environment and how it was measured. Pure text (golden-tested), rendered from the report model (report_model.h),
// which the GUI renders in the user's language.
#pragma once

#include <quantscope/engine/report_model.h>
#include <quantscope/engine/run_record.h>

#include <string>
#include <vector>

namespace qs {

/// One sentence: "INT8 is 1.9x faster here", "INT8 is 1.1x slower here, because ...", or why there is no verdict.
std::string verdictSentence(const RunRecord& record);

/// The whole report: renderMarkdownReport(buildReportModel(record, limits)). Uses record.findings as they are (run
/// diagnoseRun first to fill them).
std::string buildMarkdownReport(const RunRecord& record, const ReportLimits& limits = {});

/// The words a Markdown rendering puts into its layout (UTF-8): the engine's English here; a front end overrides them
/// to render the same layout in the user's language and locale.
class ReportWords
{
public:
    virtual ~ReportWords() = default;
    /// A heading, sentence, list item, key or value.
    virtual std::string phrase(const ReportPhrase& phrase) const;
    /// The verdict paragraph.
    virtual std::string verdict(const ReportPhrase& phrase) const;
    /// A table cell's text, before Markdown escaping and emphasis.
    virtual std::string cell(const ReportCell& cell) const;
    struct FindingWords
    {
        std::string severity; ///< "WARNING"
        std::string title;
        std::vector<std::string> evidence;
        std::string advice;
    };
    virtual FindingWords finding(const ReportFinding& finding) const;
};

/// The report model as Markdown: every section but KeyNumbers, which the INT8-vs-FP32 table repeats.
std::string renderMarkdownReport(const ReportDocument& report, const ReportWords& words = ReportWords());

} // namespace qs
