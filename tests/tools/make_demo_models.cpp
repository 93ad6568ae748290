// SPDX-License-Identifier: MIT
// Writes the bundled demo pair (resources/demo): a small SiLU CNN in FP32 and the same network dynamically
// quantized the way ONNX Runtime's quantize_dynamic rewrites every Conv (see resources/demo/README.md):
//
//   x -> DynamicQuantizeLinear -> (x_q, x_scale, x_zp)
//   ConvInteger(x_q, W_q uint8, x_zp, W_zp) -> Cast(float) -> Mul(x_scale * W_scale) -> Add(Reshape(bias))
//
// with per-tensor asymmetric uint8 weights (ORT's QUInt8: scale = (max(0,wmax) - min(0,wmin)) / 255,
// zp = round(-min/scale), q = clamp(round(w/scale) + zp, 0, 255), rounding half to even as numpy does).
// An activation consumed by several Convs is quantized once, as ORT does.
//
//   make_demo_models OUTDIR          (re)generate
//   make_demo_models --check OUTDIR  exit 1 if the committed files differ from what this program writes
#include "generated_files.h"
#include "onnx_builder.h"

#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace qs::test;
namespace fs = std::filesystem;
constexpr int32_t kFloat = onnx::TensorProto_DataType_FLOAT;
constexpr int32_t kUInt8 = onnx::TensorProto_DataType_UINT8;
constexpr int32_t kInt64 = onnx::TensorProto_DataType_INT64;

struct ConvSpec
{
    std::string name; // e.g. "block1.conv"
    std::string input;
    std::string output;
    int64_t inChannels;
    int64_t outChannels;
    int64_t kernel;
    int64_t stride;
    int64_t pad;
};

struct ConvWeights
{
    std::vector<float> w;
    std::vector<float> b;
};

/// Uniform [-1, 1) from a fixed-seed mt19937 without std::uniform_real_distribution, whose algorithm differs
/// between standard libraries: the demo bytes must be the same everywhere.
class Rng
{
public:
    explicit Rng(uint32_t seed)
        : m_engine(seed)
    { }
    float symmetric() { return static_cast<float>((m_engine() >> 8) * (1.0 / 16777216.0) * 2.0 - 1.0); }

private:
    std::mt19937 m_engine;
};

/// The network: 64x64 RGB in, 10-channel 8x8 map out. Conv names follow PyTorch-export style.
std::vector<ConvSpec> network()
{
    return {
        { "block1.conv", "images", "block1.conv_out", 3, 16, 3, 2, 1 }, // -> 16x32x32
        { "block2.conv", "block1.silu_out", "block2.conv_out", 16, 32, 3, 2, 1 }, // -> 32x16x16
        { "block3.a.conv", "block2.silu_out", "block3.a.conv_out", 32, 16, 1, 1, 0 }, // -> 16x16x16
        { "block3.b1.conv", "block2.silu_out", "block3.b1.conv_out", 32, 16, 1, 1, 0 }, // -> 16x16x16
        { "block3.b2.conv", "block3.b1.silu_out", "block3.b2.conv_out", 16, 16, 3, 1, 1 }, // -> 16x16x16
        { "block4.conv", "pool_out", "block4.conv_out", 32, 64, 3, 1, 1 }, // after concat + maxpool: 64x8x8
        { "head.conv", "block4.silu_out", "output", 64, 10, 1, 1, 0 }, // -> 10x8x8
    };
}

std::map<std::string, ConvWeights> makeWeights(const std::vector<ConvSpec>& convs)
{
    Rng rng(20261122);
    std::map<std::string, ConvWeights> out;
    for (const ConvSpec& c : convs) {
        ConvWeights& cw = out[c.name];
        const int64_t fanIn = c.inChannels * c.kernel * c.kernel;
        const float bound = std::sqrt(6.0f / static_cast<float>(fanIn)); // He-uniform keeps SiLU activations sane
        cw.w.resize(static_cast<size_t>(c.outChannels * fanIn));
        for (float& v : cw.w)
            v = bound * rng.symmetric();
        cw.b.resize(static_cast<size_t>(c.outChannels));
        for (float& v : cw.b)
            v = 0.1f * rng.symmetric();
    }
    return out;
}

void setConvAttrs(onnx::NodeProto& n, const ConvSpec& c)
{
    setAttr(n, "dilations", { 1, 1 });
    setAttr(n, "group", int64_t(1));
    setAttrInts(n, "kernel_shape", { c.kernel, c.kernel });
    setAttrInts(n, "pads", { c.pad, c.pad, c.pad, c.pad });
    setAttrInts(n, "strides", { c.stride, c.stride });
}

std::vector<int64_t> weightDims(const ConvSpec& c)
{
    return { c.outChannels, c.inChannels, c.kernel, c.kernel };
}

/// SiLU after a conv (x * sigmoid(x)), PyTorch-export style; returns the output name.
std::string addSilu(GraphBuilder& g, const std::string& block, const std::string& x)
{
    g.node("Sigmoid", { x }, { block + ".sigmoid_out" }, block + ".act.Sigmoid");
    g.node("Mul", { x, block + ".sigmoid_out" }, { block + ".silu_out" }, block + ".act.Mul");
    return block + ".silu_out";
}

/// The forward pass in topological order (the ONNX spec requires it; shape inference relies on it). `conv`
/// emits one convolution in the variant's form; SiLUs, Concat and MaxPool are shared by both variants.
void addNetwork(GraphBuilder& g, const std::vector<ConvSpec>& convs, const std::function<void(const ConvSpec&)>& conv)
{
    auto convNamed = [&](const std::string& name) {
        for (const ConvSpec& c : convs)
            if (c.name == name)
                conv(c);
    };
    convNamed("block1.conv");
    addSilu(g, "block1", "block1.conv_out");
    convNamed("block2.conv");
    addSilu(g, "block2", "block2.conv_out");
    convNamed("block3.a.conv");
    addSilu(g, "block3.a", "block3.a.conv_out");
    convNamed("block3.b1.conv");
    addSilu(g, "block3.b1", "block3.b1.conv_out");
    convNamed("block3.b2.conv");
    addSilu(g, "block3.b2", "block3.b2.conv_out");
    setAttr(g.node("Concat", { "block3.a.silu_out", "block3.b2.silu_out" }, { "concat_out" }, "block3.Concat"), "axis",
        int64_t(1));
    auto& pool = g.node("MaxPool", { "concat_out" }, { "pool_out" }, "pool.MaxPool");
    setAttr(pool, "kernel_shape", { 2, 2 });
    setAttr(pool, "strides", { 2, 2 });
    convNamed("block4.conv");
    addSilu(g, "block4", "block4.conv_out");
    convNamed("head.conv");
}

void addIo(ModelBuilder& b, const std::string& doc)
{
    b.proto().set_producer_name("quantscope-demo");
    b.proto().set_producer_version("1");
    b.proto().set_doc_string(doc);
    b.graph().input("images", kFloat, { 1, 3, 64, 64 });
    b.graph().output("output", kFloat, { 1, 10, 8, 8 }, true);
}

std::string makeFp32(const std::vector<ConvSpec>& convs, const std::map<std::string, ConvWeights>& weights)
{
    ModelBuilder b(13, "quantscope_demo");
    addIo(b, "Quantscope demo CNN, FP32. Generated by tests/tools/make_demo_models.cpp.");
    GraphBuilder& g = b.graph();
    addNetwork(g, convs, [&](const ConvSpec& c) {
        const ConvWeights& cw = weights.at(c.name);
        g.floatInitializer(c.name + ".weight", weightDims(c), cw.w);
        g.floatInitializer(c.name + ".bias", { c.outChannels }, cw.b);
        setConvAttrs(
            g.node("Conv", { c.input, c.name + ".weight", c.name + ".bias" }, { c.output }, c.name + ".Conv"), c);
    });
    return b.serialize();
}

struct QuantizedWeight
{
    std::vector<uint8_t> q;
    float scale;
    uint8_t zeroPoint;
};

QuantizedWeight quantizeUInt8(const std::vector<float>& w)
{
    const float rmin = std::min(0.0f, *std::min_element(w.begin(), w.end()));
    const float rmax = std::max(0.0f, *std::max_element(w.begin(), w.end()));
    QuantizedWeight out;
    out.scale = (rmax - rmin) / 255.0f;
    if (out.scale == 0.0f)
        out.scale = 1.0f;
    std::fesetround(FE_TONEAREST);
    out.zeroPoint = static_cast<uint8_t>(std::clamp(std::nearbyint(-rmin / out.scale), 0.0f, 255.0f));
    out.q.reserve(w.size());
    for (float v : w)
        out.q.push_back(static_cast<uint8_t>(std::clamp(std::nearbyint(v / out.scale) + out.zeroPoint, 0.0f, 255.0f)));
    return out;
}

std::string makeDynamicInt8(const std::vector<ConvSpec>& convs, const std::map<std::string, ConvWeights>& weights)
{
    ModelBuilder b(13, "quantscope_demo");
    addIo(b,
        "Quantscope demo CNN, dynamically quantized like onnxruntime.quantization.quantize_dynamic "
        "(ConvInteger, uint8 weights). Generated by tests/tools/make_demo_models.cpp.");
    GraphBuilder& g = b.graph();
    std::map<std::string, bool> quantized; // activations already behind a DynamicQuantizeLinear
    addNetwork(g, convs, [&](const ConvSpec& c) {
        const ConvWeights& cw = weights.at(c.name);
        const QuantizedWeight qw = quantizeUInt8(cw.w);
        const std::string w = c.name + ".weight";
        g.rawInitializer<uint8_t>(w + "_quantized", kUInt8, weightDims(c), qw.q);
        g.floatInitializer(w + "_scale", {}, { qw.scale });
        g.rawInitializer<uint8_t>(w + "_zero_point", kUInt8, {}, { qw.zeroPoint });
        g.floatInitializer(c.name + ".bias", { c.outChannels }, cw.b);
        g.rawInitializer<int64_t>(c.output + "_bias_reshape_shape", kInt64, { 4 }, { 1, -1, 1, 1 });

        const std::string x = c.input;
        if (!quantized[x]) {
            g.node("DynamicQuantizeLinear", { x }, { x + "_quantized", x + "_scale", x + "_zero_point" },
                x + "_QuantizeLinear");
            quantized[x] = true;
        }
        g.node("Mul", { x + "_scale", w + "_scale" }, { c.name + "_quant_scales_mul:0" }, c.name + "_quant_scales_mul");
        setConvAttrs(g.node("ConvInteger", { x + "_quantized", w + "_quantized", x + "_zero_point", w + "_zero_point" },
                         { c.output + "_output_quantized" }, c.name + "_quant"),
            c);
        setAttr(g.node("Cast", { c.output + "_output_quantized" }, { c.output + "_output_quantized_cast_output" },
                    c.output + "_output_quantized_cast"),
            "to", int64_t(kFloat));
        g.node("Mul", { c.output + "_output_quantized_cast_output", c.name + "_quant_scales_mul:0" },
            { c.output + "quant_scaled_output" }, c.name + "_quant_output_scale_mul");
        g.node("Reshape", { c.name + ".bias", c.output + "_bias_reshape_shape" }, { c.output + "_bias_reshape_output" },
            c.output + "_bias_reshape");
        g.node("Add", { c.output + "quant_scaled_output", c.output + "_bias_reshape_output" }, { c.output },
            c.output + "_bias_add");
    });
    return b.serialize();
}

} // namespace

int main(int argc, char** argv)
{
    return qs::test::runGenerator(argc, argv, "make_demo_models", [](const fs::path& dir) {
        const auto convs = network();
        const auto weights = makeWeights(convs);
        return qs::test::GeneratedFiles { { dir / "demo_fp32.onnx", makeFp32(convs, weights) },
            { dir / "demo_int8_dynamic.onnx", makeDynamicInt8(convs, weights) } };
    });
}
