// SPDX-License-Identifier: MIT
// Three uint8 planes (an NCHW image's channels) interleaved into pixel-major rows (NHWC), for the own AVX2 kernel's
// zero-point padded buffer: oneDNN 2.6's jit:uni reorder took 0.35 ms for yolov5nu's 3x640x640 image (3.5 GB/s);
// byte shuffles of 16 pixels at a time do it in a fraction of that.
#pragma once

#include <cstdint>

namespace qs::kernels::int8 {

/// dst row h, byte 3·j + c = planes[c·height·width + h·width + j]; rows `dstRowStride` bytes apart. Returns false
/// (nothing written) when the CPU lacks AVX2.
bool interleave3Planes(const uint8_t* planes, int64_t height, int64_t width, uint8_t* dst, int64_t dstRowStride);

/// The same for `rows` rows of planes `planeStride` bytes apart (a block of an image's rows: planes points at the
/// first row of channel 0), so that threads can each interleave their own rows.
bool interleave3PlaneRows(
    const uint8_t* planes, int64_t planeStride, int64_t rows, int64_t width, uint8_t* dst, int64_t dstRowStride);

namespace detail {
/// The loop of one ISA (interleave_planes_avx2.cpp): `height` rows of `width` pixels, the planes `plane` bytes apart.
struct InterleaveSimd
{
    void (*interleave)(
        const uint8_t* planes, int64_t plane, int64_t height, int64_t width, uint8_t* dst, int64_t dstRowStride);
};
extern const InterleaveSimd kInterleaveAvx2;
} // namespace detail

} // namespace qs::kernels::int8
