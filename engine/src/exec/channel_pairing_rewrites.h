// SPDX-License-Identifier: MIT
// Optimized-mode rewrite 11 (graph_rewrites.cpp runs it): on ISAs that sum u8·s8 pairs into saturating int16, the
// channel order of static int8 activations is chosen so that the consumers' weight pairs rarely saturate.
#pragma once

#include "exec/session_plan.h"

namespace qs {

/// Rewrite 11: permutes the channels of static int8 activation classes (see channel_pairing_rewrites.cpp) by
/// rewriting constant weights, scales, zero points and biases only. Does nothing where int8 pairs accumulate in
/// int32 (VNNI) or when the session's Int8KernelOptions::channelPairing is false.
void pairInt8Channels(SessionPlan& plan);

} // namespace qs
