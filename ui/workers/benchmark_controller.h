// SPDX-License-Identifier: MIT
// GUI-thread side of benchmarking: owns the worker thread and the cancel token, numbers jobs, drops stale results.
#pragma once

#include "benchmark_worker.h"
#include "job_tracker.h"

#include <QObject>
#include <QThread>

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
    bool isBusy() const { return m_jobs.isBusy(); }
    quint64 currentJob() const { return m_jobs.current(); }

signals:
    void started();
    void progressChanged(int done, int total, const QString& stage);
    void resultReady(std::shared_ptr<const qs::RunRecord> record, const QString& path, const QString& saveError);
    void failed(const QString& message);
    void cancelled();

private:
    QThread m_thread;
    BenchmarkWorker* m_worker = nullptr;
    JobTracker m_jobs;
    std::shared_ptr<CancelToken> m_cancel;
};

} // namespace qs::ui
