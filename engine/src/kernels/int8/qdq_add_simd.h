// SPDX-License-Identifier: MIT
// AVX-512 path of the fused QDQ add (qlinear_kernels.cpp): y = Q(max(DQ(a) + DQ(b), floor)) with the authored
// float operations lane by lane (int32 subtraction of the zero point, conversion, multiply, add, max, division by
// the output scale, round half to even, add of the output zero point, clamp), so it is bit-identical to the scalar
// quant/quantize_scalar.h operations. Used when quant::bestQuantIsa() is AVX-512 (AVX2 has no loop of its own here).
#pragma once

#include "quant/quant_isa.h"

#include <cstdint>

namespace qs::kernels::int8 {

struct QdqAddParams
{
    int32_t aZeroPoint = 0, bZeroPoint = 0;
    float aScale = 1.0f, bScale = 1.0f, yScale = 1.0f, yZeroPoint = 0.0f;
    float lo = 0.0f, hi = 255.0f; ///< the output type's range
    float floor = 0.0f; ///< -inf without a fused Relu
};

/// aSigned/bSigned/ySigned: int8 instead of uint8 for that operand. Returns false when `isa` has no loop here (Scalar,
/// AVX2) or this CPU cannot run it.
bool qdqAddSimd(quant::QuantIsa isa, const void* a, bool aSigned, const void* b, bool bSigned, void* y, bool ySigned,
    int64_t n, const QdqAddParams& p);

namespace detail {
/// The loop of one ISA (qdq_add_simd_avx512.cpp).
struct QdqAddSimd
{
    void (*add)(const void* a, bool aSigned, const void* b, bool bSigned, void* y, int64_t n, const QdqAddParams& p);
};
extern const QdqAddSimd kQdqAddAvx512;
} // namespace detail

} // namespace qs::kernels::int8
