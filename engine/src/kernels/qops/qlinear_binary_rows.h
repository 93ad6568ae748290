// SPDX-License-Identifier: MIT
// The inner loops of QLinearAdd / QLinearMul over one contiguous run, scalar and AVX2, bit-identical to each other
// (same float operations in the same order; see qlinear_binary.cpp for why the order is ONNX Runtime's).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

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

namespace detail {
/// Round half to even (nearbyint in the default rounding mode, like cvtps2dq) and saturate to T: the scalar rows and
/// the AVX2 rows' tails.
template <typename T> T saturateRound(float v)
{
    // nearbyint rounds half to even in the default rounding mode, like cvtps2dq.
    const float r = std::nearbyint(v);
    constexpr auto lo = float(std::numeric_limits<T>::min());
    constexpr auto hi = float(std::numeric_limits<T>::max());
    // NaN (a scale ratio that overflowed, times zero) goes to lo, as cvtps2dq's 0x80000000 does after packing.
    return static_cast<T>(!(r >= lo) ? lo : (r > hi ? hi : r));
}

/// The AVX2 rows (qlinear_binary_rows_avx2.cpp).
extern const BinaryRows<uint8_t> kBinaryRowsAvx2U8;
extern const BinaryRows<int8_t> kBinaryRowsAvx2S8;
} // namespace detail

/// The fastest rows this CPU runs under DNNL_MAX_CPU_ISA (AVX2 when available).
template <typename T> const BinaryRows<T>& binaryRows();
/// The scalar rows (the tests compare the vector rows with them).
template <typename T> const BinaryRows<T>& scalarBinaryRows();

} // namespace qs::kernels::qops
