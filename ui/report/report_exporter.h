// SPDX-License-Identifier: MIT
// Writes a run's report as Markdown (ReportMarkdown: the engine's text, verdict and findings in the UI language) or as
// PDF (PdfReport: a summary page, the charts, the tables, in the UI language) on the thread pool, so the GUI never
// waits for it. The PDF reports its progress page by page and can be cancelled between pages; either file is written
// atomically (the engine's writeFileAtomically), so a cancelled or failed export leaves the file that was at the path
// as it was.
#pragma once

#include "report/paged_printer.h"

#include <quantscope/engine/run_record.h>

#include <QFutureWatcher>
#include <QImage>
#include <QList>
#include <QObject>
#include <QPageSize>
#include <QPair>
#include <QString>

#include <memory>

namespace qs::ui {

class ReportExporter : public QObject
{
    Q_OBJECT
public:
    using ChartImages = QList<QPair<QString, QImage>>;
    using QObject::QObject;
    ~ReportExporter() override;

    /// How a write ended: written, cancelled (nothing written), or failed with `error` (nothing written).
    struct Outcome
    {
        enum class Kind
        {
            Written,
            Cancelled,
            Failed
        };
        Kind kind = Kind::Written;
        QString error;
    };

    /// Starts writing. One export at a time: while one runs (isBusy), a new one is refused with failed().
    void exportMarkdown(std::shared_ptr<const RunRecord> record, const QString& path);
    /// `charts` (caption, image) are rendered on the GUI thread beforehand (ResultsPanel::chartImages).
    void exportPdf(std::shared_ptr<const RunRecord> record, const ChartImages& charts, const QString& path,
        const QPageSize& pageSize = QPageSize(QPageSize::A4));
    bool isBusy() const { return m_watcher != nullptr; }
    /// Stops the running export before its next page; it ends with cancelled(). Nothing is written.
    void cancel();

    /// Synchronous PDF writing (the background job calls it; so can tests). Thread-safe: no widgets. The pages are
    /// painted into memory and the file is written only when all are done; `onPage` (see printPaged) may stop it.
    static Outcome writePdf(const RunRecord& record, const ChartImages& charts, const QString& path,
        const QPageSize& pageSize = QPageSize(QPageSize::A4), const PageCallback& onPage = {});

signals:
    void finished(const QString& path);
    void failed(const QString& path, const QString& message);
    void cancelled(const QString& path);
    /// PDF pages painted so far of `pages` (0 of 0 while the pages are being laid out).
    void progress(int page, int pages);

private:
    void watch(const QString& path, const std::function<Outcome(QPromise<void>&)>& job);

    QFutureWatcher<void>* m_watcher = nullptr;
};

} // namespace qs::ui
