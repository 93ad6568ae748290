// SPDX-License-Identifier: MIT
#include "newer_opset_schemas.h"

#include <onnx/defs/schema.h>
#include <onnx/defs/shape_inference.h>
#include <onnx/defs/tensor_proto_util.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace qs::onnx_import {

namespace {

using onnx::AttributeProto;
using onnx::InferenceContext;
using onnx::OpSchema;
using onnx::OpSchemaRegistry;
using onnx::TensorShapeProto;

// Type lists as libonnx 1.12 spells them; types it does not know (float8, int4) are left out: the loader does not
// check element types against these lists (shape inference runs with check_type off) and the kernels refuse them.
const std::vector<std::string> kNumeric { "tensor(uint8)", "tensor(uint16)", "tensor(uint32)", "tensor(uint64)",
    "tensor(int8)", "tensor(int16)", "tensor(int32)", "tensor(int64)", "tensor(float16)", "tensor(float)",
    "tensor(double)", "tensor(bfloat16)" };
const std::vector<std::string> kFloats { "tensor(float16)", "tensor(float)", "tensor(double)", "tensor(bfloat16)" };

std::vector<std::string> allTensorTypes()
{
    std::vector<std::string> t = kNumeric;
    for (const char* s : { "tensor(bool)", "tensor(string)", "tensor(complex64)", "tensor(complex128)" })
        t.emplace_back(s);
    return t;
}

std::vector<std::string> numericAndBool()
{
    std::vector<std::string> t = kNumeric;
    t.emplace_back("tensor(bool)");
    return t;
}

/// The data of a constant input (initializer or Constant) of element type `kType`; nullopt when absent or unknown.
template <typename T, int32_t kType> std::optional<std::vector<T>> constantData(InferenceContext& ctx, size_t input)
{
    if (ctx.getNumInputs() <= input || !ctx.getInputType(input))
        return std::nullopt;
    const onnx::TensorProto* t = ctx.getInputData(input);
    if (!t || t->data_type() != kType)
        return std::nullopt;
    // libonnx's ParseData trusts the dims: raw data shorter than they say was read past its end (the executor fuzzer
    // found it in Pad's inference). A tensor whose data and dims disagree is not a known constant.
    int64_t count = 1;
    for (int64_t d : t->dims())
        if (d < 0 || __builtin_mul_overflow(count, d, &count))
            return std::nullopt;
    const int64_t stored = t->has_raw_data()        ? int64_t(t->raw_data().size() / sizeof(T))
        : kType == onnx::TensorProto_DataType_INT64 ? int64_t(t->int64_data_size())
                                                    : int64_t(t->float_data_size());
    if (t->has_raw_data() && t->raw_data().size() % sizeof(T) != 0)
        return std::nullopt;
    if (stored != count)
        return std::nullopt;
    return onnx::ParseData<T>(t);
}

std::optional<std::vector<int64_t>> constantInts(InferenceContext& ctx, size_t input)
{
    return constantData<int64_t, onnx::TensorProto_DataType_INT64>(ctx, input);
}

std::optional<std::vector<float>> constantFloats(InferenceContext& ctx, size_t input)
{
    return constantData<float, onnx::TensorProto_DataType_FLOAT>(ctx, input);
}

bool inputPresent(InferenceContext& ctx, size_t input)
{
    return ctx.getNumInputs() > input && ctx.getInputType(input) != nullptr;
}

/// The output's shape as the input's rank of unknown dimensions (what is known when a size input is not constant).
void unknownDimsOfRank(InferenceContext& ctx, int rank, size_t output = 0)
{
    auto* shape = onnx::getOutputShape(ctx, output);
    shape->clear_dim();
    for (int i = 0; i < rank; ++i)
        shape->add_dim();
}

int64_t normalizedAxis(int64_t axis, int rank)
{
    if (axis < -rank || axis >= rank)
        fail_shape_inference("axis ", axis, " is out of range for rank ", rank);
    return axis < 0 ? axis + rank : axis;
}

/// The normalised `given` axes, or every axis when there are none.
std::vector<int64_t> axesOrAll(const std::vector<int64_t>* given, int rank)
{
    std::vector<int64_t> axes;
    if (given)
        for (int64_t v : *given)
            axes.push_back(normalizedAxis(v, rank));
    else
        for (int i = 0; i < rank; ++i)
            axes.push_back(i);
    return axes;
}

/// A computed extent as a dimension value. The file's numbers are untrusted: a scale of 1e30, a zero extent under
/// keep_aspect_ratio_policy or a pad of INT64_MAX must fail inference with a message, not overflow a conversion.
int64_t checkedExtent(double value, const char* what)
{
    // 2^62 leaves room for the element-count checks downstream; no real tensor extent comes near it.
    if (!std::isfinite(value) || value < 0.0 || value > 4.611686018427387904e18)
        fail_shape_inference(what, " gives an output extent of ", value, ", which is not a valid dimension");
    return int64_t(value);
}

// ---- inference functions of the changed operators ----

void inferSameAsInput0(InferenceContext& ctx)
{
    onnx::propagateElemTypeFromInputToOutput(ctx, 0, 0);
    if (onnx::hasInputShape(ctx, 0))
        onnx::propagateShapeFromInputToOutput(ctx, 0, 0);
}

/// Split-18: sizes from the `split` input, else num_outputs (or the output count) pieces of ceil(len / n), the last
/// one smaller.
void inferSplit(InferenceContext& ctx)
{
    for (size_t i = 0; i < ctx.getNumOutputs(); ++i)
        onnx::propagateElemTypeFromInputToOutput(ctx, 0, i);
    if (!onnx::hasInputShape(ctx, 0))
        return;
    const auto& in = onnx::getInputShape(ctx, 0);
    const int rank = in.dim_size();
    const int64_t axis = normalizedAxis(onnx::getAttribute(ctx, "axis", int64_t(0)), rank);
    const size_t outputs = ctx.getNumOutputs();
    const int64_t numOutputs = onnx::getAttribute(ctx, "num_outputs", int64_t(0));
    if (numOutputs != 0 && size_t(numOutputs) != outputs)
        fail_shape_inference("num_outputs is ", numOutputs, " but the node has ", outputs, " outputs");
    std::optional<std::vector<int64_t>> sizes = constantInts(ctx, 1);
    if (!sizes && inputPresent(ctx, 1))
        return; // sizes known only at run time
    const auto& axisDim = in.dim(int(axis));
    if (!sizes) {
        if (!axisDim.has_dim_value())
            return;
        const int64_t len = checkedExtent(double(axisDim.dim_value()), "the split axis");
        if (outputs == 0)
            fail_shape_inference("Split has no outputs");
        const int64_t chunk = (len + int64_t(outputs) - 1) / int64_t(outputs);
        sizes.emplace();
        for (size_t i = 0; i < outputs; ++i)
            sizes->push_back(std::max<int64_t>(0, std::min(chunk, len - chunk * int64_t(i))));
    }
    if (sizes->size() != outputs)
        fail_shape_inference("split has ", sizes->size(), " values for ", outputs, " outputs");
    for (size_t i = 0; i < outputs; ++i) {
        auto* shape = onnx::getOutputShape(ctx, i);
        *shape = in;
        shape->mutable_dim(int(axis))->clear_dim_param();
        shape->mutable_dim(int(axis))->set_dim_value((*sizes)[i]);
    }
}

/// Pad-18..21: pads (and constant_value, and `axes` since 18) are inputs.
void inferPad(InferenceContext& ctx)
{
    onnx::propagateElemTypeFromInputToOutput(ctx, 0, 0);
    if (!onnx::hasInputShape(ctx, 0))
        return;
    const auto& in = onnx::getInputShape(ctx, 0);
    const int rank = in.dim_size();
    const auto pads = constantInts(ctx, 1);
    const auto given = constantInts(ctx, 3);
    if (inputPresent(ctx, 3) && !given)
        return unknownDimsOfRank(ctx, rank);
    const std::vector<int64_t> axes = axesOrAll(given ? &*given : nullptr, rank);
    if (!pads)
        return unknownDimsOfRank(ctx, rank);
    if (pads->size() != 2 * axes.size())
        fail_shape_inference("pads has ", pads->size(), " values for ", axes.size(), " axes (needs twice as many)");
    auto* shape = onnx::getOutputShape(ctx, 0);
    *shape = in;
    for (size_t i = 0; i < axes.size(); ++i) {
        auto* dim = shape->mutable_dim(int(axes[i]));
        if (!dim->has_dim_value()) {
            dim->clear_dim_param();
            continue;
        }
        dim->set_dim_value(
            checkedExtent(double(dim->dim_value()) + double((*pads)[i]) + double((*pads)[i + axes.size()]), "pads"));
    }
}

/// Resize-18/19: scales or sizes for `axes` (default all), sizes interpreted by keep_aspect_ratio_policy.
void inferResize(InferenceContext& ctx)
{
    onnx::propagateElemTypeFromInputToOutput(ctx, 0, 0);
    if (!onnx::hasInputShape(ctx, 0))
        return;
    const auto& in = onnx::getInputShape(ctx, 0);
    const int rank = in.dim_size();
    std::vector<int64_t> given;
    const bool hasAxes = onnx::getRepeatedAttribute(ctx, "axes", given);
    const std::vector<int64_t> axes = axesOrAll(hasAxes ? &given : nullptr, rank);
    const auto sizes = constantInts(ctx, 3);
    const auto scales = constantFloats(ctx, 2);
    const bool useSizes = sizes && !sizes->empty();
    if (!useSizes && !(scales && !scales->empty()))
        return unknownDimsOfRank(ctx, rank);
    if ((useSizes ? sizes->size() : scales->size()) != axes.size())
        fail_shape_inference(
            "scales/sizes has ", useSizes ? sizes->size() : scales->size(), " values for ", axes.size(), " axes");
    auto* shape = onnx::getOutputShape(ctx, 0);
    *shape = in;
    for (int i = 0; i < rank; ++i)
        if (std::find(axes.begin(), axes.end(), i) != axes.end())
            shape->mutable_dim(i)->Clear();
    for (int64_t axis : axes)
        if (!in.dim(int(axis)).has_dim_value())
            return; // a resized extent of unknown length stays unknown
    const std::string policy = onnx::getAttribute(ctx, "keep_aspect_ratio_policy", std::string("stretch"));
    if (useSizes && policy != "stretch") {
        if (policy != "not_larger" && policy != "not_smaller")
            fail_shape_inference(
                "keep_aspect_ratio_policy '", policy, "' is not one of stretch, not_larger, not_smaller");
        float scale = policy == "not_larger" ? std::numeric_limits<float>::max() : 0.0f;
        for (size_t i = 0; i < axes.size(); ++i) {
            if (in.dim(int(axes[i])).dim_value() <= 0)
                fail_shape_inference("keep_aspect_ratio_policy on an input extent of ",
                    in.dim(int(axes[i])).dim_value(), " (the aspect ratio needs extents above 0)");
            const float s = float((*sizes)[i]) / float(in.dim(int(axes[i])).dim_value());
            scale = policy == "not_larger" ? std::min(scale, s) : std::max(scale, s);
        }
        for (int64_t axis : axes) // round_int: halves up
            shape->mutable_dim(int(axis))->set_dim_value(checkedExtent(
                std::floor(double(scale * float(in.dim(int(axis)).dim_value())) + 0.5), "keep_aspect_ratio_policy"));
        return;
    }
    for (size_t i = 0; i < axes.size(); ++i) {
        const int64_t len = in.dim(int(axes[i])).dim_value();
        shape->mutable_dim(int(axes[i]))
            ->set_dim_value(
                useSizes ? (*sizes)[i] : checkedExtent(std::floor(double(float(len) * (*scales)[i])), "scales"));
    }
}

/// QuantizeLinear-19/21: y's type is the zero point's, else output_dtype (21), else uint8.
void inferQuantize(InferenceContext& ctx)
{
    int32_t type = onnx::TensorProto_DataType_UINT8;
    if (inputPresent(ctx, 2) && ctx.getInputType(2)->tensor_type().has_elem_type())
        type = ctx.getInputType(2)->tensor_type().elem_type();
    else if (const int64_t dtype = onnx::getAttribute(ctx, "output_dtype", int64_t(0)); dtype != 0)
        type = int32_t(dtype);
    onnx::updateOutputElemType(ctx, 0, type);
    if (onnx::hasInputShape(ctx, 0))
        onnx::propagateShapeFromInputToOutput(ctx, 0, 0);
}

/// DequantizeLinear-19/21: y has the scale's type (float16/bfloat16 scales since 19).
void inferDequantize(InferenceContext& ctx)
{
    if (inputPresent(ctx, 1) && ctx.getInputType(1)->tensor_type().has_elem_type())
        onnx::propagateElemTypeFromInputToOutput(ctx, 1, 0);
    else
        onnx::updateOutputElemType(ctx, 0, onnx::TensorProto_DataType_FLOAT);
    if (onnx::hasInputShape(ctx, 0))
        onnx::propagateShapeFromInputToOutput(ctx, 0, 0);
}

/// GridSample-20: Y is [N, C, grid's spatial extents...] for any rank.
void inferGridSample(InferenceContext& ctx)
{
    onnx::propagateElemTypeFromInputToOutput(ctx, 0, 0);
    if (!onnx::hasInputShape(ctx, 0) || !onnx::hasInputShape(ctx, 1))
        return;
    const auto& x = onnx::getInputShape(ctx, 0);
    const auto& grid = onnx::getInputShape(ctx, 1);
    if (x.dim_size() < 3 || grid.dim_size() != x.dim_size())
        fail_shape_inference(
            "X (rank ", x.dim_size(), ") and grid (rank ", grid.dim_size(), ") must have one rank >= 3");
    auto* shape = onnx::getOutputShape(ctx, 0);
    shape->clear_dim();
    *shape->add_dim() = x.dim(0);
    *shape->add_dim() = x.dim(1);
    for (int i = 1; i + 1 < grid.dim_size(); ++i)
        *shape->add_dim() = grid.dim(i);
}

/// AffineGrid-20: size = (N, C, H, W) gives (N, H, W, 2); (N, C, D, H, W) gives (N, D, H, W, 3).
void inferAffineGrid(InferenceContext& ctx)
{
    onnx::propagateElemTypeFromInputToOutput(ctx, 0, 0);
    const auto size = constantInts(ctx, 1);
    if (!size)
        return;
    if (size->size() != 4 && size->size() != 5)
        fail_shape_inference("size has ", size->size(), " values (4 for 2-D, 5 for 3-D)");
    auto* shape = onnx::getOutputShape(ctx, 0);
    shape->clear_dim();
    shape->add_dim()->set_dim_value((*size)[0]);
    for (size_t i = 2; i < size->size(); ++i)
        shape->add_dim()->set_dim_value((*size)[i]);
    shape->add_dim()->set_dim_value(int64_t(size->size()) - 2);
}

/// CastLike-19: the target's element type, the input's shape.
void inferCastLike(InferenceContext& ctx)
{
    onnx::propagateElemTypeFromInputToOutput(ctx, 1, 0);
    if (onnx::hasInputShape(ctx, 0))
        onnx::propagateShapeFromInputToOutput(ctx, 0, 0);
}

// ---- schema construction ----

constexpr const char* kFile = "quantscope/engine/src/onnx/newer_opset_schemas.cpp";

OpSchema base(const char* name, int version, const char* doc)
{
    OpSchema s;
    s.SetName(name).SetDomain(onnx::ONNX_DOMAIN).SinceVersion(version).SetDoc(doc).SetLocation(kFile, 0);
    return s;
}

/// The inference function of a schema libonnx already has (for versions whose shape rule did not change).
onnx::InferenceFunction inferenceOf(const char* op, int version)
{
    const OpSchema* s = OpSchemaRegistry::Schema(op, version, onnx::ONNX_DOMAIN);
    return s && s->has_type_and_shape_inference_function() ? s->GetTypeAndShapeInferenceFunction()
                                                           : onnx::InferenceFunction(inferSameAsInput0);
}

std::vector<OpSchema> reduceSchemas()
{
    // ReduceSum-13 already took its axes as an input; its inference function is the rule of every Reduce* at 18.
    const auto inference = inferenceOf("ReduceSum", 13);
    std::vector<OpSchema> out;
    const auto add = [&](const char* op, int version, const std::vector<std::string>& types) {
        out.push_back(base(op, version,
            "Reduces the input over the axes given by the optional int64 input `axes` (opset 18: an input instead of "
            "an attribute). Without axes every axis is reduced, unless noop_with_empty_axes is 1, which makes the "
            "op an identity. keepdims keeps the reduced axes as extent 1.")
                          .Attr("keepdims", "Keep the reduced dimensions (1) or drop them (0).", AttributeProto::INT,
                              int64_t(1))
                          .Attr("noop_with_empty_axes",
                              "With axes empty or omitted: 1 = identity, 0 = reduce all axes.", AttributeProto::INT,
                              int64_t(0))
                          .Input(0, "data", "An input tensor.", "T")
                          .Input(1, "axes", "The axes to reduce (1-D int64), negative counting from the back.",
                              "tensor(int64)", OpSchema::Optional)
                          .Output(0, "reduced", "The reduced tensor.", "T")
                          .TypeConstraint("T", types, "Numeric tensors.")
                          .TypeAndShapeInferenceFunction(inference));
    };
    for (const char* op : { "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceMean", "ReduceProd",
             "ReduceSumSquare", "ReduceMax", "ReduceMin" })
        add(op, 18, kNumeric);
    // 20: ReduceMax and ReduceMin also take bool.
    add("ReduceMax", 20, numericAndBool());
    add("ReduceMin", 20, numericAndBool());
    return out;
}

OpSchema poolSchema(const char* op, int version, const char* doc, bool lp)
{
    OpSchema s = base(op, version, doc);
    s.Attr("auto_pad", "NOTSET, SAME_UPPER, SAME_LOWER or VALID.", AttributeProto::STRING, std::string("NOTSET"))
        .Attr("ceil_mode", "Use ceil (1) instead of floor (0) for the output shape.", AttributeProto::INT, int64_t(0))
        .Attr("dilations", "Dilation along each spatial axis (default 1).", AttributeProto::INTS, false)
        .Attr("kernel_shape", "The size of the kernel along each spatial axis.", AttributeProto::INTS, true)
        .Attr("pads", "Begin and end padding of each spatial axis.", AttributeProto::INTS, false)
        .Attr("strides", "Stride along each spatial axis (default 1).", AttributeProto::INTS, false)
        .Input(0, "X", "Input tensor (N x C x spatial...).", "T")
        .Output(0, "Y", "Output tensor.", "T")
        .TypeConstraint("T", { "tensor(float16)", "tensor(float)", "tensor(double)" }, "Float tensors.")
        // MaxPool-12's rule (convolution-style output shape with dilations and ceil_mode) is theirs too.
        .TypeAndShapeInferenceFunction(inferenceOf("MaxPool", 12));
    if (lp)
        s.Attr("p", "The order of the norm.", AttributeProto::INT, int64_t(2));
    else
        s.Attr("count_include_pad", "Count padded elements in the average (1) or not (0).", AttributeProto::INT,
            int64_t(0));
    return s;
}

OpSchema quantizeSchema(int version)
{
    OpSchema s = base("QuantizeLinear", version,
        "y = saturate(round_half_even(x / y_scale) + y_zero_point). Per tensor (scalar scale), per axis (1-D scale "
        "along `axis`) or, since opset 21, blocked: the scale has x's shape except along `axis`, where each value "
        "covers block_size consecutive elements. saturate applies to float8 outputs only.");
    s.Attr("axis", "The quantized axis (per-axis and blocked forms).", AttributeProto::INT, int64_t(1))
        .Attr("saturate", "float8 outputs: clamp to the type's range (1) or not (0).", AttributeProto::INT, int64_t(1))
        .Input(0, "x", "The tensor to quantize.", "T1")
        .Input(1, "y_scale", "Scale: scalar, 1-D per axis, or blocked.", "T1")
        .Input(2, "y_zero_point", "Zero point, shaped like y_scale; its type is y's.", "T2", OpSchema::Optional)
        .Output(0, "y", "The quantized tensor.", "T2")
        .TypeConstraint("T1", { "tensor(float)", "tensor(float16)", "tensor(bfloat16)", "tensor(int32)" },
            "The input and scale types.")
        .TypeConstraint(
            "T2", { "tensor(int8)", "tensor(uint8)", "tensor(int16)", "tensor(uint16)" }, "The quantized type.")
        .TypeAndShapeInferenceFunction(inferQuantize);
    if (version >= 21)
        s.Attr("block_size", "Blocked quantization: elements per scale along axis (0 = not blocked).",
             AttributeProto::INT, int64_t(0))
            .Attr("output_dtype", "y's element type when y_zero_point is omitted (0 = uint8).", AttributeProto::INT,
                int64_t(0));
    return s;
}

OpSchema dequantizeSchema(int version)
{
    OpSchema s = base("DequantizeLinear", version,
        "y = (x - x_zero_point) * x_scale, per tensor, per axis or (since opset 21) blocked along `axis`; y has the "
        "scale's type.");
    s.Attr("axis", "The quantized axis (per-axis and blocked forms).", AttributeProto::INT, int64_t(1))
        .Input(0, "x", "The quantized tensor.", "T1")
        .Input(1, "x_scale", "Scale: scalar, 1-D per axis, or blocked.", "T2")
        .Input(2, "x_zero_point", "Zero point, shaped like x_scale.", "T1", OpSchema::Optional)
        .Output(0, "y", "The dequantized tensor.", "T2")
        .TypeConstraint("T1", { "tensor(int8)", "tensor(uint8)", "tensor(int16)", "tensor(uint16)", "tensor(int32)" },
            "The quantized type.")
        .TypeConstraint("T2", { "tensor(float)", "tensor(float16)", "tensor(bfloat16)" }, "The scale and y type.")
        .TypeAndShapeInferenceFunction(inferDequantize);
    if (version >= 21)
        s.Attr("block_size", "Blocked quantization: elements per scale along axis (0 = not blocked).",
            AttributeProto::INT, int64_t(0));
    return s;
}

std::vector<OpSchema> allSchemas()
{
    std::vector<OpSchema> out = reduceSchemas();

    out.push_back(base("Split", 18,
        "Splits a tensor along `axis` into the sizes given by the optional `split` input or, since opset 18, into "
        "num_outputs pieces of ceil(length / num_outputs) elements, the last one smaller.")
                      .Attr("axis", "The axis to split.", AttributeProto::INT, int64_t(0))
                      .Attr("num_outputs", "The number of pieces when `split` is omitted.", AttributeProto::INT, false)
                      .Input(0, "input", "The tensor to split.", "T")
                      .Input(1, "split", "Length of each output (1-D int64).", "tensor(int64)", OpSchema::Optional)
                      .Output(0, "outputs", "The pieces.", "T", OpSchema::Variadic, true, 1)
                      .TypeConstraint("T", allTensorTypes(), "Any tensor type.")
                      .TypeAndShapeInferenceFunction(inferSplit));

    for (int version : { 18, 19, 21 }) // 19 adds mode 'wrap', 21 only types
        out.push_back(base("Pad", version,
            "Pads a tensor: mode constant, reflect, edge or (since 19) wrap. pads holds the begin values then the end "
            "values of the padded axes, which are all axes or (since 18) those of the optional `axes` input.")
                          .Attr("mode", "constant, reflect, edge or wrap.", AttributeProto::STRING,
                              std::string("constant"))
                          .Input(0, "data", "Input tensor.", "T")
                          .Input(1, "pads", "Begin and end pads (1-D int64), negative values crop.", "tensor(int64)")
                          .Input(
                              2, "constant_value", "The fill value of mode constant (scalar).", "T", OpSchema::Optional)
                          .Input(3, "axes", "The axes `pads` refers to (1-D).", "Tind", OpSchema::Optional)
                          .Output(0, "output", "The padded tensor.", "T")
                          .TypeConstraint("T", allTensorTypes(), "Any tensor type.")
                          .TypeConstraint("Tind", { "tensor(int32)", "tensor(int64)" }, "Integer axes.")
                          .TypeAndShapeInferenceFunction(inferPad));

    for (int version : { 18, 19 }) // 19 adds coordinate_transformation_mode 'half_pixel_symmetric'
        out.push_back(base("Resize", version,
            "Resizes a tensor by nearest, linear or cubic interpolation. Since opset 18: `axes` (which axes roi, "
            "scales and sizes refer to), antialias (linear and cubic stretch their filter by 1/scale when "
            "downscaling) and keep_aspect_ratio_policy (how sizes is read).")
                          .Attr("antialias", "Antialiasing filter when downscaling (linear, cubic).",
                              AttributeProto::INT, int64_t(0))
                          .Attr("axes", "The axes roi, scales and sizes refer to.", AttributeProto::INTS, false)
                          .Attr("coordinate_transformation_mode",
                              "half_pixel, half_pixel_symmetric (19), pytorch_half_pixel, align_corners, asymmetric or "
                              "tf_crop_and_resize.",
                              AttributeProto::STRING, std::string("half_pixel"))
                          .Attr("cubic_coeff_a", "The cubic coefficient a.", AttributeProto::FLOAT, -0.75f)
                          .Attr("exclude_outside", "Zero weight for taps outside the input (renormalised).",
                              AttributeProto::INT, int64_t(0))
                          .Attr("extrapolation_value", "tf_crop_and_resize: the value outside the input.",
                              AttributeProto::FLOAT, 0.0f)
                          .Attr("keep_aspect_ratio_policy", "stretch, not_larger or not_smaller.",
                              AttributeProto::STRING, std::string("stretch"))
                          .Attr("mode", "nearest, linear or cubic.", AttributeProto::STRING, std::string("nearest"))
                          .Attr("nearest_mode", "round_prefer_floor, round_prefer_ceil, floor or ceil.",
                              AttributeProto::STRING, std::string("round_prefer_floor"))
                          .Input(0, "X", "N-D tensor.", "T1")
                          .Input(1, "roi", "[start..., end...] for tf_crop_and_resize.", "T2", OpSchema::Optional)
                          .Input(2, "scales", "Scale per axis.", "tensor(float)", OpSchema::Optional)
                          .Input(3, "sizes", "Target size per axis.", "tensor(int64)", OpSchema::Optional)
                          .Output(0, "Y", "The resized tensor.", "T1")
                          .TypeConstraint("T1", allTensorTypes(), "Any tensor type.")
                          .TypeConstraint("T2", { "tensor(float16)", "tensor(float)", "tensor(double)" }, "roi type.")
                          .TypeAndShapeInferenceFunction(inferResize));

    out.push_back(
        base("ScatterElements", 18, "ScatterElements with reduction none, add, mul and (since 18) max and min.")
            .Attr("axis", "The axis to scatter along.", AttributeProto::INT, int64_t(0))
            .Attr("reduction", "none, add, mul, max or min.", AttributeProto::STRING, std::string("none"))
            .Input(0, "data", "Tensor of rank r >= 1.", "T")
            .Input(1, "indices", "Indices of rank r.", "Tind")
            .Input(2, "updates", "Updates shaped like indices.", "T")
            .Output(0, "output", "data with the updates applied.", "T")
            .TypeConstraint("T", allTensorTypes(), "Any tensor type.")
            .TypeConstraint("Tind", { "tensor(int32)", "tensor(int64)" }, "Integer indices.")
            .TypeAndShapeInferenceFunction(inferSameAsInput0));
    out.push_back(base("ScatterND", 18, "ScatterND with reduction none, add, mul and (since 18) max and min.")
                      .Attr("reduction", "none, add, mul, max or min.", AttributeProto::STRING, std::string("none"))
                      .Input(0, "data", "Tensor of rank r >= 1.", "T")
                      .Input(1, "indices", "Indices of rank q >= 1.", "tensor(int64)")
                      .Input(2, "updates", "Updates.", "T")
                      .Output(0, "output", "data with the updates applied.", "T")
                      .TypeConstraint("T", allTensorTypes(), "Any tensor type.")
                      .TypeAndShapeInferenceFunction(inferSameAsInput0));

    out.push_back(poolSchema("LpPool", 18, "Lp pooling; opset 18 adds ceil_mode and dilations.", true));
    out.push_back(poolSchema("AveragePool", 19, "Average pooling; opset 19 adds dilations.", false));

    for (int version : { 19, 21 }) { // 19: saturate (float8 targets); 21: more types
        out.push_back(
            base("Cast", version, "Casts to the element type `to`; saturate applies to float8 targets.")
                .Attr("to", "The target element type (TensorProto.DataType).", AttributeProto::INT, true)
                .Attr("saturate", "float8 targets: clamp out-of-range values.", AttributeProto::INT, int64_t(1))
                .Input(0, "input", "Input tensor.", "T1")
                .Output(0, "output", "The cast tensor.", "T2")
                .TypeConstraint("T1", allTensorTypes(), "Any tensor type.")
                .TypeConstraint("T2", allTensorTypes(), "Any tensor type.")
                .TypeAndShapeInferenceFunction(inferenceOf("Cast", 13)));
        out.push_back(
            base("CastLike", version, "Casts to the element type of target_type.")
                .Attr("saturate", "float8 targets: clamp out-of-range values.", AttributeProto::INT, int64_t(1))
                .Input(0, "input", "Input tensor.", "T1")
                .Input(1, "target_type", "Its element type is the target type.", "T2")
                .Output(0, "output", "The cast tensor.", "T2")
                .TypeConstraint("T1", allTensorTypes(), "Any tensor type.")
                .TypeConstraint("T2", allTensorTypes(), "Any tensor type.")
                .TypeAndShapeInferenceFunction(inferCastLike));
        out.push_back(quantizeSchema(version));
        out.push_back(dequantizeSchema(version));
    }

    out.push_back(base("Mish", 18, "Mish: y = x * tanh(softplus(x)).")
                      .Input(0, "X", "Input tensor.", "T")
                      .Output(0, "Y", "Output tensor.", "T")
                      .TypeConstraint("T", kFloats, "Float tensors.")
                      .TypeAndShapeInferenceFunction(inferSameAsInput0));
    out.push_back(base(
        "Gelu", 20, "Gelu: y = 0.5 * x * (1 + erf(x / sqrt(2))), or with approximate='tanh' its tanh approximation.")
                      .Attr("approximate", "none or tanh.", AttributeProto::STRING, std::string("none"))
                      .Input(0, "X", "Input tensor.", "T")
                      .Output(0, "Y", "Output tensor.", "T")
                      .TypeConstraint("T", kFloats, "Float tensors.")
                      .TypeAndShapeInferenceFunction(inferSameAsInput0));
    out.push_back(
        base("GridSample", 20,
            "Samples X at the normalised grid positions, for any spatial rank; modes nearest, linear and cubic "
            "(opset 20 renamed bilinear/bicubic).")
            .Attr("align_corners", "-1 and 1 are the corner pixels' centres (1) or edges (0).", AttributeProto::INT,
                int64_t(0))
            .Attr("mode", "nearest, linear or cubic.", AttributeProto::STRING, std::string("linear"))
            .Attr("padding_mode", "zeros, border or reflection.", AttributeProto::STRING, std::string("zeros"))
            .Input(0, "X", "Input (N, C, spatial...).", "T1")
            .Input(1, "grid", "Positions (N, spatial out..., rank - 2).", "T2")
            .Output(0, "Y", "Output (N, C, spatial out...).", "T1")
            .TypeConstraint("T1", allTensorTypes(), "Any tensor type.")
            .TypeConstraint("T2", kFloats, "Float grid.")
            .TypeAndShapeInferenceFunction(inferGridSample));
    out.push_back(base("AffineGrid", 20, "The sampling grid of a batch of affine transforms theta, for GridSample.")
                      .Attr("align_corners", "-1 and 1 are the corner pixels' centres (1) or edges (0).",
                          AttributeProto::INT, int64_t(0))
                      .Input(0, "theta", "(N, 2, 3) or (N, 3, 4) transforms.", "T1")
                      .Input(1, "size", "(N, C, H, W) or (N, C, D, H, W).", "T2")
                      .Output(0, "grid", "(N, H, W, 2) or (N, D, H, W, 3).", "T1")
                      .TypeConstraint("T1", kFloats, "Float tensors.")
                      .TypeConstraint("T2", { "tensor(int64)" }, "int64 size.")
                      .TypeAndShapeInferenceFunction(inferAffineGrid));
    const std::vector<std::string> integers { "tensor(uint8)", "tensor(uint16)", "tensor(uint32)", "tensor(uint64)",
        "tensor(int8)", "tensor(int16)", "tensor(int32)", "tensor(int64)" };
    for (const char* op : { "BitwiseAnd", "BitwiseOr", "BitwiseXor" })
        out.push_back(base(op, 18, "Bitwise and/or/xor of two integer tensors, with numpy broadcasting.")
                          .Input(0, "A", "First operand.", "T")
                          .Input(1, "B", "Second operand.", "T")
                          .Output(0, "C", "Result.", "T")
                          .TypeConstraint("T", integers, "Integer tensors.")
                          .TypeAndShapeInferenceFunction(inferenceOf("Add", 14)));
    out.push_back(base("BitwiseNot", 18, "Bitwise not of an integer tensor.")
                      .Input(0, "X", "Input tensor.", "T")
                      .Output(0, "Y", "Output tensor.", "T")
                      .TypeConstraint("T", integers, "Integer tensors.")
                      .TypeAndShapeInferenceFunction(inferSameAsInput0));
    // DFT-20 takes `axis` as an input: without this schema libonnx's DFT-17 would fail the node check (and the
    // whole model's shape inference). Described for checking only; the engine has no DFT kernel.
    out.push_back(
        base("DFT", 20, "Discrete Fourier transform along `axis` (an input since opset 20).")
            .Attr("inverse", "Inverse transform (1) or forward (0).", AttributeProto::INT, int64_t(0))
            .Attr("onesided", "Keep only the non-redundant half for real input.", AttributeProto::INT, int64_t(0))
            .Input(0, "input", "Real [..., 1] or complex [..., 2] signal.", "T1")
            .Input(1, "dft_length", "Transform length (scalar).", "T2", OpSchema::Optional)
            .Input(2, "axis", "The transformed axis (scalar).", "tensor(int64)", OpSchema::Optional)
            .Output(0, "output", "The complex spectrum [..., 2].", "T1")
            .TypeConstraint("T1", kFloats, "Float tensors.")
            .TypeConstraint("T2", { "tensor(int32)", "tensor(int64)" }, "Integer length."));
    return out;
}

void registerAll()
{
    // Build libonnx's own registry first (lazily filled on first lookup), so ours are added beside it.
    (void)OpSchemaRegistry::Schema("Relu", onnx::ONNX_DOMAIN);
    // libonnx exposes the domain ranges only read-only; the map itself is an ordinary mutable member of the
    // singleton, and registration checks versions against it.
    auto& ranges = const_cast<std::unordered_map<std::string, std::pair<int, int>>&>(
        OpSchemaRegistry::DomainToVersionRange::Instance().Map());
    auto& onnxRange = ranges[onnx::ONNX_DOMAIN];
    onnxRange.second = std::max(onnxRange.second, kMaxOnnxOpset);
    for (OpSchema& s : allSchemas())
        if (!OpSchemaRegistry::Schema(s.Name(), s.SinceVersion(), onnx::ONNX_DOMAIN)
            || OpSchemaRegistry::Schema(s.Name(), s.SinceVersion(), onnx::ONNX_DOMAIN)->SinceVersion()
                != s.SinceVersion())
            onnx::RegisterSchema(std::move(s));
}

} // namespace

void ensureNewerOpsetSchemas()
{
    static std::once_flag once;
    std::call_once(once, registerAll);
}

bool isEngineSchemaFile(const std::string& file)
{
    return file == kFile;
}

} // namespace qs::onnx_import
