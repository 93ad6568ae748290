// SPDX-License-Identifier: MIT
// The kernels a session selects from: every kernel of src/kernels (KernelRegistry::instance()) and, appended after
// them, exec's control-flow kernels If, Loop and Scan. Those run nested plans of subgraphs, so they live in exec,
// above the kernels layer, and the kernels' registry cannot know them (engine/ARCHITECTURE.md).
#pragma once

#include "kernels/kernel_registry.h"

namespace qs {

/// Built on first use (thread-safe), immutable afterwards. Each op type has its candidates in registration order, as
/// in KernelRegistry::instance(): no kernels-layer op is also registered here.
const kernels::KernelRegistry& sessionKernels();

void registerControlFlowKernels(kernels::KernelRegistry& registry); ///< control_flow.cpp (If)
void registerLoopKernels(kernels::KernelRegistry& registry); ///< loop.cpp
void registerScanKernels(kernels::KernelRegistry& registry); ///< scan.cpp

} // namespace qs
