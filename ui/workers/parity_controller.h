// SPDX-License-Identifier: MIT
// GUI-thread side of the parity check: owns the worker thread and the cancel token, numbers jobs, drops stale results.
#pragma once

#include "parity_worker.h"
#include "worker_thread.h"

#include <QObject>

namespace qs::ui {

class ParityController : public QObject
{
    Q_OBJECT
public:
    explicit ParityController(QObject* parent = nullptr);
    ~ParityController() override;

    /// Starts a job; one still running is cancelled and whatever it reports is dropped as stale.
    quint64 start(const ParityRequest& request);
    /// Asks the running job to stop; direct, not queued (the worker thread is busy while it runs).
    void cancel();
    bool isBusy() const { return m_work.jobs().isBusy(); }

signals:
    void started();
    void progressChanged(int done, int total, const QString& stage);
    void resultReady(const qs::ui::ParityResult& result);
    void failed(const QString& message);
    void cancelled();

private:
    WorkerThread<ParityWorker> m_work;
};

} // namespace qs::ui
