// SPDX-License-Identifier: MIT
#include "quantize_controller.h"

namespace qs::ui {

QuantizeController::QuantizeController(QObject* parent)
    : QObject(parent)
    , m_worker(new QuantizeWorker)
{
    qRegisterMetaType<qs::ui::QuantizeResult>();
    m_thread.setObjectName(QStringLiteral("quantscope-quantize"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &QuantizeWorker::progressChanged, this,
        [this](quint64 job, int done, int total, const QString& stage) {
            if (job == m_currentJob)
                emit progressChanged(done, total, stage);
        });
    connect(m_worker, &QuantizeWorker::resultReady, this, [this](quint64 job, const QuantizeResult& result) {
        if (job != m_currentJob)
            return;
        m_currentJob = 0;
        emit resultReady(result);
    });
    connect(m_worker, &QuantizeWorker::failed, this, [this](quint64 job, const QString& message) {
        if (job != m_currentJob)
            return;
        m_currentJob = 0;
        emit failed(message);
    });
    connect(m_worker, &QuantizeWorker::cancelled, this, [this](quint64 job) {
        if (job != m_currentJob)
            return;
        m_currentJob = 0;
        emit cancelled();
    });
    m_thread.start();
}

QuantizeController::~QuantizeController()
{
    if (m_cancel)
        m_cancel->requestCancel();
    m_thread.quit();
    m_thread.wait();
}

quint64 QuantizeController::start(const QuantizeRequest& request)
{
    if (m_cancel)
        m_cancel->requestCancel(); // the old job stops at its next calibration run; its result has a stale id
    m_cancel = std::make_shared<CancelToken>();
    m_currentJob = m_nextJob++;
    emit started();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, job = m_currentJob, request, c = m_cancel] { w->run(job, request, c); },
        Qt::QueuedConnection);
    return m_currentJob;
}

void QuantizeController::cancel()
{
    if (m_currentJob && m_cancel)
        m_cancel->requestCancel();
}

} // namespace qs::ui

// Compiled here rather than in AUTOMOC's mocs_compilation.cpp, which would see quantize.h (and the engine's
// session.h) beside targets.h: both declare a qs::UnsupportedNode.
#include "moc_quantize_controller.cpp"
