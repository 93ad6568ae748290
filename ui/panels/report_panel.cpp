// SPDX-License-Identifier: MIT
#include "report_panel.h"

#include "report/report_markdown.h"
#include "util/qt_convert.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
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
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("exportState"));
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* row = new QHBoxLayout;
    row->addWidget(md);
    row->addWidget(pdf);
    auto* copy = new QToolButton(this);
    copy->setDefaultAction(m_copyMd);
    copy->setToolButtonStyle(Qt::ToolButtonTextOnly);
    row->addWidget(copy);
    row->addWidget(m_state, 1);
    m_preview = new QTextBrowser(this);
    m_preview->setObjectName(QStringLiteral("reportPreview"));
    m_preview->setToolTip(tr("The Markdown report exactly as 'quantscope-cli report' writes it"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row);
    layout->addWidget(m_preview, 1);

    connect(m_exporter, &ReportExporter::finished, this, [this](const QString& path) {
        m_state->setText(tr("Exported %1.").arg(path));
        emit statusMessage(tr("Exported the report to %1.").arg(path));
    });
    connect(m_exporter, &ReportExporter::failed, this, [this](const QString& path, const QString& message) {
        m_state->setText(tr("Export failed."));
        QMessageBox::warning(this, tr("Export Failed"), tr("Could not write %1:\n%2").arg(path, message));
    });
    setRun(nullptr, {});
}

void ReportPanel::setRun(std::shared_ptr<const RunRecord> record, const QString& path)
{
    m_record = std::move(record);
    m_runPath = path;
    m_exportMd->setEnabled(m_record != nullptr);
    m_exportPdf->setEnabled(m_record != nullptr);
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
    m_exporter->exportPdf(m_record, m_charts ? m_charts() : ReportExporter::ChartImages {}, path);
}

} // namespace qs::ui
