// SPDX-License-Identifier: MIT
// Optimized-mode pass "float-channel-scale" (order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/float_fusion_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kFloatChannelScalePass { "float-channel-scale",
    "A float Mul of a rank-4 feature map by one value per channel ([N or 1, C, 1, 1], a squeeze-excite block's "
    "scale) runs on the channel-scale kernel, which reads and writes the feature map in the blocked layout too, so "
    "that float-blocked-regions keeps it blocked between the depthwise and the projection convolutions.",
    "after int8-nhwc-regions and before float-blocked-regions (so that the Mul counts as blocked-capable there); "
    "both operands and the output still plain.",
    [](SessionPlan& plan) -> Status {
        useChannelScale(plan);
        return Status::ok();
    } };

} // namespace qs
