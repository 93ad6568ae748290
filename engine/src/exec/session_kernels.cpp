// SPDX-License-Identifier: MIT
#include "exec/session_kernels.h"

namespace qs {

const kernels::KernelRegistry& sessionKernels()
{
    static const kernels::KernelRegistry registry = [] {
        kernels::KernelRegistry r = kernels::KernelRegistry::instance();
        registerControlFlowKernels(r);
        registerLoopKernels(r);
        registerScanKernels(r);
        return r;
    }();
    return registry;
}

} // namespace qs
