// SPDX-License-Identifier: MIT
#include "report_panel.h"

#include "dialogs/message_box.h"
#include "report/pdf_report.h"
#include "report/report_markdown.h"
#include "util/qt_convert.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace qs::ui {

ReportPanel::ReportPanel(std::function<ReportExporter::ChartImages()> charts, QWidget* parent)
    : QWidget(parent)
    , m_charts(std::move(charts))
    , m_exporter(new ReportExporter(this))
{
    m_exportMd = new QAction(tr("Export Report as &Markdown..."), this);
    m_exportMd->setObjectName(QStringLiteral("exportMarkdown"));
    m_exportMd->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    m_exportMd->setToolTip(tr("Write the engine's Markdown report of the selected run (Ctrl+Shift+M)"));
    connect(m_exportMd, &QAction::triggered, this, [this] { exportMarkdown(); });
    m_exportPdf = new QAction(tr("Export Report as &PDF..."), this);
    m_exportPdf->setObjectName(QStringLiteral("exportPdf"));
    m_exportPdf->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_exportPdf->setToolTip(tr("Write the report with its charts as a PDF (Ctrl+Shift+P)"));
    connect(m_exportPdf, &QAction::triggered, this, [this] { exportPdf(); });

    m_copyMd = new QAction(tr("Copy Report as Mar&kdown"), this);
    m_copyMd->setObjectName(QStringLiteral("copyMarkdown"));
    m_copyMd->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copyMd->setToolTip(tr("Put the Markdown report of the selected run on the clipboard (Ctrl+Shift+C)"));
    connect(m_copyMd, &QAction::triggered, this, [this] {
        if (!m_record)
            return;
        QApplication::clipboard()->setText(ReportMarkdown::build(*m_record));
        m_state->setText(tr("Copied the report to the clipboard."));
    });

    auto* md = new QToolButton(this);
    md->setDefaultAction(m_exportMd);
    md->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* pdf = new QToolButton(this);
    pdf->setDefaultAction(m_exportPdf);
    pdf->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_cancel = new QAction(tr("Cancel Export"), this);
    m_cancel->setObjectName(QStringLiteral("cancelExport"));
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancel->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_cancel->setToolTip(tr("Stop writing the report; the file already at that path stays as it was (Esc)"));
    connect(m_cancel, &QAction::triggered, this, [this] {
        m_exporter->cancel();
        m_state->setText(tr("Cancelling..."));
    });
    addAction(m_cancel);
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setDefaultAction(m_cancel);
    m_cancelButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("exportProgress"));
    m_progress->setMaximumWidth(200);
    m_pageSize = new QComboBox(this);
    m_pageSize->setObjectName(QStringLiteral("pageSize"));
    m_pageSize->addItem(tr("A4"), int(QPageSize::A4));
    m_pageSize->addItem(tr("Letter"), int(QPageSize::Letter));
    m_pageSize->setToolTip(tr("Paper size of the PDF report"));
    {
        const int remembered
            = QSettings().value(QStringLiteral("report/pageSize"), int(PdfReport::defaultPageSize(QLocale()))).toInt();
        m_pageSize->setCurrentIndex(std::max(0, m_pageSize->findData(remembered)));
    }
    connect(m_pageSize, &QComboBox::currentIndexChanged, this,
        [this] { QSettings().setValue(QStringLiteral("report/pageSize"), m_pageSize->currentData().toInt()); });
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("exportState"));
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Long paths must not widen the dock; the whole text is in the tooltip and the status bar.
    m_state->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* row = new QHBoxLayout;
    row->addWidget(md);
    row->addWidget(pdf);
    row->addWidget(m_pageSize);
    auto* copy = new QToolButton(this);
    copy->setDefaultAction(m_copyMd);
    copy->setToolButtonStyle(Qt::ToolButtonTextOnly);
    row->addWidget(copy);
    row->addWidget(m_progress);
    row->addWidget(m_cancelButton);
    row->addWidget(m_state, 1);
    m_preview = new QTextBrowser(this);
    m_preview->setObjectName(QStringLiteral("reportPreview"));
    m_preview->setToolTip(tr("The Markdown report exactly as 'quantscope-cli report' writes it"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row);
    layout->addWidget(m_preview, 1);

    connect(m_exporter, &ReportExporter::progress, this, [this](int page, int pages) {
        m_progress->setRange(0, pages);
        m_progress->setValue(page);
        if (pages > 0)
            m_progress->setFormat(tr("Page %1 of %2").arg(std::min(page + 1, pages)).arg(pages));
    });
    connect(m_exporter, &ReportExporter::finished, this,
        [this](const QString& path) { endExport(tr("Exported the report to %1.").arg(path)); });
    connect(m_exporter, &ReportExporter::cancelled, this,
        [this](const QString& path) { endExport(tr("Export cancelled; %1 was left as it was.").arg(path)); });
    connect(m_exporter, &ReportExporter::failed, this, [this](const QString& path, const QString& message) {
        endExport(tr("Export failed; %1 was left as it was.").arg(path));
        QMessageBox::warning(this, messageTitle(), tr("Could not write %1:\n%2").arg(path, message));
    });
    setRun(nullptr, {});
}

void ReportPanel::updateExportState()
{
    const bool busy = m_exporter->isBusy();
    m_exportMd->setEnabled(m_record && !busy);
    m_exportPdf->setEnabled(m_record && !busy);
    m_cancel->setEnabled(busy);
    m_progress->setVisible(busy);
    m_cancelButton->setVisible(busy);
}

void ReportPanel::endExport(const QString& text)
{
    updateExportState();
    m_state->setText(text);
    m_state->setToolTip(text);
    emit statusMessage(text);
}

void ReportPanel::setRun(std::shared_ptr<const RunRecord> record, const QString& path)
{
    m_record = std::move(record);
    m_runPath = path;
    updateExportState();
    m_copyMd->setEnabled(m_record != nullptr);
    if (!m_record) {
        m_preview->setHtml(tr("<p style='color:#868e96'>Select a run in the Runs panel to see its report.</p>"));
        return;
    }
    m_preview->setMarkdown(ReportMarkdown::build(*m_record));
}

QString ReportPanel::previewText() const
{
    return m_preview->toPlainText();
}

QString ReportPanel::askPath(const QString& title, const QString& suffix, const QString& filter)
{
    QSettings s;
    const QString dir = s.value(QStringLiteral("report/lastDirectory"),
                             m_runPath.isEmpty() ? QString() : QFileInfo(m_runPath).absolutePath())
                            .toString();
    const QString base = m_runPath.isEmpty() ? QStringLiteral("report") : QFileInfo(m_runPath).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(this, title, dir + QLatin1Char('/') + base + suffix, filter);
    if (!path.isEmpty())
        s.setValue(QStringLiteral("report/lastDirectory"), QFileInfo(path).absolutePath());
    return path;
}

void ReportPanel::exportMarkdown(QString path)
{
    if (!m_record)
        return;
    if (path.isEmpty())
        path = askPath(tr("Export Report as Markdown"), QStringLiteral(".md"), tr("Markdown (*.md)"));
    if (path.isEmpty())
        return;
    m_state->setText(tr("Writing %1...").arg(path));
    m_exporter->exportMarkdown(m_record, path);
    updateExportState();
}

void ReportPanel::exportPdf(QString path)
{
    if (!m_record)
        return;
    if (path.isEmpty())
        path = askPath(tr("Export Report as PDF"), QStringLiteral(".pdf"), tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    m_state->setText(tr("Writing %1...").arg(path));
    m_progress->setRange(0, 0); // busy until the pages are counted
    m_progress->setFormat(QString());
    m_exporter->exportPdf(m_record, m_charts ? m_charts() : ReportExporter::ChartImages {}, path,
        QPageSize(QPageSize::PageSizeId(m_pageSize->currentData().toInt())));
    updateExportState();
    // Started from the File menu with the Report dock closed: show where its progress and Cancel are.
    if (auto* dock = qobject_cast<QDockWidget*>(parentWidget())) {
        dock->show();
        dock->raise(); // its tab, when tabbed with other docks
    }
}

} // namespace qs::ui
