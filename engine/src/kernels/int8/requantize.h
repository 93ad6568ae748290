// SPDX-License-Identifier: MIT
// The requantizing epilogue of static (scale-known) INT8: QLinearConv, QLinearMatMul, QGemm and the fused QDQ
// convolution. ONNX defines the result as
//   y = saturate(round_half_to_even((acc + bias) * (xScale * wScale[oc] / yScale)) + yZeroPoint)
// with acc the exact int32 accumulation of (x - xZp)(w - wZp) and bias int32 (scale xScale * wScale, zero point 0).
// The multiplier is computed in float as (xScale * wScale) / yScale, the product float(acc + bias) * m in float,
// then rounded half to even: the same arithmetic as ONNX's reference and ONNX Runtime's MLAS requantization.
#pragma once

#include <quantscope/engine/data_type.h>

#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

struct Requantization
{
    DataType outType = DataType::UInt8; ///< UInt8 or Int8
    std::vector<float> multipliers; ///< 1 or one per output channel / column
    std::vector<int32_t> bias; ///< empty or one per output channel: added to acc before scaling (ONNX's B)
    std::vector<float> offset; ///< empty or one per output channel: added after scaling (a float bias / yScale)
    int32_t zeroPoint = 0;
    /// Saturation bounds in the output's integer domain: the type's range, narrowed by a fused Relu or Clip
    /// (Q is monotonic, so Q(max(v, 0)) = max(Q(v), Q(0)) exactly).
    int32_t lo = 0;
    int32_t hi = 255;

    /// Type range, multipliers (xScale * wScale[i]) / yScale for `count` channels (wScales has 1 or count).
    static Requantization make(DataType outType, float xScale, const float* wScales, int64_t wScaleCount, int64_t count,
        float yScale, int32_t yZeroPoint);
    /// Narrows [lo, hi] to Q([min, max]) for a fused Clip (Relu: min 0, max +inf).
    void clampTo(float min, float max, float yScale);
};

/// Requantizes a tile of `count` pixels x `channels` int32 accumulators (channel-contiguous, as oneDNN writes NHWC
/// and matmul rows) into out[j * pixelStride + c * channelStride] (uint8 or int8 per rq.outType).
void requantizeTile(const int32_t* tile, int64_t count, int64_t channels, const Requantization& rq, void* out,
    int64_t channelStride, int64_t pixelStride);

} // namespace qs::kernels::int8
