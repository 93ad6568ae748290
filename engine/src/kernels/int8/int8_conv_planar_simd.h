// SPDX-License-Identifier: MIT
// The loops of Int8Conv's planar pointwise path (int8_conv_planar.cpp) per ISA (kernels/README.md, "per-ISA files
// behind one table per family"): the AVX2 ones in int8_conv_planar_avx2.cpp. The executor's per-pixel tail loop is
// the portable form.
#pragma once

#include <array>
#include <cstdint>

namespace qs::kernels::int8 {

namespace detail {

/// NHWC int32 sums of the 16 output pixels from `p` of one NCHW image (`plane` bytes per channel, `ic` channels) for
/// OC output channels into `out`: `pairs` holds (w - zp) of input channels 2q (low half) and 2q + 1 (high) per
/// output channel, [OC][(ic + 1) / 2].
using PlanarBlock = void (*)(
    const uint8_t* image, int64_t plane, int64_t ic, const int32_t* pairs, int32_t zp, int64_t p, int32_t* out);

struct PlanarSimd
{
    std::array<PlanarBlock, 7> blocks16; ///< [OC - 1]: the plan sends only layers of fewer than 8 output channels
};
extern const PlanarSimd kPlanarAvx2; ///< int8_conv_planar_avx2.cpp

} // namespace detail

/// The planar path's loops on this CPU: the AVX2 ones, or nullptr without AVX2 (Int8Conv's plan then takes another
/// path). The CPU alone decides, not DNNL_MAX_CPU_ISA, as before the loops had a table.
const detail::PlanarSimd* planarSimd() noexcept;

} // namespace qs::kernels::int8
