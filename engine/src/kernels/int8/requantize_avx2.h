// SPDX-License-Identifier: MIT
// AVX2 form of requantize.cpp's epilogue for channel-strided (NCHW) outputs, bit-identical to the scalar loop:
// 8 pixels × 8 channels are requantized as channel vectors, transposed in registers, and stored as 8-byte runs
// per channel. The scalar loop read the NHWC tile with a stride of the channel count (a gather per element), which
// cost ~7 % of resnet18_int8_qdq_torch's AVX2 run (bench/RESULTS.md, "avx2kernel").
#pragma once

#include <cstdint>

namespace qs::kernels::int8 {

/// out[c * channelStride + j] for j < count, c < channels; arguments as requantize.cpp's requantizeT, `lo`/`hi` the
/// float bounds relative to the zero point. `signedOut`: int8 output, else uint8.
void requantizeNchwAvx2(const int32_t* tile, int64_t count, int64_t channels, const int32_t* bias, const float* mult,
    bool perChannel, const float* offset, int32_t zp, float lo, float hi, bool signedOut, uint8_t* out,
    int64_t channelStride);

} // namespace qs::kernels::int8
