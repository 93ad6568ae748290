// SPDX-License-Identifier: MIT
// What keeps a run inside its bounds: allocation failures become a Status (catchAllocationFailure, from
// resource_limits.h: a model can never abort the process), and the run's cancel check is reachable from inside
// kernels (Loop/Scan/If bodies, long engine-owned loops), which have no RunControl argument.
#pragma once

#include <quantscope/engine/resource_limits.h>
#include <quantscope/engine/run_control.h>
#include <quantscope/engine/status.h>

namespace qs {

/// Makes `control` the run control of the calling thread for its lifetime (Session::run installs one; a nested
/// scope on the same thread, a subgraph, keeps the outer one's when it has none of its own).
class RunScope
{
public:
    explicit RunScope(const RunControl& control) noexcept;
    ~RunScope();
    RunScope(const RunScope&) = delete;
    RunScope& operator=(const RunScope&) = delete;

private:
    const RunControl* m_previous;
};

/// True when the run on the calling thread was asked to stop. Cheap (a thread-local load and an atomic load), so
/// loops may call it every iteration. Kernels that fan out to OpenMP threads poll it on the calling thread only,
/// between parallel blocks: worker threads have no run scope.
bool runCancelled() noexcept;

} // namespace qs
