// SPDX-License-Identifier: MIT
// A Slice node's constant starts, ends, axes and steps normalised per input dim: what the Slice kernel copies and
// what the matmul's operand views (kernels/strided_view.h) read in place.
#pragma once

#include "kernels/kernel.h"

#include <cstdint>
#include <span>
#include <vector>

namespace qs::kernels {

struct SliceSpec
{
    std::vector<int64_t> starts; ///< per input dim, normalised
    std::vector<int64_t> steps;
    std::vector<int64_t> outDims;
};

/// Unsupported when starts, ends, axes or steps are not constant; InvalidModel for inconsistent ones.
Result<SliceSpec> sliceSpec(const Node& node, std::span<const TensorDesc> in);

} // namespace qs::kernels
