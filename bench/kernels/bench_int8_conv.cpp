// SPDX-License-Identifier: MIT
// FP32 oneDNN convolution vs Quantscope's exact int8 convolution on the convolution shapes of yolov5nu, with the
// model's own uint8 weights and zero points (so the AVX2 saturation residual has its real size), single thread.
//
//   OMP_NUM_THREADS=1 build/bin/bench_int8_conv                          # native ISA (VNNI on the Xeon)
//   OMP_NUM_THREADS=1 DNNL_MAX_CPU_ISA=AVX2 build/bin/bench_int8_conv    # the AVX2-only machine kind
//
// Rows per layer:
//   Fp32Conv          oneDNN f32 convolution, layouts of its choice, reorders excluded (FP32's best case)
//   Int8Primitive     oneDNN's u8·s8→s32 convolution alone (NHWC, runtime source zero point): the int8 ceiling
//   Int8ConvExact     Int8Conv::runFloat from NCHW uint8: reorder, oneDNN, zero-point compensation, saturation
//                     residual, scale + bias epilogue to NCHW float (the exact ConvInteger→Cast→Mul→Add)
//   Int8ConvExactNhwc the same with NHWC activations in and out (no reorder, no transposition): what an executor
//                     that keeps int8-side activations in NHWC pays
//   Int8DynamicConv   DynamicQuantizeLinear of the float input + Int8ConvExact: what replaces FP32 Conv end to end
//   Avx2Kernel/P/N    the engine's own u8·s8→s32 kernel (int8_conv_own_kernel.h) alone, NHWC, P pixels × N vectors of
//                     output channels of register blocking (padding copy included), on the microkernels the engine
//                     picks (AVX-512BW's 16 lanes under DNNL_MAX_CPU_ISA=AVX512_CORE and natively, AVX2's 8 under
//                     AVX2); the label says which: compare with Int8Primitive
// The resnet18 and mobile rows (synthetic weights in the pair-safe range; the mobile ones MobileNet-style pointwise
// layers on small maps) have only the primitive and own-kernel rows and report CPU time (the machine is shared);
// GMAC/s = GOP/s / 2. The int8 A/B switches (QS_INT8_OWN_AVX2=0|1, ...) are read from the
// environment at registration (int8_kernel_options.h).
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/int8_conv_own_kernel.h"
#include "quant/quantize_linear.h"

#include <quantscope/engine/model_loader.h>

#include <benchmark/benchmark.h>
#include <oneapi/dnnl/dnnl.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

struct Layer
{
    std::string name;
    ConvShape shape;
    std::vector<uint8_t> weights; ///< uint8 [OC, IC/g, KH, KW]
    int32_t weightZeroPoint = 128;
    std::string origin; ///< which node of the model, or "synthetic"
};

std::filesystem::path sharedDir()
{
    if (const char* env = std::getenv("QS_SHARED_DIR"); env && *env)
        return env;
    return QS_SHARED_DIR_DEFAULT;
}

ConvShape makeShape(int64_t ic, int64_t oc, int64_t hw, int64_t k, int64_t stride)
{
    ConvShape s;
    s.inChannels = ic;
    s.outChannels = oc;
    s.inHeight = s.inWidth = hw;
    s.kernelHeight = s.kernelWidth = k;
    s.strideHeight = s.strideWidth = stride;
    s.padTop = s.padLeft = s.padBottom = s.padRight = k / 2;
    return s;
}

/// The first ConvInteger of the shared INT8 model with this geometry; synthetic weights when the model is absent.
Layer findLayer(const char* name, const ConvShape& want)
{
    Layer layer { name, want, {}, 128, "synthetic" };
    static const auto model = [] {
        auto m = loadModel(sharedDir() / "models" / "yolov5nu_int8_dynamic_seed" / "model.onnx");
        return m.isOk() ? *m : std::shared_ptr<const Model>();
    }();
    if (model) {
        const Graph& g = model->graph();
        for (const Node& n : g.nodes()) {
            if (n.opType != "ConvInteger" || n.inputCount() < 2)
                continue;
            const Tensor* w = g.constantData(n.input(1));
            const auto xDims = g.value(n.input(0)).type.knownDims();
            if (!w || !xDims || w->dataType() != DataType::UInt8 || w->rank() != 4 || xDims->size() != 4)
                continue;
            const auto strides = n.attrInts("strides", { 1, 1 });
            if (w->dims()[0] != want.outChannels || w->dims()[1] != want.inChannels || w->dims()[2] != want.kernelHeight
                || (*xDims)[2] != want.inHeight || strides[0] != want.strideHeight)
                continue;
            const auto pads = n.attrInts("pads", { 0, 0, 0, 0 });
            layer.shape.padTop = pads[0];
            layer.shape.padLeft = pads[1];
            layer.shape.padBottom = pads[2];
            layer.shape.padRight = pads[3];
            const auto span = w->data<uint8_t>();
            layer.weights.assign(span.begin(), span.end());
            if (const Tensor* zp = g.constantData(n.input(3)))
                layer.weightZeroPoint = int32_t(zp->valueAsDouble(0));
            layer.origin = n.describe();
            return layer;
        }
    }
    std::mt19937 rng(5);
    std::normal_distribution<float> d(128.0f, 24.0f);
    layer.weights.resize(size_t(want.weightCount()));
    for (uint8_t& v : layer.weights)
        v = uint8_t(std::clamp(d(rng), 0.0f, 255.0f));
    return layer;
}

const std::vector<Layer>& layers()
{
    static const std::vector<Layer> all = {
        findLayer("C3to16_640_k6s2", makeShape(3, 16, 640, 6, 2)),
        findLayer("C16to32_320_k3s2", makeShape(16, 32, 320, 3, 2)),
        findLayer("C32to16_160_k1", makeShape(32, 16, 160, 1, 1)),
        findLayer("C64to64_80_k3", makeShape(64, 64, 80, 3, 1)),
        findLayer("C64to64_40_k3", makeShape(64, 64, 40, 3, 1)),
        findLayer("C128to128_20_k3", makeShape(128, 128, 20, 3, 1)),
        findLayer("C256to256_20_k1", makeShape(256, 256, 20, 1, 1)),
        // The detection head's class branch (80 channels: 5 vectors of 16, blocks 2 + 2 + 1 by default on AVX-512),
        // the model's largest INT8 steps.
        findLayer("C80to80_80_k3", makeShape(80, 80, 80, 3, 1)),
        findLayer("C80to80_80_k1", makeShape(80, 80, 80, 1, 1)),
    };
    return all;
}

/// resnet18's 3x3 and downsampling layers, then MobileNet-style pointwise layers (mnasnet, MobileNetV3: few channels on
/// large maps, many on small ones), with synthetic s8 weights in the pair-safe range (|a| + |b| <= 128), stored as the
/// u8 bytes of the s8 values with weight zero point 0.
const std::vector<Layer>& syntheticLayers()
{
    static const std::vector<Layer> all = [] {
        const std::pair<const char*, ConvShape> shapes[] = {
            { "R64to64_56_k3", makeShape(64, 64, 56, 3, 1) },
            { "R64to128_56_k3s2", makeShape(64, 128, 56, 3, 2) },
            { "R128to128_28_k3", makeShape(128, 128, 28, 3, 1) },
            { "R256to256_14_k3", makeShape(256, 256, 14, 3, 1) },
            { "R512to512_7_k3", makeShape(512, 512, 7, 3, 1) },
            { "R128to256_28_k1s2", makeShape(128, 256, 28, 1, 2) },
            { "M16to8_112_k1", makeShape(16, 8, 112, 1, 1) },
            { "M8to24_112_k1", makeShape(8, 24, 112, 1, 1) },
            { "M16to48_56_k1", makeShape(16, 48, 56, 1, 1) },
            { "M48to16_56_k1", makeShape(48, 16, 56, 1, 1) },
            { "M24to72_56_k1", makeShape(24, 72, 56, 1, 1) },
            { "M72to24_56_k1", makeShape(72, 24, 56, 1, 1) },
            { "M120to40_28_k1", makeShape(120, 40, 28, 1, 1) },
            { "M240to80_14_k1", makeShape(240, 80, 14, 1, 1) },
            { "M480to112_14_k1", makeShape(480, 112, 14, 1, 1) },
            { "M576to160_7_k1", makeShape(576, 160, 7, 1, 1) },
            { "M160to960_7_k1", makeShape(160, 960, 7, 1, 1) },
        };
        std::mt19937 rng(3);
        std::uniform_int_distribution<int> d(-64, 64);
        std::vector<Layer> layers;
        for (const auto& [name, s] : shapes) {
            Layer l { name, s, {}, 0, "synthetic" };
            l.weights.resize(size_t(s.weightCount()));
            for (uint8_t& v : l.weights)
                v = uint8_t(int8_t(d(rng)));
            layers.push_back(std::move(l));
        }
        return layers;
    }();
    return all;
}

std::vector<float> randomActivations(const ConvShape& s)
{
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> d(-0.3f, 6.0f); // SiLU outputs: mostly positive, a small negative tail
    std::vector<float> x(size_t(s.inputCount()));
    for (float& v : x)
        v = d(rng);
    return x;
}

void setCounters(benchmark::State& state, const ConvShape& s)
{
    state.counters["GOP/s"] = benchmark::Counter(
        2.0 * double(s.macCount()) * 1e-9, benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
}

std::string isaLabel()
{
    return onednnInt8Isa().isa;
}

void fp32Conv(benchmark::State& state, const Layer& layer)
{
    using dt = dnnl::memory::data_type;
    using tag = dnnl::memory::format_tag;
    const ConvShape& s = layer.shape;
    dnnl::engine eng(dnnl::engine::kind::cpu, 0);
    dnnl::stream strm(eng);
    const dnnl::memory::desc src({ s.batch, s.inChannels, s.inHeight, s.inWidth }, dt::f32, tag::any);
    const dnnl::memory::desc wei({ s.outChannels, s.inChannels, s.kernelHeight, s.kernelWidth }, dt::f32, tag::any);
    const dnnl::memory::desc bia({ s.outChannels }, dt::f32, tag::x);
    const dnnl::memory::desc dst({ s.batch, s.outChannels, s.outHeight(), s.outWidth() }, dt::f32, tag::any);
    const dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
        src, wei, bia, dst, { s.strideHeight, s.strideWidth }, { s.padTop, s.padLeft }, { s.padBottom, s.padRight });
    const dnnl::convolution_forward::primitive_desc pd(desc, eng);
    dnnl::convolution_forward conv(pd);
    dnnl::memory srcM(pd.src_desc(), eng), weiM(pd.weights_desc(), eng), biaM(bia, eng), dstM(pd.dst_desc(), eng);
    std::fill_n(static_cast<float*>(srcM.get_data_handle()), pd.src_desc().get_size() / 4, 0.5f);
    std::fill_n(static_cast<float*>(weiM.get_data_handle()), pd.weights_desc().get_size() / 4, 0.01f);
    std::fill_n(static_cast<float*>(biaM.get_data_handle()), s.outChannels, 0.1f);
    for (auto _ : state) {
        conv.execute(strm,
            { { DNNL_ARG_SRC, srcM }, { DNNL_ARG_WEIGHTS, weiM }, { DNNL_ARG_BIAS, biaM }, { DNNL_ARG_DST, dstM } });
        strm.wait();
    }
    setCounters(state, s);
    state.SetLabel(pd.impl_info_str());
}

void int8Primitive(benchmark::State& state, const Layer& layer)
{
    using dt = dnnl::memory::data_type;
    using tag = dnnl::memory::format_tag;
    const ConvShape& s = layer.shape;
    dnnl::engine eng(dnnl::engine::kind::cpu, 0);
    dnnl::stream strm(eng);
    const dnnl::memory::desc src({ s.batch, s.inChannels, s.inHeight, s.inWidth }, dt::u8, tag::nhwc);
    const dnnl::memory::desc wei({ s.outChannels, s.inChannels, s.kernelHeight, s.kernelWidth }, dt::s8, tag::any);
    const dnnl::memory::desc dst({ s.batch, s.outChannels, s.outHeight(), s.outWidth() }, dt::s32, tag::nhwc);
    const dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
        src, wei, dst, { s.strideHeight, s.strideWidth }, { s.padTop, s.padLeft }, { s.padBottom, s.padRight });
    dnnl::primitive_attr attr;
    attr.set_zero_points(DNNL_ARG_SRC, 0, { DNNL_RUNTIME_S32_VAL });
    const dnnl::convolution_forward::primitive_desc pd(desc, attr, eng);
    dnnl::convolution_forward conv(pd);
    dnnl::memory srcM(pd.src_desc(), eng), weiM(pd.weights_desc(), eng), dstM(pd.dst_desc(), eng);
    dnnl::memory zp(dnnl::memory::desc({ 1 }, dt::s32, tag::x), eng);
    *static_cast<int32_t*>(zp.get_data_handle()) = 7;
    std::fill_n(static_cast<uint8_t*>(srcM.get_data_handle()), pd.src_desc().get_size(), uint8_t(100));
    std::fill_n(static_cast<int8_t*>(weiM.get_data_handle()), pd.weights_desc().get_size(), int8_t(3));
    for (auto _ : state) {
        conv.execute(strm,
            { { DNNL_ARG_SRC, srcM }, { DNNL_ARG_WEIGHTS, weiM }, { DNNL_ARG_DST, dstM },
                { DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC, zp } });
        strm.wait();
    }
    setCounters(state, s);
    state.SetLabel(pd.impl_info_str());
}

/// The layer's weights as the s8 values oneDNN gets (w - zp, clamped; the yolov5nu rows' split pairs are not
/// redone here: this row measures speed only).
void avx2Kernel(benchmark::State& state, const Layer& layer, Avx2Int8ConvTuning tuning)
{
    const ConvShape& s = layer.shape;
    if (!Avx2Int8Conv::supports(s)) {
        state.SkipWithError("unsupported shape");
        return;
    }
    std::vector<int8_t> w(layer.weights.size());
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = int8_t(std::clamp(int(layer.weights[i]) - layer.weightZeroPoint, -64, 64));
    auto conv = Avx2Int8Conv::create(s, w.data(), tuning);
    std::vector<uint8_t> x(size_t(s.inputCount()));
    std::mt19937 rng(7);
    for (uint8_t& v : x)
        v = uint8_t(rng());
    std::vector<int32_t> y(size_t(s.outputCount()));
    for (auto _ : state) {
        conv->run(x.data(), 7, y.data());
        benchmark::DoNotOptimize(y.data());
    }
    setCounters(state, s);
    state.SetLabel(std::string(conv->implementation()) + " " + std::to_string(conv->pixelBlock()) + "x"
        + std::to_string(conv->lanes() * conv->channelBlock()));
}

void int8Conv(benchmark::State& state, const Layer& layer, bool dynamicQuantize, ActivationLayout layout,
    const Int8KernelOptions& options)
{
    const ConvShape& s = layer.shape;
    auto conv = Int8Conv::create({ .shape = s, .inputLayout = layout, .outputLayout = layout, .options = options },
        { DataType::UInt8, layer.weights.data(), { layer.weightZeroPoint } });
    if (!conv.isOk()) {
        state.SkipWithError(conv.status().toString().c_str());
        return;
    }
    const std::vector<float> xf = randomActivations(s);
    std::vector<uint8_t> xq(xf.size());
    quant::DynamicQuantParams p = quant::dynamicQuantizeLinear(xf.data(), xf.size(), xq.data());
    const std::vector<float> wScale = { 0.0042f };
    const std::vector<float> bias(size_t(s.outChannels), 0.1f);
    std::vector<float> y(size_t(s.outputCount()));
    for (auto _ : state) {
        if (dynamicQuantize)
            p = quant::dynamicQuantizeLinear(xf.data(), xf.size(), xq.data());
        const Status st = (*conv)->runFloat(xq.data(), p.zeroPoint,
            { .xScale = p.scale, .wScales = wScale.data(), .perChannelScales = false, .bias = bias.data() }, y.data());
        if (!st.isOk()) {
            state.SkipWithError(st.toString().c_str());
            return;
        }
        benchmark::DoNotOptimize(y.data());
    }
    setCounters(state, s);
    const SaturationReport& r = (*conv)->saturation();
    state.SetLabel((*conv)->implementation() + "; " + saturationRemedyName(r.remedy) + " "
        + std::to_string(r.residualEntries) + "/" + std::to_string(r.weightPairs) + "; " + layer.origin);
}

const bool kRegistered = [] {
    // The int8 kernels' A/B switches (QS_INT8_OWN_AVX2, QS_INT8_UNSPLIT, QS_INT8_QUAD_GROUPS: int8_kernel_options.h),
    // read here, at the program's edge, and handed to the rows.
    const auto options = int8KernelOptionsFromEnvironment();
    if (!options) {
        std::fprintf(stderr, "bench_int8_conv: %s\n", options.status().message().c_str());
        std::exit(2);
    }
    for (const Layer& layer : layers()) {
        const std::string isa = isaLabel();
        benchmark::RegisterBenchmark(("Fp32Conv/" + layer.name + "/" + isa).c_str(), fp32Conv, layer)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        benchmark::RegisterBenchmark(("Int8Primitive/" + layer.name + "/" + isa).c_str(), int8Primitive, layer)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        benchmark::RegisterBenchmark(("Int8ConvExact/" + layer.name + "/" + isa).c_str(), int8Conv, layer, false,
            ActivationLayout::Nchw, *options)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        benchmark::RegisterBenchmark(("Int8ConvExactNhwc/" + layer.name + "/" + isa).c_str(), int8Conv, layer, false,
            ActivationLayout::Nhwc, *options)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        benchmark::RegisterBenchmark(("Int8DynamicConv/" + layer.name + "/" + isa).c_str(), int8Conv, layer, true,
            ActivationLayout::Nchw, *options)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    }
    const std::pair<int, int> blockings[]
        = { { 6, 2 }, { 4, 3 }, { 8, 1 }, { 4, 2 }, { 3, 3 }, { 8, 2 }, { 6, 3 }, { 8, 3 }, { 6, 1 } };
    for (const Layer& layer : syntheticLayers()) {
        const std::string isa = isaLabel();
        benchmark::RegisterBenchmark(("Int8Primitive/" + layer.name + "/" + isa).c_str(), int8Primitive, layer)
            ->Unit(benchmark::kMillisecond);
        for (auto [p, n] : blockings)
            benchmark::RegisterBenchmark(
                ("Avx2Kernel/" + layer.name + "/" + std::to_string(p) + "/" + std::to_string(n)).c_str(), avx2Kernel,
                layer, Avx2Int8ConvTuning { .pixelBlock = p, .channelBlock = n, .maxQuadGroup = options->maxQuadGroup })
                ->Unit(benchmark::kMillisecond);
    }
    for (const Layer& layer : layers())
        for (auto [p, n] : blockings)
            benchmark::RegisterBenchmark(
                ("Avx2Kernel/" + layer.name + "/" + std::to_string(p) + "/" + std::to_string(n)).c_str(), avx2Kernel,
                layer, Avx2Int8ConvTuning { .pixelBlock = p, .channelBlock = n, .maxQuadGroup = options->maxQuadGroup })
                ->Unit(benchmark::kMillisecond);
    return true;
}();

} // namespace

BENCHMARK_MAIN();
