// SPDX-License-Identifier: MIT
// Lives on the benchmark controller's QThread: runs the engine's benchmark plan, writes the run file. No widgets.
#pragma once

#include "metatypes.h"

#include <quantscope/engine/run_control.h>

#include <QObject>

#include <memory>

namespace qs::ui {

class BenchmarkWorker : public QObject
{
    Q_OBJECT
public:
    /// Called on the worker thread; blocks it until the plan finished or `cancel` fired (cancellation reaches the
    /// executor between steps, so it stops within one kernel).
    void run(quint64 jobId, const BenchmarkRequest& request, const std::shared_ptr<CancelToken>& cancel);

    /// "run-20261122-083512-demo_fp32-vs-demo_int8_dynamic.json" in `folder`, not yet existing.
    static QString runFilePath(const QString& folder, const RunRecord& record);

signals:
    /// Throttled (about 10 per second): `done` of `total` permille, and what is running now.
    void progressChanged(quint64 jobId, int done, int total, const QString& stage);
    /// The run (possibly partial after Cancel) and the file it was saved to; `saveError` is set when writing failed.
    void resultReady(
        quint64 jobId, std::shared_ptr<const qs::RunRecord> record, const QString& path, const QString& saveError);
    void failed(quint64 jobId, const QString& message);
    /// Cancelled before anything was measured: there is no run to keep.
    void cancelled(quint64 jobId);
};

} // namespace qs::ui
