// SPDX-License-Identifier: MIT
// The inner loops of QLinearAdd / QLinearMul over one contiguous run, scalar and AVX2, bit-identical to each other
// (same float operations in the same order; see qlinear_binary.cpp for why the order is ONNX Runtime's).
#pragma once

#include <cstdint>

namespace qs::kernels::qops {

template <typename T> struct BinaryRows
{
    /// c[i] = sat(round(fma(x[i], r, f))): Add with one operand folded into f (ORT's "scalar" span).
    void (*fmaRow)(const T* x, int64_t n, float r, float f, T* c);
    /// c[i] = sat(round(fma(a[i], rA, fma(b[i], rB, f)))): Add, both operands varying.
    void (*fma2Row)(const T* a, const T* b, int64_t n, float rA, float rB, float f, T* c);
    /// c[i] = sat(round(float((a[i] - zA) * (b[i * bStride] - zB)) * ratio + zc)), bStride 0 or 1: Mul.
    void (*mulRow)(
        const T* a, const T* b, int64_t bStride, int64_t n, int32_t zA, int32_t zB, float ratio, float zc, T* c);
};

/// The fastest rows this CPU runs (AVX2 when available).
template <typename T> const BinaryRows<T>& binaryRows();
/// The scalar rows (the tests compare the vector rows with them).
template <typename T> const BinaryRows<T>& scalarBinaryRows();

} // namespace qs::kernels::qops
