// SPDX-License-Identifier: MIT
// GUI-thread side of quantizing: owns the worker thread and the cancel token, numbers jobs, drops stale results.
#pragma once

#include "quantize_worker.h"
#include "worker_thread.h"

#include <QObject>

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
    bool isBusy() const { return m_work.jobs().isBusy(); }

signals:
    void started();
    void progressChanged(int done, int total, const QString& stage);
    void resultReady(const qs::ui::QuantizeResult& result);
    void failed(const QString& message);
    void cancelled();

private:
    WorkerThread<QuantizeWorker> m_work;
};

} // namespace qs::ui
