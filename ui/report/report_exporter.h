// SPDX-License-Identifier: MIT
// Writes a run's report as Markdown (ReportMarkdown: the engine's text, verdict and findings in the UI language) or as
// PDF (that text plus the charts as images) on the thread pool, so the GUI never waits for it.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QImage>
#include <QList>
#include <QObject>
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

    /// Starts writing; a newer export makes the result of an older one stale (it is still written, not reported).
    void exportMarkdown(std::shared_ptr<const RunRecord> record, const QString& path);
    /// `charts` are rendered on the GUI thread beforehand (ResultsPanel::chartImages).
    void exportPdf(std::shared_ptr<const RunRecord> record, const ChartImages& charts, const QString& path);
    bool isBusy() const { return m_pending > 0; }

    /// The Markdown the PDF is made from: ReportMarkdown's report with a "Charts" section after the verdict whose
    /// images are `chart:N` resources. Exposed for tests.
    static QString pdfMarkdown(const RunRecord& record, const ChartImages& charts);
    /// Synchronous PDF writing (the background job calls it; so can tests). Thread-safe: no widgets.
    static QString writePdf(const RunRecord& record, const ChartImages& charts, const QString& path);

signals:
    void finished(const QString& path);
    void failed(const QString& path, const QString& message);

private:
    void watch(const QString& path, const std::function<QString()>& job);

    quint64 m_generation = 0;
    int m_pending = 0;
};

} // namespace qs::ui
