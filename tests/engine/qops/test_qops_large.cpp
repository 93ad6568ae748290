// SPDX-License-Identifier: MIT
// The QOperator kernels on tensors large enough to take their OpenMP paths (the ONNX Runtime cases in
// tests/data/qops are small), at 1 and 2 threads, in both modes, against the ops' mathematical definition
// (ONNX Runtime's contrib-op docs: dequantize, compute in real numbers, quantize with round-half-even and
// saturation), evaluated in double. ORT's own arithmetic (float, its operation order, its lookup tables) is what the
// kernels reproduce bit for bit (checked by qops_ort_cases_*); it may differ from the exact real-number result by
// one quantization step where that result lies within float rounding of a .5 boundary. So: every output within one
// step, and such steps rare (< 0.5 % of outputs); a wrong scale, zero point, broadcast or window breaks both.
#include "onnx_builder.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace qs::test;
constexpr int32_t kUInt8 = onnx::TensorProto_DataType_UINT8;
constexpr int32_t kInt8 = onnx::TensorProto_DataType_INT8;

struct Param
{
    float scale;
    int zeroPoint;
};

/// One com.microsoft node; `inputs` are graph inputs (uint8/int8 data), parameters are initializers.
struct Case
{
    std::unique_ptr<ModelBuilder> model = std::make_unique<ModelBuilder>(13);
    std::vector<qs::HostTensor> feeds;
    std::vector<std::vector<int32_t>> values; ///< the feeds as integers, for the reference
    int32_t type = kUInt8;
    std::mt19937 rng { 42 };

    Case(int32_t elemType)
        : type(elemType)
    {
        model->opset("com.microsoft", 1);
    }
    qs::DataType dataType() const { return type == kUInt8 ? qs::DataType::UInt8 : qs::DataType::Int8; }
    int lo() const { return type == kUInt8 ? 0 : -128; }
    int hi() const { return type == kUInt8 ? 255 : 127; }
    void input(const std::string& name, const std::vector<int64_t>& dims)
    {
        std::vector<DimSpec> spec(dims.begin(), dims.end());
        model->graph().input(name, type, spec);
        qs::HostTensor t(dataType(), dims);
        std::vector<int32_t> v(static_cast<size_t>(t.elementCount()));
        auto* bytes = static_cast<uint8_t*>(t.rawData());
        for (size_t i = 0; i < v.size(); ++i) {
            bytes[i] = static_cast<uint8_t>(rng() >> 24);
            v[i] = type == kUInt8 ? int32_t(bytes[i]) : int32_t(int8_t(bytes[i]));
        }
        feeds.push_back(std::move(t));
        values.push_back(std::move(v));
    }
    void param(const std::string& prefix, Param p)
    {
        model->graph().floatInitializer(prefix + "_scale", {}, { p.scale });
        model->graph().rawInitializer<uint8_t>(prefix + "_zp", type, {}, { static_cast<uint8_t>(p.zeroPoint) });
    }
    /// com.microsoft QLinearAdd/QLinearMul of the inputs A and B with these parameters, output Y.
    void binary(const char* op, const char* name, Param a, Param b, Param y)
    {
        param("A", a);
        param("B", b);
        param("C", y);
        model->graph().node(
            op, { "A", "A_scale", "A_zp", "B", "B_scale", "B_zp", "C_scale", "C_zp" }, { "Y" }, name, "com.microsoft");
        model->graph().output("Y", type);
    }
    int quantize(double real, Param p) const
    {
        const double q = std::nearbyint(real / p.scale) + p.zeroPoint;
        return int(std::clamp(q, double(lo()), double(hi())));
    }
};

/// Runs the case at 1 and 2 threads in both modes and compares every output with `expected`.
void expectNearDefinition(Case& c, const std::vector<int>& expected)
{
    auto loaded = qs::loadModelFromBytes(c.model->serialize(), "large.onnx");
    ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
    for (qs::ExecutionMode mode : { qs::ExecutionMode::AsWritten, qs::ExecutionMode::Optimized })
        for (int threads : { 1, 2 }) {
            qs::SessionOptions options;
            options.mode = mode;
            options.threads = threads;
            auto session = qs::Session::create(*loaded, options);
            ASSERT_TRUE(session.isOk()) << session.status().toString();
            std::vector<qs::HostTensor> feeds;
            for (const auto& f : c.feeds)
                feeds.push_back(f.clone());
            auto out = (*session)->run(feeds);
            ASSERT_TRUE(out.isOk()) << out.status().toString();
            const qs::HostTensor& y = (*out)[0];
            ASSERT_EQ(y.elementCount(), int64_t(expected.size()));
            int64_t steps = 0;
            for (int64_t i = 0; i < y.elementCount(); ++i) {
                const int actual = int(y.valueAsDouble(i));
                ASSERT_LE(std::abs(actual - expected[size_t(i)]), 1)
                    << "element " << i << " (" << threads << " threads): " << actual << " vs " << expected[size_t(i)];
                steps += actual != expected[size_t(i)];
            }
            EXPECT_LT(double(steps), 0.005 * double(expected.size())) << threads << " threads";
        }
}

TEST(QOpsLarge, QLinearAddBroadcastPerChannel)
{
    Case c(kUInt8);
    const int64_t C = 64, H = 75, W = 75; // 360000 outputs: the parallel path
    c.input("A", { 1, C, H, W });
    c.input("B", { C, 1, 1 });
    const Param a { 0.0473f, 121 }, b { 0.0213f, 67 }, y { 0.0589f, 133 };
    c.binary("QLinearAdd", "add", a, b, y);
    std::vector<int> expected;
    for (int64_t i = 0; i < C * H * W; ++i) {
        const double real = double(a.scale) * (c.values[0][size_t(i)] - a.zeroPoint)
            + double(b.scale) * (c.values[1][size_t(i / (H * W))] - b.zeroPoint);
        expected.push_back(c.quantize(real, y));
    }
    expectNearDefinition(c, expected);
}

TEST(QOpsLarge, QLinearMulInt8)
{
    Case c(kInt8);
    const int64_t n = 300007;
    c.input("A", { n });
    c.input("B", { n });
    const Param a { 0.0391f, -7 }, b { 0.0277f, 19 }, y { 0.3127f, 3 };
    c.binary("QLinearMul", "mul", a, b, y);
    std::vector<int> expected;
    for (int64_t i = 0; i < n; ++i)
        expected.push_back(c.quantize(double(a.scale) * (c.values[0][size_t(i)] - a.zeroPoint) * double(b.scale)
                * (c.values[1][size_t(i)] - b.zeroPoint),
            y));
    expectNearDefinition(c, expected);
}

TEST(QOpsLarge, QLinearAveragePoolChannelsLast)
{
    Case c(kUInt8);
    const int64_t H = 41, W = 39, C = 64; // NHWC, 3x3 window with padding: > 262144 window reads
    c.input("X", { 1, H, W, C });
    const Param x { 0.0519f, 125 }, y { 0.0447f, 131 };
    c.param("x", x);
    c.param("y", y);
    auto& n = c.model->graph().node(
        "QLinearAveragePool", { "X", "x_scale", "x_zp", "y_scale", "y_zp" }, { "Y" }, "pool", "com.microsoft");
    setAttr(n, "kernel_shape", { 3, 3 });
    setAttr(n, "pads", { 1, 1, 1, 1 });
    setAttr(n, "channels_last", int64_t(1));
    c.model->graph().output("Y", c.type);
    std::vector<int> expected;
    for (int64_t h = 0; h < H; ++h)
        for (int64_t w = 0; w < W; ++w)
            for (int64_t ch = 0; ch < C; ++ch) {
                double sum = 0;
                int count = 0;
                for (int64_t i = std::max<int64_t>(0, h - 1); i <= std::min(H - 1, h + 1); ++i)
                    for (int64_t j = std::max<int64_t>(0, w - 1); j <= std::min(W - 1, w + 1); ++j, ++count)
                        sum += double(x.scale) * (c.values[0][size_t((i * W + j) * C + ch)] - x.zeroPoint);
                expected.push_back(c.quantize(sum / count, y));
            }
    expectNearDefinition(c, expected);
}

TEST(QOpsLarge, QLinearGlobalAveragePoolInt8)
{
    Case c(kInt8);
    const int64_t N = 2, C = 64, HW = 2500;
    c.input("X", { N, C, 50, 50 });
    const Param x { 0.0731f, 9 }, y { 0.00297f, -17 };
    c.param("x", x);
    c.param("y", y);
    c.model->graph().node(
        "QLinearGlobalAveragePool", { "X", "x_scale", "x_zp", "y_scale", "y_zp" }, { "Y" }, "gap", "com.microsoft");
    c.model->graph().output("Y", c.type);
    std::vector<int> expected;
    for (int64_t nc = 0; nc < N * C; ++nc) {
        double sum = 0;
        for (int64_t i = 0; i < HW; ++i)
            sum += double(x.scale) * (c.values[0][size_t(nc * HW + i)] - x.zeroPoint);
        expected.push_back(c.quantize(sum / HW, y));
    }
    expectNearDefinition(c, expected);
}

TEST(QOpsLarge, QLinearSoftmaxMiddleAxis)
{
    Case c(kUInt8);
    const int64_t O = 4, D = 40, I = 2000; // softmax over D, rows interleaved with stride I
    c.input("X", { O, D, I });
    const Param x { 0.0213f, 129 }, y { 1.0f / 256.0f, 0 };
    c.param("X", x);
    c.param("Y", y);
    auto& n = c.model->graph().node(
        "QLinearSoftmax", { "X", "X_scale", "X_zp", "Y_scale", "Y_zp" }, { "Y" }, "softmax", "com.microsoft");
    setAttr(n, "opset", int64_t(13));
    setAttr(n, "axis", int64_t(1));
    c.model->graph().output("Y", c.type);
    std::vector<int> expected(size_t(O * D * I));
    for (int64_t o = 0; o < O; ++o)
        for (int64_t i = 0; i < I; ++i) {
            double sum = 0;
            for (int64_t d = 0; d < D; ++d)
                sum += std::exp(double(x.scale) * (c.values[0][size_t((o * D + d) * I + i)] - x.zeroPoint));
            for (int64_t d = 0; d < D; ++d) {
                const size_t k = size_t((o * D + d) * I + i);
                expected[k] = c.quantize(std::exp(double(x.scale) * (c.values[0][k] - x.zeroPoint)) / sum, y);
            }
        }
    expectNearDefinition(c, expected);
}

} // namespace
