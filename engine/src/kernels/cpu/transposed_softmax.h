// SPDX-License-Identifier: MIT
// Transpose(perm [0, 2, 1, 3]) -> Softmax(axis 1) as one step (Optimized mode, graph_rewrites.cpp rewrite 14): the
// Softmax reads the untransposed input with strides and writes the transposed output, so the transposed copy is never
// made. YOLO's distribution-focal-loss head: [1, 4, 16, 8400] -> [1, 16, 4, 8400], softmax over the 16 bins.
// Bit-identical to the two steps: the Softmax kernel's own element sequence, on the same path (AVX-512 exactly when
// the Softmax kernel would take it for the transposed tensor, else its scalar loop). Not in the registry.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

/// Anchor: the Softmax node (opset >= 13, axis 1 of a rank-4 tensor). Input 0: the Transpose's input [1, A, C, P];
/// output 0: the Softmax's output [1, C, A, P].
const KernelSpec& transposedSoftmaxSpec();

} // namespace qs::kernels
