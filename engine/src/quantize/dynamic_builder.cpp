// SPDX-License-Identifier: MIT
// The dynamic format: ONNX Runtime's IntegerOps pattern (ConvInteger/MatMulInteger on DynamicQuantizeLinear).
#include "quantize/builders.h"
#include "quantize/quant_params.h"
#include "quantize/quantizable.h"

namespace qs::quantize {

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

} // namespace qs::quantize
