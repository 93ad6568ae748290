// SPDX-License-Identifier: MIT
// Int8Conv's epilogue on several threads (each takes a block of output rows; on AVX2 without VNNI the own kernel
// computes its bands there too): int32, float (rescale + bias, SiLU, the min/max range, a residual) and requantizing
// outputs, with and without a sink, at 1, 2 and 3 threads on layers above the parallel threshold. Against the
// obvious-loop ConvInteger and the epilogues' definitions computed here: exact where the definition is exact, SiLU
// within a few ulp of the double-precision value — and at 2 and 3 threads bit-identical to 1 thread, so the thread
// count a user picks never changes the results Quantscope reports. Runs natively, AVX2-limited (`avx2.`) and with the
// own kernel forced (`avx2own.`).
#include "int8_test_options.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_conv.h"
#include "square_conv.h"

#include <quantscope/engine/host_tensor.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <omp.h>
#include <random>
#include <string>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

using ThreadCase = test::DynamicConvCase;

// All above Int8Conv's parallel thresholds (32Ki output values per image, or 2^20 multiply-accumulates where the
// bands are computed in the epilogue: the two on maps of 7 x 7 and 9 x 11 pointwise / 3x3); odd row counts, so the
// threads' blocks of pixels begin and end inside rows, outlier weights (residual corrections) and a zero point far from
// the weights' (compensation).
const ThreadCase kCases[] = {
    { "Spatial13to24Pad1", test::squareConv(1, 13, 17, 100, 24, 1, 3, 1, 1), 117, 128 },
    { "Spatial16to27Stride2", test::squareConv(1, 16, 31, 201, 27, 1, 3, 2, 1), 200, 131 },
    { "Pointwise32to40InPlace", test::squareConv(1, 32, 23, 90, 40, 1, 1, 1, 0), 255, 128 },
    { "Pointwise16to19Stride2Batch2", test::squareConv(2, 16, 61, 150, 19, 1, 1, 2, 0), 64, 100 },
    { "Image3to16Kernel6Stride2", test::squareConv(1, 3, 90, 130, 16, 1, 6, 2, 2), 5, 128 },
    { "PlanarDfl16to1", test::squareConv(1, 16, 4, 8400, 1, 1, 1, 1, 0), 0, 0 },
    { "Pointwise576to96Map7", test::squareConv(1, 576, 7, 7, 96, 1, 1, 1, 0), 117, 128 },
    { "Spatial64to40Map9x11", test::squareConv(1, 64, 9, 11, 40, 1, 3, 1, 1), 200, 131 },
    // Depthwise (NHWC): each thread widens the input rows of its own block of output rows; stride 1 and 5x5 stride 2
    // widened, 3x3 stride 2 direct.
    { "Depthwise40Kernel3", test::squareConv(1, 40, 37, 60, 40, 40, 3, 1, 1), 200, 120 },
    { "Depthwise72Kernel5Stride2Batch2", test::squareConv(2, 72, 45, 47, 72, 72, 5, 2, 2), 3, 128 },
    { "Depthwise24Kernel3Stride2", test::squareConv(1, 24, 69, 80, 24, 24, 3, 2, 1), 128, 128 },
    // A small map whose rows do not divide among 2 or 3 threads: each takes an equal share of its pixels, blocks that
    // start and end inside a row.
    { "Depthwise768Kernel3Map7", test::squareConv(1, 768, 7, 7, 768, 768, 3, 1, 1), 200, 120 },
    // Below the output bound, above the banded work bound only by its cost per output (bandedConvWork: 28224 outputs,
    // 0.25 M multiply-accumulates): split as well.
    { "Depthwise576Kernel3Map7", test::squareConv(1, 576, 7, 7, 576, 576, 3, 1, 1), 117, 128 },
};

/// Runs `fn` with `threads` intra-op threads (as a session sets them), restoring the previous count.
template <typename Fn> void withThreads(int threads, Fn&& fn)
{
    const int previous = omp_get_max_threads();
    omp_set_num_threads(threads);
    fn();
    omp_set_num_threads(previous);
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

class ConvThreadsTest : public testing::TestWithParam<ThreadCase>
{
};

void checkThreads(const ThreadCase& c, ActivationLayout layout)
{
    const ConvShape& s = c.shape;
    std::mt19937 rng(11);
    std::uniform_int_distribution<int> byte(0, 255);
    std::normal_distribution<float> spread(0.0f, 30.0f);
    std::vector<uint8_t> x(size_t(s.inputCount())), w(size_t(s.weightCount()));
    for (auto& v : x)
        v = uint8_t(byte(rng));
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = uint8_t(
            std::clamp(i % 997 == 3 ? (c.wZeroPoint > 127 ? 0 : 255) : c.wZeroPoint + int(spread(rng)), 0, 255));
    const std::vector<int32_t> wzp { c.wZeroPoint };
    std::vector<int32_t> ref(size_t(s.outputCount()));
    convIntegerRef(s, x.data(), c.xZeroPoint, w.data(), wzp.data(), false, ref.data());

    const int64_t ic = s.inChannels, hw = s.inHeight * s.inWidth, oc = s.outChannels;
    const int64_t ohw = s.outHeight() * s.outWidth();
    const bool nhwc = layout == ActivationLayout::Nhwc;
    std::vector<uint8_t> xIn = x;
    if (nhwc)
        for (int64_t n = 0; n < s.batch; ++n)
            for (int64_t ch = 0; ch < ic; ++ch)
                for (int64_t p = 0; p < hw; ++p)
                    xIn[size_t((n * hw + p) * ic + ch)] = x[size_t((n * ic + ch) * hw + p)];
    // Reference index (NCHW) of output element e in the layout under test.
    std::vector<size_t> refIndex(ref.size());
    for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t o = 0; o < oc; ++o)
            for (int64_t p = 0; p < ohw; ++p)
                refIndex[size_t(nhwc ? (n * ohw + p) * oc + o : (n * oc + o) * ohw + p)]
                    = size_t((n * oc + o) * ohw + p);
    const auto channelOf = [&](size_t e) { return int64_t(refIndex[e] / size_t(ohw)) % oc; };

    auto conv = Int8Conv::create(
        { .shape = s, .inputLayout = layout, .outputLayout = layout, .options = test::int8TestOptions() },
        { DataType::UInt8, w.data(), wzp });
    ASSERT_TRUE(conv.isOk()) << conv.status().toString();
    const std::string impl = (*conv)->implementation();

    const float xScale = 0.0117f;
    std::vector<float> wScales(static_cast<size_t>(oc)), bias(static_cast<size_t>(oc));
    for (int64_t o = 0; o < oc; ++o) {
        wScales[size_t(o)] = 0.0005f + 0.0001f * float(o % 7);
        bias[size_t(o)] = 0.3f * float(o % 5) - 0.7f;
    }
    std::vector<float> residual(ref.size());
    std::uniform_real_distribution<float> real(-4.0f, 4.0f);
    for (auto& v : residual)
        v = real(rng);
    const Requantization rq = Requantization::make(DataType::UInt8, xScale, wScales.data(), oc, oc, 0.05f, 100);

    std::vector<float> silu1, residual1;
    for (const int threads : { 1, 2, 3 }) {
        SCOPED_TRACE(testing::Message() << s.toString() << " [" << impl << "] " << threads << " threads");
        // A fresh scratch of garbage per thread count, as the session's arena after other steps: whatever the threads
        // read from it (the residual planes' margins, the padded source's border) they must have written this run.
        std::vector<uint8_t> arena((*conv)->scratchBytes() + kTensorAlignment, 0xa5);
        auto* aligned = reinterpret_cast<uint8_t*>(
            (reinterpret_cast<uintptr_t>(arena.data()) + kTensorAlignment - 1) / kTensorAlignment * kTensorAlignment);
        (*conv)->useScratch(aligned);
        withThreads(threads, [&] {
            std::vector<int32_t> acc(ref.size(), -1);
            ASSERT_TRUE((*conv)->runInt32(xIn.data(), c.xZeroPoint, acc.data()).isOk());
            for (size_t e = 0; e < acc.size(); ++e)
                ASSERT_EQ(acc[e], ref[refIndex[e]]) << "int32 element " << e;

            // Rescale + bias: exactly the ONNX graph's Cast -> Mul(xScale * wScale) -> Add(bias) in float; the range
            // exactly the min and max written.
            std::vector<float> y(ref.size(), -1234.0f);
            float range[2] = { 0.0f, 0.0f };
            FloatRescale rescale { .xScale = xScale,
                .wScales = wScales.data(),
                .perChannelScales = true,
                .bias = bias.data(),
                .range = range };
            ASSERT_TRUE((*conv)->runFloat(xIn.data(), c.xZeroPoint, rescale, y.data()).isOk());
            for (size_t e = 0; e < y.size(); ++e) {
                const int64_t o = channelOf(e);
                ASSERT_EQ(y[e], float(ref[refIndex[e]]) * (xScale * wScales[size_t(o)]) + bias[size_t(o)])
                    << "float element " << e;
            }
            EXPECT_EQ(range[0], *std::min_element(y.begin(), y.end()));
            EXPECT_EQ(range[1], *std::max_element(y.begin(), y.end()));

            // SiLU within a few ulp of its definition, bit-identical at every thread count.
            rescale.activation = FloatActivation::Silu;
            ASSERT_TRUE((*conv)->runFloat(xIn.data(), c.xZeroPoint, rescale, y.data()).isOk());
            for (size_t e = 0; e < y.size(); ++e) {
                const int64_t o = channelOf(e);
                const double v = double(float(ref[refIndex[e]]) * (xScale * wScales[size_t(o)]) + bias[size_t(o)]);
                const double want = v / (1.0 + std::exp(-v));
                ASSERT_NEAR(y[e], want, 4e-7 * std::max(1.0, std::fabs(want))) << "SiLU element " << e;
            }
            EXPECT_EQ(range[0], *std::min_element(y.begin(), y.end()));
            EXPECT_EQ(range[1], *std::max_element(y.begin(), y.end()));
            if (threads == 1)
                silu1 = y;
            else
                EXPECT_TRUE(sameBits(y, silu1)) << "SiLU output differs from 1 thread";

            // A residual added in place (y is the residual's buffer): NHWC output only.
            if (nhwc) {
                std::vector<float> yr = residual;
                rescale.residual = yr.data();
                ASSERT_TRUE((*conv)->runFloat(xIn.data(), c.xZeroPoint, rescale, yr.data()).isOk());
                // The residual is added to the SiLU value in float (one rounding, as the authored Add); the SiLU
                // itself may take another vector path than without a residual, hence the tolerance.
                for (size_t e = 0; e < yr.size(); ++e) {
                    const double want = double(silu1[e]) + double(residual[e]);
                    ASSERT_NEAR(yr[e], want, 8e-7 * std::max(1.0, std::fabs(want))) << "residual element " << e;
                }
                if (threads == 1)
                    residual1 = yr;
                else
                    EXPECT_TRUE(sameBits(yr, residual1)) << "output with a residual differs from 1 thread";
                EXPECT_EQ(range[0], *std::min_element(yr.begin(), yr.end()));
                EXPECT_EQ(range[1], *std::max_element(yr.begin(), yr.end()));
            }

            // Requantized: saturate(round_half_even(float(acc) * m) + zp), through y and through a sink that
            // threads call concurrently on disjoint ranges (each element must arrive exactly once).
            std::vector<uint8_t> q(ref.size(), 0), sunk(ref.size(), 0), seen(ref.size(), 0);
            ASSERT_TRUE((*conv)->runRequantized(xIn.data(), c.xZeroPoint, rq, q.data()).isOk());
            std::vector<uint8_t> scratch(ref.size());
            ASSERT_TRUE((*conv)
                            ->runRequantized(xIn.data(), c.xZeroPoint, rq, scratch.data(),
                                [&](const uint8_t* values, int64_t offset, int64_t count) {
                                    std::memcpy(sunk.data() + offset, values, size_t(count));
                                    for (int64_t k = 0; k < count; ++k)
                                        ++seen[size_t(offset + k)];
                                })
                            .isOk());
            for (size_t e = 0; e < q.size(); ++e) {
                const float m = rq.multipliers[size_t(channelOf(e))];
                const int want = std::clamp(int(std::nearbyint(float(ref[refIndex[e]]) * m)) + 100, 0, 255);
                ASSERT_EQ(int(q[e]), want) << "requantized element " << e;
                ASSERT_EQ(int(sunk[e]), want) << "sunk element " << e;
                ASSERT_EQ(int(seen[e]), 1) << "sunk element " << e;
            }
        });
        if (testing::Test::HasFatalFailure())
            return;
    }
}

TEST_P(ConvThreadsTest, NhwcMatchesTheDefinitionAtAnyThreadCount)
{
    checkThreads(GetParam(), ActivationLayout::Nhwc);
}

TEST_P(ConvThreadsTest, NchwMatchesTheDefinitionAtAnyThreadCount)
{
    checkThreads(GetParam(), ActivationLayout::Nchw);
}

INSTANTIATE_TEST_SUITE_P(Shapes, ConvThreadsTest, testing::ValuesIn(kCases), test::dynamicConvCaseName);

} // namespace
