// SPDX-License-Identifier: MIT
// Reference convolution, transposed convolution and matrix product: the ONNX definitions as obvious loops. Test
// oracles for the oneDNN kernels, and their fallback for configurations oneDNN rejects (negative end padding).
#pragma once

#include "kernels/conv_geometry.h"

namespace qs::kernels::ref {

/// y[N, M, out...] = conv(x[N, C, in...], w[M, C/group, k...]) + b[M] (b may be null). 1-D to 3-D.
void conv(const ConvGeometry& g, const float* x, const float* w, const float* b, float* y);
/// y[N, M, out...] = convTranspose(x[N, C, in...], w[C, M/group, k...]) + b[M] (b may be null).
void convTranspose(const ConvGeometry& g, const float* x, const float* w, const float* b, float* y);
/// c[M, N] = a[M, K] * b[K, N], all row-major.
void matMul(int64_t m, int64_t n, int64_t k, const float* a, const float* b, float* c);

} // namespace qs::kernels::ref
