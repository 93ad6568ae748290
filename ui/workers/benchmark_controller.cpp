// SPDX-License-Identifier: MIT
#include "benchmark_controller.h"

namespace qs::ui {

BenchmarkController::BenchmarkController(QObject* parent)
    : QObject(parent)
    , m_work(QStringLiteral("quantscope-benchmark"))
{
    registerMetaTypes();
    m_work.connectTo(this);
}

BenchmarkController::~BenchmarkController() = default;

quint64 BenchmarkController::start(const BenchmarkRequest& request)
{
    const quint64 job = m_work.start(request);
    emit started();
    return job;
}

void BenchmarkController::cancel()
{
    m_work.cancel();
}

} // namespace qs::ui
