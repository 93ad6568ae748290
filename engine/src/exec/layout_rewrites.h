// SPDX-License-Identifier: MIT
// Optimized-mode layout rewrites: which activations stay NHWC or in oneDNN's blocked layout between the kernels
// that read and write them so (rewrites 4 and 6; graph_rewrites.cpp runs them).
#pragma once

#include "exec/session_plan.h"

namespace qs {

/// Rewrite 6: NHWC regions between fused dynamic (and static QDQ) int8 convolutions.
void markNhwcRegions(SessionPlan& plan);

/// Rewrite 4: blocked (or channels-last) regions between float convolutions and pooling.
void markBlockedLayouts(SessionPlan& plan);

} // namespace qs
