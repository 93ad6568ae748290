// SPDX-License-Identifier: MIT
// The engine reports every model run of a calibration or parity pass; the GUI needs a few updates per second, not one
// per run of a tiny model. Passes them on as the worker's progressChanged(jobId, done, total, stage), at most about
// 20 per second, always the first and the last.
#pragma once

#include <quantscope/engine/run_control.h>

#include <QElapsedTimer>
#include <QString>

namespace qs::ui {

template <typename Worker> class ThrottledProgress final : public ProgressSink
{
public:
    ThrottledProgress(Worker* worker, quint64 jobId, QString stage)
        : m_worker(worker)
        , m_job(jobId)
        , m_stage(std::move(stage))
    {
        m_sinceEmit.start();
    }

    void progress(int64_t done, int64_t total) override
    {
        if (done != total && done != 0 && m_sinceEmit.elapsed() < 50)
            return;
        m_sinceEmit.restart();
        emit m_worker->progressChanged(m_job, int(done), int(total), m_stage);
    }

private:
    Worker* m_worker;
    quint64 m_job;
    QString m_stage;
    QElapsedTimer m_sinceEmit;
};

} // namespace qs::ui
