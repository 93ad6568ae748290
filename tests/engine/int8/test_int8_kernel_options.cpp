// SPDX-License-Identifier: MIT
// Int8KernelOptions (int8_kernel_options.h): the environment is read only by int8KernelOptionsFromEnvironment, at a
// program's edge, with clear errors; the options reach Int8Conv explicitly and every value computes the reference's
// exact sums.
#include "exec/session_plan.h"
#include "int8_test_options.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/onednn_context.h"
#include "square_conv.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <omp.h>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

constexpr const char* kVariables[]
    = { "QS_INT8_OWN_AVX2", "QS_INT8_UNSPLIT", "QS_INT8_QUAD_GROUPS", "QS_CHANNEL_PAIRING" };

/// Sets the switches for one test and restores what the process had.
class SwitchEnvironment
{
public:
    SwitchEnvironment()
    {
        for (const char* v : kVariables) {
            const char* value = std::getenv(v);
            m_saved.push_back(value ? std::optional<std::string>(value) : std::nullopt);
            unsetenv(v);
        }
    }
    ~SwitchEnvironment()
    {
        for (size_t i = 0; i < m_saved.size(); ++i)
            m_saved[i] ? setenv(kVariables[i], m_saved[i]->c_str(), 1) : unsetenv(kVariables[i]);
    }

private:
    std::vector<std::optional<std::string>> m_saved;
};

TEST(Int8KernelOptions, FromTheEnvironment)
{
    SwitchEnvironment env;
    auto defaults = int8KernelOptionsFromEnvironment();
    ASSERT_TRUE(defaults.isOk()) << defaults.status().toString();
    EXPECT_EQ(*defaults, Int8KernelOptions {});

    setenv("QS_INT8_OWN_AVX2", "1", 1);
    setenv("QS_INT8_UNSPLIT", "0", 1);
    setenv("QS_INT8_QUAD_GROUPS", "2", 1);
    setenv("QS_CHANNEL_PAIRING", "0", 1);
    auto set = int8KernelOptionsFromEnvironment();
    ASSERT_TRUE(set.isOk()) << set.status().toString();
    EXPECT_EQ(set->ownAvx2Conv, Int8KernelOptions::OwnAvx2Conv::Everywhere);
    EXPECT_FALSE(set->unsplitWeights);
    EXPECT_EQ(set->maxQuadGroup, 2);
    EXPECT_FALSE(set->channelPairing);

    setenv("QS_INT8_OWN_AVX2", "0", 1);
    EXPECT_EQ(int8KernelOptionsFromEnvironment()->ownAvx2Conv, Int8KernelOptions::OwnAvx2Conv::Never);

    setenv("QS_INT8_QUAD_GROUPS", "3", 1);
    auto bad = int8KernelOptionsFromEnvironment();
    ASSERT_FALSE(bad.isOk());
    EXPECT_EQ(bad.status().code(), StatusCode::InvalidArgument);
    EXPECT_NE(bad.status().message().find("QS_INT8_QUAD_GROUPS=3"), std::string::npos) << bad.status().message();
}

TEST(Int8KernelOptions, Int8ConvRefusesAQuadGroupItCannotForm)
{
    const ConvShape s = test::squareConv(1, 8, 6, 6, 8, 1, 3, 1, 1);
    const std::vector<uint8_t> w(size_t(s.weightCount()), 130);
    Int8KernelOptions options;
    options.maxQuadGroup = 3;
    auto conv = Int8Conv::create({ .shape = s, .options = options }, { DataType::UInt8, w.data(), { 128 } });
    ASSERT_FALSE(conv.isOk());
    EXPECT_EQ(conv.status().code(), StatusCode::InvalidArgument);
}

// Each choice the options make is the reference's exact sum; where oneDNN runs without VNNI (the avx2. and avx512core.
// runs), ByRule takes the own kernel for this NCHW 3x3 layer, Never keeps oneDNN, and a pointwise NCHW layer with one
// output channel runs the planar path only by rule.
TEST(Int8KernelOptions, OwnKernelChoiceFollowsTheOptions)
{
    using Own = Int8KernelOptions::OwnAvx2Conv;
    // AVX-512 without VNNI (the avx512core. runs) takes the own kernel for an NCHW spatial layer by rule too.
    const bool avx2 = onednnInt8Isa().isa == "avx2" || onednnInt8Isa().isa == "avx512_core";
    // The own kernel's microkernels follow the same cap: 16 lanes where oneDNN's ISA is AVX-512.
    const std::string ownImpl = onednnInt8Isa().isa == "avx512_core" ? "qs:avx512_int8" : "qs:avx2_int8";
    std::mt19937 rng(41);
    std::uniform_int_distribution<int> byte(0, 255);
    for (const ConvShape& s :
        { test::squareConv(1, 16, 9, 9, 16, 1, 3, 1, 1), test::squareConv(1, 16, 9, 9, 1, 1, 1, 1, 0) })
        for (const Own own : { Own::ByRule, Own::Never, Own::Everywhere }) {
            std::vector<uint8_t> x(size_t(s.inputCount())), w(size_t(s.weightCount()));
            for (uint8_t& v : x)
                v = uint8_t(byte(rng));
            for (uint8_t& v : w)
                v = uint8_t(byte(rng));
            const std::vector<int32_t> wzp { 120 };
            std::vector<int32_t> want(size_t(s.outputCount())), got(want.size(), -1);
            convIntegerRef(s, x.data(), 7, w.data(), wzp.data(), false, want.data());
            Int8KernelOptions options;
            options.ownAvx2Conv = own;
            auto conv = Int8Conv::create({ .shape = s, .options = options }, { DataType::UInt8, w.data(), wzp });
            ASSERT_TRUE(conv.isOk()) << conv.status().toString();
            ASSERT_TRUE((*conv)->runInt32(x.data(), 7, got.data()).isOk());
            const std::string impl = (*conv)->implementation();
            EXPECT_EQ(got, want) << s.toString() << " " << impl;
            const bool pointwise = s.kernelHeight == 1;
            EXPECT_FALSE((*conv)->pathReason().empty());
            if (own == Own::Never) {
                EXPECT_EQ(impl.rfind("qs:", 0), std::string::npos) << impl;
                EXPECT_EQ((*conv)->pathReason(), "Int8KernelOptions: oneDNN everywhere");
            }
            if (own != Own::ByRule)
                EXPECT_NE(impl, "qs:avx2_int8_planar");
            if (avx2 && own == Own::Everywhere) {
                EXPECT_EQ(impl, ownImpl);
                EXPECT_EQ((*conv)->pathReason(), "Int8KernelOptions: the own AVX2 kernel wherever it can run");
            }
            if (avx2 && own == Own::ByRule)
                EXPECT_EQ(impl, pointwise ? "qs:avx2_int8_planar" : ownImpl);
        }
}

// Depthwise layers on NHWC take the engine's own int16 loops wherever pairs saturate (AVX2 and AVX-512 without VNNI)
// unless the options say oneDNN everywhere; with VNNI they stay on oneDNN. Either way the sums are the reference's.
TEST(Int8KernelOptions, DepthwiseChoiceFollowsTheIsaAndOptions)
{
    using Own = Int8KernelOptions::OwnAvx2Conv;
    const bool withoutVnni = onednnInt8Isa().isa == "avx2" || onednnInt8Isa().isa == "avx512_core";
    const ConvShape s = test::squareConv(1, 24, 9, 10, 24, 24, 3, 1, 1);
    std::mt19937 rng(43);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> x(size_t(s.inputCount())), w(size_t(s.weightCount()));
    for (uint8_t& v : x)
        v = uint8_t(byte(rng));
    for (uint8_t& v : w)
        v = uint8_t(byte(rng));
    const std::vector<int32_t> wzp { 3 };
    std::vector<int32_t> want(size_t(s.outputCount()));
    convIntegerRef(s, x.data(), 250, w.data(), wzp.data(), false, want.data());
    // The reference is NCHW; the layer reads and writes NHWC.
    const int64_t hw = s.inHeight * s.inWidth, ohw = s.outHeight() * s.outWidth(), c = s.inChannels;
    std::vector<uint8_t> xNhwc(x.size());
    for (int64_t ch = 0; ch < c; ++ch)
        for (int64_t p = 0; p < hw; ++p)
            xNhwc[size_t(p * c + ch)] = x[size_t(ch * hw + p)];
    for (const Own own : { Own::ByRule, Own::Never, Own::Everywhere }) {
        Int8KernelOptions options;
        options.ownAvx2Conv = own;
        auto conv = Int8Conv::create({ .shape = s,
                                         .inputLayout = ActivationLayout::Nhwc,
                                         .outputLayout = ActivationLayout::Nhwc,
                                         .options = options },
            { DataType::UInt8, w.data(), wzp });
        ASSERT_TRUE(conv.isOk()) << conv.status().toString();
        std::vector<int32_t> got(want.size(), -1);
        ASSERT_TRUE((*conv)->runInt32(xNhwc.data(), 250, got.data()).isOk());
        const std::string impl = (*conv)->implementation();
        for (int64_t ch = 0; ch < c; ++ch)
            for (int64_t p = 0; p < ohw; ++p)
                ASSERT_EQ(got[size_t(p * c + ch)], want[size_t(ch * ohw + p)])
                    << impl << " channel " << ch << " pixel " << p;
        const bool own16 = withoutVnni && own != Own::Never;
        // The AVX-512 loops where quant::bestQuantIsa() has them (AVX512_CORE), else the AVX2 ones; a 3x3 stride-1
        // kernel reads each input value 9 times, so its input rows are widened once (int8_conv_depthwise.cpp).
        EXPECT_EQ(impl == "qs:avx2_int8_depthwise_rows" || impl == "qs:avx512_int8_depthwise_rows", own16) << impl;
        if (own16) {
            EXPECT_EQ((*conv)->saturation().remedy, SaturationRemedy::NotNeeded);
            EXPECT_EQ((*conv)->saturation().residualEntries, 0);
        }
    }
}

// NHWC layers with a run-time activation zero point (the dynamic path, yolov5nu's ConvInteger layers) take the own
// kernel without VNNI by the rule, on the microkernels of the capped ISA (16 lanes under AVX512_CORE); a static NHWC
// 3x3 (constant zero point, padding) stays on oneDNN under AVX512_CORE. Weights over the whole u8 range, activations
// at 255 in half the places (saturating pairs: the split and its residual); the sums are the reference's.
TEST(Int8KernelOptions, DynamicNhwcLayersTakeTheOwnKernelWithoutVnni)
{
    const std::string isa = onednnInt8Isa().isa;
    const std::string ownImpl = isa == "avx512_core" ? "qs:avx512_int8" : isa == "avx2" ? "qs:avx2_int8" : "";
    std::mt19937 rng(47);
    std::uniform_int_distribution<int> byte(0, 255);
    for (const ConvShape& s :
        { test::squareConv(1, 20, 9, 10, 40, 1, 3, 1, 1), test::squareConv(1, 24, 8, 8, 36, 1, 1, 1, 0) })
        for (const bool dynamic : { true, false }) {
            std::vector<uint8_t> x(size_t(s.inputCount())), w(size_t(s.weightCount()));
            for (uint8_t& v : x)
                v = (byte(rng) & 1) ? 255 : uint8_t(byte(rng));
            for (uint8_t& v : w)
                v = uint8_t(byte(rng));
            const std::vector<int32_t> wzp { 128 };
            const int32_t zp = dynamic ? 77 : 0;
            std::vector<int32_t> want(size_t(s.outputCount()));
            convIntegerRef(s, x.data(), zp, w.data(), wzp.data(), false, want.data());
            const int64_t hw = s.inHeight * s.inWidth, ohw = s.outHeight() * s.outWidth();
            const int64_t ic = s.inChannels, oc = s.outChannels;
            std::vector<uint8_t> xNhwc(x.size());
            for (int64_t ch = 0; ch < ic; ++ch)
                for (int64_t p = 0; p < hw; ++p)
                    xNhwc[size_t(p * ic + ch)] = x[size_t(ch * hw + p)];
            const int threads = omp_get_max_threads();
            setIntraOpThreads(1); // the rule's thread condition holds for any layer on one thread
            auto conv = Int8Conv::create({ .shape = s,
                                             .inputLayout = ActivationLayout::Nhwc,
                                             .outputLayout = ActivationLayout::Nhwc,
                                             .constantSrcZeroPoint = dynamic ? std::nullopt : std::optional<int32_t>(0),
                                             .options = test::int8TestOptions() },
                { DataType::UInt8, w.data(), wzp });
            setIntraOpThreads(threads);
            ASSERT_TRUE(conv.isOk()) << conv.status().toString();
            std::vector<int32_t> got(want.size(), -1);
            ASSERT_TRUE((*conv)->runInt32(xNhwc.data(), zp, got.data()).isOk());
            const std::string impl = (*conv)->implementation();
            for (int64_t o = 0; o < oc; ++o)
                for (int64_t p = 0; p < ohw; ++p)
                    ASSERT_EQ(got[size_t(p * oc + o)], want[size_t(o * ohw + p)])
                        << s.toString() << " " << impl << " oc " << o << " pixel " << p;
            if (test::ownAvx2ConvForced() || ownImpl.empty())
                continue; // forced everywhere, or VNNI: the rule below is not the one that runs
            if (dynamic)
                EXPECT_EQ(impl, ownImpl) << s.toString() << ": " << (*conv)->pathReason();
            else if (isa == "avx512_core" && s.kernelHeight > 1)
                EXPECT_EQ(impl.rfind("qs:", 0), std::string::npos) << s.toString() << ": " << impl;
        }
}

} // namespace
