// SPDX-License-Identifier: MIT
// The scalar rows of QLinearAdd / QLinearMul and the choice between them and the AVX2 rows
// (qlinear_binary_rows_avx2.cpp).
#include "kernels/qops/qlinear_binary_rows.h"

#include "kernels/simd_table.h"

#include <cmath>
#include <type_traits>

namespace qs::kernels::qops {

namespace {

using detail::saturateRound;

template <typename T> void fmaRowScalar(const T* x, int64_t n, float r, float f, T* c)
{
    for (int64_t i = 0; i < n; ++i)
        c[i] = saturateRound<T>(std::fma(float(x[i]), r, f));
}

template <typename T> void fma2RowScalar(const T* a, const T* b, int64_t n, float rA, float rB, float f, T* c)
{
    for (int64_t i = 0; i < n; ++i)
        c[i] = saturateRound<T>(std::fma(float(a[i]), rA, std::fma(float(b[i]), rB, f)));
}

template <typename T>
void mulRowScalar(
    const T* a, const T* b, int64_t bStride, int64_t n, int32_t zA, int32_t zB, float ratio, float zc, T* c)
{
    for (int64_t i = 0; i < n; ++i) {
        const int32_t prod = (int32_t(a[i]) - zA) * (int32_t(b[i * bStride]) - zB);
        const float scaled = float(prod) * ratio; // two roundings, as ORT's SSE2 kernel
        c[i] = saturateRound<T>(scaled + zc);
    }
}

template <typename T> const BinaryRows<T> kScalarRows { fmaRowScalar<T>, fma2RowScalar<T>, mulRowScalar<T> };

} // namespace

template <typename T> const BinaryRows<T>& binaryRows()
{
    const BinaryRows<T>* avx2 = nullptr;
    if constexpr (std::is_same_v<T, uint8_t>)
        avx2 = &detail::kBinaryRowsAvx2U8;
    else
        avx2 = &detail::kBinaryRowsAvx2S8;
    static const BinaryRows<T>* simd = simdTable(quant::bestQuantIsa(), avx2, avx2);
    return simd ? *simd : kScalarRows<T>;
}

template <typename T> const BinaryRows<T>& scalarBinaryRows()
{
    return kScalarRows<T>;
}

template const BinaryRows<uint8_t>& binaryRows<uint8_t>();
template const BinaryRows<int8_t>& binaryRows<int8_t>();
template const BinaryRows<uint8_t>& scalarBinaryRows<uint8_t>();
template const BinaryRows<int8_t>& scalarBinaryRows<int8_t>();

} // namespace qs::kernels::qops
