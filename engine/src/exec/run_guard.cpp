// SPDX-License-Identifier: MIT
#include "exec/run_guard.h"

namespace qs {

namespace {
thread_local const RunControl* t_control = nullptr;
} // namespace

RunScope::RunScope(const RunControl& control) noexcept
    : m_previous(t_control)
{
    if (control.cancel || control.isCancelled || !m_previous)
        t_control = &control;
}

RunScope::~RunScope()
{
    t_control = m_previous;
}

bool runCancelled() noexcept
{
    const RunControl* c = t_control;
    return c && c->cancelled();
}

} // namespace qs
