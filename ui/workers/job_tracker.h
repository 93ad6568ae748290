// SPDX-License-Identifier: MIT
// Job ids for the controllers that own a worker thread (hotspot's JobTracker idea): each start numbers a job; what a
// worker reports for any other job is stale (a job replaced or cancelled since) and dropped. GUI thread only.
#pragma once

#include <QObject>

namespace qs::ui {

class JobTracker
{
public:
    /// Numbers a new job; from now on only its reports pass.
    quint64 begin() { return m_current = m_next++; }
    quint64 current() const { return m_current; }
    bool isBusy() const { return m_current != 0; }
    /// Forgets the current job: whatever it reports from now on is dropped.
    void drop() { m_current = 0; }

    /// Passes `worker`'s progress signal (job id first) on as `controller`'s signal without the id, for the current
    /// job only.
    template <typename Worker, typename Controller, typename... Args>
    void forwardProgress(Worker* worker, void (Worker::*signal)(quint64, Args...), Controller* controller,
        void (Controller::*forward)(Args...))
    {
        QObject::connect(worker, signal, controller, [this, controller, forward](quint64 job, Args... args) {
            if (job == m_current)
                emit(controller->*forward)(args...);
        });
    }

    /// Like forwardProgress for a signal that ends the job (result, failure, cancellation): the tracker is idle
    /// before the controller's signal is emitted, so its receivers may start the next job.
    template <typename Worker, typename Controller, typename... Args>
    void forwardEnd(Worker* worker, void (Worker::*signal)(quint64, Args...), Controller* controller,
        void (Controller::*forward)(Args...))
    {
        QObject::connect(worker, signal, controller, [this, controller, forward](quint64 job, Args... args) {
            if (job != m_current)
                return;
            m_current = 0;
            emit(controller->*forward)(args...);
        });
    }

private:
    quint64 m_next = 1;
    quint64 m_current = 0; ///< 0: idle
};

} // namespace qs::ui
