// SPDX-License-Identifier: MIT
// Optimized-mode pass "int8-nhwc-regions" (formerly rewrite 6; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/layout_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kInt8NhwcRegionsPass { "int8-nhwc-regions",
    "Regions of rank-4 activations connected through layout followers (DynamicQuantizeLinear, per-tensor "
    "QuantizeLinear and DequantizeLinear, same-shape Add, channel Concat, also fused with its parts' QDQ, MaxPool, "
    "nearest Resize, the byte lookup, the int8 multiply, the integer global average pool) between fused dynamic or "
    "static int8 convolutions stay NHWC (float and uint8 alike), oneDNN's int8 layout: no convolution reorders its "
    "source or transposes its output.",
    "after the int8 fusions (it reads the kernels they chose) and before float-blocked-regions (values already NHWC "
    "keep that layout there). Every step producing or reading a value of the region is such a convolution or follower; "
    "no graph output, graph input or other reader in the region.",
    [](SessionPlan& plan) -> Status {
        markNhwcRegions(plan);
        return Status::ok();
    } };

} // namespace qs
