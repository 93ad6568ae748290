// SPDX-License-Identifier: MIT
#include "quantize_controller.h"

namespace qs::ui {

QuantizeController::QuantizeController(QObject* parent)
    : QObject(parent)
    , m_work(QStringLiteral("quantscope-quantize"))
{
    qRegisterMetaType<qs::ui::QuantizeResult>();
    m_work.connectTo(this);
}

QuantizeController::~QuantizeController() = default;

quint64 QuantizeController::start(const QuantizeRequest& request)
{
    const quint64 job = m_work.start(request);
    emit started();
    return job;
}

void QuantizeController::cancel()
{
    m_work.cancel();
}

} // namespace qs::ui
