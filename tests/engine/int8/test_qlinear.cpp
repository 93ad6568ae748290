// SPDX-License-Identifier: MIT
// Static INT8 (QLinearConv / QLinearMatMul / QGemm): the requantizing runs of Int8Conv and Int8MatMul against the
// obvious-loop ConvInteger/MatMulInteger reference followed by ONNX's requantization written out plainly
// (std::nearbyint in the default round-half-to-even mode, then saturation). Runs natively and AVX2-limited (see
// CMakeLists.txt), on odd channel counts, padding, strides, groups and depthwise shapes, u8/s8 on every side.
#include "int8_test_util.h"
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/int8_matmul.h"
#include "kernels/int8/requantize.h"
#include "square_conv.h"

#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

using test::randomValues;
using test::squareConv;
using test::tensorType;

constexpr DataType U8 = DataType::UInt8;
constexpr DataType S8 = DataType::Int8;

struct QConvCase
{
    const char* name;
    ConvShape shape;
    DataType xType, wType, yType;
    bool perChannel; ///< per-channel weight scales and zero points
    bool relu; ///< fused Relu: clamp at the output zero point
};

std::string caseName(const testing::TestParamInfo<QConvCase>& info)
{
    return info.param.name;
}

ConvShape asymmetricPads()
{
    ConvShape s = squareConv(1, 6, 9, 10, 9, 3, 3, 1, 0);
    s.padTop = 2;
    s.padBottom = 0;
    s.padLeft = 1;
    s.padRight = 2;
    s.strideWidth = 2;
    return s;
}

const QConvCase kCases[] = {
    { "Stem3to16Pad3Stride2U8", squareConv(1, 3, 23, 21, 16, 1, 7, 2, 3), U8, S8, U8, true, true },
    { "Odd13to7Pad1", squareConv(1, 13, 11, 9, 7, 1, 3, 1, 1), U8, S8, U8, true, false },
    { "Odd13to7SignedOut", squareConv(1, 13, 11, 9, 7, 1, 3, 1, 1), U8, S8, S8, false, false },
    { "Pointwise33to24", squareConv(1, 33, 7, 5, 24, 1, 1, 1, 0), U8, U8, U8, false, true },
    { "Grouped12to9", squareConv(1, 12, 8, 8, 9, 3, 3, 1, 1), S8, S8, S8, true, false },
    { "Depthwise24Stride2", squareConv(1, 24, 13, 14, 24, 24, 3, 2, 1), U8, S8, U8, true, true },
    { "DepthwiseSignedActivations", squareConv(1, 13, 9, 9, 13, 13, 3, 1, 1), S8, U8, U8, false, false },
    { "AsymmetricPadsGrouped", asymmetricPads(), U8, U8, S8, true, false },
    { "Wide64to64", squareConv(1, 64, 14, 14, 64, 1, 3, 1, 1), U8, S8, U8, true, true },
};

/// ONNX: saturate(round_half_to_even((acc + bias) * (xScale * wScale / yScale)) + yZeroPoint), clamped to [lo, hi].
int32_t requantizeRef(
    int32_t acc, int32_t bias, float xScale, float wScale, float yScale, int32_t zp, int32_t lo, int32_t hi)
{
    const float v = float(acc + bias) * (xScale * wScale / yScale);
    return std::clamp(int32_t(std::nearbyint(v)) + zp, lo, hi);
}

class QLinearConvTest : public testing::TestWithParam<QConvCase>
{
};

template <typename X, typename W> void checkConv(const QConvCase& c)
{
    const ConvShape& s = c.shape;
    const int64_t oc = s.outChannels;
    std::mt19937 rng(7);
    const auto x = randomValues<X>(rng, size_t(s.inputCount()));
    const auto w = randomValues<W>(rng, size_t(s.weightCount()));
    const int32_t xzp = std::is_signed_v<X> ? -3 : 131;
    std::vector<int32_t> wzp = { std::is_signed_v<W> ? 0 : 128 };
    std::vector<float> wScales = { 0.0042f };
    std::uniform_real_distribution<float> scale(0.001f, 0.01f);
    if (c.perChannel) {
        wzp = randomValues<int32_t>(rng, size_t(oc));
        for (int32_t& z : wzp)
            z = std::is_signed_v<W> ? int8_t(z) : uint8_t(z);
        wScales.resize(size_t(oc));
        for (float& v : wScales)
            v = scale(rng);
    }
    std::vector<int32_t> bias(static_cast<size_t>(oc));
    std::uniform_int_distribution<int32_t> b(-20000, 20000);
    for (int32_t& v : bias)
        v = b(rng);
    const float xScale = 0.0213f;
    // Chosen so the outputs spread over the whole output range (and saturate at both ends now and then).
    const float yScale = 0.02f * float(s.inChannelsPerGroup() * s.kernelHeight * s.kernelWidth) / 16.0f;
    const int32_t yzp = c.yType == S8 ? 5 : 120;

    auto conv = Int8Conv::create(
        { .shape = s, .srcType = c.xType, .options = test::int8TestOptions() }, { c.wType, w.data(), wzp });
    ASSERT_TRUE(conv.isOk()) << conv.status().toString();
    Requantization rq = Requantization::make(c.yType, xScale, wScales.data(), int64_t(wScales.size()), oc, yScale, yzp);
    rq.bias = bias;
    if (c.relu)
        rq.clampTo(0.0f, INFINITY, yScale);
    std::vector<uint8_t> y(size_t(s.outputCount()));
    ASSERT_TRUE((*conv)->runRequantized(x.data(), xzp, rq, y.data()).isOk());

    std::vector<int32_t> acc(size_t(s.outputCount()));
    convIntegerRef(s, x.data(), xzp, w.data(), wzp.data(), c.perChannel, acc.data());
    const int32_t lo = c.yType == S8 ? -128 : 0, hi = c.yType == S8 ? 127 : 255;
    const int64_t plane = s.outHeight() * s.outWidth();
    int mismatches = 0, saturatedLo = 0, saturatedHi = 0;
    for (size_t i = 0; i < acc.size(); ++i) {
        const size_t o = size_t(int64_t(i) / plane % oc);
        const int32_t want = requantizeRef(
            acc[i], bias[o], xScale, wScales[c.perChannel ? o : 0], yScale, yzp, c.relu ? std::max(lo, yzp) : lo, hi);
        const int32_t got = c.yType == S8 ? int32_t(int8_t(y[i])) : int32_t(y[i]);
        saturatedLo += want == lo;
        saturatedHi += want == hi;
        if (want != got && mismatches++ < 10)
            ADD_FAILURE() << s.toString() << " output " << i << " (acc " << acc[i] << "): expected " << want << ", got "
                          << got << " [" << (*conv)->implementation() << "]";
    }
    // The data must exercise the range, not sit at one end.
    EXPECT_LT(saturatedLo + saturatedHi, int(acc.size()) / 2) << "degenerate test data";
}

TEST_P(QLinearConvTest, RequantizedMatchesReference)
{
    const QConvCase& c = GetParam();
    if (c.xType == U8 && c.wType == U8)
        checkConv<uint8_t, uint8_t>(c);
    else if (c.xType == U8)
        checkConv<uint8_t, int8_t>(c);
    else if (c.wType == U8)
        checkConv<int8_t, uint8_t>(c);
    else
        checkConv<int8_t, int8_t>(c);
}

INSTANTIATE_TEST_SUITE_P(Shapes, QLinearConvTest, testing::ValuesIn(kCases), caseName);

// Ties go to the even integer and the result saturates: values chosen to land exactly on .5 (acc * 0.5).
TEST(Requantize, RoundsHalfToEvenAndSaturates)
{
    const float one = 1.0f;
    Requantization rq = Requantization::make(U8, 0.5f, &one, 1, 1, 1.0f, 10);
    const std::vector<int32_t> acc = { 1, 3, 5, -1, -3, -21, -25, 600, 489, 491 };
    // 0.5->0, 1.5->2, 2.5->2, -0.5->-0, -1.5->-2, -10.5->-10, -12.5->-12 (+10, saturated at 0), 300, 244.5->244,
    // 245.5->246
    const std::vector<int32_t> want = { 10, 12, 12, 10, 8, 0, 0, 255, 254, 255 };
    std::vector<uint8_t> y(acc.size());
    requantizeTile(acc.data(), int64_t(acc.size()), 1, rq, y.data(), 1, 1);
    for (size_t i = 0; i < acc.size(); ++i)
        EXPECT_EQ(int(y[i]), want[i]) << "acc " << acc[i];
}

TEST(Requantize, ClampFollowsQuantizeLinear)
{
    const float one = 1.0f;
    Requantization rq = Requantization::make(S8, 1.0f, &one, 1, 1, 0.5f, -3);
    rq.clampTo(0.0f, 6.0f, 0.5f); // Relu6: Q(0) = -3, Q(6) = 12 - 3 = 9
    EXPECT_EQ(rq.lo, -3);
    EXPECT_EQ(rq.hi, 9);
}

struct QMatMulCase
{
    const char* name;
    int64_t m, k, n, batch;
    DataType aType, bType, yType;
    bool perColumn;
};

const QMatMulCase kMatMulCases[] = {
    { "Fc1x512x1000", 1, 512, 1000, 1, U8, S8, U8, true },
    { "Odd7x13x5", 7, 13, 5, 1, U8, U8, U8, false },
    { "SignedA3x33x17", 3, 33, 17, 1, S8, S8, S8, true },
    { "Batched2x3x9x4", 3, 9, 4, 2, U8, S8, U8, false },
};

template <typename A, typename B> void checkMatMul(const QMatMulCase& c)
{
    std::mt19937 rng(11);
    const auto a = randomValues<A>(rng, size_t(c.batch * c.m * c.k));
    const auto b = randomValues<B>(rng, size_t(c.batch * c.k * c.n));
    const int32_t azp = std::is_signed_v<A> ? 4 : 129;
    std::vector<int32_t> bzp = { std::is_signed_v<B> ? -2 : 126 };
    std::vector<float> bScales = { 0.003f };
    if (c.perColumn) {
        bzp = randomValues<int32_t>(rng, size_t(c.n));
        for (int32_t& z : bzp)
            z = std::is_signed_v<B> ? int8_t(z) / 4 : 128 + int8_t(z) / 4;
        bScales.resize(size_t(c.n));
        std::uniform_real_distribution<float> d(0.001f, 0.005f);
        for (float& v : bScales)
            v = d(rng);
    }
    const float aScale = 0.05f, yScale = 0.004f * float(c.k);
    const int32_t yzp = c.yType == S8 ? -7 : 100;
    auto mm = Int8MatMul::create(c.k, c.n, c.batch, c.aType, { c.bType, b.data(), bzp });
    ASSERT_TRUE(mm.isOk()) << mm.status().toString();
    const Requantization rq
        = Requantization::make(c.yType, aScale, bScales.data(), int64_t(bScales.size()), c.n, yScale, yzp);
    std::vector<uint8_t> y(size_t(c.batch * c.m * c.n));
    ASSERT_TRUE((*mm)->runRequantized(a.data(), c.m, azp, rq, y.data()).isOk());
    const int32_t lo = c.yType == S8 ? -128 : 0, hi = c.yType == S8 ? 127 : 255;
    std::vector<int32_t> acc(size_t(c.m * c.n));
    int mismatches = 0;
    for (int64_t bi = 0; bi < c.batch; ++bi) {
        matMulIntegerRef(c.m, c.k, c.n, a.data() + bi * c.m * c.k, azp, b.data() + bi * c.k * c.n, bzp.data(),
            c.perColumn, acc.data());
        for (int64_t i = 0; i < c.m * c.n; ++i) {
            const int64_t j = i % c.n;
            const int32_t want
                = requantizeRef(acc[size_t(i)], 0, aScale, bScales[c.perColumn ? size_t(j) : 0], yScale, yzp, lo, hi);
            const uint8_t raw = y[size_t(bi * c.m * c.n + i)];
            const int32_t got = c.yType == S8 ? int32_t(int8_t(raw)) : int32_t(raw);
            if (want != got && mismatches++ < 10)
                ADD_FAILURE() << c.name << " batch " << bi << " element " << i << ": expected " << want << ", got "
                              << got;
        }
    }
}

class QLinearMatMulTest : public testing::TestWithParam<QMatMulCase>
{
};

TEST_P(QLinearMatMulTest, RequantizedMatchesReference)
{
    const QMatMulCase& c = GetParam();
    if (c.aType == U8 && c.bType == U8)
        checkMatMul<uint8_t, uint8_t>(c);
    else if (c.aType == U8)
        checkMatMul<uint8_t, int8_t>(c);
    else if (c.bType == U8)
        checkMatMul<int8_t, uint8_t>(c);
    else
        checkMatMul<int8_t, int8_t>(c);
}

INSTANTIATE_TEST_SUITE_P(Shapes, QLinearMatMulTest, testing::ValuesIn(kMatMulCases),
    [](const testing::TestParamInfo<QMatMulCase>& info) { return std::string(info.param.name); });

// com.microsoft QGemm through a Session (one node, transB=1, per-column int8 B, int32 C): quantized output with
// y_scale, float output (acc + C) * a_scale * b_scale without it.
TEST(QGemm, TransposedPerColumnWithBiasMatchesReference)
{
    const int64_t m = 3, k = 19, n = 6;
    std::mt19937 rng(13);
    const auto a = randomValues<uint8_t>(rng, size_t(m * k));
    const auto bT = randomValues<int8_t>(rng, size_t(n * k)); // [N, K]
    std::vector<int8_t> b(size_t(k * n));
    for (int64_t j = 0; j < n; ++j)
        for (int64_t p = 0; p < k; ++p)
            b[size_t(p * n + j)] = bT[size_t(j * k + p)];
    const std::vector<float> bScales = { 0.002f, 0.004f, 0.0031f, 0.0017f, 0.005f, 0.0023f };
    const std::vector<int32_t> c = { 100, -2000, 0, 3000, -17, 555 };
    const float aScale = 0.03f, yScale = 0.02f;
    const uint8_t azp = 120, yzp = 128;
    for (bool quantizedOut : { true, false }) {
        auto model = std::make_shared<Model>();
        model->irVersion = 8;
        model->opsetImports = { { "", 13 }, { "com.microsoft", 1 } };
        Graph& g = model->mutableGraph();
        test::addGraphInput(g, "a", tensorType(U8, { m, k }));
        std::vector<std::pair<std::string, Tensor>> constants = {
            { "as", Tensor::fromVector(DataType::Float, {}, std::vector<float> { aScale }) },
            { "azp", Tensor::fromVector(U8, {}, std::vector<uint8_t> { azp }) },
            { "b", Tensor::fromVector(S8, { n, k }, bT) },
            { "bs", Tensor::fromVector(DataType::Float, { n }, bScales) },
            { "bzp", Tensor::fromVector(S8, { n }, std::vector<int8_t>(size_t(n), 0)) },
            { "c", Tensor::fromVector(DataType::Int32, { n }, c) },
        };
        if (quantizedOut) {
            constants.push_back({ "ys", Tensor::fromVector(DataType::Float, {}, std::vector<float> { yScale }) });
            constants.push_back({ "yzp", Tensor::fromVector(U8, {}, std::vector<uint8_t> { yzp }) });
        }
        for (auto& [name, t] : constants)
            test::addInitializer(g, name, t);
        Node node;
        node.name = "qgemm";
        node.opType = "QGemm";
        node.domain = "com.microsoft";
        node.opsetVersion = 1;
        Attribute tb;
        tb.name = "transB";
        tb.type = AttributeType::Int;
        tb.i = 1;
        node.attributes = { tb };
        for (const char* i : { "a", "as", "azp", "b", "bs", "bzp", "c" })
            node.inputs.push_back(g.getOrAddValue(i));
        if (quantizedOut) {
            node.inputs.push_back(g.getOrAddValue("ys"));
            node.inputs.push_back(g.getOrAddValue("yzp"));
        }
        const ValueId y = g.getOrAddValue("y");
        g.mutableValue(y).type = tensorType(quantizedOut ? U8 : DataType::Float, { m, n });
        g.mutableValue(y).isGraphOutput = true;
        node.outputs = { y };
        g.addNode(std::move(node));
        g.addOutput(y);
        ASSERT_TRUE(g.finalize().isOk());

        auto session = Session::create(model, { .int8 = test::int8TestOptions() });
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        std::vector<HostTensor> in;
        in.push_back(HostTensor::fromVector(U8, { m, k }, a));
        auto out = (*session)->run(in);
        ASSERT_TRUE(out.isOk()) << out.status().toString();
        std::vector<int32_t> acc(size_t(m * n));
        const std::vector<int32_t> zeros(size_t(n), 0);
        matMulIntegerRef(m, k, n, a.data(), azp, b.data(), zeros.data(), true, acc.data());
        for (int64_t i = 0; i < m * n; ++i) {
            const size_t j = size_t(i % n);
            if (quantizedOut) {
                const int32_t want = requantizeRef(acc[size_t(i)], c[j], aScale, bScales[j], yScale, yzp, 0, 255);
                EXPECT_EQ(int((*out)[0].data<uint8_t>()[size_t(i)]), want) << "element " << i;
            } else {
                const float want = float(acc[size_t(i)] + c[j]) * (aScale * bScales[j]);
                EXPECT_FLOAT_EQ((*out)[0].data<float>()[size_t(i)], want) << "element " << i;
            }
        }
    }
}

} // namespace
