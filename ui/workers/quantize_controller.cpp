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
    m_jobs.forwardProgress(m_worker, &QuantizeWorker::progressChanged, this, &QuantizeController::progressChanged);
    m_jobs.forwardEnd(m_worker, &QuantizeWorker::resultReady, this, &QuantizeController::resultReady);
    m_jobs.forwardEnd(m_worker, &QuantizeWorker::failed, this, &QuantizeController::failed);
    m_jobs.forwardEnd(m_worker, &QuantizeWorker::cancelled, this, &QuantizeController::cancelled);
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
    const quint64 job = m_jobs.begin();
    emit started();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, job, request, c = m_cancel] { w->run(job, request, c); }, Qt::QueuedConnection);
    return job;
}

void QuantizeController::cancel()
{
    if (m_jobs.isBusy() && m_cancel)
        m_cancel->requestCancel();
}

} // namespace qs::ui

// Compiled here rather than in AUTOMOC's mocs_compilation.cpp, which would see quantize.h (and the engine's
// session.h) beside targets.h: both declare a qs::UnsupportedNode.
#include "moc_quantize_controller.cpp"
