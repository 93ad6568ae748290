// SPDX-License-Identifier: MIT
// Switches of the int8 kernels' choices, set in SessionOptions::int8 and handed down explicitly: the planner gives
// them to the passes (SessionPlan::options) and to every kernel it prepares (KernelContext::int8), and the int8
// convolution kernels give them to Int8Conv::create. The defaults are the engine's measured rules; the other values
// exist for A/B measurements and for tests that must reach a path the rules would not take. Every value computes the
// same exact integer results (kernels/int8/README.md, "Exactness"); only speed and the plan's kernel names change.
//
// The engine never reads the environment for them. Programs that want A/B switches without a rebuild read them at
// their edge with int8KernelOptionsFromEnvironment(): quantscope-cli plan and check, bench_profile_steps and
// bench_int8_conv (other commands, the GUI and the library use what their SessionOptions say). The variables:
//   QS_INT8_OWN_AVX2=0|1      ownAvx2Conv = Never | Everywhere (unset: ByRule)
//   QS_INT8_UNSPLIT=0|1       unsplitWeights = false | true
//   QS_INT8_QUAD_GROUPS=1|2|4 maxQuadGroup
//   QS_CHANNEL_PAIRING=0|1    channelPairing = false | true
#pragma once

#include <quantscope/engine/status.h>

namespace qs {

struct Int8KernelOptions
{
    /// Where the engine's own AVX2 convolution kernel (kernels/int8/int8_conv_own_kernel.h) replaces oneDNN. It can run
    /// only where oneDNN's int8 ISA is AVX2 without VNNI, with one group and no dilation.
    enum class OwnAvx2Conv
    {
        ByRule, ///< where it measured faster; the planar pointwise path for YOLO's DFL head too
        Never, ///< oneDNN everywhere, no planar path
        Everywhere, ///< wherever it can run, no planar path (tests of the kernel on every shape)
    };
    OwnAvx2Conv ownAvx2Conv = OwnAvx2Conv::ByRule;
    /// Static layers keep their original weights beside the pair-split ones and run them whenever the source proves
    /// that no pair can leave int16 (no residual then). False: always the split weights and the residual.
    bool unsplitWeights = true;
    /// The own AVX2 kernel adds up to this many quads in int16 before widening: 4 (groups of 4, then 2), 2 (pairs
    /// only) or 1 (every quad widened singly, the kernel before the grouping).
    int maxQuadGroup = 4;
    /// The Optimized plan's `int8-channel-pairing` pass, where int8 pairs are summed into saturating int16.
    bool channelPairing = true;

    bool operator==(const Int8KernelOptions&) const = default;
};

/// The options from the environment variables listed above (defaults for those unset). For a program's edge only;
/// InvalidArgument for a value not listed.
Result<Int8KernelOptions> int8KernelOptionsFromEnvironment();

} // namespace qs
