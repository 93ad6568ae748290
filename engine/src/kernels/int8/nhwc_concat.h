// SPDX-License-Identifier: MIT
// Concat along the channel axis of rank-4 tensors held NHWC (Layout::Nhwc): per pixel, each input's channels in turn.
// Optimized mode gives a Concat this kernel when it lies inside an NHWC region of the dynamic int8 path (C3 and SPPF
// blocks of YOLO between fused dynamic convolutions; the int8-nhwc-regions pass). Not in the registry.
#pragma once

#include "kernels/kernel.h"

namespace qs::kernels {

const KernelSpec& nhwcConcatSpec();

} // namespace qs::kernels
