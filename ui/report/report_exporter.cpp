// SPDX-License-Identifier: MIT
#include "report_exporter.h"

#include "report/paged_printer.h"
#include "report/report_markdown.h"
#include "util/qt_convert.h"

#include <quantscope/engine/run_file.h>

#include <QBuffer>
#include <QCoreApplication>
#include <QPdfWriter>
#include <QPromise>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextImageFormat>
#include <QTextTable>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>

namespace qs::ui {

namespace {
QUrl chartUrl(int index)
{
    return QUrl(QStringLiteral("chart:%1").arg(index));
}

// Markdown tables come without borders or padding; numbers need both to be readable on paper.
void styleTables(QTextFrame* frame)
{
    for (auto it = frame->begin(); !it.atEnd(); ++it) {
        QTextFrame* child = it.currentFrame();
        if (!child)
            continue;
        if (auto* table = qobject_cast<QTextTable*>(child)) {
            QTextTableFormat f = table->format();
            f.setBorder(0.5);
            f.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
            f.setBorderBrush(QColor(0xad, 0xb5, 0xbd));
            f.setCellPadding(3);
            f.setCellSpacing(0);
            f.setBorderCollapse(true);
            table->setFormat(f);
        }
        styleTables(child);
    }
}
} // namespace

QString ReportExporter::pdfMarkdown(const RunRecord& record, const ChartImages& charts)
{
    QString md = ReportMarkdown::build(record);
    if (charts.isEmpty())
        return md;
    QString section = QStringLiteral("## Charts\n\n");
    // Two charts per paragraph: side by side on the page.
    for (int i = 0; i < charts.size(); ++i)
        section += QStringLiteral("![%1](%2)%3")
                       .arg(charts[i].first, chartUrl(i).toString(),
                           i % 2 == 1 || i + 1 == charts.size() ? QStringLiteral("\n\n") : QStringLiteral(" "));
    // After the verdict: the first second-level heading starts the details.
    const qsizetype at = md.indexOf(QLatin1String("\n## "));
    if (at < 0)
        md += QLatin1Char('\n') + section;
    else
        md.insert(at + 1, section);
    return md;
}

ReportExporter::Outcome ReportExporter::writePdf(
    const RunRecord& record, const ChartImages& charts, const QString& path, const PageCallback& onPage)
{
    QTextDocument doc;
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(8.5);
    doc.setDefaultFont(font);
    doc.setMarkdown(pdfMarkdown(record, charts));
    // After setMarkdown, which clears the document's resources.
    for (int i = 0; i < charts.size(); ++i)
        doc.addResource(QTextDocument::ImageResource, chartUrl(i), charts[i].second);
    styleTables(doc.rootFrame());
    // Two charts side by side fill the text width; the images carry their own resolution.
    QTextCursor cursor(&doc);
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat())
                continue;
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            const QImage& src = charts.value(QUrl(image.name()).path().toInt()).second;
            if (src.isNull())
                continue;
            image.setWidth(360);
            image.setHeight(360.0 * src.height() / src.width());
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(image);
        }
    }

    // Painted into memory and written in one atomic step: a cancelled or failed export never touches the file at
    // `path`, and no temporary file is left behind.
    QBuffer pdf;
    pdf.open(QIODevice::WriteOnly);
    int pages = 0;
    {
        QPdfWriter writer(&pdf);
        writer.setPageSize(QPageSize(QPageSize::A4));
        // Landscape: the latency table has sixteen columns.
        writer.setPageOrientation(QPageLayout::Landscape);
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        writer.setResolution(300);
        writer.setTitle(QStringLiteral("Quantscope benchmark report"));
        writer.setCreator(QStringLiteral("Quantscope"));
        pages = printPaged(doc, writer, onPage);
    }
    if (pages < 0)
        return { Outcome::Kind::Cancelled, {} };
    if (pdf.data().isEmpty())
        return { Outcome::Kind::Failed,
            QCoreApplication::translate("qs::ui::ReportExporter", "%1: the PDF could not be written").arg(path) };
    const Status st = writeFileAtomically(path.toStdString(), std::string_view(pdf.data().constData(), pdf.size()));
    if (!st)
        return { Outcome::Kind::Failed, toQString(st.toString()) };
    return {};
}

ReportExporter::~ReportExporter()
{
    // The job holds only copies; asked to stop, it ends on its own (the thread pool outlives this object).
    cancel();
}

void ReportExporter::cancel()
{
    if (m_watcher)
        m_watcher->future().cancel();
}

void ReportExporter::watch(const QString& path, const std::function<Outcome(QPromise<void>&)>& job)
{
    if (m_watcher) {
        emit failed(path, tr("Another report is still being written; cancel it or wait for it."));
        return;
    }
    m_watcher = new QFutureWatcher<void>(this);
    QFutureWatcher<void>* watcher = m_watcher;
    // Not the future's result: QFuture drops results reported after a cancel, and a job may write its file just
    // before the cancel reaches it. Read after finished(), which the job's end happens before.
    auto outcome = std::make_shared<Outcome>(Outcome { Outcome::Kind::Cancelled, {} });
    connect(watcher, &QFutureWatcher<void>::progressValueChanged, this,
        [this, watcher](int page) { emit progress(page, watcher->progressMaximum()); });
    connect(watcher, &QFutureWatcher<void>::finished, this, [this, watcher, path, outcome] {
        watcher->deleteLater();
        m_watcher = nullptr;
        switch (outcome->kind) {
        case Outcome::Kind::Written:
            emit finished(path);
            break;
        case Outcome::Kind::Cancelled:
            emit cancelled(path);
            break;
        case Outcome::Kind::Failed:
            emit failed(path, outcome->error);
            break;
        }
    });
    // A job cancelled before it starts never runs, and the outcome stays "cancelled".
    watcher->setFuture(QtConcurrent::run([job, outcome](QPromise<void>& promise) { *outcome = job(promise); }));
}

void ReportExporter::exportMarkdown(std::shared_ptr<const RunRecord> record, const QString& path)
{
    // Phrased here, on the GUI thread, with the language the user sees.
    watch(path, [text = ReportMarkdown::build(*record).toStdString(), path](QPromise<void>& promise) -> Outcome {
        if (promise.isCanceled())
            return { Outcome::Kind::Cancelled, {} };
        const Status st = writeFileAtomically(path.toStdString(), text);
        return st ? Outcome {} : Outcome { Outcome::Kind::Failed, toQString(st.toString()) };
    });
}

void ReportExporter::exportPdf(std::shared_ptr<const RunRecord> record, const ChartImages& charts, const QString& path)
{
    watch(path, [record, charts, path](QPromise<void>& promise) {
        return writePdf(*record, charts, path, [&promise](int page, int pages) {
            if (pages > 0 && page == 0)
                promise.setProgressRange(0, pages);
            if (pages > 0)
                promise.setProgressValue(page);
            return !promise.isCanceled();
        });
    });
}

} // namespace qs::ui
