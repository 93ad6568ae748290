// SPDX-License-Identifier: MIT
// The engine's report model (report_model.h) in the UI language and locale: its words through tr(), its sentences
// phrased from their values, its numbers with the locale's decimal separator. ReportMarkdown renders the whole model
// with these; the PDF draws its tables as ReportTable, the same rows laid out for the page.
#pragma once

#include <quantscope/engine/report_model.h>
#include <quantscope/engine/run_record.h>

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <string_view>

namespace qs::ui {

/// A table of the report as the PDF draws it: heading, intro, header, rows and note as text in the UI language.
struct ReportTable
{
    QString heading; ///< empty: the table continues the section above
    int level = 2; ///< heading level: 2 a section, 3 a subsection
    QString intro; ///< a sentence before the table
    QStringList header; ///< repeated on every page the table spans
    QList<QStringList> rows;
    QList<bool> numeric; ///< by column: right-aligned
    int boldLastRows = 0; ///< totals
    QString note; ///< a sentence after the table
    bool noteIsList = false; ///< each line of the note is an item of its own (scenarios that did not finish)
};

class ReportTables
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::ReportTables)

public:
    /// How a scenario's setting reads in a cell: on one line ("model · 1 thread · optimized"), or with the model on
    /// a line of its own so a PDF column stays as narrow as the longest name.
    enum class Layout
    {
        Line,
        Page
    };

    /// A word or sentence of the model in the UI language (a name as it is; a sentence of unknown kind in the
    /// engine's English).
    static QString phrase(const ReportPhrase& phrase);
    static QString cell(const ReportCell& cell, Layout layout = Layout::Line);
    /// Whether phrase() phrases sentences of this kind itself (tests hold this against reportPhraseKinds()).
    static bool knowsKind(std::string_view kind);

    /// The sections' tables as the PDF draws them: a heading is the next table's, a sentence before a table its
    /// intro, after it its note; key/value lines become a two-column table.
    static QList<ReportTable> tables(const ReportSection& section);

    /// The scenario's status in the UI language.
    static QString statusText(ScenarioStatus status);
};

} // namespace qs::ui
