// SPDX-License-Identifier: MIT
// Writes the ai.onnx opset 18..21 test cases under tests/data/opsets/ (see the README there): one small model per
// case, laid out like an ONNX backend test (model.onnx, test_data_set_0/input_N.pb). ONNX's conformance data in
// ../shared stops at opset 17, so the expected outputs (output_N.pb) come from ONNX Runtime:
// tests/tools/ort_write_outputs.js.
//
//   make_opset_cases OUTDIR          (re)generate models and inputs (outputs are left alone)
//   make_opset_cases --check OUTDIR  exit 1 if a committed model or input differs from what this program writes
#include "backend_case.h"

#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace qs::test;
constexpr int32_t kFloat = onnx::TensorProto_DataType_FLOAT;
constexpr int32_t kUInt8 = onnx::TensorProto_DataType_UINT8;
constexpr int32_t kInt8 = onnx::TensorProto_DataType_INT8;
constexpr int32_t kUInt16 = onnx::TensorProto_DataType_UINT16;
constexpr int32_t kInt16 = onnx::TensorProto_DataType_INT16;
constexpr int32_t kInt32 = onnx::TensorProto_DataType_INT32;
constexpr int32_t kInt64 = onnx::TensorProto_DataType_INT64;

/// A model importing ai.onnx `opset` with the IR version ONNX pairs with it (8 for 18, 9 for 19/20, 10 for 21).
class CaseBuilder
{
public:
    CaseBuilder(std::string name, int opset)
    {
        m_case.name = std::move(name);
        m_case.model = std::make_unique<ModelBuilder>(opset, m_case.name);
        m_case.model->proto().set_ir_version(opset >= 21 ? 10 : (opset >= 19 ? 9 : 8));
        m_case.model->proto().set_producer_name("quantscope make_opset_cases");
    }
    GraphBuilder& g() { return m_case.model->graph(); }
    void input(onnx::TensorProto t) { m_case.addInput(std::move(t)); }
    void ints(const std::string& name, const std::vector<int64_t>& v)
    {
        g().rawInitializer<int64_t>(name, kInt64, { int64_t(v.size()) }, v);
    }
    void floats(const std::string& name, const std::vector<float>& v)
    {
        g().floatInitializer(name, { int64_t(v.size()) }, v);
    }
    void output(const std::string& name, int32_t type) { g().output(name, type); }
    Case take() { return std::move(m_case); }

private:
    Case m_case;
};

// ---- Reduce* with axes as an input (18; ReduceMax/Min 20) ----

struct ReduceCase
{
    const char* op;
    int opset;
    std::vector<int64_t> axes; ///< empty: no axes input
    int64_t keepdims;
    int64_t noop; ///< noop_with_empty_axes
    float lo, hi;
};

Case reduce(const ReduceCase& r, const std::string& suffix, uint32_t seed)
{
    std::string lower = r.op;
    for (auto& ch : lower)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    CaseBuilder c(lower + "_" + suffix + "_opset" + std::to_string(r.opset), r.opset);
    Rng rng(seed);
    c.input(randomFloat(rng, "x", { 2, 3, 4, 5 }, r.lo, r.hi));
    std::vector<std::string> in { "x" };
    if (!r.axes.empty()) {
        c.ints("axes", r.axes);
        in.push_back("axes");
    }
    auto& n = c.g().node(r.op, in, { "y" }, r.op);
    setAttr(n, "keepdims", r.keepdims);
    if (r.noop)
        setAttr(n, "noop_with_empty_axes", r.noop);
    c.output("y", kFloat);
    return c.take();
}

// ---- Split num_outputs (18) ----

Case split(const std::string& name, const std::vector<int64_t>& dims, int64_t axis, int64_t pieces, uint32_t seed)
{
    CaseBuilder c(name, 18);
    Rng rng(seed);
    c.input(randomFloat(rng, "x", dims, -1.0f, 1.0f));
    std::vector<std::string> outs;
    for (int64_t i = 0; i < pieces; ++i)
        outs.push_back("y" + std::to_string(i));
    auto& n = c.g().node("Split", { "x" }, outs, "split");
    setAttr(n, "axis", axis);
    setAttr(n, "num_outputs", pieces);
    for (const auto& o : outs)
        c.output(o, kFloat);
    return c.take();
}

// ---- Pad with axes (18), wrap (19) ----

Case pad(const std::string& name, int opset, const std::string& mode, const std::vector<int64_t>& pads,
    const std::vector<int64_t>& axes, uint32_t seed)
{
    CaseBuilder c(name, opset);
    Rng rng(seed);
    c.input(randomFloat(rng, "x", { 1, 3, 4, 5 }, -1.0f, 1.0f));
    c.ints("pads", pads);
    std::vector<std::string> in { "x", "pads" };
    if (mode == "constant") {
        c.g().floatInitializer("value", {}, { 1.5f });
        in.push_back("value");
    } else {
        in.push_back("");
    }
    if (!axes.empty()) {
        c.ints("axes", axes);
        in.push_back("axes");
    }
    setAttr(c.g().node("Pad", in, { "y" }, "pad"), "mode", mode);
    c.output("y", kFloat);
    return c.take();
}

// ---- Resize (18: axes, antialias, keep_aspect_ratio_policy; 19: half_pixel_symmetric) ----

struct ResizeCase
{
    std::string name;
    int opset;
    std::vector<int64_t> dims;
    std::string mode, ctm;
    std::vector<float> scales; ///< or
    std::vector<int64_t> sizes;
    std::vector<int64_t> axes;
    int64_t antialias = 0;
    std::string policy; ///< keep_aspect_ratio_policy
    std::string nearestMode;
    int64_t excludeOutside = 0;
};

Case resize(const ResizeCase& r, uint32_t seed)
{
    CaseBuilder c(r.name, r.opset);
    Rng rng(seed);
    c.input(randomFloat(rng, "x", r.dims, -2.0f, 2.0f));
    std::vector<std::string> in { "x", "" };
    if (!r.scales.empty()) {
        c.floats("scales", r.scales);
        in.push_back("scales");
    } else {
        c.ints("sizes", r.sizes);
        in.push_back("");
        in.push_back("sizes");
    }
    auto& n = c.g().node("Resize", in, { "y" }, "resize");
    setAttr(n, "mode", r.mode);
    setAttr(n, "coordinate_transformation_mode", r.ctm);
    if (!r.axes.empty())
        setAttrInts(n, "axes", r.axes);
    if (r.antialias)
        setAttr(n, "antialias", r.antialias);
    if (!r.policy.empty())
        setAttr(n, "keep_aspect_ratio_policy", r.policy);
    if (!r.nearestMode.empty())
        setAttr(n, "nearest_mode", r.nearestMode);
    if (r.excludeOutside)
        setAttr(n, "exclude_outside", r.excludeOutside);
    c.output("y", kFloat);
    return c.take();
}

// ---- QuantizeLinear / DequantizeLinear (19, 21) ----

template <typename T> std::vector<T> zeroPoints(Rng& rng, int64_t n, int lo, int hi)
{
    std::vector<T> z(static_cast<size_t>(n));
    for (auto& v : z)
        v = static_cast<T>(lo + int(rng.uniform(0.0f, 1.0f) * float(hi - lo)));
    return z;
}

void addZeroPoints(CaseBuilder& c, Rng& rng, int32_t type, const std::vector<int64_t>& dims)
{
    const int64_t n = count(dims);
    if (type == kUInt8)
        c.g().rawInitializer("zp", type, dims, zeroPoints<uint8_t>(rng, n, 90, 160));
    else if (type == kInt8)
        c.g().rawInitializer("zp", type, dims, zeroPoints<int8_t>(rng, n, -20, 20));
    else if (type == kUInt16)
        c.g().rawInitializer("zp", type, dims, zeroPoints<uint16_t>(rng, n, 30000, 36000));
    else
        c.g().rawInitializer("zp", type, dims, zeroPoints<int16_t>(rng, n, -3000, 3000));
}

/// Random scales (and zero points of `type`) of `scaleDims` as initializers; the node's inputs "x", "scale"[, "zp"].
std::vector<std::string> scaleAndZeroPoint(
    CaseBuilder& c, Rng& rng, int32_t type, const std::vector<int64_t>& scaleDims, bool withZp)
{
    std::vector<float> s(static_cast<size_t>(count(scaleDims)));
    for (auto& v : s)
        v = rng.uniform(0.007f, 0.03f);
    c.g().floatInitializer("scale", scaleDims, s);
    if (!withZp)
        return { "x", "scale" };
    addZeroPoints(c, rng, type, scaleDims);
    return { "x", "scale", "zp" };
}

/// QuantizeLinear of x (dims) with scales of `scaleDims` (blocked when blockSize > 0) into `type`.
Case quantize(const std::string& name, int opset, int32_t type, const std::vector<int64_t>& dims,
    const std::vector<int64_t>& scaleDims, int64_t axis, int64_t blockSize, bool withZp, uint32_t seed)
{
    CaseBuilder c(name, opset);
    Rng rng(seed);
    const float range = type == kInt16 || type == kUInt16 ? 300.0f : 3.0f;
    c.input(randomFloat(rng, "x", dims, -range, range));
    auto& n = c.g().node("QuantizeLinear", scaleAndZeroPoint(c, rng, type, scaleDims, withZp), { "y" }, "q");
    setAttr(n, "axis", axis);
    if (blockSize)
        setAttr(n, "block_size", blockSize);
    if (!withZp && type != kUInt8)
        setAttr(n, "output_dtype", int64_t(type));
    c.output("y", type);
    return c.take();
}

Case dequantize(const std::string& name, int opset, int32_t type, const std::vector<int64_t>& dims,
    const std::vector<int64_t>& scaleDims, int64_t axis, int64_t blockSize, uint32_t seed)
{
    CaseBuilder c(name, opset);
    Rng rng(seed);
    const int64_t n = count(dims);
    if (type == kUInt8 || type == kInt8) {
        std::vector<uint8_t> v(static_cast<size_t>(n));
        for (auto& b : v)
            b = rng.byte();
        c.input(tensor("x", type, dims, v));
    } else if (type == kInt32) {
        std::vector<int32_t> v(static_cast<size_t>(n));
        for (auto& b : v)
            b = int32_t(rng.uniform(-100000.0f, 100000.0f));
        c.input(tensor("x", type, dims, v));
    } else {
        std::vector<uint16_t> v(static_cast<size_t>(n));
        for (auto& b : v)
            b = static_cast<uint16_t>(rng.byte() << 8 | rng.byte());
        c.input(tensor("x", type, dims, v));
    }
    auto& node
        = c.g().node("DequantizeLinear", scaleAndZeroPoint(c, rng, type, scaleDims, type != kInt32), { "y" }, "dq");
    setAttr(node, "axis", axis);
    if (blockSize)
        setAttr(node, "block_size", blockSize);
    c.output("y", kFloat);
    return c.take();
}

// ---- others whose version changed at 18..21 ----

Case unary(const std::string& name, const char* op, int opset, uint32_t seed)
{
    CaseBuilder c(name, opset);
    Rng rng(seed);
    c.input(randomFloat(rng, "x", { 2, 3, 17 }, -4.0f, 4.0f));
    c.g().node(op, { "x" }, { "y" }, op);
    c.output("y", kFloat);
    return c.take();
}

Case averagePoolDilations(uint32_t seed)
{
    CaseBuilder c("averagepool_dilations_opset19", 19);
    Rng rng(seed);
    c.input(randomFloat(rng, "x", { 1, 2, 9, 11 }, -1.0f, 1.0f));
    auto& n = c.g().node("AveragePool", { "x" }, { "y" }, "pool");
    setAttr(n, "kernel_shape", { 3, 2 });
    setAttr(n, "dilations", { 2, 3 });
    setAttr(n, "strides", { 1, 2 });
    setAttr(n, "pads", { 1, 0, 1, 1 });
    c.output("y", kFloat);
    return c.take();
}

Case scatterElementsMax(uint32_t seed)
{
    CaseBuilder c("scatterelements_max_opset18", 18);
    Rng rng(seed);
    c.input(randomFloat(rng, "data", { 4, 5 }, -1.0f, 1.0f));
    c.g().rawInitializer<int64_t>("indices", kInt64, { 3, 5 }, { 0, 1, 2, 3, 0, 1, 1, 1, 0, 3, 3, 2, 1, 1, 0 });
    c.input(randomFloat(rng, "updates", { 3, 5 }, -1.0f, 1.0f));
    auto& n = c.g().node("ScatterElements", { "data", "indices", "updates" }, { "y" }, "scatter");
    setAttr(n, "reduction", std::string("max"));
    c.output("y", kFloat);
    return c.take();
}

/// Ops whose new version only widened types, in one opset 21 chain: Cast (saturate attribute, 19), Reshape,
/// Transpose, Unsqueeze, Squeeze, Flatten, Identity, Shape, Size, ConstantOfShape, and a QuantizeLinear ->
/// DequantizeLinear pair.
Case typeWidenedChain(uint32_t seed)
{
    CaseBuilder c("type_widened_chain_opset21", 21);
    Rng rng(seed);
    c.input(randomFloat(rng, "x", { 2, 3, 4 }, -3.0f, 3.0f));
    c.ints("shape", { 6, 4 });
    c.ints("axes0", { 0 });
    c.g().node("Reshape", { "x", "shape" }, { "r" }, "reshape");
    setAttr(c.g().node("Transpose", { "r" }, { "t" }, "transpose"), "perm", { 1, 0 });
    c.g().node("Unsqueeze", { "t", "axes0" }, { "u" }, "unsqueeze");
    c.g().node("Squeeze", { "u", "axes0" }, { "s" }, "squeeze");
    setAttr(c.g().node("Flatten", { "s" }, { "f" }, "flatten"), "axis", int64_t(1));
    c.g().node("Identity", { "f" }, { "i" }, "identity");
    c.g().floatInitializer("qs", {}, { 0.025f });
    c.g().rawInitializer<int8_t>("qz", kInt8, {}, { int8_t(3) });
    c.g().node("QuantizeLinear", { "i", "qs", "qz" }, { "q" }, "q");
    c.g().node("DequantizeLinear", { "q", "qs", "qz" }, { "dq" }, "dq");
    auto& cast = c.g().node("Cast", { "dq" }, { "y" }, "cast");
    setAttr(cast, "to", int64_t(kInt32));
    setAttr(cast, "saturate", int64_t(1));
    c.g().node("Shape", { "x" }, { "shp" }, "shape_of");
    c.g().node("Size", { "x" }, { "size" }, "size_of");
    c.g().node("ConstantOfShape", { "shp" }, { "zeros" }, "zeros");
    c.output("y", kInt32);
    c.output("size", kInt64);
    c.output("zeros", kFloat);
    return c.take();
}

/// BitwiseAnd/Or/Xor with B broadcast along rows, then BitwiseNot, on int32 or uint8 data.
Case bitwise(const char* op, int32_t type, uint32_t seed)
{
    std::string lower = op;
    for (auto& ch : lower)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    CaseBuilder c(lower + (type == kInt32 ? "_s32" : "_u8") + "_opset18", 18);
    Rng rng(seed);
    const auto bytes = [&](const std::string& name, const std::vector<int64_t>& dims) {
        std::vector<uint8_t> v(static_cast<size_t>(count(dims)) * (type == kInt32 ? 4 : 1));
        for (auto& b : v)
            b = rng.byte();
        onnx::TensorProto t = tensor(name, type, dims, std::vector<uint8_t> {});
        t.set_raw_data(std::string(v.begin(), v.end()));
        return t;
    };
    c.input(bytes("a", { 3, 7 }));
    c.input(bytes("b", { 1, 7 }));
    c.g().node(op, { "a", "b" }, { "c" }, op);
    c.g().node("BitwiseNot", { "c" }, { "y" }, "not");
    c.output("y", type);
    return c.take();
}

std::vector<Case> allCases()
{
    std::vector<Case> cases;
    uint32_t seed = 1800;
    const std::vector<ReduceCase> reduces {
        { "ReduceMean", 18, { 1, -1 }, 1, 0, -1.0f, 1.0f },
        { "ReduceMax", 18, { 2 }, 0, 0, -1.0f, 1.0f },
        { "ReduceMin", 18, { 0, 3 }, 1, 0, -1.0f, 1.0f },
        { "ReduceProd", 18, { 1 }, 0, 0, 0.5f, 1.5f },
        { "ReduceL1", 18, { -2 }, 1, 0, -1.0f, 1.0f },
        { "ReduceL2", 18, { 1, 2 }, 0, 0, -1.0f, 1.0f },
        { "ReduceLogSum", 18, { 3 }, 1, 0, 0.1f, 2.0f },
        { "ReduceLogSumExp", 18, { 0, 1 }, 0, 0, -2.0f, 2.0f },
        { "ReduceSumSquare", 18, { 2, 3 }, 1, 0, -1.0f, 1.0f },
        { "ReduceMax", 20, { -1 }, 1, 0, -1.0f, 1.0f },
        { "ReduceMin", 20, { 1 }, 0, 0, -1.0f, 1.0f },
    };
    for (const ReduceCase& r : reduces)
        cases.push_back(reduce(r, "axes_input", ++seed));
    cases.push_back(reduce({ "ReduceMean", 18, {}, 0, 0, -1.0f, 1.0f }, "all_axes", ++seed));
    cases.push_back(reduce({ "ReduceL2", 18, {}, 1, 1, -1.0f, 1.0f }, "noop_empty_axes", ++seed));
    cases.push_back(split("split_num_outputs_uneven_opset18", { 2, 7, 3 }, 1, 3, ++seed));
    cases.push_back(split("split_num_outputs_even_opset18", { 8, 5 }, 0, 4, ++seed));
    cases.push_back(pad("pad_constant_axes_opset18", 18, "constant", { 1, 2, 0, 3 }, { 2, 3 }, ++seed));
    cases.push_back(pad("pad_reflect_negative_axis_opset18", 18, "reflect", { 2, 1 }, { -1 }, ++seed));
    cases.push_back(pad("pad_wrap_opset19", 19, "wrap", { 0, 0, 1, 3, 0, 0, 2, 1 }, {}, ++seed));
    cases.push_back(pad("pad_edge_opset21", 21, "edge", { 1, 2, 1, 0 }, { 1, 3 }, ++seed));
    // Resize: the opset 18/19 additions, and the vectorised separable kernel in each mode on odd sizes.
    const std::vector<ResizeCase> resizes {
        { "resize_linear_axes_opset18", 18, { 1, 3, 7, 9 }, "linear", "half_pixel", { 2.0f, 1.5f }, {}, { 2, 3 } },
        { "resize_nearest_axes_sizes_opset18", 18, { 2, 3, 5, 6 }, "nearest", "asymmetric", {}, { 11, 4 }, { 3, 1 } },
        { "resize_linear_not_larger_opset18", 18, { 1, 2, 6, 10 }, "linear", "pytorch_half_pixel", {}, { 9, 12 },
            { 2, 3 }, 0, "not_larger" },
        { "resize_nearest_not_smaller_opset18", 18, { 1, 2, 6, 10 }, "nearest", "half_pixel", {}, { 9, 12 }, { 2, 3 },
            0, "not_smaller", "round_prefer_ceil" },
        { "resize_linear_antialias_down_opset18", 18, { 1, 3, 23, 31 }, "linear", "half_pixel", {}, { 1, 3, 7, 10 }, {},
            1 },
        { "resize_cubic_antialias_down_opset18", 18, { 1, 2, 17, 20 }, "cubic", "half_pixel",
            { 1.0f, 1.0f, 0.4f, 0.3f }, {}, {}, 1 },
        { "resize_linear_antialias_up_opset18", 18, { 1, 2, 5, 6 }, "linear", "pytorch_half_pixel", {}, { 1, 2, 12, 9 },
            {}, 1 },
        { "resize_cubic_antialias_exclude_outside_opset18", 18, { 1, 1, 15, 9 }, "cubic", "half_pixel", {},
            { 1, 1, 6, 4 }, {}, 1, "", "", 1 },
        { "resize_linear_half_pixel_symmetric_opset19", 19, { 1, 2, 7, 9 }, "linear", "half_pixel_symmetric", {},
            { 1, 2, 10, 5 } },
        { "resize_bilinear_pytorch_8x_opset18", 18, { 1, 5, 13, 11 }, "linear", "pytorch_half_pixel", {},
            { 1, 5, 104, 88 } },
        { "resize_linear_align_corners_opset18", 18, { 2, 3, 9, 14 }, "linear", "align_corners", {}, { 2, 3, 17, 5 } },
        { "resize_linear_asymmetric_down_opset18", 18, { 1, 4, 19, 33 }, "linear", "asymmetric",
            { 1.0f, 1.0f, 0.5f, 0.37f } },
        { "resize_cubic_half_pixel_opset18", 18, { 1, 2, 9, 13 }, "cubic", "half_pixel", { 1.0f, 1.0f, 1.7f, 2.3f } },
        { "resize_nearest_floor_up_opset18", 18, { 1, 3, 5, 7 }, "nearest", "asymmetric", { 1.0f, 1.0f, 3.0f, 2.5f },
            {}, {}, 0, "", "floor" },
        { "resize_linear_3d_opset18", 18, { 1, 2, 4, 5, 6 }, "linear", "half_pixel", {}, { 1, 2, 7, 3, 11 } },
    };
    for (const ResizeCase& r : resizes)
        cases.push_back(resize(r, ++seed));
    // Quantization: 19 (saturate attribute on integer types), 21 (blocked, 16-bit, output_dtype).
    cases.push_back(quantize("quantizelinear_s8_axis_opset19", 19, kInt8, { 3, 4, 5 }, { 4 }, 1, 0, true, ++seed));
    cases.push_back(quantize("quantizelinear_u8_opset19", 19, kUInt8, { 2, 33 }, {}, 1, 0, true, ++seed));
    cases.push_back(quantize("quantizelinear_s8_blocked_opset21", 21, kInt8, { 4, 10 }, { 4, 3 }, 1, 4, true, ++seed));
    cases.push_back(
        quantize("quantizelinear_u8_blocked_axis0_opset21", 21, kUInt8, { 7, 3 }, { 3, 3 }, 0, 3, true, ++seed));
    cases.push_back(quantize("quantizelinear_s16_opset21", 21, kInt16, { 2, 3, 7 }, { 3 }, 1, 0, true, ++seed));
    cases.push_back(quantize("quantizelinear_u16_opset21", 21, kUInt16, { 5, 9 }, {}, 1, 0, true, ++seed));
    cases.push_back(quantize("quantizelinear_output_dtype_s8_opset21", 21, kInt8, { 3, 11 }, {}, 1, 0, false, ++seed));
    cases.push_back(dequantize("dequantizelinear_u8_axis_opset19", 19, kUInt8, { 2, 3, 5 }, { 3 }, 1, 0, ++seed));
    cases.push_back(dequantize("dequantizelinear_s8_blocked_opset21", 21, kInt8, { 6, 10 }, { 6, 4 }, 1, 3, ++seed));
    cases.push_back(
        dequantize("dequantizelinear_u8_blocked_axis0_opset21", 21, kUInt8, { 5, 4 }, { 3, 4 }, 0, 2, ++seed));
    cases.push_back(dequantize("dequantizelinear_s16_opset21", 21, kInt16, { 4, 9 }, { 4 }, 0, 0, ++seed));
    cases.push_back(dequantize("dequantizelinear_u16_opset21", 21, kUInt16, { 3, 8 }, {}, 1, 0, ++seed));
    cases.push_back(dequantize("dequantizelinear_s32_opset21", 21, kInt32, { 17 }, {}, 0, 0, ++seed));
    cases.push_back(unary("mish_opset18", "Mish", 18, ++seed));
    cases.push_back(unary("gelu_opset20", "Gelu", 20, ++seed));
    cases.push_back(averagePoolDilations(++seed));
    cases.push_back(scatterElementsMax(++seed));
    cases.push_back(typeWidenedChain(++seed));
    cases.push_back(bitwise("BitwiseAnd", kInt32, ++seed));
    cases.push_back(bitwise("BitwiseOr", kUInt8, ++seed));
    cases.push_back(bitwise("BitwiseXor", kInt32, ++seed));
    return cases;
}

} // namespace

int main(int argc, char** argv)
{
    bool check = false;
    const std::filesystem::path dir = generatorOutDir(argc, argv, check);
    if (dir.empty())
        return 2;
    auto cases = allCases();
    return writeOrCheckCases(cases, dir, check, "make_opset_cases") ? 1 : 0;
}
