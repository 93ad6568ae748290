// SPDX-License-Identifier: MIT
// GUI-thread side of quantizing: owns the worker thread and the cancel token, numbers jobs, drops stale results.
#pragma once

#include "job_tracker.h"
#include "quantize_worker.h"

#include <QObject>
#include <QThread>

namespace qs::ui {

class QuantizeController : public QObject
{
    Q_OBJECT
public:
    explicit QuantizeController(QObject* parent = nullptr);
    ~QuantizeController() override;

    /// Starts a job; one still running is cancelled and whatever it reports is dropped as stale.
    quint64 start(const QuantizeRequest& request);
    /// Asks the running job to stop at the next calibration run; it then writes nothing. Direct, not queued: the
    /// worker thread is busy while it runs.
    void cancel();
    bool isBusy() const { return m_jobs.isBusy(); }

signals:
    void started();
    void progressChanged(int done, int total, const QString& stage);
    void resultReady(const qs::ui::QuantizeResult& result);
    void failed(const QString& message);
    void cancelled();

private:
    QThread m_thread;
    QuantizeWorker* m_worker = nullptr;
    JobTracker m_jobs;
    std::shared_ptr<CancelToken> m_cancel;
};

} // namespace qs::ui
