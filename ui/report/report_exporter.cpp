// SPDX-License-Identifier: MIT
#include "report_exporter.h"

#include "report/paged_printer.h"
#include "report/pdf_report.h"
#include "report/report_markdown.h"
#include "util/qt_convert.h"

#include <quantscope/engine/run_file.h>

#include <QBuffer>
#include <QCoreApplication>
#include <QPdfWriter>
#include <QPromise>
#include <QTextDocument>
#include <QtConcurrent/QtConcurrentRun>

namespace qs::ui {

ReportExporter::Outcome ReportExporter::writePdf(const RunRecord& record, const ChartImages& charts,
    const QString& path, const QPageSize& pageSize, const PageCallback& onPage)
{
    QTextDocument doc;
    PdfReport::build(doc, record, charts, pageSize);

    // Painted into memory and written in one atomic step: a cancelled or failed export never touches the file at
    // `path`, and no temporary file is left behind.
    QBuffer pdf;
    pdf.open(QIODevice::WriteOnly);
    int pages = 0;
    {
        QPdfWriter writer(&pdf);
        writer.setPageSize(pageSize);
        writer.setPageOrientation(QPageLayout::Portrait);
        // printPaged keeps 2 cm inside the page, which PdfReport sizes its tables and charts for.
        writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
        writer.setResolution(300);
        writer.setTitle(PdfReport::tr("Quantscope benchmark report"));
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

void ReportExporter::exportPdf(
    std::shared_ptr<const RunRecord> record, const ChartImages& charts, const QString& path, const QPageSize& pageSize)
{
    watch(path, [record, charts, path, pageSize](QPromise<void>& promise) {
        return writePdf(*record, charts, path, pageSize, [&promise](int page, int pages) {
            if (pages > 0 && page == 0)
                promise.setProgressRange(0, pages);
            if (pages > 0)
                promise.setProgressValue(page);
            return !promise.isCanceled();
        });
    });
}

} // namespace qs::ui
