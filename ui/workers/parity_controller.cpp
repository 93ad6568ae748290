// SPDX-License-Identifier: MIT
#include "parity_controller.h"

namespace qs::ui {

ParityController::ParityController(QObject* parent)
    : QObject(parent)
    , m_work(QStringLiteral("quantscope-parity"))
{
    qRegisterMetaType<qs::ui::ParityResult>();
    m_work.connectTo(this);
}

ParityController::~ParityController() = default;

quint64 ParityController::start(const ParityRequest& request)
{
    const quint64 job = m_work.start(request);
    emit started();
    return job;
}

void ParityController::cancel()
{
    m_work.cancel();
}

} // namespace qs::ui
