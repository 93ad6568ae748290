// SPDX-License-Identifier: MIT
// Optimized-mode pass "int8-channel-pairing" (formerly rewrite 11; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/channel_pairing_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kInt8ChannelPairingPass { "int8-channel-pairing",
    "Classes of static int8 activations whose every producer and reader is a fused static int8 convolution, a "
    "channel-wise pass-through step or a QGemm get a channel order that makes the readers' u8·s8 weight pairs rarely "
    "saturate; only constants (weights, scales, zero points, biases) are permuted, results are bit-identical.",
    "last, after every fusion (the classes follow the fused steps). Only where int8 pairs are summed into saturating "
    "int16 (AVX2, AVX-512 without VNNI); SessionOptions::int8.channelPairing = false turns it off.",
    [](SessionPlan& plan) -> Status {
        pairInt8Channels(plan);
        return Status::ok();
    } };

} // namespace qs
