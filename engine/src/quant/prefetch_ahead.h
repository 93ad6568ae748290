// SPDX-License-Identifier: MIT
// A software prefetch for the quantize passes' float streams (min/max, quantize: DynamicQuantizeLinear, Concat +
// quantize). Each reads activations of several MB once, from L3 or memory, and its samples sat on the loads; asking
// for the lines 2 KiB ahead of the loop cut those passes' share of yolov5nu's INT8 samples by ~15 % under
// AVX512_CORE and AVX2 (bench/archive/2026-11-29-int8-nchw-float-stores.md). A prefetch past the buffer's end cannot
// fault, hence the integer address.
#pragma once

#include <cstddef>
#include <cstdint>
#include <xmmintrin.h>

namespace qs::quant {

/// `Lines` cache lines starting 2 KiB after x: the lines a loop over x reads 32 iterations of one line from now.
template <int Lines> inline void prefetchAhead(const float* x) noexcept
{
    constexpr std::uintptr_t kAhead = 2048;
    const std::uintptr_t p = reinterpret_cast<std::uintptr_t>(x) + kAhead;
    for (int k = 0; k < Lines; ++k)
        _mm_prefetch(reinterpret_cast<const char*>(p + std::uintptr_t(64 * k)), _MM_HINT_T0);
}

} // namespace qs::quant
