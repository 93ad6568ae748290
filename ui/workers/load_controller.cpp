// SPDX-License-Identifier: MIT
#include "load_controller.h"

namespace qs::ui {

void registerMetaTypes()
{
    qRegisterMetaType<qs::ui::LoadResult>();
    qRegisterMetaType<qs::ui::BenchmarkRequest>();
    qRegisterMetaType<std::shared_ptr<const qs::RunRecord>>();
}

LoadController::LoadController(QObject* parent)
    : QObject(parent)
    , m_worker(new LoadWorker)
{
    registerMetaTypes();
    m_thread.setObjectName(QStringLiteral("quantscope-loader"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &LoadWorker::progressChanged, this, [this](quint64 job, int done, int total, const QString& s) {
        if (job == m_currentJob)
            emit progressChanged(done, total, s);
    });
    connect(m_worker, &LoadWorker::resultReady, this, [this](quint64 job, const LoadResult& r) {
        if (job != m_currentJob)
            return;
        m_currentJob = 0;
        emit resultReady(r, m_currentIsRelayout);
    });
    connect(m_worker, &LoadWorker::failed, this, [this](quint64 job, const QString& message) {
        if (job != m_currentJob)
            return;
        m_currentJob = 0;
        emit failed(message);
    });
    connect(m_worker, &LoadWorker::cancelled, this, [this](quint64 job) {
        if (job != m_currentJob)
            return;
        m_currentJob = 0;
        emit cancelled();
    });
    m_thread.start();
}

LoadController::~LoadController()
{
    if (m_cancel)
        m_cancel->store(true);
    m_thread.quit();
    m_thread.wait();
}

quint64 LoadController::beginJob(bool isRelayout)
{
    if (m_cancel)
        m_cancel->store(true); // the previous job stops at its next stage boundary; its result is dropped anyway
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_currentJob = m_nextJob++;
    m_currentIsRelayout = isRelayout;
    emit started(isRelayout);
    return m_currentJob;
}

void LoadController::load(const QString& path, const QString& pairPath, const LayoutOptions& options)
{
    const quint64 job = beginJob(false);
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, job, path, pairPath, options, c = m_cancel] { w->load(job, path, pairPath, options, c); },
        Qt::QueuedConnection);
}

void LoadController::relayout(const LoadResult& current, const LayoutOptions& options)
{
    if (!current.primary)
        return;
    const quint64 job = beginJob(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, job, current, options, c = m_cancel] { w->relayout(job, current, options, c); },
        Qt::QueuedConnection);
}

void LoadController::cancel()
{
    if (!m_currentJob)
        return;
    if (m_cancel)
        m_cancel->store(true);
    // Drop the result even if the worker is inside an uninterruptible stage (protobuf parsing; Graphviz runs in the
    // quantscope-layout process, which the worker kills within 50 ms of the flag).
    m_currentJob = 0;
    emit cancelled();
}

} // namespace qs::ui
