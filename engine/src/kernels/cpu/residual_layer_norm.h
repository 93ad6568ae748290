// SPDX-License-Identifier: MIT
// The residual Add before a LayerNormalization as one step: LayerNormalization(a + b), a transformer's
// `norm(x + sublayer(x))`. The rows are summed (float, as the Add kernel sums) and normalized by the same thread while
// in L1, so the sum is never a separate pass, and it splits over the intra-op threads with the norm: alone, the Add of
// a [128 tokens, 256] tensor (32 Ki values) ran on one thread at two. Bit-identical to the two steps. The
// residual-layernorm pass (exec/passes/residual_layer_norm.cpp) selects it; not in the registry.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

/// Anchor: the LayerNormalization (axis, epsilon). Inputs: a, scale, [bias], b (input 3: the Add's other operand, a's
/// shape, plain float). Output 0: y; with `rangeOutput`, output 1 is the [2] {min, max} of y (as layerNormRangeSpec).
const KernelSpec& residualLayerNormSpec(bool rangeOutput);

} // namespace qs::kernels
