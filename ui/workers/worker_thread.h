// SPDX-License-Identifier: MIT
// The thread side of a controller (Qt's Controller/Worker pattern): a QThread with one worker on it, the job ids
// (JobTracker) and the cancel token of the current job. The worker has run(jobId, request, cancelToken) and the
// signals progressChanged, resultReady, failed and cancelled, each with the job id first; the controller has the same
// signals without it. GUI thread only.
#pragma once

#include "job_tracker.h"

#include <quantscope/engine/run_control.h>

#include <QThread>

#include <memory>

namespace qs::ui {

template <typename Worker> class WorkerThread
{
public:
    explicit WorkerThread(const QString& threadName)
        : m_worker(new Worker)
    {
        m_thread.setObjectName(threadName);
        m_worker->moveToThread(&m_thread);
        QObject::connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    }
    /// Cancels the running job and waits for the thread: a job's end is one kernel or calibration run away.
    ~WorkerThread()
    {
        cancel();
        m_thread.quit();
        m_thread.wait();
    }
    WorkerThread(const WorkerThread&) = delete;
    WorkerThread& operator=(const WorkerThread&) = delete;

    /// Passes the worker's signals of the current job on as `controller`'s, then starts the thread.
    template <typename Controller> void connectTo(Controller* controller)
    {
        m_jobs.forwardProgress(m_worker, &Worker::progressChanged, controller, &Controller::progressChanged);
        m_jobs.forwardEnd(m_worker, &Worker::resultReady, controller, &Controller::resultReady);
        m_jobs.forwardEnd(m_worker, &Worker::failed, controller, &Controller::failed);
        m_jobs.forwardEnd(m_worker, &Worker::cancelled, controller, &Controller::cancelled);
        m_thread.start();
    }

    /// Queues a job; one still running is cancelled and whatever it reports has a stale id.
    template <typename Request> quint64 start(const Request& request)
    {
        if (m_cancel)
            m_cancel->requestCancel();
        m_cancel = std::make_shared<CancelToken>();
        const quint64 job = m_jobs.begin();
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker, job, request, c = m_cancel] { w->run(job, request, c); }, Qt::QueuedConnection);
        return job;
    }
    /// Direct, not queued: the worker's event loop is busy while it runs.
    void cancel()
    {
        if (m_jobs.isBusy() && m_cancel)
            m_cancel->requestCancel();
    }
    const JobTracker& jobs() const { return m_jobs; }

private:
    QThread m_thread;
    Worker* m_worker; ///< deleted on its thread when the thread finishes
    JobTracker m_jobs;
    std::shared_ptr<CancelToken> m_cancel;
};

} // namespace qs::ui
