// SPDX-License-Identifier: MIT
// Standalone float activations on oneDNN's vectorised eltwise primitive. Not in the registry (the project's own
// kernels serve both modes and are the test oracles): Optimized mode's rewrites select it for large activations
// that no convolution absorbed, such as YOLO's detect-head Sigmoid.
#pragma once

#include "kernels/kernel.h"

#include <string_view>

namespace qs::kernels {

/// The oneDNN eltwise spec for `opType` (Sigmoid, Tanh, Relu, Exp); null for others. It works on the tensor's bytes
/// as a flat array, so it runs on either Layout.
const KernelSpec* oneDnnEltwiseSpec(std::string_view opType);

} // namespace qs::kernels
