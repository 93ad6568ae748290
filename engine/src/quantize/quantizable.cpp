// SPDX-License-Identifier: MIT
// Which nodes the quantizer can quantize, and the op sets of ONNX Runtime's quantizer registries it follows.
#include "quantize/quantizable.h"

#include <fmt/format.h>

#include <set>

namespace qs::quantize {

// ONNX Runtime's QOperator registry (onnxruntime/python/tools/quantization/registry.py): ops it rewrites to a
// com.microsoft QLinear* op (operands and output requantized), and ops it runs on the 8-bit tensor itself with the
// input's scale and zero point (Direct8BitOp, QMaxPool). Relu and Clip follow a quantized op by vanishing: that op's
// output takes their output's range, and saturating at the ends of that range is the activation (QLinearActivation).
bool isContribQLinearOp(const std::string& op)
{
    static const std::set<std::string> ops { "Add", "Mul", "Sigmoid", "LeakyRelu", "GlobalAveragePool", "AveragePool",
        "Concat" };
    return ops.count(op) > 0;
}
bool isPassThroughOp(const std::string& op)
{
    static const std::set<std::string> ops { "MaxPool", "Reshape", "Transpose", "Squeeze", "Unsqueeze" };
    return ops.count(op) > 0;
}
const std::vector<std::string>& qoperatorDefaultOps()
{
    static const std::vector<std::string> ops { "Conv", "MatMul", "Add", "Mul", "Sigmoid", "LeakyRelu",
        "GlobalAveragePool", "AveragePool", "Concat", "MaxPool", "Reshape", "Transpose", "Squeeze", "Unsqueeze", "Relu",
        "Clip" };
    return ops;
}

// ONNX Runtime's quantize_static with quant_format=QDQ quantizes the union of its QLinearOpsRegistry and QDQRegistry.
// QDQOperatorBase (Add, Mul, Concat, Sigmoid, LeakyRelu, GlobalAveragePool): a Q -> DQ pair on every input and the
// output, each with its own calibrated range (Concat included: ONNX Runtime's QLinearConcat takes one scale per
// input). QDQDirect8BitOp, QDQMaxPool (opset >= 12), QDQResize (opset >= 11), QDQSplit, QDQGather: only when input 0
// is quantized already, the outputs get Q -> DQ with input 0's scale and zero point (quantize_output_same_as_input).
// QDQRemovableActivation (Relu, Clip): see vanishesIntoRange. Not written here: ConvTranspose, Pad, Softmax, Where,
// ArgMax, TopK, CumSum, GatherElements and the normalizations (no QDQ pattern the engine fuses; they stay float).
bool isQdqQuantizedAroundOp(const std::string& op)
{
    static const std::set<std::string> ops { "Add", "Mul", "Concat", "Sigmoid", "LeakyRelu", "GlobalAveragePool" };
    return ops.count(op) > 0;
}
bool isQdqSharedScaleOp(const Node& n)
{
    static const std::set<std::string> ops { "Reshape", "Transpose", "Squeeze", "Unsqueeze", "Slice", "Split", "Gather",
        "AveragePool" };
    if (!n.domain.empty())
        return false;
    if (n.opType == "MaxPool")
        return n.opsetVersion >= 12; // 8-bit MaxPool needs opset 12
    if (n.opType == "Resize")
        return n.opsetVersion >= 11;
    return ops.count(n.opType) > 0;
}
const std::vector<std::string>& qdqDefaultOps()
{
    static const std::vector<std::string> ops { "Conv", "MatMul", "Gemm", "Add", "Mul", "Concat", "Sigmoid",
        "LeakyRelu", "GlobalAveragePool", "AveragePool", "MaxPool", "Resize", "Reshape", "Transpose", "Squeeze",
        "Unsqueeze", "Slice", "Split", "Gather", "Relu", "Clip" };
    return ops;
}

// Whether saturating to the calibrated range of `n`'s output is exactly `n`: Relu, and Clip whose lower bound is at
// most 0 (the range is widened to include 0, so a positive lower bound would let (0, min) through unclipped). Its
// upper bound needs nothing: the range's top lies at or below it.
bool vanishesIntoRange(const Builder& b, const Node& n)
{
    if (!n.domain.empty() || (n.opType != "Relu" && n.opType != "Clip"))
        return false;
    if (n.opType == "Relu")
        return true;
    if (n.opsetVersion < 11)
        return n.attrFloat("min", -1.0f) <= 0.0f;
    if (n.inputs.size() < 2 || n.input(1) == kNoValue)
        return true;
    const Tensor* lo = b.constant(n.input(1));
    return lo && lo->dataType() == DataType::Float && lo->elementCount() == 1 && lo->data<float>()[0] <= 0.0f;
}

bool weightsSymmetric(const QuantizeOptions& o)
{
    return o.symmetricWeights.value_or(o.weightType == DataType::Int8);
}

// Why a com.microsoft QLinear* candidate cannot be quantized (empty: it can). Constant operands are quantized with
// their own range, as ONNX Runtime's quantize_inputs does for initializers.
namespace {

std::string whyNotContrib(const Builder& b, const Node& n, const QuantizeOptions& o)
{
    const Graph& g = b.src();
    if (o.format == QuantFormat::Dynamic)
        return fmt::format("{} is quantized by the static formats only", n.opType);
    if ((n.opType == "Add" || n.opType == "Mul") && n.inputs.size() != 2)
        return "it does not have two inputs";
    int computed = 0;
    for (ValueId in : n.inputs) {
        if (in == kNoValue)
            return "an input is missing";
        if (const Tensor* c = b.constant(in)) {
            if (c->dataType() != DataType::Float)
                return "a constant input is not float";
            continue;
        }
        if (g.value(in).type.elementType != DataType::Float)
            return "an input is not float";
        ++computed;
    }
    if (computed == 0)
        return "all its inputs are constants";
    if (n.outputs.size() != 1 || n.output(0) == kNoValue)
        return "it has more than one output";
    return {};
}

} // namespace

// Why a node cannot be quantized (empty: it can).
std::string whyNot(const Builder& b, const Node& n, const QuantizeOptions& o)
{
    if (o.format == QuantFormat::Qdq ? isQdqQuantizedAroundOp(n.opType) : isContribQLinearOp(n.opType))
        return whyNotContrib(b, n, o);
    const Graph& g = b.src();
    if (n.inputs.empty() || n.input(0) == kNoValue || g.value(n.input(0)).type.elementType != DataType::Float)
        return "its input is not float";
    const Tensor* w = b.constant(n.input(1));
    if (!w || w->dataType() != DataType::Float)
        return w ? "its weight is not float"
                 : "its second input is computed, not a constant weight (activation x activation stays float)";
    if (n.opType == "Conv") {
        if (w->rank() < 3)
            return "its weight has rank < 3";
        if (n.input(2) != kNoValue && !b.constant(n.input(2)))
            return "its bias is not a constant";
    } else if (n.opType == "MatMul") {
        if (w->rank() != 2)
            return "its B is not a 2-D weight (activation x activation MatMul stays float)";
    } else if (n.opType == "Gemm") {
        if (o.format == QuantFormat::Dynamic)
            return "Gemm is quantized by the static formats only";
        if (o.format == QuantFormat::QOperator)
            return "Gemm stays float in qoperator (ONNX has no QLinearGemm; com.microsoft.QGemm is not written)";
        if (w->rank() != 2 || n.attrInt("transA", 0) != 0 || n.attrFloat("alpha", 1.0f) != 1.0f
            || n.attrFloat("beta", 1.0f) != 1.0f)
            return "only Gemm with transA = 0 and alpha = beta = 1 is quantized";
        if (n.input(2) != kNoValue) {
            const Tensor* c = b.constant(n.input(2));
            if (!c || c->rank() != 1)
                return "its C is not a constant 1-D bias";
        }
    } else
        return fmt::format("{} is not a quantizable op type (Conv, MatMul, Gemm; in the static formats also Add, Mul, "
                           "Sigmoid, LeakyRelu, GlobalAveragePool, Concat; in qoperator AveragePool)",
            n.opType);
    return {};
}

bool isWeightedOp(const std::string& op)
{
    return op == "Conv" || op == "MatMul" || op == "Gemm";
}

// Per-channel axis of a weight: Conv's output channel (0); MatMul's column (1); Gemm's N (0 with transB, else 1).
int weightAxis(const Node& n)
{
    if (n.opType == "MatMul")
        return 1;
    if (n.opType == "Gemm")
        return n.attrInt("transB", 0) ? 0 : 1;
    return 0;
}

} // namespace qs::quantize
