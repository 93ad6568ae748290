// SPDX-License-Identifier: MIT
// A named Optimized-mode rewrite pass. Each pass is declared in a file of its own under exec/passes/, which states
// the pattern it matches and its preconditions; graph_rewrites.cpp runs them from one ordered list and records, per
// pass and per step, which fired (shown by `quantscope-cli plan`). The matching code shared by the passes of one
// family (float fusion, dynamic int8, QDQ, layouts, channel pairing) stays in that family's *_rewrites.cpp.
#pragma once

#include <quantscope/engine/status.h>

#include <string_view>

namespace qs {

class SessionPlan;

struct RewritePass
{
    std::string_view name; ///< kebab-case, shown by `plan`: "conv-batchnorm-postops"
    std::string_view pattern; ///< what it matches and what it makes of it
    std::string_view preconditions; ///< what must hold (including which passes must have run before)
    Status (*run)(SessionPlan& plan);
};

// One per file in exec/passes/, in the order graph_rewrites.cpp runs them.
extern const RewritePass kQdqInt8Pass;
extern const RewritePass kQdqLookupTablePass;
extern const RewritePass kConvBatchNormPostOpsPass;
extern const RewritePass kDynamicConvPass;
extern const RewritePass kDynamicMatMulPass;
extern const RewritePass kMatMulEpiloguePass;
extern const RewritePass kMatMulViewsPass;
extern const RewritePass kDynamicRangePass;
extern const RewritePass kInt8NhwcRegionsPass;
extern const RewritePass kOneDnnNearestResizePass;
extern const RewritePass kFloatChannelScalePass;
extern const RewritePass kFloatBlockedRegionsPass;
extern const RewritePass kDynamicResidualAddPass;
extern const RewritePass kConcatQuantizePass;
extern const RewritePass kTransposeSoftmaxPass;
extern const RewritePass kResidualLayerNormPass;
extern const RewritePass kInt8ChannelPairingPass;

} // namespace qs
