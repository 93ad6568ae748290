// SPDX-License-Identifier: MIT
// GUI-thread side of benchmarking: owns the worker thread and the cancel token, numbers jobs, drops stale results.
#pragma once

#include "benchmark_worker.h"
#include "worker_thread.h"

#include <QObject>

namespace qs::ui {

class BenchmarkController : public QObject
{
    Q_OBJECT
public:
    explicit BenchmarkController(QObject* parent = nullptr);
    ~BenchmarkController() override;

    /// Starts a run; a job still running is cancelled and whatever it returns is dropped as stale.
    quint64 start(const BenchmarkRequest& request);
    /// Asks the running job to stop after the current kernel; it then reports what it measured (partial) or
    /// cancelled() when nothing was measured yet. Direct: the worker thread is busy while it runs.
    void cancel();
    bool isBusy() const { return m_work.jobs().isBusy(); }
    quint64 currentJob() const { return m_work.jobs().current(); }

signals:
    void started();
    void progressChanged(int done, int total, const QString& stage);
    void resultReady(std::shared_ptr<const qs::RunRecord> record, const QString& path, const QString& saveError);
    void failed(const QString& message);
    void cancelled();

private:
    WorkerThread<BenchmarkWorker> m_work;
};

} // namespace qs::ui
