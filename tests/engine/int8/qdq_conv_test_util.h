// SPDX-License-Identifier: MIT
// A static QDQ 3x3 convolution (pad 1, per-channel s8 weights, int32 bias) as PyTorch exports it, for the session
// tests of the QDQ rewrites, and its definition computed independently: the obvious-loop ConvInteger
// (conv_integer_ref.h) and ONNX's requantization (round half to even, saturate; Relu as the clamp at the zero point).
#pragma once

#include "int8_test_util.h"
#include "kernels/int8/conv_integer_ref.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace qs::test {

/// Scalar initializers of QDQ graphs: a scale and a uint8 zero point.
inline Tensor scalarF(float v)
{
    return Tensor::fromVector(DataType::Float, {}, std::vector<float> { v });
}
inline Tensor scalarU8(int32_t v)
{
    return Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { uint8_t(v) });
}

struct QdqConvParams
{
    std::vector<int8_t> w; ///< [oc, ic, 3, 3]
    std::vector<int32_t> bias;
    std::vector<float> wScales; ///< per output channel
};

/// Random full-range s8 weights, int32 biases and per-channel scales of a QDQ 3x3 convolution.
inline QdqConvParams randomQdqConv(std::mt19937& rng, int64_t oc, int64_t ic)
{
    std::uniform_int_distribution<int> s8(-127, 127), bias(-2000, 2000);
    std::uniform_real_distribution<float> scale(0.002f, 0.006f);
    QdqConvParams p;
    p.w.resize(size_t(oc * ic * 9));
    for (auto& v : p.w)
        v = int8_t(s8(rng));
    for (int64_t o = 0; o < oc; ++o) {
        p.bias.push_back(bias(rng));
        p.wScales.push_back(scale(rng));
    }
    return p;
}

/// ONNX MaxPool 3x3, stride 2, pad 1 of NCHW uint8 planes: the window maximum, padding taking no part.
inline std::vector<uint8_t> maxPool3x3s2p1Ref(const std::vector<uint8_t>& y, int64_t c, int64_t h, int64_t w)
{
    const int64_t ph = (h + 2 - 3) / 2 + 1, pw = (w + 2 - 3) / 2 + 1;
    std::vector<uint8_t> p(size_t(c * ph * pw));
    for (int64_t ch = 0; ch < c; ++ch)
        for (int64_t i = 0; i < ph; ++i)
            for (int64_t j = 0; j < pw; ++j) {
                int best = 0;
                for (int64_t a = 0; a < 3; ++a)
                    for (int64_t b = 0; b < 3; ++b) {
                        const int64_t r = i * 2 - 1 + a, col = j * 2 - 1 + b;
                        if (r >= 0 && r < h && col >= 0 && col < w)
                            best = std::max(best, int(y[size_t((ch * h + r) * w + col)]));
                    }
                p[size_t((ch * ph + i) * pw + j)] = uint8_t(best);
            }
    return p;
}

inline kernels::int8::ConvShape qdqConvShape(int64_t ic, int64_t h, int64_t w, int64_t oc)
{
    kernels::int8::ConvShape s;
    s.inChannels = ic;
    s.inHeight = h;
    s.inWidth = w;
    s.outChannels = oc;
    s.kernelHeight = s.kernelWidth = 3;
    s.padTop = s.padLeft = s.padBottom = s.padRight = 1;
    return s;
}

/// ONNX QLinearConv semantics on NCHW uint8 x of ic x h x w.
inline std::vector<uint8_t> qdqConvRef(const std::vector<uint8_t>& x, int64_t ic, int64_t h, int64_t w, int32_t xzp,
    float xScale, const QdqConvParams& p, int64_t oc, float yScale, int32_t yzp, bool relu)
{
    const auto s = qdqConvShape(ic, h, w, oc);
    std::vector<int32_t> acc(size_t(s.outputCount()));
    const std::vector<int32_t> wzp(size_t(oc), 0);
    kernels::int8::convIntegerRef(s, x.data(), xzp, p.w.data(), wzp.data(), true, acc.data());
    std::vector<uint8_t> y(acc.size());
    const int64_t plane = h * w;
    for (size_t i = 0; i < acc.size(); ++i) {
        const size_t o = i / size_t(plane);
        const float v = float(acc[i] + p.bias[o]) * (xScale * p.wScales[o] / yScale);
        y[i] = uint8_t(std::clamp(int32_t(std::nearbyint(v)) + yzp, relu ? yzp : 0, 255));
    }
    return y;
}

/// DequantizeLinear(x), DequantizeLinear(w), DequantizeLinear(bias) -> Conv [-> Relu] -> QuantizeLinear into `out`.
inline void addQdqConv(Graph& g, const std::string& name, const std::string& x, const std::string& xs,
    const std::string& xzp, const QdqConvParams& p, int64_t oc, int64_t ic, float xScale, const std::string& ys,
    const std::string& yzp, bool relu, const std::string& out)
{
    std::vector<float> biasScales;
    for (float ws : p.wScales)
        biasScales.push_back(xScale * ws);
    addInitializer(g, name + "_wq", Tensor::fromVector(DataType::Int8, { oc, ic, 3, 3 }, p.w));
    addInitializer(g, name + "_ws", Tensor::fromVector(DataType::Float, { oc }, p.wScales));
    addInitializer(g, name + "_wzp", Tensor::fromVector(DataType::Int8, { oc }, std::vector<int8_t>(size_t(oc), 0)));
    addInitializer(g, name + "_bq", Tensor::fromVector(DataType::Int32, { oc }, p.bias));
    addInitializer(g, name + "_bs", Tensor::fromVector(DataType::Float, { oc }, biasScales));
    addInitializer(g, name + "_bzp", Tensor::fromVector(DataType::Int32, { oc }, std::vector<int32_t>(size_t(oc), 0)));
    const auto node = [&g, &name](const char* suffix, const char* op, const std::vector<std::string>& ins,
                          const std::string& output, std::vector<Attribute> attrs = {}) {
        addNode(g, (name + suffix).c_str(), op, ins, output, std::move(attrs));
    };
    node("_dqx", "DequantizeLinear", { x, xs, xzp }, name + "_xf");
    node("_dqw", "DequantizeLinear", { name + "_wq", name + "_ws", name + "_wzp" }, name + "_wf",
        { intAttr("axis", 0) });
    node("_dqb", "DequantizeLinear", { name + "_bq", name + "_bs", name + "_bzp" }, name + "_bf",
        { intAttr("axis", 0) });
    node("", "Conv", { name + "_xf", name + "_wf", name + "_bf" }, name + "_cf",
        { intsAttr("kernel_shape", { 3, 3 }), intsAttr("pads", { 1, 1, 1, 1 }) });
    std::string pre = name + "_cf";
    if (relu) {
        node("_relu", "Relu", { pre }, name + "_cr");
        pre = name + "_cr";
    }
    node("_q", "QuantizeLinear", { pre, ys, yzp }, out);
}

} // namespace qs::test
