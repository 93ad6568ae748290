// SPDX-License-Identifier: MIT
// quantizeModel: a new graph in ONNX Runtime's dynamic, QDQ or QOperator pattern, built node by node from the float
// one. Float tensor names are kept (the quantized group's final output has the float op's output name), so parity
// can match layers by name; in QOperator a float tensor exists only where a float consumer or the graph reads it.
#include "quantize/builders.h"
#include "quantize/quant_params.h"
#include "quantize/quantizable.h"

#include <quantscope/engine/quantize.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace qs {

using namespace quantize;

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
            opTypes.insert(qdqDefaultOps().begin(), qdqDefaultOps().end());
        else
            opTypes = { "Conv", "MatMul" };
    }
    const bool qop = o.format == QuantFormat::QOperator;
    const bool qdq = o.format == QuantFormat::Qdq;
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
        // Pass-through ops and Relu follow what is quantized around them (buildStatic, planQdqFollowers), nothing to
        // decide here.
        const bool activation = n.opType == "Relu" || n.opType == "Clip";
        if (!opTypes.count(n.opType) || !n.domain.empty() || (qop && (isPassThroughOp(n.opType) || activation))
            || (qdq && (isQdqSharedScaleOp(n) || activation)))
            continue;
        if (qdq && (n.opType == "MaxPool" || n.opType == "Resize")) {
            s.skipped.push_back(
                fmt::format("{}: an 8-bit {} needs opset {}", n.describe(), n.opType, n.opType == "MaxPool" ? 12 : 11));
            continue;
        }
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
        // A Relu or Clip that is the only reader of a quantized op's output vanishes (not with symmetric activations,
        // whose zero point is not the bottom of the range): that output is calibrated at its output. In qdq the op
        // writes the activation's output name (ONNX Runtime's try_replacing_upstream_output).
        std::map<ValueId, ValueId> rangeOf;
        if (!o.symmetricActivations)
            for (NodeId id : g.topologicalOrder()) {
                const ValueId out = g.node(id).output(0);
                if (!quantize[static_cast<size_t>(id)] || g.value(out).isGraphOutput || g.consumers(out).size() != 1)
                    continue;
                const Node& act = g.node(g.consumers(out)[0]);
                // qdq: a graph output keeps its float value (the pair after `out` would not saturate it).
                if (opTypes.count(act.opType) && act.input(0) == out && !excluded.count(act.name)
                    && (qop || !g.value(act.output(0)).isGraphOutput) && vanishesIntoRange(b, act)) {
                    rangeOf[out] = act.output(0);
                    plan.fusedRelu.insert(out);
                }
            }
        if (qdq)
            planQdqFollowers(b, opTypes, excluded, rangeOf, plan, s);
        std::vector<ValueId> tensors;
        std::set<ValueId> seen;
        for (NodeId id : g.topologicalOrder()) {
            if (!plan.quantize[static_cast<size_t>(id)])
                continue;
            const Node& n = g.node(id);
            // Conv/MatMul: the activation (input 0); the QLinear* ops and what qdq quantizes around: every computed
            // operand.
            std::vector<ValueId> wanted;
            if (qdq ? !isWeightedOp(n.opType) : isContribQLinearOp(n.opType)) {
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
