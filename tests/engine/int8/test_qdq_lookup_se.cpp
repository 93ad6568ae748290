// SPDX-License-Identifier: MIT
// The static-INT8 fusions for what quantizers leave between DequantizeLinear and QuantizeLinear (Optimized mode):
// qdq-lookup-table (a chain of elementwise float ops on one 8-bit input as a 256-entry byte table, byte_lookup.h),
// and qdq-int8's integer global average pool and int8 multiply (the squeeze-excite block). Truths:
//  - the byte gather: table[x] by the obvious loop, for every vector path this CPU runs;
//  - HardSwish, Relu/Clip/LeakyRelu chains and the multiply: ONNX's float definitions written out here one IEEE
//    operation at a time (dequantize, the op, quantize with round half to even), which is what ONNX Runtime computes
//    node by node - so the fused steps must agree bit for bit;
//  - Sigmoid/Tanh/Erf chains: their float kernels are approximations (ONNX Runtime's and the engine's agree, see the
//    conformance tests), so the fused table must equal the engine's unfused (as-written) run bit for bit, and lie
//    within one step of the definition with std::exp / std::tanh / std::erf;
//  - the global average pool: ONNX Runtime's QLinearGlobalAveragePool arithmetic (int32 sum, one rounding). Against
//    the unfused float graph it may flip one step where the float sum lands on a rounding tie: the isolated layer
//    test below shows every difference is such a tie.
// A MobileNetV3-style block (QDQ conv, HardSwish, squeeze-excite, QDQ conv) checks the plan: one lookup step per
// HardSigmoid chain, the integer pool and multiply, no float step left, NHWC throughout.
#include "int8_test_util.h"
#include "kernels/int8/byte_lookup.h"
#include "qdq_conv_test_util.h"

#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

using namespace qs;

namespace {

using test::addGraphInput;
using test::addInitializer;
using test::addNode;
using test::tensorType;
namespace i8 = kernels::int8;

Attribute floatAttr(const char* name, float v)
{
    Attribute a;
    a.name = name;
    a.type = AttributeType::Float;
    a.f = v;
    return a;
}

uint8_t quantizeU8(float v, float scale, int32_t zp)
{
    return uint8_t(std::clamp(int32_t(std::nearbyint(v / scale)) + zp, 0, 255));
}

float hardSigmoid(float x)
{
    return std::max(0.0f, std::min(1.0f, 0.16666667f * x + 0.5f));
}

TEST(ByteLookup, EveryVectorPathGathersTheTable)
{
    std::mt19937 rng(11);
    i8::ByteTable table;
    for (auto& t : table)
        t = uint8_t(rng());
    for (int64_t n : { 0, 1, 31, 32, 33, 63, 64, 65, 255, 256, 1000, 100003 }) {
        const std::vector<uint8_t> x = test::randomValues<uint8_t>(rng, size_t(n));
        std::vector<uint8_t> want(x.size());
        for (size_t i = 0; i < x.size(); ++i)
            want[i] = table[x[i]];
        for (auto isa : { i8::ByteLookupIsa::Scalar, i8::ByteLookupIsa::Avx2, i8::ByteLookupIsa::Avx512Vbmi }) {
            if (!i8::byteLookupIsaAvailable(isa))
                continue;
            std::vector<uint8_t> got(x.size() + 1, 0xa5); // one guard byte past the end
            i8::lookupBytes(x.data(), table, got.data(), n, isa);
            EXPECT_EQ(got.back(), 0xa5) << i8::byteLookupIsaName(isa) << " wrote past " << n;
            got.pop_back();
            EXPECT_EQ(got, want) << i8::byteLookupIsaName(isa) << " n=" << n;
        }
    }
    // This machine class has AVX2 at least: the engine must not gather bytes with the scalar loop.
    if (i8::byteLookupIsaAvailable(i8::ByteLookupIsa::Avx2))
        EXPECT_NE(i8::bestByteLookupIsa(), i8::ByteLookupIsa::Scalar);
}

/// One uint8 input "x" [1, 4, 8, 8] holding every byte value, DequantizeLinear (xs, xzp), `chain` from "xf" to "yf",
/// QuantizeLinear (ys, yzp) to the graph output "y".
struct ChainCase
{
    const char* name;
    std::function<void(Graph&)> chain;
    std::function<float(float)> definition; ///< the chain on one dequantized value
    bool exact; ///< the definition is ONNX Runtime's arithmetic exactly (no transcendental approximation)
};

constexpr float kXs = 0.047f, kYs = 0.031f;
constexpr int32_t kXzp = 131, kYzp = 77;

std::shared_ptr<Model> chainModel(const ChainCase& c)
{
    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    addGraphInput(g, "x", tensorType(DataType::UInt8, { 1, 4, 8, 8 }));
    addInitializer(g, "xs", Tensor::fromVector(DataType::Float, {}, std::vector<float> { kXs }));
    addInitializer(g, "xzp", Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { kXzp }));
    addInitializer(g, "ys", Tensor::fromVector(DataType::Float, {}, std::vector<float> { kYs }));
    addInitializer(g, "yzp", Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { kYzp }));
    addNode(g, "cast", "Cast", { "x" }, "xc", { test::intAttr("to", int64_t(DataType::UInt8)) });
    addNode(g, "dq", "DequantizeLinear", { "xc", "xs", "xzp" }, "xf");
    c.chain(g);
    addNode(g, "q", "QuantizeLinear", { "yf", "ys", "yzp" }, "y");
    const ValueId y = g.getOrAddValue("y");
    g.mutableValue(y).type = tensorType(DataType::UInt8, { 1, 4, 8, 8 });
    g.addOutput(y);
    EXPECT_TRUE(g.finalize().isOk());
    return model;
}

/// A step's op types and implementation, copied out of the session (StepInfo views live as long as it).
struct StepText
{
    std::string opType, implementation;
};

std::vector<uint8_t> runU8(const std::shared_ptr<Model>& model, ExecutionMode mode, const std::vector<HostTensor>& in,
    std::vector<StepText>* steps = nullptr)
{
    auto session = test::createSession(model, mode);
    EXPECT_TRUE(session.isOk()) << session.status().toString();
    if (!session.isOk())
        return {};
    if (steps)
        for (const StepInfo& info : (*session)->steps())
            steps->push_back({ std::string(info.opType), std::string(info.implementation) });
    auto out = (*session)->run(in);
    EXPECT_TRUE(out.isOk()) << out.status().toString();
    if (!out.isOk())
        return {};
    const auto d = (*out)[0].data<uint8_t>();
    return std::vector<uint8_t>(d.begin(), d.end());
}

TEST(QdqLookupTable, ElementwiseChainsBecomeOneTableStep)
{
    const auto scalar = [](Graph& g, const char* name, float v) {
        addInitializer(g, name, Tensor::fromVector(DataType::Float, {}, std::vector<float> { v }));
    };
    const std::vector<ChainCase> cases {
        { "HardSwish as HardSigmoid*Mul",
            [](Graph& g) {
                addNode(g, "hs", "HardSigmoid", { "xf" }, "h", { floatAttr("alpha", 0.16666667f) });
                addNode(g, "mul", "Mul", { "xf", "h" }, "yf");
            },
            [](float x) { return x * hardSigmoid(x); }, true },
        { "Relu then Clip",
            [&](Graph& g) {
                scalar(g, "lo", 0.5f);
                scalar(g, "hi", 3.0f);
                addNode(g, "relu", "Relu", { "xf" }, "r");
                addNode(g, "clip", "Clip", { "r", "lo", "hi" }, "yf");
            },
            [](float x) { return std::min(3.0f, std::max(0.5f, std::max(0.0f, x))); }, true },
        { "LeakyRelu", [](Graph& g) { addNode(g, "lrelu", "LeakyRelu", { "xf" }, "yf", { floatAttr("alpha", 0.1f) }); },
            [](float x) { return x >= 0.0f ? x : 0.1f * x; }, true },
        { "SiLU as Sigmoid*Mul",
            [](Graph& g) {
                addNode(g, "sig", "Sigmoid", { "xf" }, "s");
                addNode(g, "mul", "Mul", { "xf", "s" }, "yf");
            },
            [](float x) { return x * (1.0f / (1.0f + std::exp(-x))); }, false },
        { "Tanh", [](Graph& g) { addNode(g, "tanh", "Tanh", { "xf" }, "yf"); }, [](float x) { return std::tanh(x); },
            false },
        { "GELU as Div, Erf, Add, Mul, Mul",
            [&](Graph& g) {
                scalar(g, "sqrt2", 1.4142135f);
                scalar(g, "one", 1.0f);
                scalar(g, "half", 0.5f);
                addNode(g, "div", "Div", { "xf", "sqrt2" }, "d");
                addNode(g, "erf", "Erf", { "d" }, "e");
                addNode(g, "add", "Add", { "e", "one" }, "a");
                addNode(g, "mul", "Mul", { "xf", "a" }, "m");
                addNode(g, "mul2", "Mul", { "m", "half" }, "yf");
            },
            [](float x) { return x * (std::erf(x / 1.4142135f) + 1.0f) * 0.5f; }, false },
    };
    std::vector<uint8_t> x(256);
    for (int i = 0; i < 256; ++i)
        x[size_t(i)] = uint8_t(i);
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, 4, 8, 8 }, x));
    for (const ChainCase& c : cases) {
        SCOPED_TRACE(c.name);
        const auto model = chainModel(c);
        std::vector<StepText> steps;
        const std::vector<uint8_t> fused = runU8(model, ExecutionMode::Optimized, in, &steps);
        const std::vector<uint8_t> unfused = runU8(model, ExecutionMode::AsWritten, in);
        ASSERT_EQ(steps.size(), 1u) << "the whole chain, Cast and both quantizers in one step";
        EXPECT_EQ(steps[0].implementation, std::string("cpu:lut-") + i8::byteLookupIsaName(i8::bestByteLookupIsa()));
        ASSERT_EQ(fused.size(), 256u);
        EXPECT_EQ(fused, unfused) << "the table must be the unfused steps' output bit for bit";
        for (int i = 0; i < 256; ++i) {
            const int want = quantizeU8(c.definition(float(i - kXzp) * kXs), kYs, kYzp);
            if (c.exact)
                EXPECT_EQ(int(fused[size_t(i)]), want) << "byte " << i;
            else
                EXPECT_LE(std::abs(int(fused[size_t(i)]) - want), 1) << "byte " << i;
        }
    }
}

TEST(QdqLookupTable, NotAChainWhenAValueLeavesIt)
{
    // The HardSigmoid output is also a graph output: the float chain must stay as written.
    ChainCase c { "escaping",
        [](Graph& g) {
            addNode(g, "hs", "HardSigmoid", { "xf" }, "h");
            addNode(g, "mul", "Mul", { "xf", "h" }, "yf");
            const ValueId h = g.getOrAddValue("h");
            g.mutableValue(h).type = tensorType(DataType::Float, { 1, 4, 8, 8 });
            g.addOutput(h);
        },
        nullptr, true };
    const auto model = chainModel(c);
    auto session = test::createSession(model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    for (const StepInfo& s : (*session)->steps())
        EXPECT_EQ(s.implementation.find("lut"), std::string::npos) << s.opType;
}

/// DequantizeLinear -> GlobalAveragePool -> QuantizeLinear alone, with x_scale = y_scale and 2x2 planes: the mean of
/// integers is then often exactly k + 0.5 steps, a tie the unfused float sum may land on either side of.
TEST(QdqGlobalAveragePool, IntegerSumAndWhereTheFloatGraphFlipsATie)
{
    constexpr int64_t kChannels = 512;
    constexpr float kS = 0.0371f;
    constexpr int32_t kZp = 3;
    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    addGraphInput(g, "x", tensorType(DataType::UInt8, { 1, kChannels, 2, 2 }));
    addInitializer(g, "s", Tensor::fromVector(DataType::Float, {}, std::vector<float> { kS }));
    addInitializer(g, "zp", Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { kZp }));
    addNode(g, "dq", "DequantizeLinear", { "x", "s", "zp" }, "xf");
    addNode(g, "gap", "GlobalAveragePool", { "xf" }, "pf");
    addNode(g, "q", "QuantizeLinear", { "pf", "s", "zp" }, "y");
    const ValueId y = g.getOrAddValue("y");
    g.mutableValue(y).type = tensorType(DataType::UInt8, { 1, kChannels, 1, 1 });
    g.addOutput(y);
    ASSERT_TRUE(g.finalize().isOk());
    std::mt19937 rng(7);
    const std::vector<uint8_t> x = test::randomValues<uint8_t>(rng, size_t(kChannels * 4));
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, kChannels, 2, 2 }, x));
    std::vector<StepText> steps;
    const auto fused = runU8(model, ExecutionMode::Optimized, in, &steps);
    const auto unfused = runU8(model, ExecutionMode::AsWritten, in);
    ASSERT_EQ(steps.size(), 1u);
    ASSERT_EQ(fused.size(), size_t(kChannels));
    int flips = 0, ties = 0;
    for (int64_t c = 0; c < kChannels; ++c) {
        int32_t acc = -kZp * 4;
        for (int k = 0; k < 4; ++k)
            acc += x[size_t(c * 4 + k)];
        // QLinearGlobalAveragePool: round(acc * (x_scale / (y_scale * 4))) + y_zp, saturated.
        const float v = float(acc) * (kS / (kS * 4.0f));
        EXPECT_EQ(int(fused[size_t(c)]), std::clamp(int(std::nearbyint(v)) + kZp, 0, 255)) << "channel " << c;
        ties += std::fabs(v - std::floor(v) - 0.5f) == 0.0f;
        if (fused[size_t(c)] != unfused[size_t(c)]) {
            ++flips;
            // The only disagreement allowed: one step, at an exact tie of the integer mean.
            EXPECT_EQ(std::abs(int(fused[size_t(c)]) - int(unfused[size_t(c)])), 1) << "channel " << c;
            EXPECT_EQ(v - std::floor(v), 0.5f) << "channel " << c << ": not a tie";
        }
    }
    std::printf("integer global average pool vs the float graph: %d of %lld channels flip, all at ties (%d ties)\n",
        flips, static_cast<long long>(kChannels), ties);
    EXPECT_GT(ties, 0) << "the data must exercise ties";
}

TEST(QdqMul, SameShapeOperandsMatchTheFloatDefinition)
{
    constexpr int64_t kN = 3 * 7 * 5;
    constexpr float kAs = 0.021f, kBs = 0.013f, kMs = 0.0057f;
    constexpr int32_t kAzp = 120, kBzp = 9, kMzp = 128;
    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    addGraphInput(g, "a", tensorType(DataType::UInt8, { 1, 3, 7, 5 }));
    addGraphInput(g, "b", tensorType(DataType::UInt8, { 1, 3, 7, 5 }));
    const auto param = [&](const char* s, const char* z, float sv, int32_t zv) {
        addInitializer(g, s, Tensor::fromVector(DataType::Float, {}, std::vector<float> { sv }));
        addInitializer(g, z, Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { uint8_t(zv) }));
    };
    param("as", "azp", kAs, kAzp);
    param("bs", "bzp", kBs, kBzp);
    param("ms", "mzp", kMs, kMzp);
    addNode(g, "dqa", "DequantizeLinear", { "a", "as", "azp" }, "af");
    addNode(g, "dqb", "DequantizeLinear", { "b", "bs", "bzp" }, "bf");
    addNode(g, "mul", "Mul", { "af", "bf" }, "mf");
    addNode(g, "q", "QuantizeLinear", { "mf", "ms", "mzp" }, "y");
    const ValueId y = g.getOrAddValue("y");
    g.mutableValue(y).type = tensorType(DataType::UInt8, { 1, 3, 7, 5 });
    g.addOutput(y);
    ASSERT_TRUE(g.finalize().isOk());
    std::mt19937 rng(5);
    const auto a = test::randomValues<uint8_t>(rng, kN), b = test::randomValues<uint8_t>(rng, kN);
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, 3, 7, 5 }, a));
    in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, 3, 7, 5 }, b));
    std::vector<StepText> steps;
    const auto got = runU8(model, ExecutionMode::Optimized, in, &steps);
    ASSERT_EQ(steps.size(), 1u);
    for (size_t i = 0; i < size_t(kN); ++i) {
        const float v = (float(int32_t(a[i]) - kAzp) * kAs) * (float(int32_t(b[i]) - kBzp) * kBs);
        EXPECT_EQ(int(got[i]), int(quantizeU8(v, kMs, kMzp))) << i;
    }
}

/// MobileNetV3's block as PyTorch exports it: QDQ conv, HardSwish (HardSigmoid·Mul), squeeze-excite (GAP, conv +
/// Relu, conv, HardSigmoid, Mul by the per-channel scale), QDQ conv, with same-type Casts after the quantizers;
/// `kC1` channels on a kH x kW map, run with `threads` threads.
void expectSqueezeExciteBlock(int64_t kH, int64_t kW, int64_t kC1, int threads)
{
    constexpr int64_t kC = 5, kSe = 8, kC3 = 16;
    const int64_t kHW = kH * kW;
    std::mt19937 rng(21);
    const std::vector<uint8_t> x = test::randomValues<uint8_t>(rng, size_t(kC * kHW));
    const auto c1 = test::randomQdqConv(rng, kC1, kC), se1 = test::randomQdqConv(rng, kSe, kC1),
               se2 = test::randomQdqConv(rng, kC1, kSe), c3 = test::randomQdqConv(rng, kC3, kC1);
    // scales: x, conv1 out, hardswish out, pool out, se1 out, se2 out, hardsigmoid out, mul out, conv3 out
    const float xs = 0.031f, s1 = 0.05f, sh = 0.043f, sp = 0.021f, s4 = 0.017f, s5 = 0.023f, se = 0.0039f, sm = 0.037f,
                s3 = 0.06f;
    const int32_t xzp = 121, zp1 = 118, zph = 9, zpp = 12, zp4 = 0, zp5 = 130, zpe = 0, zpm = 10, zp3 = 127;

    auto model = std::make_shared<Model>();
    model->irVersion = 8;
    model->opsetImports.push_back({ "", 13 });
    Graph& g = model->mutableGraph();
    const auto param = [&](const std::string& name, float s, int32_t zp) {
        addInitializer(g, name + "s", Tensor::fromVector(DataType::Float, {}, std::vector<float> { s }));
        addInitializer(g, name + "z", Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { uint8_t(zp) }));
    };
    param("x", xs, xzp);
    param("c1", s1, zp1);
    param("h", sh, zph);
    param("p", sp, zpp);
    param("e1", s4, zp4);
    param("e2", s5, zp5);
    param("e", se, zpe);
    param("m", sm, zpm);
    param("c3", s3, zp3);
    const auto castDq = [&](const std::string& q, const std::string& p, const std::string& out) {
        addNode(
            g, (out + "_cast").c_str(), "Cast", { q }, out + "_c", { test::intAttr("to", int64_t(DataType::UInt8)) });
        addNode(g, (out + "_dq").c_str(), "DequantizeLinear", { out + "_c", p + "s", p + "z" }, out);
    };
    addGraphInput(g, "xq", tensorType(DataType::UInt8, { 1, kC, kH, kW }));
    test::addQdqConv(g, "conv1", "xq", "xs", "xz", c1, kC1, kC, xs, "c1s", "c1z", false, "y1");
    castDq("y1", "c1", "y1f");
    addNode(g, "hswish_hs", "HardSigmoid", { "y1f" }, "hsg", { floatAttr("alpha", 0.16666667f) });
    addNode(g, "hswish_mul", "Mul", { "y1f", "hsg" }, "hf");
    addNode(g, "hswish_q", "QuantizeLinear", { "hf", "hs", "hz" }, "h");
    castDq("h", "h", "hp");
    addNode(g, "gap", "GlobalAveragePool", { "hp" }, "pf");
    addNode(g, "gap_q", "QuantizeLinear", { "pf", "ps", "pz" }, "p");
    test::addQdqConv(g, "se1", "p", "ps", "pz", se1, kSe, kC1, sp, "e1s", "e1z", true, "e1");
    test::addQdqConv(g, "se2", "e1", "e1s", "e1z", se2, kC1, kSe, s4, "e2s", "e2z", false, "e2");
    castDq("e2", "e2", "e2f");
    addNode(g, "se_hs", "HardSigmoid", { "e2f" }, "eg", { floatAttr("alpha", 0.16666667f) });
    addNode(g, "se_hs_q", "QuantizeLinear", { "eg", "es", "ez" }, "e");
    castDq("h", "h", "hm");
    castDq("e", "e", "em");
    addNode(g, "se_mul", "Mul", { "hm", "em" }, "mf");
    addNode(g, "se_mul_q", "QuantizeLinear", { "mf", "ms", "mz" }, "m");
    test::addQdqConv(g, "conv3", "m", "ms", "mz", c3, kC3, kC1, sm, "c3s", "c3z", false, "y3");
    addNode(g, "out_dq", "DequantizeLinear", { "y3", "c3s", "c3z" }, "out");
    const ValueId out = g.getOrAddValue("out");
    g.mutableValue(out).type = tensorType(DataType::Float, { 1, kC3, kH, kW });
    g.addOutput(out);
    ASSERT_TRUE(g.finalize().isOk());

    // The definition, NCHW: QLinearConv requantization, the float HardSwish/HardSigmoid/Mul and QuantizeLinear, the
    // pool as QLinearGlobalAveragePool.
    const auto y1 = test::qdqConvRef(x, kC, kH, kW, xzp, xs, c1, kC1, s1, zp1, false);
    std::vector<uint8_t> h(y1.size());
    for (size_t i = 0; i < y1.size(); ++i) {
        const float f = float(int32_t(y1[i]) - zp1) * s1;
        h[i] = quantizeU8(f * hardSigmoid(f), sh, zph);
    }
    std::vector<uint8_t> p(static_cast<size_t>(kC1));
    for (int64_t c = 0; c < kC1; ++c) {
        int32_t acc = -zph * int32_t(kHW);
        for (int64_t i = 0; i < kHW; ++i)
            acc += h[size_t(c * kHW + i)];
        p[size_t(c)] = uint8_t(std::clamp(int(std::nearbyint(float(acc) * (sh / (sp * float(kHW))))) + zpp, 0, 255));
    }
    const auto e1 = test::qdqConvRef(p, kC1, 1, 1, zpp, sp, se1, kSe, s4, zp4, true);
    const auto e2 = test::qdqConvRef(e1, kSe, 1, 1, zp4, s4, se2, kC1, s5, zp5, false);
    std::vector<uint8_t> m(h.size());
    for (int64_t c = 0; c < kC1; ++c) {
        const uint8_t e = quantizeU8(hardSigmoid(float(int32_t(e2[size_t(c)]) - zp5) * s5), se, zpe);
        const float ef = float(int32_t(e) - zpe) * se;
        for (int64_t i = 0; i < kHW; ++i) {
            const size_t k = size_t(c * kHW + i);
            m[k] = quantizeU8((float(int32_t(h[k]) - zph) * sh) * ef, sm, zpm);
        }
    }
    const auto y3 = test::qdqConvRef(m, kC1, kH, kW, zpm, sm, c3, kC3, s3, zp3, false);

    auto session = test::createSession(model, ExecutionMode::Optimized, threads);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    int lookups = 0, pools = 0, muls = 0, reorders = 0, dequantizers = 0;
    for (const StepInfo& s : (*session)->steps()) {
        const std::string_view impl = s.implementation;
        lookups += impl.rfind("cpu:lut-", 0) == 0;
        pools += s.opType.rfind("GlobalAveragePool+", 0) == 0 && impl == "cpu nhwc";
        muls += s.opType.rfind("Mul+", 0) == 0 && impl == "cpu per-channel nhwc";
        reorders
            += impl.find("nchw>nhwc") != std::string_view::npos || impl.find("nhwc>nchw") != std::string_view::npos;
        dequantizers += s.opType == "DequantizeLinear";
        for (const char* unfused : { "HardSigmoid", "Mul", "GlobalAveragePool", "Cast", "QuantizeLinear" })
            EXPECT_NE(s.opType, unfused) << "a float step is left";
    }
    EXPECT_EQ(dequantizers, 1) << "only the graph output's";
    EXPECT_EQ(lookups, 2) << "HardSwish and the squeeze-excite HardSigmoid";
    EXPECT_EQ(pools, 1);
    EXPECT_EQ(muls, 1);
    // Only where the block meets plain tensors: conv1 reads the NCHW input, the first squeeze-excite conv the pool's
    // plain [1, C, 1, 1] output (the same bytes as NHWC), conv3's output is dequantized for the graph output.
    EXPECT_EQ(reorders, 3);
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector(DataType::UInt8, { 1, kC, kH, kW }, x));
    auto result = (*session)->run(in);
    ASSERT_TRUE(result.isOk()) << result.status().toString();
    const auto got = (*result)[0].data<float>();
    ASSERT_EQ(got.size(), y3.size());
    size_t wrong = 0;
    for (size_t i = 0; i < y3.size(); ++i)
        if (got[i] != float(int32_t(y3[i]) - zp3) * s3 && ++wrong <= 5)
            ADD_FAILURE() << "output " << i << ": " << got[i] << " vs " << float(int32_t(y3[i]) - zp3) * s3;
    EXPECT_EQ(wrong, 0u) << kC1 << " channels, " << kH << "x" << kW << ", " << threads << " threads";
}

TEST(QdqSqueezeExcite, MobileNetV3BlockFusesAndRunsNhwc)
{
    expectSqueezeExciteBlock(9, 7, 16, 1);
}

// Maps big enough for the per-channel multiply to split its pixel blocks over threads (from 32768 elements): 72
// channels (several pixels per block, the last block partial), and 1100 channels (more than a 1024-float block: one
// pixel per block).
TEST(QdqSqueezeExcite, LargeMapsAreSplitOverThreadsWithTheSameResult)
{
    for (int threads : { 1, 2, 3 }) {
        expectSqueezeExciteBlock(23, 21, 72, threads);
        expectSqueezeExciteBlock(6, 5, 1100, threads);
    }
}

} // namespace
