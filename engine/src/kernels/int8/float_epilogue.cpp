// SPDX-License-Identifier: MIT
// The scalar loops of float_epilogue.h and the choice among them and the vector ones (float_epilogue_avx2.cpp,
// float_epilogue_avx512.cpp).
#include "kernels/int8/float_epilogue.h"

#include "kernels/simd_table.h"

#include <cmath>

namespace qs::kernels::int8 {

namespace detail {

void rescaleScalar(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu,
    float* out, float* range)
{
    for (int64_t j = 0; j < count; ++j)
        for (int64_t o = 0; o < oc; ++o) {
            float v = float(acc[j * oc + o]) * scale[o] + shift[o];
            if (silu)
                v = v / (1.0f + std::exp(-v));
            out[j * oc + o] = v;
            if (range) {
                range[0] = v < range[0] ? v : range[0];
                range[1] = v > range[1] ? v : range[1];
            }
        }
}

void addResidualScalar(const float* tile, const float* residual, int64_t n, float* out, float* range)
{
    for (int64_t i = 0; i < n; ++i) {
        const float v = tile[i] + residual[i];
        out[i] = v;
        if (range) {
            range[0] = v < range[0] ? v : range[0];
            range[1] = v > range[1] ? v : range[1];
        }
    }
}

} // namespace detail

namespace {

const detail::FloatEpilogueSimd* simd() noexcept
{
    static const detail::FloatEpilogueSimd* table
        = simdTable(quant::bestQuantIsa(), &detail::kFloatEpilogueAvx2, &detail::kFloatEpilogueAvx512);
    return table;
}

} // namespace

void rescaleNhwc(const int32_t* acc, int64_t count, int64_t oc, const float* scale, const float* shift, bool silu,
    float* out, float* range, const float* residual)
{
    if (const detail::FloatEpilogueSimd* s = simd())
        s->rescale(acc, count, oc, scale, shift, silu, out, range, residual);
    else
        detail::rescaleScalar(acc, count, oc, scale, shift, silu, out, range);
}

void transposeTile(const float* tile, int64_t count, int64_t oc, float* out, int64_t channelStride)
{
    if (const detail::FloatEpilogueSimd* s = simd()) {
        s->transpose(tile, count, oc, out, channelStride);
        return;
    }
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t j = 0; j < count; ++j)
            out[o * channelStride + j] = tile[j * oc + o];
}

bool rescaleAddsResidual() noexcept
{
    return simd() && simd()->addsResidual;
}

void addResidual(const float* tile, const float* residual, int64_t n, float* out, float* range)
{
    if (const detail::FloatEpilogueSimd* s = simd())
        s->addResidual(tile, residual, n, out, range);
    else
        detail::addResidualScalar(tile, residual, n, out, range);
}

bool rescaleUsesAvx2() noexcept
{
    return simd() != nullptr;
}

} // namespace qs::kernels::int8
