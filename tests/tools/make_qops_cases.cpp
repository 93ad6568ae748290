// SPDX-License-Identifier: MIT
// Writes the com.microsoft QOperator test cases under tests/data/qops/ (see the README there): one tiny model per
// case, laid out like an ONNX backend test (model.onnx, test_data_set_0/input_N.pb). ONNX has no conformance data
// for contrib ops, so the expected outputs (output_N.pb) come from ONNX Runtime: tests/tools/ort_write_outputs.js.
//
//   make_qops_cases OUTDIR          (re)generate models and inputs (outputs are left alone)
//   make_qops_cases --check OUTDIR  exit 1 if a committed model or input differs from what this program writes
//   make_qops_cases --bench OUTDIR  write OUTDIR/qoperator_block.onnx, a larger model for bench/ (not committed)
//
// Scales and zero points are deliberately "odd" (non-power-of-two scales, zero points away from 0/128), sizes are
// odd, both uint8 and int8 appear wherever the op allows them, and table ops are fed all 256 byte values.
#include "backend_case.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace qs::test;
namespace fs = std::filesystem;
constexpr int32_t kFloat = onnx::TensorProto_DataType_FLOAT;
constexpr int32_t kUInt8 = onnx::TensorProto_DataType_UINT8;
constexpr int32_t kInt8 = onnx::TensorProto_DataType_INT8;
constexpr const char* kMs = "com.microsoft";

/// Random bytes as a uint8 or int8 tensor (the byte patterns cover both types' full range).
onnx::TensorProto randomQ(Rng& rng, const std::string& name, int32_t type, const std::vector<int64_t>& dims)
{
    std::vector<uint8_t> v(static_cast<size_t>(count(dims)));
    for (auto& b : v)
        b = rng.byte();
    return tensor(name, type, dims, v);
}

/// Every byte value once (shuffled), then random bytes up to the size: table ops see all 256 entries.
onnx::TensorProto allBytes(Rng& rng, const std::string& name, int32_t type, const std::vector<int64_t>& dims)
{
    std::vector<uint8_t> v(static_cast<size_t>(count(dims)));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = i < 256 ? static_cast<uint8_t>(i) : rng.byte();
    for (size_t i = v.size() - 1; i > 0; --i)
        std::swap(v[i], v[rng.byte() % (i + 1)]);
    return tensor(name, type, dims, v);
}

/// A model with ai.onnx 13 and com.microsoft 1 imported; graph inputs are declared from `inputs`.
class CaseBuilder
{
public:
    explicit CaseBuilder(std::string name)
    {
        m_case.name = std::move(name);
        m_case.model = std::make_unique<ModelBuilder>(13, m_case.name);
        m_case.model->opset(kMs, 1);
        m_case.model->proto().set_producer_name("quantscope make_qops_cases");
    }
    GraphBuilder& g() { return m_case.model->graph(); }
    void input(onnx::TensorProto t) { m_case.addInput(std::move(t)); }
    void output(const std::string& name, int32_t type) { g().output(name, type); }
    void scale(const std::string& name, float v) { g().floatInitializer(name, {}, { v }); }
    /// A scale fed at run time (a graph input), so the kernel cannot build its tables at preparation.
    void runtimeScale(const std::string& name, float v) { input(tensor(name, kFloat, {}, std::vector<float> { v })); }
    void zeroPoint(const std::string& name, int32_t type, int v)
    {
        const auto b = static_cast<uint8_t>(v);
        g().rawInitializer<uint8_t>(name, type, {}, { b });
    }
    /// scale + zero point initializers named prefix_scale / prefix_zp.
    void params(const std::string& prefix, int32_t type, float s, int zp)
    {
        scale(prefix + "_scale", s);
        zeroPoint(prefix + "_zp", type, zp);
    }
    onnx::NodeProto& ms(const std::string& op, std::vector<std::string> in, std::vector<std::string> out)
    {
        return g().node(op, std::move(in), std::move(out), op, kMs);
    }
    Case take() { return std::move(m_case); }

private:
    Case m_case;
};

int zpFor(int32_t type, int u8, int s8)
{
    return type == kUInt8 ? u8 : s8;
}

/// Per-axis `<prefix>_scale` (drawn from `rng`) and `<prefix>_zp` over `n` channels; channel i's zero point is
/// zpFor(type, u8[0] + u8[1] * i, s8[0] + s8[1] * i).
void perAxisParams(CaseBuilder& c, Rng& rng, const std::string& prefix, int32_t type, int n, std::array<int, 2> u8,
    std::array<int, 2> s8)
{
    std::vector<float> s;
    std::vector<uint8_t> z;
    for (int i = 0; i < n; ++i) {
        s.push_back(rng.uniform(0.01f, 0.06f));
        z.push_back(static_cast<uint8_t>(zpFor(type, u8[0] + u8[1] * i, s8[0] + s8[1] * i)));
    }
    c.g().floatInitializer(prefix + "_scale", { n }, s);
    c.g().rawInitializer<uint8_t>(prefix + "_zp", type, { n }, z);
}

/// MatMulIntegerToFloat's and DynamicQuantizeMatMul's b_scale and b_zp (per tensor or one per column of B), then
/// a bias of `n` values drawn from `rng`.
void addBParamsAndBias(CaseBuilder& c, Rng& rng, int32_t bType, int64_t n, bool perColumn, const std::vector<float>& bs,
    const std::vector<uint8_t>& bz)
{
    const std::vector<int64_t> pdims = perColumn ? std::vector<int64_t> { n } : std::vector<int64_t> {};
    c.g().floatInitializer("b_scale", pdims, bs);
    c.g().rawInitializer<uint8_t>("b_zp", bType, pdims, bz);
    std::vector<float> bias;
    for (int64_t j = 0; j < n; ++j)
        bias.push_back(rng.uniform(-1.0f, 1.0f));
    c.g().floatInitializer("bias", { n }, bias);
}

const char* typeName(int32_t type)
{
    return type == kUInt8 ? "u8" : "s8";
}

// ---- Cases ----

Case binary(const std::string& op, int32_t type, const std::string& shapeName, const std::vector<int64_t>& a,
    const std::vector<int64_t>& b, uint32_t seed)
{
    std::string lower = op == "QLinearAdd" ? "qlinearadd" : "qlinearmul";
    CaseBuilder c(lower + "_" + typeName(type) + "_" + shapeName);
    Rng rng(seed);
    c.input(randomQ(rng, "A", type, a));
    c.input(randomQ(rng, "B", type, b));
    const bool mul = op == "QLinearMul";
    c.params("A", type, 0.0473f, zpFor(type, 121, -7));
    c.params("B", type, mul ? 0.0391f : 0.0213f, zpFor(type, 67, 19));
    c.params("C", type, mul ? 0.3127f : 0.0589f, zpFor(type, 133, 3));
    c.ms(op, { "A", "A_scale", "A_zp", "B", "B_scale", "B_zp", "C_scale", "C_zp" }, { "C" });
    c.output("C", type);
    return c.take();
}

Case lookup(const std::string& op, int32_t type, uint32_t seed)
{
    std::string lower = op == "QLinearSigmoid" ? "qlinearsigmoid" : "qlinearleakyrelu";
    CaseBuilder c(lower + "_" + typeName(type));
    Rng rng(seed);
    c.input(allBytes(rng, "X", type, { 3, 97 }));
    c.params("X", type, 0.0617f, zpFor(type, 137, -11));
    const bool sigmoid = op == "QLinearSigmoid";
    // Sigmoid's range is (0, 1): the quantizer gives it scale 1/256-ish and zero point 0 (u8) or -128 (s8).
    c.params("Y", type, sigmoid ? 0.00391f : 0.0533f, sigmoid ? zpFor(type, 0, -128) : zpFor(type, 117, -3));
    auto& n = c.ms(op, { "X", "X_scale", "X_zp", "Y_scale", "Y_zp" }, { "Y" });
    if (!sigmoid)
        setAttr(n, "alpha", 0.137f);
    c.output("Y", type);
    return c.take();
}

Case softmax(int32_t type, int64_t opset, int64_t axis, const std::vector<int64_t>& dims, float xScale, uint32_t seed)
{
    CaseBuilder c(std::string("qlinearsoftmax_") + typeName(type) + "_opset" + std::to_string(opset) + "_axis"
        + (axis < 0 ? "m" + std::to_string(-axis) : std::to_string(axis)));
    Rng rng(seed);
    c.input(randomQ(rng, "X", type, dims));
    c.params("X", type, xScale, zpFor(type, 129, -5));
    // ORT's quantizer gives softmax outputs scale 1/256 with zero point 0 (u8) / -128 (s8).
    c.params("Y", type, 1.0f / 256.0f, zpFor(type, 0, -128));
    auto& n = c.ms("QLinearSoftmax", { "X", "X_scale", "X_zp", "Y_scale", "Y_zp" }, { "Y" });
    setAttr(n, "opset", opset);
    setAttr(n, "axis", axis);
    c.output("Y", type);
    return c.take();
}

Case globalPool(int32_t type, bool channelsLast, const std::vector<int64_t>& dims, uint32_t seed)
{
    CaseBuilder c(std::string("qlinearglobalaveragepool_") + typeName(type) + (channelsLast ? "_nhwc" : "_nchw")
        + (dims.size() == 4 ? "" : "_rank" + std::to_string(dims.size())));
    Rng rng(seed);
    c.input(randomQ(rng, "X", type, dims));
    c.params("x", type, 0.0731f, zpFor(type, 119, 9));
    c.params("y", type, 0.0297f, zpFor(type, 101, -17));
    auto& n = c.ms("QLinearGlobalAveragePool", { "X", "x_scale", "x_zp", "y_scale", "y_zp" }, { "Y" });
    setAttr(n, "channels_last", int64_t(channelsLast ? 1 : 0));
    c.output("Y", type);
    return c.take();
}

struct PoolAttrs
{
    std::vector<int64_t> kernel, strides, pads;
    int64_t countIncludePad = 0;
    int64_t ceilMode = 0;
    std::string autoPad = {};
};

Case avgPool(const std::string& suffix, int32_t type, bool channelsLast, const std::vector<int64_t>& dims,
    const PoolAttrs& a, uint32_t seed)
{
    CaseBuilder c(std::string("qlinearaveragepool_") + typeName(type) + "_" + suffix);
    Rng rng(seed);
    c.input(randomQ(rng, "X", type, dims));
    c.params("x", type, 0.0519f, zpFor(type, 125, -3));
    c.params("y", type, 0.0447f, zpFor(type, 131, 6));
    auto& n = c.ms("QLinearAveragePool", { "X", "x_scale", "x_zp", "y_scale", "y_zp" }, { "Y" });
    setAttrInts(n, "kernel_shape", a.kernel);
    if (!a.strides.empty())
        setAttrInts(n, "strides", a.strides);
    if (!a.pads.empty())
        setAttrInts(n, "pads", a.pads);
    if (!a.autoPad.empty())
        setAttr(n, "auto_pad", a.autoPad);
    setAttr(n, "count_include_pad", a.countIncludePad);
    setAttr(n, "ceil_mode", a.ceilMode);
    setAttr(n, "channels_last", int64_t(channelsLast ? 1 : 0));
    c.output("Y", type);
    return c.take();
}

Case concat(int32_t type, int64_t axis, const std::vector<std::vector<int64_t>>& shapes, uint32_t seed)
{
    CaseBuilder c(std::string("qlinearconcat_") + typeName(type) + "_axis" + (axis < 0 ? "m1" : std::to_string(axis)));
    Rng rng(seed);
    c.params("Y", type, 0.0611f, zpFor(type, 127, 2));
    std::vector<std::string> in { "Y_scale", "Y_zp" };
    const float scales[] = { 0.0611f, 0.0207f, 0.1330f };
    const int zps[] = { zpFor(type, 127, 2), zpFor(type, 40, -60), zpFor(type, 200, 77) };
    for (size_t i = 0; i < shapes.size(); ++i) {
        const std::string x = "X" + std::to_string(i);
        c.input(randomQ(rng, x, type, shapes[i]));
        // Input 0 shares Y's parameters: ORT copies it instead of going through the table.
        c.params(x, type, scales[i % 3], zps[i % 3]);
        in.insert(in.end(), { x, x + "_scale", x + "_zp" });
    }
    setAttr(c.ms("QLinearConcat", in, { "Y" }), "axis", axis);
    c.output("Y", type);
    return c.take();
}

Case matmulToFloat(int32_t aType, int32_t bType, bool perColumn, uint32_t seed)
{
    CaseBuilder c(std::string("matmulintegertofloat_") + typeName(aType) + typeName(bType)
        + (perColumn ? "_percolumn" : "_pertensor"));
    Rng rng(seed);
    const int64_t k = 19, n = 11;
    c.input(randomQ(rng, "A", aType, { 2, 3, k }));
    auto b = randomQ(rng, "B", bType, { k, n });
    *c.g().proto().add_initializer() = b;
    c.scale("a_scale", 0.0377f);
    c.zeroPoint("a_zp", aType, zpFor(aType, 113, -9));
    const int64_t cols = perColumn ? n : 1;
    std::vector<float> bs;
    std::vector<uint8_t> bz;
    for (int64_t j = 0; j < cols; ++j) {
        bs.push_back(rng.uniform(0.005f, 0.03f));
        bz.push_back(static_cast<uint8_t>(bType == kUInt8 ? 100 + rng.byte() % 56 : rng.byte() % 31 - 15));
    }
    addBParamsAndBias(c, rng, bType, n, perColumn, bs, bz);
    c.ms("MatMulIntegerToFloat", { "A", "B", "a_scale", "b_scale", "a_zp", "b_zp", "bias" }, { "Y" });
    c.output("Y", kFloat);
    return c.take();
}

Case dynamicMatMul(int32_t bType, bool perColumn, uint32_t seed)
{
    CaseBuilder c(std::string("dynamicquantizematmul_") + typeName(bType) + (perColumn ? "_percolumn" : "_pertensor"));
    Rng rng(seed);
    const int64_t k = 23, n = 13;
    c.input(randomFloat(rng, "A", { 5, k }, -1.7f, 2.3f));
    *c.g().proto().add_initializer() = randomQ(rng, "B", bType, { k, n });
    const int64_t cols = perColumn ? n : 1;
    std::vector<float> bs;
    std::vector<uint8_t> bz;
    for (int64_t j = 0; j < cols; ++j) {
        bs.push_back(rng.uniform(0.005f, 0.03f));
        bz.push_back(static_cast<uint8_t>(bType == kUInt8 ? 100 + rng.byte() % 56 : 0));
    }
    addBParamsAndBias(c, rng, bType, n, perColumn, bs, bz);
    c.ms("DynamicQuantizeMatMul", { "A", "B", "b_scale", "b_zp", "bias" }, { "Y" });
    c.output("Y", kFloat);
    return c.take();
}

Case quantizeMs(int32_t type, bool perAxis, uint32_t seed)
{
    CaseBuilder c(std::string("quantizelinear_ms_") + typeName(type) + (perAxis ? "_peraxis" : "_pertensor"));
    Rng rng(seed);
    const std::vector<int64_t> dims { 2, 5, 7 };
    c.input(randomFloat(rng, "x", dims, -6.0f, 6.0f));
    if (perAxis) {
        perAxisParams(c, rng, "y", type, 5, { 90, 13 }, { -20, 9 });
    } else {
        c.params("y", type, 0.0371f, zpFor(type, 141, -13));
    }
    auto& n = c.ms("QuantizeLinear", { "x", "y_scale", "y_zp" }, { "y" });
    if (perAxis)
        setAttr(n, "axis", int64_t(1));
    c.output("y", type);
    return c.take();
}

Case dequantizeMs(int32_t type, bool perAxis, uint32_t seed)
{
    CaseBuilder c(std::string("dequantizelinear_ms_") + typeName(type) + (perAxis ? "_peraxis" : "_pertensor"));
    Rng rng(seed);
    c.input(randomQ(rng, "x", type, { 3, 4, 5 }));
    if (perAxis) {
        perAxisParams(c, rng, "x", type, 4, { 100, 11 }, { -30, 17 });
    } else {
        c.params("x", type, 0.0291f, zpFor(type, 77, 23));
    }
    auto& n = c.ms("DequantizeLinear", { "x", "x_scale", "x_zp" }, { "y" });
    if (perAxis)
        setAttr(n, "axis", int64_t(1));
    c.output("y", kFloat);
    return c.take();
}

/// Unary table ops, QLinearConcat and QLinearSoftmax with their scales fed at run time: the tables are built per run.
/// MatMulIntegerToFloat without its optional zero points and bias. (QLinearAdd/QLinearMul with omitted zero points
/// are not included: ONNX Runtime 1.30 rejects such models in type inference.)
Case matmulNoOptionals(uint32_t seed)
{
    CaseBuilder c("matmulintegertofloat_u8_no_zero_points");
    Rng rng(seed);
    c.input(randomQ(rng, "A", kUInt8, { 7, 13 }));
    *c.g().proto().add_initializer() = randomQ(rng, "B", kUInt8, { 13, 5 });
    c.scale("a_scale", 0.0211f);
    c.scale("b_scale", 0.0173f);
    c.ms("MatMulIntegerToFloat", { "A", "B", "a_scale", "b_scale" }, { "Y" });
    c.output("Y", kFloat);
    return c.take();
}

Case runtimeScales(const std::string& op, int32_t type, uint32_t seed)
{
    std::string lower = op;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
    CaseBuilder c(lower + "_" + typeName(type) + "_runtime_scales");
    Rng rng(seed);
    if (op == "QLinearConcat") {
        c.input(randomQ(rng, "X0", type, { 2, 3, 5 }));
        c.input(randomQ(rng, "X1", type, { 2, 2, 5 }));
        c.runtimeScale("Y_scale", 0.0471f);
        c.runtimeScale("X1_scale", 0.0293f);
        c.zeroPoint("Y_zp", type, zpFor(type, 120, -4));
        c.params("X0", type, 0.0471f, zpFor(type, 120, -4));
        c.zeroPoint("X1_zp", type, zpFor(type, 66, 31));
        setAttr(
            c.ms("QLinearConcat", { "Y_scale", "Y_zp", "X0", "X0_scale", "X0_zp", "X1", "X1_scale", "X1_zp" }, { "Y" }),
            "axis", int64_t(1));
        c.output("Y", type);
        return c.take();
    }
    c.input(allBytes(rng, "X", type, { 2, 131 }));
    c.runtimeScale("X_scale", op == "QLinearSoftmax" ? 0.0257f : 0.0539f);
    c.zeroPoint("X_zp", type, zpFor(type, 133, -9));
    c.runtimeScale("Y_scale", op == "QLinearLeakyRelu" ? 0.0449f : 1.0f / 256.0f);
    c.zeroPoint("Y_zp", type, op == "QLinearLeakyRelu" ? zpFor(type, 110, -7) : zpFor(type, 0, -128));
    auto& n = c.ms(op, { "X", "X_scale", "X_zp", "Y_scale", "Y_zp" }, { "Y" });
    if (op == "QLinearSoftmax") {
        setAttr(n, "opset", int64_t(13));
        setAttr(n, "axis", int64_t(-1));
    }
    if (op == "QLinearLeakyRelu")
        setAttr(n, "alpha", 0.071f);
    c.output("Y", type);
    return c.take();
}

/// QuantizeLinear -> QLinearAdd -> QLinearSigmoid -> QLinearConcat -> QLinearGlobalAveragePool -> DequantizeLinear,
/// all com.microsoft, as the QOperator quantizer chains them.
Case chain(uint32_t seed)
{
    CaseBuilder c("chain_quantize_add_sigmoid_concat_gap_dequantize");
    Rng rng(seed);
    c.input(randomFloat(rng, "x", { 1, 5, 7, 9 }, -3.0f, 4.0f));
    c.params("xq", kUInt8, 0.0277f, 108);
    std::vector<uint8_t> bias(5 * 7 * 9);
    for (auto& b : bias)
        b = rng.byte();
    c.g().rawInitializer<uint8_t>("bias_q", kUInt8, { 5, 7, 9 }, bias);
    c.params("bias", kUInt8, 0.0119f, 131);
    c.params("sum", kUInt8, 0.0391f, 97);
    c.params("sig", kUInt8, 1.0f / 256.0f, 0);
    c.params("cat", kUInt8, 0.0317f, 41);
    c.params("gap", kUInt8, 0.0093f, 3);
    c.ms("QuantizeLinear", { "x", "xq_scale", "xq_zp" }, { "xq" });
    c.ms("QLinearAdd", { "xq", "xq_scale", "xq_zp", "bias_q", "bias_scale", "bias_zp", "sum_scale", "sum_zp" },
        { "sum" });
    c.ms("QLinearSigmoid", { "sum", "sum_scale", "sum_zp", "sig_scale", "sig_zp" }, { "sig" });
    setAttr(c.ms("QLinearConcat", { "cat_scale", "cat_zp", "sig", "sig_scale", "sig_zp", "sum", "sum_scale", "sum_zp" },
                { "cat" }),
        "axis", int64_t(1));
    c.ms("QLinearGlobalAveragePool", { "cat", "cat_scale", "cat_zp", "gap_scale", "gap_zp" }, { "gap" });
    c.ms("DequantizeLinear", { "gap", "gap_scale", "gap_zp" }, { "y" });
    c.output("y", kFloat);
    return c.take();
}

std::vector<Case> allCases()
{
    std::vector<Case> cases;
    uint32_t seed = 1000;
    for (const char* op : { "QLinearAdd", "QLinearMul" }) {
        cases.push_back(binary(op, kUInt8, "same", { 3, 7, 5 }, { 3, 7, 5 }, ++seed));
        cases.push_back(binary(op, kInt8, "same", { 3, 7, 5 }, { 3, 7, 5 }, ++seed));
        cases.push_back(binary(op, kUInt8, "bcast_b_inner", { 2, 3, 37 }, { 3, 1 }, ++seed));
        cases.push_back(binary(op, kInt8, "bcast_a_inner", { 5, 1 }, { 2, 5, 33 }, ++seed));
        cases.push_back(binary(op, kUInt8, "bcast_rows", { 4, 1, 9 }, { 3, 9 }, ++seed));
        cases.push_back(binary(op, kInt8, "scalar_b", { 3, 41 }, {}, ++seed));
    }
    for (const char* op : { "QLinearSigmoid", "QLinearLeakyRelu" }) {
        cases.push_back(lookup(op, kUInt8, ++seed));
        cases.push_back(lookup(op, kInt8, ++seed));
    }
    cases.push_back(softmax(kUInt8, 13, -1, { 3, 5, 17 }, 0.0213f, ++seed));
    cases.push_back(softmax(kInt8, 13, -1, { 4, 29 }, 0.0311f, ++seed));
    cases.push_back(softmax(kUInt8, 13, 1, { 2, 7, 5 }, 0.0571f, ++seed));
    cases.push_back(softmax(kInt8, 12, 1, { 2, 3, 5 }, 0.0913f, ++seed));
    cases.push_back(softmax(kUInt8, 11, 2, { 2, 3, 4, 5 }, 0.0117f, ++seed));
    cases.push_back(globalPool(kUInt8, false, { 2, 3, 5, 7 }, ++seed));
    cases.push_back(globalPool(kInt8, false, { 1, 4, 9, 11 }, ++seed));
    cases.push_back(globalPool(kUInt8, true, { 2, 5, 3, 13 }, ++seed));
    cases.push_back(globalPool(kInt8, true, { 1, 7, 6, 19 }, ++seed));
    cases.push_back(
        avgPool("3x3_s2_pad", kUInt8, false, { 1, 3, 9, 11 }, { { 3, 3 }, { 2, 2 }, { 1, 1, 1, 1 }, 0, 0 }, ++seed));
    cases.push_back(
        avgPool("3x3_s2_pad_incl", kInt8, false, { 2, 2, 8, 7 }, { { 3, 3 }, { 2, 2 }, { 1, 0, 1, 1 }, 1, 0 }, ++seed));
    cases.push_back(
        avgPool("2x3_ceil_nhwc", kUInt8, true, { 1, 7, 9, 5 }, { { 2, 3 }, { 2, 2 }, { 0, 1, 0, 1 }, 0, 1 }, ++seed));
    cases.push_back(avgPool("1d", kInt8, false, { 2, 3, 17 }, { { 4 }, { 3 }, { 2, 1 }, 0, 0 }, ++seed));
    cases.push_back(avgPool("global_fallback", kUInt8, false, { 1, 3, 5, 6 }, { { 5, 6 }, {}, {}, 0, 0 }, ++seed));
    cases.push_back(concat(kUInt8, 1, { { 2, 3, 5 }, { 2, 4, 5 }, { 2, 1, 5 } }, ++seed));
    cases.push_back(concat(kInt8, -1, { { 3, 2, 7 }, { 3, 2, 3 } }, ++seed));
    cases.push_back(matmulToFloat(kUInt8, kUInt8, true, ++seed));
    cases.push_back(matmulToFloat(kUInt8, kInt8, false, ++seed));
    cases.push_back(matmulToFloat(kInt8, kInt8, true, ++seed));
    cases.push_back(dynamicMatMul(kInt8, true, ++seed));
    cases.push_back(dynamicMatMul(kUInt8, false, ++seed));
    cases.push_back(quantizeMs(kUInt8, false, ++seed));
    cases.push_back(quantizeMs(kInt8, true, ++seed));
    cases.push_back(dequantizeMs(kInt8, false, ++seed));
    cases.push_back(dequantizeMs(kUInt8, true, ++seed));
    cases.push_back(chain(++seed));
    cases.push_back(avgPool(
        "3x2_s2_same_upper", kInt8, false, { 1, 3, 10, 9 }, { { 3, 2 }, { 2, 2 }, {}, 0, 0, "SAME_UPPER" }, ++seed));
    cases.push_back(avgPool(
        "3d", kUInt8, false, { 1, 2, 5, 6, 7 }, { { 2, 3, 2 }, { 1, 2, 2 }, { 0, 1, 1, 1, 0, 1 }, 0, 0 }, ++seed));
    cases.push_back(globalPool(kUInt8, false, { 2, 5, 11 }, ++seed));
    cases.push_back(matmulNoOptionals(++seed));
    cases.push_back(runtimeScales("QLinearSigmoid", kInt8, ++seed));
    cases.push_back(runtimeScales("QLinearLeakyRelu", kUInt8, ++seed));
    cases.push_back(runtimeScales("QLinearSoftmax", kUInt8, ++seed));
    cases.push_back(runtimeScales("QLinearConcat", kInt8, ++seed));
    return cases;
}

/// A QOperator block on a 1x64x56x56 activation, for timing against ONNX Runtime
/// (bench/archive/2026-11-22-int8-native.md, "com.microsoft QOperator kernels"): Q -> SiLU as QLinearSigmoid +
/// QLinearMul -> residual QLinearAdd -> QLinearAveragePool 3x3 -> QLinearConcat with the residual ->
/// QLinearGlobalAveragePool -> DQ, plus a QLinearLeakyRelu and a QLinearSoftmax over channels.
ModelBuilder* benchBlock(std::unique_ptr<ModelBuilder>& owner)
{
    CaseBuilder c("qoperator_block");
    c.g().input("x", kFloat, { 1, 64, 56, 56 });
    c.params("x", kUInt8, 0.0271f, 121);
    c.params("sig", kUInt8, 1.0f / 256.0f, 0);
    c.params("silu", kUInt8, 0.0189f, 17);
    c.params("res", kUInt8, 0.0403f, 88);
    c.params("pool", kUInt8, 0.0377f, 90);
    c.params("cat", kUInt8, 0.0411f, 85);
    c.params("leaky", kUInt8, 0.0399f, 60);
    c.params("soft", kUInt8, 1.0f / 256.0f, 0);
    c.params("gap", kUInt8, 0.0213f, 100);
    c.ms("QuantizeLinear", { "x", "x_scale", "x_zp" }, { "xq" });
    c.ms("QLinearSigmoid", { "xq", "x_scale", "x_zp", "sig_scale", "sig_zp" }, { "sig" });
    c.ms("QLinearMul", { "xq", "x_scale", "x_zp", "sig", "sig_scale", "sig_zp", "silu_scale", "silu_zp" }, { "silu" });
    c.ms("QLinearAdd", { "silu", "silu_scale", "silu_zp", "xq", "x_scale", "x_zp", "res_scale", "res_zp" }, { "res" });
    auto& pool = c.ms("QLinearAveragePool", { "res", "res_scale", "res_zp", "pool_scale", "pool_zp" }, { "pool" });
    setAttrInts(pool, "kernel_shape", { 3, 3 });
    setAttrInts(pool, "pads", { 1, 1, 1, 1 });
    setAttr(c.ms("QLinearConcat",
                { "cat_scale", "cat_zp", "pool", "pool_scale", "pool_zp", "res", "res_scale", "res_zp" }, { "cat" }),
        "axis", int64_t(1));
    setAttr(c.ms("QLinearLeakyRelu", { "cat", "cat_scale", "cat_zp", "leaky_scale", "leaky_zp" }, { "leaky" }), "alpha",
        0.1f);
    auto& soft = c.ms("QLinearSoftmax", { "leaky", "leaky_scale", "leaky_zp", "soft_scale", "soft_zp" }, { "soft" });
    setAttr(soft, "opset", int64_t(13));
    setAttr(soft, "axis", int64_t(1));
    c.ms("QLinearGlobalAveragePool", { "soft", "soft_scale", "soft_zp", "gap_scale", "gap_zp" }, { "gap" });
    c.ms("DequantizeLinear", { "gap", "gap_scale", "gap_zp" }, { "y" });
    c.output("y", kFloat);
    owner = std::move(c.take().model);
    return owner.get();
}

} // namespace

int main(int argc, char** argv)
{
    const bool check = argc == 3 && std::string(argv[1]) == "--check";
    const bool bench = argc == 3 && std::string(argv[1]) == "--bench";
    if (argc != 2 && !check && !bench) {
        std::fprintf(stderr, "usage: %s [--check | --bench] OUTDIR\n", argv[0]);
        return 2;
    }
    const fs::path root = argv[argc - 1];
    if (bench) {
        std::unique_ptr<ModelBuilder> owner;
        fs::create_directories(root);
        benchBlock(owner)->save(root / "qoperator_block.onnx");
        return 0;
    }
    auto cases = allCases();
    return writeOrCheckCases(cases, root, check, "make_qops_cases") ? 1 : 0;
}
