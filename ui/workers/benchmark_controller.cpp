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
    connect(m_worker, &BenchmarkWorker::progressChanged, this,
        [this](quint64 job, int done, int total, const QString& stage) {
            if (job == m_currentJob)
                emit progressChanged(done, total, stage);
        });
    connect(m_worker, &BenchmarkWorker::resultReady, this,
        [this](quint64 job, std::shared_ptr<const RunRecord> record, const QString& path, const QString& error) {
            if (job != m_currentJob)
                return;
            m_currentJob = 0;
            emit resultReady(std::move(record), path, error);
        });
    connect(m_worker, &BenchmarkWorker::failed, this, [this](quint64 job, const QString& message) {
        if (job != m_currentJob)
            return;
        m_currentJob = 0;
        emit failed(message);
    });
    connect(m_worker, &BenchmarkWorker::cancelled, this, [this](quint64 job) {
        if (job != m_currentJob)
            return;
        m_currentJob = 0;
        emit cancelled();
    });
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
    m_currentJob = m_nextJob++;
    emit started();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, job = m_currentJob, request, c = m_cancel] { w->run(job, request, c); },
        Qt::QueuedConnection);
    return m_currentJob;
}

void BenchmarkController::cancel()
{
    if (m_currentJob && m_cancel)
        m_cancel->requestCancel();
}

} // namespace qs::ui
