// SPDX-License-Identifier: MIT
// quantizeModel: a new graph in ONNX Runtime's dynamic, QDQ or QOperator pattern, built node by node from the float
// one. Float tensor names are kept (the quantized group's final output has the float op's output name), so parity
// can match layers by name; in QOperator a float tensor exists only where a float consumer or the graph reads it.
#include "quantize/quant_params.h"

#include <quantscope/engine/quantize.h>
#include <quantscope/engine/version.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace qs {

using namespace quantize;

namespace {

Attribute intAttr(const char* name, int64_t v)
{
    Attribute a;
    a.name = name;
    a.type = AttributeType::Int;
    a.i = v;
    return a;
}

// Builds the destination graph; source value ids are mapped by name.
class Builder
{
public:
    Builder(const Model& model)
        : m_model(model)
        , m_src(model.graph())
    {
        for (const Value& v : m_src.values())
            m_names.insert(v.name);
    }

    const Graph& src() const { return m_src; }
    Graph& dst() { return m_dst; }

    std::string unique(std::string base)
    {
        while (m_names.count(base))
            base += "_";
        m_names.insert(base);
        return base;
    }

    /// The constant data of a source value: an initializer or a Constant node's tensor.
    const Tensor* constant(ValueId id) const
    {
        if (id == kNoValue)
            return nullptr;
        if (const Tensor* t = m_src.constantData(id))
            return t;
        const NodeId p = m_src.producer(id);
        // PyTorch routes shared parameters through Identity nodes.
        if (p != kNoNode && m_src.node(p).opType == "Identity")
            return constant(m_src.node(p).input(0));
        if (p != kNoNode && m_src.node(p).opType == "Constant")
            if (const Attribute* a = m_src.node(p).attribute("value"); a && a->type == AttributeType::Tensor)
                return &a->t;
        return nullptr;
    }

    /// The source value itself in the destination (its initializer copied when it is one).
    ValueId raw(ValueId id)
    {
        if (id == kNoValue)
            return kNoValue;
        const Value& v = m_src.value(id);
        const ValueId d = m_dst.getOrAddValue(v.name);
        if (v.isConstant() && !m_dst.value(d).isConstant())
            m_dst.addInitializer(d, *m_src.constantData(id));
        return d;
    }
    /// What a consumer reads for a source value: its DequantizeLinear output when the tensor is quantized.
    ValueId read(ValueId id)
    {
        if (auto it = m_readAs.find(id); it != m_readAs.end())
            return it->second;
        if (auto it = m_dequantizeOnRead.find(id); it != m_dequantizeOnRead.end()) {
            // QOperator: the float tensor, under its own name, only once something reads float.
            const std::array<ValueId, 3> q = it->second;
            m_dequantizeOnRead.erase(it);
            node("DequantizeLinear", m_src.value(id).name + "_DequantizeLinear", { q[0], q[1], q[2] }, { raw(id) });
        }
        return raw(id);
    }
    void readThrough(ValueId srcId, ValueId dstId) { m_readAs[srcId] = dstId; }
    /// The source value exists only as (quantized, scale, zero point) in the destination; read() dequantizes it.
    void dequantizeOnRead(ValueId srcId, std::array<ValueId, 3> quantized) { m_dequantizeOnRead[srcId] = quantized; }

    ValueId fresh(const std::string& base) { return m_dst.getOrAddValue(unique(base)); }
    /// Declares `dstId` as `type` with the shape of source value `srcId` (written as value_info: readers cannot infer
    /// it past the com.microsoft ops).
    void typeLike(ValueId dstId, ValueId srcId, DataType type)
    {
        TensorType t = m_src.value(srcId).type;
        t.elementType = type;
        m_dst.mutableValue(dstId).type = std::move(t);
    }
    ValueId constant(const std::string& base, Tensor t)
    {
        const ValueId id = fresh(base);
        m_dst.addInitializer(id, std::move(t));
        return id;
    }

    void node(const std::string& op, const std::string& name, std::vector<ValueId> in, std::vector<ValueId> out,
        std::vector<Attribute> attrs = {})
    {
        Node n;
        n.name = uniqueNode(name);
        n.opType = op;
        n.opsetVersion = m_model.opsetVersion("");
        n.inputs = std::move(in);
        n.outputs = std::move(out);
        n.attributes = std::move(attrs);
        m_dst.addNode(std::move(n));
    }
    /// A com.microsoft contrib op (opset 1, the version ONNX Runtime's quantizer imports).
    void contribNode(const std::string& op, const std::string& name, std::vector<ValueId> in, std::vector<ValueId> out,
        std::vector<Attribute> attrs = {})
    {
        Node n;
        n.name = uniqueNode(name);
        n.opType = op;
        n.domain = std::string(kMicrosoftDomain);
        n.opsetVersion = 1;
        n.inputs = std::move(in);
        n.outputs = std::move(out);
        n.attributes = std::move(attrs);
        m_dst.addNode(std::move(n));
        m_usesContrib = true;
    }
    void copy(const Node& n)
    {
        Node c = n;
        for (ValueId& in : c.inputs)
            in = read(in);
        for (ValueId& out : c.outputs)
            out = raw(out);
        c.name = uniqueNode(n.name);
        m_dst.addNode(std::move(c));
    }

    Result<std::shared_ptr<Model>> finish(const std::string& doc)
    {
        for (ValueId id : m_src.inputs()) {
            const ValueId d = raw(id);
            m_dst.mutableValue(d).type = m_src.value(id).type;
        }
        // Inputs must be listed first in the destination for the loader's order: rebuild the lists.
        for (ValueId id : m_src.inputs())
            m_dst.addInput(raw(id));
        for (ValueId id : m_src.outputs())
            if (m_dequantizeOnRead.count(id))
                read(id); // QOperator: the graph's outputs are float
        for (ValueId id : m_src.outputs()) {
            const ValueId d = raw(id);
            m_dst.mutableValue(d).type = m_src.value(id).type;
            m_dst.addOutput(d);
        }
        m_dst.setName(m_src.name());
        if (Status st = m_dst.finalize(); !st)
            return Status(StatusCode::Internal, fmt::format("quantized graph: {}", st.message()));
        auto out = std::make_shared<Model>();
        out->irVersion = std::max<int64_t>(m_model.irVersion, 7);
        out->producerName = "quantscope";
        out->producerVersion = versionString();
        out->domain = m_model.domain;
        out->modelVersion = m_model.modelVersion;
        out->docString = doc;
        out->opsetImports = m_model.opsetImports;
        if (m_usesContrib && std::none_of(out->opsetImports.begin(), out->opsetImports.end(), [](const OpsetImport& i) {
                return i.domain == kMicrosoftDomain;
            }))
            out->opsetImports.push_back({ std::string(kMicrosoftDomain), 1 });
        out->metadataProps = m_model.metadataProps;
        out->mutableGraph() = std::move(m_dst);
        return out;
    }

private:
    std::string uniqueNode(std::string base)
    {
        if (base.empty())
            base = "node";
        while (m_nodeNames.count(base))
            base += "_";
        m_nodeNames.insert(base);
        return base;
    }

    const Model& m_model;
    const Graph& m_src;
    Graph m_dst;
    std::set<std::string> m_names;
    std::set<std::string> m_nodeNames;
    std::map<ValueId, ValueId> m_readAs;
    std::map<ValueId, std::array<ValueId, 3>> m_dequantizeOnRead;
    bool m_usesContrib = false;
};

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
std::string whyNotContrib(const Builder& b, const Node& n, const QuantizeOptions& o)
{
    const Graph& g = b.src();
    if (o.format != QuantFormat::QOperator)
        return fmt::format(
            "{} is quantized by the qoperator format only (com.microsoft QLinear{})", n.opType, n.opType);
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

// Why a node cannot be quantized (empty: it can).
std::string whyNot(const Builder& b, const Node& n, const QuantizeOptions& o)
{
    if (isContribQLinearOp(n.opType))
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
        return fmt::format("{} is not a quantizable op type (Conv, MatMul, Gemm; in qoperator also Add, Mul, Sigmoid, "
                           "LeakyRelu, GlobalAveragePool, AveragePool, Concat)",
            n.opType);
    return {};
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

void buildDynamic(Builder& b, const std::vector<bool>& quantize, const QuantizeOptions& o)
{
    const Graph& g = b.src();
    std::map<ValueId, std::array<ValueId, 3>> dql; // activation -> (quantized, scale, zero point)
    const bool sym = weightsSymmetric(o);
    for (NodeId id : g.topologicalOrder()) {
        const Node& n = g.node(id);
        if (!quantize[static_cast<size_t>(id)]) {
            b.copy(n);
            continue;
        }
        const ValueId x = n.input(0);
        if (!dql.count(x)) {
            const std::string& xn = g.value(x).name;
            std::array<ValueId, 3> q { b.fresh(xn + "_quantized"), b.fresh(xn + "_scale"),
                b.fresh(xn + "_zero_point") };
            b.node("DynamicQuantizeLinear", xn + "_QuantizeLinear", { b.read(x) }, { q[0], q[1], q[2] });
            dql[x] = q;
        }
        const auto [xq, xs, xzp] = dql[x];
        const std::string& wn = g.value(n.input(1)).name;
        const std::string& out = g.value(n.output(0)).name;
        const int axis = o.perChannel ? weightAxis(n) : -1;
        QuantizedWeight qw = quantizeWeight(*b.constant(n.input(1)), axis, o.weightType, sym, o.reduceRange);
        const ValueId wq = b.constant(wn + "_quantized", qw.data);
        // ConvInteger takes one weight zero point in ONNX Runtime; symmetric per-channel weights share it.
        Tensor zp = qw.zeroPoint;
        if (n.opType == "Conv" && axis >= 0)
            zp = Tensor::fromRaw(qw.zeroPoint.dataType(), {}, qw.zeroPoint.rawData(), 1);
        const ValueId wzp = b.constant(wn + "_zero_point", zp);
        const ValueId integer = b.fresh(out + "_output_quantized");
        std::vector<Attribute> attrs;
        if (n.opType == "Conv")
            attrs = n.attributes;
        b.node(n.opType == "Conv" ? "ConvInteger" : "MatMulInteger", n.name + "_quant", { xq, wq, xzp, wzp },
            { integer }, attrs);
        const ValueId cast = b.fresh(out + "_output_quantized_cast");
        b.node("Cast", out + "_output_quantized_cast", { integer }, { cast }, { intAttr("to", 1) });
        Tensor scale = qw.scale;
        if (n.opType == "Conv" && axis >= 0) {
            // [1, M, 1, 1]: broadcast along the output's channel axis.
            std::vector<int64_t> dims(static_cast<size_t>(qw.data.rank()), 1);
            dims[1] = qw.data.dims()[0];
            scale = Tensor::fromVector(DataType::Float, dims, qw.scales);
        }
        const ValueId ws = b.constant(wn + "_scale", scale);
        const ValueId product = b.fresh(out + "_scales_mul");
        b.node("Mul", out + "_scales_mul", { xs, ws }, { product });
        const bool hasBias = n.opType == "Conv" && n.input(2) != kNoValue;
        const ValueId result = hasBias ? b.fresh(out + "_output_quantized_cast_mul") : b.raw(n.output(0));
        b.node("Mul", out + "_output_quantized_cast_mul", { cast, product }, { result });
        if (hasBias) {
            const Tensor* bias = b.constant(n.input(2));
            std::vector<int64_t> dims(static_cast<size_t>(qw.data.rank()), 1);
            dims[1] = bias->elementCount();
            const ValueId bv = b.constant(g.value(n.input(2)).name + "_reshaped",
                Tensor::fromRaw(DataType::Float, dims, bias->rawData(), bias->byteSize()));
            b.node("Add", out + "_bias_add", { result, bv }, { b.raw(n.output(0)) });
        }
    }
}

// Static formats. qdq: Q -> DQ after each tensor a quantized op reads or writes, every consumer reading the DQ's
// output; the float op itself stays, between DQs of its inputs, weights and bias and the Q of its output.
// qoperator: the op becomes QLinearConv/QLinearMatMul or a com.microsoft QLinear* op on the integer tensors, the
// pass-through ops run on them as they are, a Relu after a quantized op vanishes (`fusedRelu`: its input's range is
// the Relu output's); a Q only where a float tensor enters a quantized op, a DQ (writing the float tensor's name)
// only where a float consumer or the graph's output reads a quantized one.
struct StaticPlan
{
    std::vector<bool> quantize; ///< per source node
    std::map<ValueId, TensorRange> ranges;
    std::set<std::string> opTypes; ///< what may be quantized, pass-through ops and Relu included
    std::set<ValueId> fusedRelu; ///< outputs of quantized ops whose only consumer, a Relu or Clip, vanishes
};

Status buildStatic(Builder& b, const StaticPlan& plan, const QuantizeOptions& o)
{
    const Graph& g = b.src();
    const auto& ranges = plan.ranges;
    const bool qop = o.format == QuantFormat::QOperator;
    struct Quantized
    {
        ActivationParams p;
        ValueId q = kNoValue;
        ValueId scale = kNoValue;
        ValueId zeroPoint = kNoValue;
    };
    std::map<ValueId, Quantized> qt;
    auto constants = [&](Quantized& r, const std::string& tn) {
        r.scale = b.constant(tn + "_scale", Tensor::fromVector(DataType::Float, {}, std::vector<float> { r.p.scale }));
        r.zeroPoint = r.p.type == DataType::UInt8
            ? b.constant(tn + "_zero_point",
                Tensor::fromVector(DataType::UInt8, {}, std::vector<uint8_t> { static_cast<uint8_t>(r.p.zeroPoint) }))
            : b.constant(tn + "_zero_point",
                Tensor::fromVector(DataType::Int8, {}, std::vector<int8_t> { static_cast<int8_t>(r.p.zeroPoint) }));
    };
    auto paramsOf = [&](ValueId t) {
        Quantized r;
        r.p = activationParams(ranges.at(t), o.activationType, o.symmetricActivations);
        constants(r, g.value(t).name);
        return r;
    };
    // After a float producer (or for a graph input): Q, and in qdq also the DQ every consumer then reads.
    auto quantizeFloat = [&](ValueId t) {
        if (!ranges.count(t) || qt.count(t))
            return;
        Quantized r = paramsOf(t);
        const std::string& tn = g.value(t).name;
        r.q = b.fresh(tn + "_QuantizeLinear_Output");
        b.node("QuantizeLinear", tn + "_QuantizeLinear", { b.raw(t), r.scale, r.zeroPoint }, { r.q });
        if (!qop) {
            const ValueId dq = b.fresh(tn + "_DequantizeLinear_Output");
            b.node("DequantizeLinear", tn + "_DequantizeLinear", { r.q, r.scale, r.zeroPoint }, { dq });
            b.readThrough(t, dq);
        }
        qt[t] = r;
    };
    // The integer form of an operand: quantized already, or a constant quantized here with its own range.
    auto operand = [&](ValueId t) -> const Quantized* {
        if (auto it = qt.find(t); it != qt.end())
            return &it->second;
        const Tensor* c = b.constant(t);
        if (!c)
            return nullptr;
        QuantizedConstant qc = quantizeConstantActivation(*c, o.activationType, o.symmetricActivations);
        Quantized r;
        r.p = qc.params;
        const std::string& tn = g.value(t).name;
        r.q = b.constant(tn + "_quantized", std::move(qc.data));
        constants(r, tn);
        return &(qt[t] = r);
    };
    // QOperator: the output exists as integers; its float form is written only when something reads it.
    auto integerOutput = [&](ValueId out, Quantized y) {
        b.typeLike(y.q, out, y.p.type);
        qt[out] = y;
        b.dequantizeOnRead(out, { y.q, y.scale, y.zeroPoint });
    };
    auto producedByQuantizedOp = [&](ValueId v) {
        const NodeId p = g.producer(v);
        return p != kNoNode && plan.quantize[static_cast<size_t>(p)];
    };

    for (ValueId in : g.inputs())
        quantizeFloat(in);
    const bool sym = weightsSymmetric(o);
    for (NodeId id : g.topologicalOrder()) {
        const Node& n = g.node(id);
        if (qop && n.domain.empty() && plan.opTypes.count(n.opType) && n.input(0) != kNoValue) {
            const ValueId in = n.input(0);
            if ((n.opType == "Relu" || n.opType == "Clip") && plan.fusedRelu.count(in) && qt.count(in)
                && producedByQuantizedOp(in)) {
                integerOutput(n.output(0), qt.at(in));
                continue;
            }
            // MaxPool on 8-bit tensors needs opset 12; its Indices output has no integer meaning here.
            const bool passes = isPassThroughOp(n.opType)
                && (n.opType != "MaxPool" || (n.opsetVersion >= 12 && n.outputs.size() == 1));
            if (passes && qt.count(in)) {
                Quantized y = qt.at(in);
                y.q = b.fresh(g.value(n.output(0)).name + "_quantized");
                std::vector<ValueId> inputs { qt.at(in).q };
                for (size_t i = 1; i < n.inputs.size(); ++i)
                    inputs.push_back(b.read(n.input(i)));
                b.node(n.opType, n.name, inputs, { y.q }, n.attributes);
                integerOutput(n.output(0), y);
                continue;
            }
        }
        const bool outputRange = n.output(0) != kNoValue && ranges.count(n.output(0));
        const bool contrib = isContribQLinearOp(n.opType);
        bool ready = plan.quantize[static_cast<size_t>(id)] && qt.count(n.input(0)) && (!qop || outputRange);
        std::vector<const Quantized*> operands;
        if (contrib && plan.quantize[static_cast<size_t>(id)] && outputRange) {
            ready = true;
            for (ValueId in : n.inputs) {
                operands.push_back(operand(in));
                ready = ready && operands.back();
            }
        }
        if (!ready) {
            b.copy(n);
            for (ValueId out : n.outputs)
                if (out != kNoValue && !plan.fusedRelu.count(out))
                    quantizeFloat(out);
            continue;
        }
        if (contrib) {
            Quantized y = paramsOf(n.output(0));
            y.q = b.fresh(g.value(n.output(0)).name + "_quantized");
            std::vector<ValueId> inputs;
            std::vector<Attribute> attrs = n.attributes;
            if (n.opType == "Concat") {
                // QLinearConcat: Y_scale, Y_zero_point, then (X, X_scale, X_zero_point) per input.
                inputs = { y.scale, y.zeroPoint };
                for (const Quantized* x : operands)
                    inputs.insert(inputs.end(), { x->q, x->scale, x->zeroPoint });
            } else {
                // QLinearAdd/Mul: A, A_scale, A_zp, B, B_scale, B_zp, C_scale, C_zp; the unary ones and the pools:
                // X, X_scale, X_zp, Y_scale, Y_zp.
                for (const Quantized* x : operands)
                    inputs.insert(inputs.end(), { x->q, x->scale, x->zeroPoint });
                inputs.insert(inputs.end(), { y.scale, y.zeroPoint });
            }
            if (n.opType == "GlobalAveragePool")
                attrs.push_back(intAttr("channels_last", 0));
            b.contribNode("QLinear" + n.opType, n.name + "_quant", inputs, { y.q }, attrs);
            integerOutput(n.output(0), y);
            continue;
        }
        const Quantized& x = qt.at(n.input(0));
        const int axis = o.perChannel ? weightAxis(n) : -1;
        const std::string& wn = g.value(n.input(1)).name;
        QuantizedWeight qw = quantizeWeight(*b.constant(n.input(1)), axis, o.weightType, sym, o.reduceRange);
        const ValueId wq = b.constant(wn + "_quantized", qw.data);
        const ValueId ws = b.constant(wn + "_scale", qw.scale);
        const ValueId wz = b.constant(wn + "_zero_point", qw.zeroPoint);
        ValueId bias = kNoValue;
        ValueId biasScale = kNoValue;
        if (n.input(2) != kNoValue) {
            std::vector<float> scales;
            const Tensor bq = quantizeBias(*b.constant(n.input(2)), x.p.scale, qw.scales, scales);
            const std::string& bn = g.value(n.input(2)).name;
            bias = b.constant(bn + "_quantized", bq);
            // QLinearConv derives the bias scale itself (x_scale * w_scale); only the DequantizeLinear needs it.
            if (!qop)
                biasScale = b.constant(bn + "_quantized_scale",
                    qw.scales.size() > 1
                        ? Tensor::fromVector(DataType::Float, { static_cast<int64_t>(scales.size()) }, scales)
                        : Tensor::fromVector(DataType::Float, {}, std::vector<float> { scales.at(0) }));
        }
        if (qop) {
            Quantized y = paramsOf(n.output(0));
            const std::string& yn = g.value(n.output(0)).name;
            y.q = b.fresh(yn + "_quantized");
            if (n.opType == "Conv") {
                std::vector<ValueId> in { x.q, x.scale, x.zeroPoint, wq, ws, wz, y.scale, y.zeroPoint };
                if (bias != kNoValue)
                    in.push_back(bias);
                b.node("QLinearConv", n.name + "_quant", in, { y.q }, n.attributes);
            } else {
                b.node("QLinearMatMul", n.name + "_quant",
                    { x.q, x.scale, x.zeroPoint, wq, ws, wz, y.scale, y.zeroPoint }, { y.q });
            }
            integerOutput(n.output(0), y);
            continue;
        }
        const ValueId wdq = b.fresh(wn + "_DequantizeLinear_Output");
        std::vector<Attribute> dqAttrs;
        if (axis >= 0)
            dqAttrs.push_back(intAttr("axis", axis));
        b.node("DequantizeLinear", wn + "_DequantizeLinear", { wq, ws, wz }, { wdq }, dqAttrs);
        std::vector<ValueId> inputs { b.read(n.input(0)), wdq };
        if (bias != kNoValue) {
            const std::string& bn = g.value(n.input(2)).name;
            const ValueId bdq = b.fresh(bn + "_DequantizeLinear_Output");
            std::vector<Attribute> battrs;
            if (qw.scales.size() > 1)
                battrs.push_back(intAttr("axis", 0));
            b.node("DequantizeLinear", bn + "_DequantizeLinear", { bias, biasScale }, { bdq }, battrs);
            inputs.push_back(bdq);
        }
        b.node(n.opType, n.name, inputs, { b.raw(n.output(0)) }, n.attributes);
        quantizeFloat(n.output(0));
    }
    return Status::ok();
}

} // namespace

Status validateQuantizeOptions(const QuantizeOptions& o)
{
    auto refuse = [](const std::string& why) { return Status(StatusCode::InvalidArgument, why); };
    if (o.weightType != DataType::Int8 && o.weightType != DataType::UInt8)
        return refuse("--weight-type takes int8 or uint8");
    if (o.activationType != DataType::Int8 && o.activationType != DataType::UInt8)
        return refuse("--activation-type takes uint8 or int8");
    const bool sym = weightsSymmetric(o);
    if (o.perChannel && !sym)
        return refuse("per-channel weights must be symmetric: asymmetric per-channel weight zero points are "
                      "rejected by ONNX Runtime's ConvInteger and slow or unsupported in its QLinear kernels (use "
                      "int8 weights, or --symmetric-weights)");
    if (o.format == QuantFormat::Fp32 || o.format == QuantFormat::Mixed)
        return refuse("the format to write is dynamic, qdq or qoperator");
    if (o.format == QuantFormat::Dynamic) {
        if (o.activationType != DataType::UInt8)
            return refuse("dynamic quantization computes uint8 activations (DynamicQuantizeLinear has no int8 "
                          "output); --activation-type int8 needs a static format (qdq)");
        if (o.symmetricActivations)
            return refuse("dynamic quantization chooses each activation's range at run time (asymmetric uint8); "
                          "symmetric activations need a static format");
    }
    if (o.format == QuantFormat::Qdq && o.activationType == DataType::Int8 && o.weightType == DataType::UInt8)
        return refuse("int8 activations with uint8 weights (S8U8) have no kernel in ONNX Runtime; use int8 weights");
    if (o.percentile <= 0 || o.percentile > 100)
        return refuse("the percentile must lie in (0, 100]");
    return Status::ok();
}

Result<std::shared_ptr<Model>> quantizeModel(const std::shared_ptr<const Model>& model, const QuantizeOptions& o,
    std::span<const Sample> calibration, QuantizeSummary* summary)
{
    if (Status st = validateQuantizeOptions(o); !st)
        return st;
    const int64_t opset = model->opsetVersion("");
    if (o.format == QuantFormat::Dynamic && opset < 11)
        return Status(StatusCode::Unsupported,
            fmt::format("{}: ai.onnx opset {} has no DynamicQuantizeLinear (needs 11)", model->displayName(), opset));
    if (o.format == QuantFormat::Qdq && o.perChannel && opset < 13)
        return Status(StatusCode::Unsupported,
            fmt::format("{}: per-channel QDQ needs DequantizeLinear's axis (opset 13); the model imports opset {}",
                model->displayName(), opset));
    std::set<std::string> opTypes(o.opTypes.begin(), o.opTypes.end());
    if (opTypes.empty()) {
        if (o.format == QuantFormat::QOperator)
            opTypes.insert(qoperatorDefaultOps().begin(), qoperatorDefaultOps().end());
        else if (o.format == QuantFormat::Qdq)
            opTypes = { "Conv", "MatMul", "Gemm" };
        else
            opTypes = { "Conv", "MatMul" };
    }
    const bool qop = o.format == QuantFormat::QOperator;
    const std::set<std::string> excluded(o.excludeNodes.begin(), o.excludeNodes.end());
    const Graph& g = model->graph();
    for (const std::string& name : excluded)
        if (!g.findNode(name))
            return Status(StatusCode::NotFound,
                fmt::format("{}: --exclude-nodes names '{}', which is not a node", model->displayName(), name));

    Builder b(*model);
    QuantizeSummary local;
    QuantizeSummary& s = summary ? *summary : local;
    std::vector<bool> quantize(g.nodes().size(), false);
    for (NodeId id : g.topologicalOrder()) {
        const Node& n = g.node(id);
        // Pass-through ops and Relu follow what is quantized around them (buildStatic), nothing to decide here.
        if (!opTypes.count(n.opType) || !n.domain.empty()
            || (qop && (isPassThroughOp(n.opType) || n.opType == "Relu" || n.opType == "Clip")))
            continue;
        if (excluded.count(n.name)) {
            s.skipped.push_back(fmt::format("{}: excluded", n.describe()));
            continue;
        }
        if (std::string why = whyNot(b, n, o); !why.empty()) {
            s.skipped.push_back(fmt::format("{}: {}", n.describe(), why));
            continue;
        }
        quantize[static_cast<size_t>(id)] = true;
        ++s.quantizedByOp[n.opType];
    }
    if (s.quantizedByOp.empty())
        return Status(StatusCode::InvalidArgument,
            fmt::format("{}: no node to quantize (op types: {})", model->displayName(),
                fmt::join(std::vector<std::string>(opTypes.begin(), opTypes.end()), ", ")));

    std::string doc = fmt::format("Quantized by Quantscope: {}, {} weights{}{}", quantFormatName(o.format),
        dataTypeName(o.weightType), o.perChannel ? " per channel" : " per tensor",
        o.reduceRange ? ", reduced range" : "");
    if (o.format == QuantFormat::Dynamic) {
        buildDynamic(b, quantize, o);
    } else {
        if (calibration.empty())
            return Status(StatusCode::InvalidArgument, "static quantization needs calibration data");
        StaticPlan plan;
        plan.quantize = quantize;
        plan.opTypes = opTypes;
        // A Relu or Clip that is the only reader of a quantized op's output vanishes in qoperator (not with symmetric
        // activations, whose zero point is not the bottom of the range): that output is calibrated at its output.
        std::map<ValueId, ValueId> rangeOf;
        if (qop && !o.symmetricActivations)
            for (NodeId id : g.topologicalOrder()) {
                const ValueId out = g.node(id).output(0);
                if (!quantize[static_cast<size_t>(id)] || g.value(out).isGraphOutput || g.consumers(out).size() != 1)
                    continue;
                const Node& act = g.node(g.consumers(out)[0]);
                if (opTypes.count(act.opType) && act.input(0) == out && vanishesIntoRange(b, act)) {
                    rangeOf[out] = act.output(0);
                    plan.fusedRelu.insert(out);
                }
            }
        std::vector<ValueId> tensors;
        std::set<ValueId> seen;
        for (NodeId id : g.topologicalOrder()) {
            if (!quantize[static_cast<size_t>(id)])
                continue;
            const Node& n = g.node(id);
            // Conv/MatMul: the activation (input 0); the QLinear* ops: every computed operand.
            std::vector<ValueId> wanted;
            if (isContribQLinearOp(n.opType)) {
                for (ValueId in : n.inputs)
                    if (in != kNoValue && !b.constant(in))
                        wanted.push_back(in);
            } else {
                wanted.push_back(n.input(0));
            }
            wanted.push_back(rangeOf.count(n.output(0)) ? rangeOf.at(n.output(0)) : n.output(0));
            for (ValueId v : wanted)
                if (seen.insert(v).second)
                    tensors.push_back(v);
        }
        auto ranges = calibrate(model, tensors, calibration, o);
        if (!ranges)
            return ranges.status();
        s.calibrationSamples = static_cast<int64_t>(calibration.size());
        s.calibratedTensors = static_cast<int64_t>(ranges->size());
        for (const auto& [out, relu] : rangeOf)
            (*ranges)[out] = ranges->at(relu);
        plan.ranges = std::move(*ranges);
        const char* method = o.calibration == CalibrationMethod::MinMax ? "minmax"
            : o.calibration == CalibrationMethod::Percentile            ? "percentile"
                                                                        : "entropy";
        doc += fmt::format(", {} activations, {} calibration over {} samples", dataTypeName(o.activationType), method,
            calibration.size());
        if (Status st = buildStatic(b, plan, o); !st)
            return st;
    }
    return b.finish(doc);
}

} // namespace qs
