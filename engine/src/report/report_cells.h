// SPDX-License-Identifier: MIT
// Building blocks of the report model (report_model.h) shared by the files that build its sections.
#pragma once

#include <quantscope/engine/report_model.h>

#include <string>

namespace qs::report {

/// A fixed word or sentence; must be one of reportTerms().
ReportPhrase term(const char* english);
ReportBlock heading(ReportPhrase text, int level = 2);
ReportBlock paragraph(ReportPhrase text);
ReportCell phraseCell(ReportPhrase phrase);
ReportCell missing();
ReportCell count(int64_t n);
ReportCell number(double value, int precision, ReportUnit unit = ReportUnit::None);
/// "2.00x": a speedup or a ratio of times, two decimals.
ReportCell factor(double value);
/// Those of threads and mode given, and a runtime other than the engine ("1 thread · optimized").
ReportCell settingCell(std::optional<int32_t> threads, std::optional<ExecutionMode> mode, Runtime runtime);
/// The scenario's model, threads, mode and runtime ("yolov5nu_fp32 · 1 thread · optimized").
ReportCell scenarioCell(const ScenarioRecord& scenario);

/// Pipes would split a Markdown table cell; a newline would end its row.
std::string escapeCell(const std::string& text);

ReportSection environment(const RunRecord& record);
ReportSection method(const RunRecord& record);

} // namespace qs::report
