// SPDX-License-Identifier: MIT
// The PDF report's document, in the UI language: a one-page summary (verdict, key numbers, machine and how it was
// measured, the top findings with their evidence), then the charts with captions naming their setting, then the
// tables (ReportTables) sized to the page with their header rows repeated on every page they span, then every
// finding and the environment. Built as a QTextDocument for printPaged; no widgets, so export jobs may call it.
#pragma once

#include "report/report_tables.h"
#include "util/finding_text.h"

#include <quantscope/engine/run_record.h>

#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QPageSize>
#include <QPair>
#include <QSize>
#include <QString>

class QTextDocument;

namespace qs::ui {

class PdfReport
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::PdfReport)

public:
    using ChartImages = QList<QPair<QString, QImage>>; ///< caption, image

    /// What the first page says, decided before anything is laid out.
    struct Summary
    {
        QString verdict;
        ReportTable keyNumbers;
        QString measuredHtml; ///< machine and how it was measured (measuredHowHtml)
        QList<FindingSeverity> severities; ///< of `findings`
        QList<FindingText::Rendered> findings; ///< the most severe first, at most kSummaryFindings
        int moreFindings = 0; ///< in the Findings section only
        /// The report model's Warnings section (what the run went on without), in the UI language; empty when none.
        QStringList warnings;
    };
    static constexpr int kSummaryFindings = 3;
    static constexpr int kSummaryEvidence = 3; ///< evidence lines per finding on the summary page
    /// The size to render charts at (ResultsPanel::chartImages): shown across the text width of either paper at
    /// about 0.7 of their on-screen size, four to a page.
    static constexpr QSize kChartSize { 880, 260 };

    static Summary summarize(const RunRecord& record);

    /// Fills the empty `doc` for pages of `pageSize` in portrait with printPaged's 2 cm margins.
    static void build(
        QTextDocument& doc, const RunRecord& record, const ChartImages& charts, const QPageSize& pageSize);

    /// A4, or Letter where the locale measures in inches (the US and Liberia, QLocale::ImperialUSSystem).
    static QPageSize::PageSizeId defaultPageSize(const QLocale& locale);
};

} // namespace qs::ui
