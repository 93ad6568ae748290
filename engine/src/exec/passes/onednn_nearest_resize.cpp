// SPDX-License-Identifier: MIT
// Optimized-mode pass "onednn-nearest-resize" (formerly rewrite 10; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/float_fusion_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kOneDnnNearestResizePass { "onednn-nearest-resize",
    "A nearest Resize of a rank-4 float tensor by whole factors, outside NHWC regions, runs on oneDNN's resampling "
    "primitive (which accepts the blocked layout).",
    "after int8-nhwc-regions (an NHWC region's Resize already has its NHWC kernel) and before float-blocked-regions "
    "(so that the Resize counts as blocked-capable there). Scales or sizes constant.",
    [](SessionPlan& plan) -> Status {
        useOneDnnNearestResize(plan);
        return Status::ok();
    } };

} // namespace qs
