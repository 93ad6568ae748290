// SPDX-License-Identifier: MIT
// The report of the selected run: a preview of the engine's Markdown report and export to Markdown and PDF.
#pragma once

#include "report/report_exporter.h"

#include <QWidget>

#include <functional>

class QAction;
class QComboBox;
class QLabel;
class QProgressBar;
class QTextBrowser;
class QToolButton;

namespace qs::ui {

class ReportPanel : public QWidget
{
    Q_OBJECT
public:
    /// `charts` renders the chart images for a PDF (on the GUI thread, when an export starts).
    explicit ReportPanel(std::function<ReportExporter::ChartImages()> charts, QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const RunRecord> record, const QString& path);
    QAction* exportMarkdownAction() const { return m_exportMd; }
    QAction* exportPdfAction() const { return m_exportPdf; }
    /// Puts the Markdown report on the clipboard (Ctrl+Shift+C), for pasting into an issue or a chat.
    QAction* copyMarkdownAction() const { return m_copyMd; }
    /// Stops a running export (Escape in the panel while one runs); enabled only then.
    QAction* cancelExportAction() const { return m_cancel; }
    ReportExporter* exporter() const { return m_exporter; }
    /// The PDF's paper: A4 or Letter, remembered in QSettings ("report/pageSize"); the locale's by default.
    QComboBox* pageSizeBox() const { return m_pageSize; }
    QString previewText() const;

public slots:
    /// Empty path: ask with a file dialog.
    void exportMarkdown(QString path = {});
    void exportPdf(QString path = {});

signals:
    void statusMessage(const QString& text);

private:
    QString askPath(const QString& title, const QString& suffix, const QString& filter);
    /// Shows the progress row and the Cancel button while an export runs, and enables the actions that fit.
    void updateExportState();
    /// The export has ended: `text` goes to the panel and the status bar.
    void endExport(const QString& text);

    std::function<ReportExporter::ChartImages()> m_charts;
    std::shared_ptr<const RunRecord> m_record;
    QString m_runPath;
    ReportExporter* m_exporter = nullptr;
    QTextBrowser* m_preview = nullptr;
    QLabel* m_state = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;
    QComboBox* m_pageSize = nullptr;
    QAction* m_cancel = nullptr;
    QAction* m_exportMd = nullptr;
    QAction* m_exportPdf = nullptr;
    QAction* m_copyMd = nullptr;
};

} // namespace qs::ui
