// SPDX-License-Identifier: MIT
// The static formats: QDQ (QuantizeLinear/DequantizeLinear around the float ops) and QOperator (QLinear* ops).
#include "quantize/builders.h"
#include "quantize/quant_params.h"
#include "quantize/quantizable.h"

namespace qs::quantize {

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
    // qdq: Q -> DQ after `t` with parameters `r`, every consumer reading the DQ. A graph output keeps its float value
    // under its name (ONNX Runtime would make the DQ's output the graph output).
    auto qdqPair = [&](ValueId t, Quantized r) {
        const std::string& tn = g.value(t).name;
        r.q = b.fresh(tn + "_QuantizeLinear_Output");
        b.node("QuantizeLinear", tn + "_QuantizeLinear", { b.raw(t), r.scale, r.zeroPoint }, { r.q });
        const ValueId dq = b.fresh(tn + "_DequantizeLinear_Output");
        b.node("DequantizeLinear", tn + "_DequantizeLinear", { r.q, r.scale, r.zeroPoint }, { dq });
        b.readThrough(t, dq);
        qt[t] = r;
    };
    // After a float producer (or for a graph input): Q, and in qdq also the DQ every consumer then reads.
    auto quantizeFloat = [&](ValueId t) {
        if (!ranges.count(t) || qt.count(t))
            return;
        Quantized r = paramsOf(t);
        if (!qop)
            return qdqPair(t, r);
        const std::string& tn = g.value(t).name;
        r.q = b.fresh(tn + "_QuantizeLinear_Output");
        b.node("QuantizeLinear", tn + "_QuantizeLinear", { b.raw(t), r.scale, r.zeroPoint }, { r.q });
        qt[t] = r;
    };
    // A quantized op's output. qdq: when a Relu/Clip reading it vanishes, it is written under that activation's output
    // name (writeAs below) and its Q -> DQ, with the activation output's range, stands for both.
    auto produced = [&](ValueId out) {
        if (!plan.fusedRelu.count(out))
            return quantizeFloat(out);
        if (qop)
            return;
        quantizeFloat(out);
        const ValueId act = g.node(g.consumers(out)[0]).output(0);
        if (qt.count(out)) {
            qt[act] = qt.at(out);
            b.readThrough(act, b.read(out));
        }
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

    if (!qop)
        for (ValueId out : plan.fusedRelu)
            b.writeAs(out, g.node(g.consumers(out)[0]).output(0));
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
        if (!qop) {
            const bool activation = n.opType == "Relu" || n.opType == "Clip";
            if (activation && n.domain.empty() && plan.fusedRelu.count(n.input(0)))
                continue; // vanished: its producer wrote its output
            if (plan.sharedScale.count(id) && qt.count(n.input(0))) {
                // ONNX Runtime's quantize_output_same_as_input: the outputs' Q -> DQ use input 0's scale and zero
                // point (the same initializers), so the op runs on the 8-bit values unchanged.
                const Quantized x = qt.at(n.input(0));
                b.copy(n);
                const size_t outputs = n.opType == "MaxPool" ? 1 : n.outputs.size();
                for (size_t i = 0; i < outputs; ++i)
                    if (n.output(i) != kNoValue)
                        qdqPair(n.output(i), x);
                continue;
            }
            if (plan.quantize[static_cast<size_t>(id)] && !isWeightedOp(n.opType)) {
                // Quantized around: a constant operand is stored quantized with its own range and dequantized.
                for (ValueId in : n.inputs) {
                    if (in == kNoValue || qt.count(in) || !b.constant(in))
                        continue;
                    const Quantized* c = operand(in);
                    const std::string& cn = g.value(in).name;
                    const ValueId dq = b.fresh(cn + "_DequantizeLinear_Output");
                    b.node("DequantizeLinear", cn + "_DequantizeLinear", { c->q, c->scale, c->zeroPoint }, { dq });
                    b.readThrough(in, dq);
                }
                b.copy(n);
                for (ValueId out : n.outputs)
                    if (out != kNoValue)
                        produced(out);
                continue;
            }
        }
        const bool outputRange = n.output(0) != kNoValue && ranges.count(n.output(0));
        const bool contrib = qop && isContribQLinearOp(n.opType);
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
                if (out != kNoValue)
                    produced(out);
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
        produced(n.output(0));
    }
    return Status::ok();
}

} // namespace qs::quantize
