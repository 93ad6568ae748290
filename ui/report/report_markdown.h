// SPDX-License-Identifier: MIT
// The engine's Markdown report with the verdict and the findings in the UI language (FindingText), so the report
// panel, the exported Markdown and the PDF say what the Results tab says. The tables and the other sections keep the
// engine's English.
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
