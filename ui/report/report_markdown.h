// SPDX-License-Identifier: MIT
// The report as Markdown for the report panel, the clipboard and the Markdown export. In English it is the engine's
// report byte for byte (the CLI's), with the verdict and findings phrased by FindingText (the same words). In any
// other UI language it is rendered from the structure the PDF draws (ReportTables: headings, headers and numbers in
// the UI language and locale), so no English table sits next to a translated verdict.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QCoreApplication>
#include <QString>

namespace qs::ui {

struct ReportTable;

class ReportMarkdown
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::ReportMarkdown)

public:
    /// Thread-safe (translation lookups and the default locale only), so export jobs may call it.
    static QString build(const RunRecord& record);
    /// The report in the UI language, whatever it is (build() uses it unless the UI is English).
    static QString translated(const RunRecord& record);
    /// One table as a Markdown table, with its heading, intro and note.
    static QString table(const ReportTable& table);
    /// Whether build() gives the engine's English report: the default locale is English (or C).
    static bool usesEngineReport();
};

} // namespace qs::ui
