// SPDX-License-Identifier: MIT
#include "benchmark_controller.h"

namespace qs::ui {

BenchmarkController::BenchmarkController(QObject* parent)
    : QObject(parent)
    , m_worker(new BenchmarkWorker)
{
    registerMetaTypes();
    m_thread.setObjectName(QStringLiteral("quantscope-benchmark"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_jobs.forwardProgress(m_worker, &BenchmarkWorker::progressChanged, this, &BenchmarkController::progressChanged);
    m_jobs.forwardEnd(m_worker, &BenchmarkWorker::resultReady, this, &BenchmarkController::resultReady);
    m_jobs.forwardEnd(m_worker, &BenchmarkWorker::failed, this, &BenchmarkController::failed);
    m_jobs.forwardEnd(m_worker, &BenchmarkWorker::cancelled, this, &BenchmarkController::cancelled);
    m_thread.start();
}

BenchmarkController::~BenchmarkController()
{
    if (m_cancel)
        m_cancel->requestCancel();
    m_thread.quit();
    m_thread.wait();
}

quint64 BenchmarkController::start(const BenchmarkRequest& request)
{
    if (m_cancel)
        m_cancel->requestCancel(); // the old job stops at its next step; its result has a stale id
    m_cancel = std::make_shared<CancelToken>();
    const quint64 job = m_jobs.begin();
    emit started();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, job, request, c = m_cancel] { w->run(job, request, c); }, Qt::QueuedConnection);
    return job;
}

void BenchmarkController::cancel()
{
    if (m_jobs.isBusy() && m_cancel)
        m_cancel->requestCancel();
}

} // namespace qs::ui
