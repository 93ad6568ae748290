// SPDX-License-Identifier: MIT
// The report as Markdown for the report panel, the clipboard and the Markdown export: the engine's report model
// (report_model.h) in the engine's Markdown layout (renderMarkdownReport), with its words, sentences and numbers in
// the UI language and locale (ReportTables) and the verdict and findings phrased by FindingText. In English it is the
// engine's report (the CLI's) byte for byte.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QCoreApplication>
#include <QString>

namespace qs::ui {

class ReportMarkdown
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::ReportMarkdown)

public:
    /// Thread-safe (translation lookups and the default locale only), so export jobs may call it.
    static QString build(const RunRecord& record);
};

} // namespace qs::ui
