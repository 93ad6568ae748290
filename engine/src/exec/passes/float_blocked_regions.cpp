// SPDX-License-Identifier: MIT
// Optimized-mode pass "float-blocked-regions" (formerly rewrite 4; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/layout_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kFloatBlockedRegionsPass { "float-blocked-regions",
    "Values flowing between float convolutions and pooling, directly or through elementwise ops and channel "
    "Concat/Split, stay in oneDNN's blocked layout (nChw16c with AVX-512, nChw8c with AVX2), or channels-last where "
    "the convolutions around them run faster so (kernels::prefersChannelsLast).",
    "after the fusions and int8-nhwc-regions; every producer and reader of the region's values accepts the layout; "
    "graph inputs and outputs and values read by the run-time tail stay plain.",
    [](SessionPlan& plan) -> Status {
        markBlockedLayouts(plan);
        return Status::ok();
    } };

} // namespace qs
