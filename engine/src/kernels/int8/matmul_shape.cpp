// SPDX-License-Identifier: MIT
#include "kernels/int8/matmul_shape.h"

#include "kernels/shape_util.h"

#include <fmt/format.h>

namespace qs::kernels::int8 {

Status inferIntegerMatMulDims(
    const Node& node, const TensorDesc& a, const TensorDesc& b, std::string_view operand, TensorDesc& out)
{
    if (a.rank() < 2 || b.rank() < 2)
        return Status(StatusCode::Unsupported, fmt::format("node {}: 1-D {}", node.describe(), operand));
    if (a.dims.back() != b.dims[size_t(b.rank() - 2)])
        return Status(StatusCode::InvalidModel,
            fmt::format(
                "node {}: inner dimensions differ ({} x {})", node.describe(), formatDims(a.dims), formatDims(b.dims)));
    out.dims = a.dims;
    out.dims.back() = b.dims.back();
    return Status::ok();
}

} // namespace qs::kernels::int8
