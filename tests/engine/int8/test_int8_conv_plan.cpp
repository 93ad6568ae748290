// SPDX-License-Identifier: MIT
// planInt8Conv (kernels/int8/int8_conv_plan.h) on described machines rather than this one: which path a static
// pointwise or depthwise layer of a MobileNet-style model gets where oneDNN's int8 ISA is AVX-512 VNNI with AMX (the
// Xeon the 288-input-channel limit was measured on), without AMX (avx512_core_bf16: AMD Zen 4/5; avx512_core_vnni:
// Cascade Lake), and under the AVX-512 cap. The expectations are the measured rule
// (bench/archive/2026-11-29-int8-own-vnni.md, 2026-11-29-int8-vnni-without-amx.md): with AMX the long reductions
// (more than 288 input channels on 16 or more pixels) stay on oneDNN, without it the own VNNI microkernels take them.
#include "kernels/int8/int8_conv_plan.h"
#include "square_conv.h"

#include <gtest/gtest.h>

#include <string>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

using test::squareConv;

/// A machine whose CPU runs every loop of the engine (AVX-512 VNNI and VBMI), with oneDNN dispatching to `isa`.
Int8ConvMachine machineWith(std::string_view isa)
{
    Int8ConvMachine m;
    m.onednnIsa = isa;
    m.planarLoops = true;
    m.depthwiseLoops = true;
    m.depthwiseVnni = true;
    m.ownVnniLoops = true;
    return m;
}

/// The same CPU under DNNL_MAX_CPU_ISA=AVX512_CORE: oneDNN without VNNI, and the engine's VNNI loops capped with it.
Int8ConvMachine cappedToAvx512Core()
{
    Int8ConvMachine m = machineWith("avx512_core");
    m.depthwiseVnni = false;
    m.ownVnniLoops = false;
    return m;
}

Int8ConvSpec staticNhwc(const ConvShape& s, int32_t zeroPoint = 0)
{
    return { .shape = s,
        .inputLayout = ActivationLayout::Nhwc,
        .outputLayout = ActivationLayout::Nhwc,
        .constantSrcZeroPoint = zeroPoint };
}

constexpr std::string_view kAmx = "avx512_core_amx";
constexpr std::string_view kZen = "avx512_core_bf16";
constexpr std::string_view kCascadeLake = "avx512_core_vnni";

/// The pointwise layers of mnasnet0_5 and MobileNetV3 with the longest reductions (480-960 input channels), their
/// maps, and a 288-channel one at the limit.
const ConvShape kLongPointwise[] = {
    squareConv(1, 480, 14, 14, 112, 1, 1, 1, 0),
    squareConv(1, 576, 7, 7, 160, 1, 1, 1, 0),
    squareConv(1, 672, 14, 14, 112, 1, 1, 1, 0),
    squareConv(1, 960, 7, 7, 160, 1, 1, 1, 0),
};
const ConvShape kAtTheLimit = squareConv(1, 288, 14, 14, 48, 1, 1, 1, 0);

TEST(Int8ConvPlan, LongPointwiseReductionsStayOnOneDnnWithAmx)
{
    for (const ConvShape& s : kLongPointwise)
        for (const int32_t zp : { 0, 128 }) {
            const Int8ConvPlan plan = planInt8Conv(staticNhwc(s, zp), machineWith(kAmx));
            EXPECT_EQ(plan.path, Int8ConvPath::Onednn) << s.toString() << " zp " << zp;
            EXPECT_FALSE(plan.ownVnni) << s.toString();
            EXPECT_NE(std::string(plan.reason).find("AMX tiles"), std::string::npos) << plan.reason;
        }
}

TEST(Int8ConvPlan, LongPointwiseReductionsTakeTheOwnVnniKernelWithoutAmx)
{
    for (const std::string_view isa : { kZen, kCascadeLake })
        for (const ConvShape& s : kLongPointwise)
            for (const int32_t zp : { 0, 128 }) {
                const Int8ConvPlan plan = planInt8Conv(staticNhwc(s, zp), machineWith(isa));
                EXPECT_EQ(plan.path, Int8ConvPath::OwnAvx2) << isa << " " << s.toString() << " zp " << zp;
                EXPECT_TRUE(plan.ownVnni) << isa << " " << s.toString();
                EXPECT_NE(std::string(plan.reason).find("without AMX"), std::string::npos) << plan.reason;
            }
}

TEST(Int8ConvPlan, ShortPointwiseReductionsTakeTheOwnVnniKernelEitherWay)
{
    const ConvShape shapes[]
        = { kAtTheLimit, squareConv(1, 16, 112, 112, 8, 1, 1, 1, 0), squareConv(1, 40, 28, 28, 240, 1, 1, 1, 0),
              // Squeeze-excite vectors (one pixel): oneDNN's per-call cost dominates whatever the reduction.
              squareConv(1, 960, 1, 1, 240, 1, 1, 1, 0), squareConv(1, 480, 1, 1, 120, 1, 1, 1, 0) };
    for (const std::string_view isa : { kAmx, kZen, kCascadeLake })
        for (const ConvShape& s : shapes) {
            const Int8ConvPlan plan = planInt8Conv(staticNhwc(s), machineWith(isa));
            EXPECT_EQ(plan.path, Int8ConvPath::OwnAvx2) << isa << " " << s.toString();
            EXPECT_TRUE(plan.ownVnni) << isa << " " << s.toString();
        }
}

TEST(Int8ConvPlan, OnlyStaticInPlacePointwiseLayersTakeTheOwnVnniKernelByRule)
{
    const ConvShape& s = kLongPointwise[3];
    for (const std::string_view isa : { kAmx, kZen }) {
        // A run-time activation zero point (the dynamic path) keeps oneDNN on AVX-512 VNNI.
        Int8ConvSpec dynamic = staticNhwc(s);
        dynamic.constantSrcZeroPoint = std::nullopt;
        EXPECT_EQ(planInt8Conv(dynamic, machineWith(isa)).path, Int8ConvPath::Onednn) << isa;
        // Padded, strided or NCHW 1x1 layers are not read in place.
        ConvShape padded = s;
        padded.padTop = padded.padBottom = padded.padLeft = padded.padRight = 1;
        EXPECT_EQ(planInt8Conv(staticNhwc(padded), machineWith(isa)).path, Int8ConvPath::Onednn) << isa;
        EXPECT_EQ(planInt8Conv(staticNhwc(squareConv(1, 960, 14, 14, 160, 1, 1, 2, 0)), machineWith(isa)).path,
            Int8ConvPath::Onednn)
            << isa;
        Int8ConvSpec nchw = staticNhwc(s);
        nchw.inputLayout = ActivationLayout::Nchw;
        EXPECT_EQ(planInt8Conv(nchw, machineWith(isa)).path, Int8ConvPath::Onednn) << isa;
        // Input channels that are no multiple of 4 are not read in place either.
        EXPECT_EQ(planInt8Conv(staticNhwc(squareConv(1, 962, 7, 7, 160, 1, 1, 1, 0)), machineWith(isa)).path,
            Int8ConvPath::Onednn)
            << isa;
    }
}

TEST(Int8ConvPlan, KernelOptionsOverrideTheAmxLimit)
{
    const ConvShape& s = kLongPointwise[3];
    Int8ConvSpec everywhere = staticNhwc(s);
    everywhere.options.ownAvx2Conv = Int8KernelOptions::OwnAvx2Conv::Everywhere;
    const Int8ConvPlan own = planInt8Conv(everywhere, machineWith(kAmx));
    EXPECT_EQ(own.path, Int8ConvPath::OwnAvx2);
    EXPECT_TRUE(own.ownVnni);
    Int8ConvSpec never = staticNhwc(s);
    never.options.ownAvx2Conv = Int8KernelOptions::OwnAvx2Conv::Never;
    EXPECT_EQ(planInt8Conv(never, machineWith(kZen)).path, Int8ConvPath::Onednn);
    EXPECT_EQ(planInt8Conv(never, machineWith(kZen)).reason, "Int8KernelOptions: oneDNN everywhere");
}

TEST(Int8ConvPlan, WithoutTheVnniLoopsLongPointwiseLayersTakeTheAvx512Rule)
{
    // Under DNNL_MAX_CPU_ISA=AVX512_CORE the own kernel runs its AVX-512BW microkernels on static in-place pointwise
    // layers (bench/archive/2026-11-29-int8-avx512-no-vnni.md), whatever the reduction.
    const Int8ConvPlan plan = planInt8Conv(staticNhwc(kLongPointwise[3]), cappedToAvx512Core());
    EXPECT_EQ(plan.path, Int8ConvPath::OwnAvx2);
    EXPECT_FALSE(plan.ownVnni);
}

TEST(Int8ConvPlan, DepthwiseLayersTakeTheVnniLoopsWithAndWithoutAmx)
{
    // Every 3x3 and 5x5 depthwise layer of the two models, at both strides, measured faster than brdgmm_dw on the AMX
    // Xeon and on Zen 5 (bench/archive/2026-11-29-int8-depthwise-vnni.md, 2026-11-29-int8-vnni-without-amx.md).
    const ConvShape shapes[] = { squareConv(1, 16, 112, 112, 16, 16, 3, 1, 1),
        squareConv(1, 64, 112, 112, 64, 64, 3, 2, 1), squareConv(1, 120, 28, 28, 120, 120, 5, 1, 2),
        squareConv(1, 672, 14, 14, 672, 672, 5, 2, 2), squareConv(1, 960, 7, 7, 960, 960, 5, 1, 2) };
    for (const std::string_view isa : { kAmx, kZen, kCascadeLake })
        for (const ConvShape& s : shapes) {
            const Int8ConvPlan plan = planInt8Conv(staticNhwc(s, 3), machineWith(isa));
            EXPECT_EQ(plan.path, Int8ConvPath::DepthwiseVnni) << isa << " " << s.toString();
        }
    // Without the VNNI loops (capped), the int16 pairs of kernel positions.
    EXPECT_EQ(planInt8Conv(staticNhwc(shapes[0], 3), cappedToAvx512Core()).path, Int8ConvPath::Depthwise);
}

} // namespace
