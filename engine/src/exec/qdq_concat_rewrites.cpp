// SPDX-License-Identifier: MIT
// Part of pass qdq-int8 (passes/qdq_int8.cpp states its pattern): DequantizeLinear of each part -> Concat ->
// QuantizeLinear, as ONNX Runtime's QDQ quantizer writes Concat (each input with its own range, the output with its
// own), becomes a concatenation of the 8-bit parts. A part quantized with the output's scale and zero point is copied
// as it is; another is requantized by a 256-entry byte table, QuantizeLinear(DequantizeLinear(b)) computed with the
// engine's own DequantizeLinear and QuantizeLinear arithmetic, so the bytes are the unfused graph's. The table step is
// that part's DequantizeLinear step itself, which then writes bytes. Runs after the convolution rewrites (until then
// the convolutions reading a part read its DequantizeLinear too) and before the MaxPool rewrite: in
// YOLO's SPPF block the pooled tensors are read by the next pool and by the Concat, and only once the Concat reads the
// bytes is each DequantizeLinear read by its pool alone.
#include "exec/qdq_match.h"
#include "exec/qdq_rewrites.h"
#include "kernels/int8/qdq_fused.h"
#include "quant/quantize_linear.h"

#include <array>
#include <cstdint>

namespace qs {

namespace {

class ConcatRewriter : public QdqMatcher
{
public:
    using QdqMatcher::QdqMatcher;

    void run()
    {
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "Concat"))
                fuse(i);
    }

private:
    float scalar(int32_t vid) const { return float(constantOf(vid)->valueAsDouble(0)); }
    int32_t zeroPoint(int32_t vid) const { return vid < 0 ? 0 : int32_t(constantOf(vid)->valueAsDouble(0)); }

    /// QuantizeLinear(DequantizeLinear(b)) for every byte b, as the unfused steps compute it.
    HostTensor requantizeTable(DataType type, const QuantizedInput& x, int32_t yScale, int32_t yZeroPoint) const
    {
        std::array<float, 256> f {};
        HostTensor table(type, { 256 });
        if (type == DataType::UInt8) {
            std::array<uint8_t, 256> b {};
            for (int i = 0; i < 256; ++i)
                b[size_t(i)] = uint8_t(i);
            quant::dequantizeLinear(b.data(), 256, scalar(x.scale), zeroPoint(x.zeroPoint), f.data());
            quant::quantizeLinear(
                f.data(), 256, scalar(yScale), zeroPoint(yZeroPoint), static_cast<uint8_t*>(table.rawData()));
        } else {
            std::array<int8_t, 256> b {};
            for (int i = 0; i < 256; ++i)
                b[size_t(i)] = int8_t(i - 128);
            quant::dequantizeLinear(b.data(), 256, scalar(x.scale), zeroPoint(x.zeroPoint), f.data());
            // The lookup kernel indexes by the byte's bit pattern: entry (uint8_t)v for the int8 value v.
            std::array<int8_t, 256> q {};
            quant::quantizeLinear(f.data(), 256, scalar(yScale), zeroPoint(yZeroPoint), q.data());
            for (int i = 0; i < 256; ++i)
                static_cast<int8_t*>(table.rawData())[uint8_t(int8_t(i - 128))] = q[size_t(i)];
        }
        return table;
    }

    void fuse(size_t ci)
    {
        const Step& cat = m_plan.steps[ci];
        if (cat.inputs.empty() || cat.outputs.size() != 1 || cat.outputs[0] < 0 || !isIntermediate(cat.outputs[0]))
            return;
        const auto y = quantizedOutput(cat.outputs[0]);
        if (!y || y->activation)
            return;
        const Step& q = m_plan.steps[y->q];
        const int32_t yScale = q.inputs[1];
        const int32_t yZeroPoint = q.inputs.size() > 2 ? q.inputs[2] : -1;
        const DataType type = m_plan.values[size_t(q.outputs[0])].desc.type;
        if (!constantOf(yScale) || (yZeroPoint >= 0 && !constantOf(yZeroPoint)))
            return;
        std::vector<QuantizedInput> parts;
        std::vector<bool> same;
        for (int32_t v : cat.inputs) {
            const auto x = v < 0 ? std::nullopt : quantizedInput(v, ci);
            if (!x || m_plan.values[size_t(x->value)].desc.type != type || !constantOf(x->scale)
                || (x->zeroPoint >= 0 && !constantOf(x->zeroPoint)))
                return;
            same.push_back(sameScalar(x->scale, yScale) && sameScalar(x->zeroPoint, yZeroPoint));
            // A requantized part's table replaces its DequantizeLinear: only this Concat may read that.
            if (!same.back() && (!x->dq || x->cast))
                return;
            parts.push_back(*x);
        }
        std::vector<int32_t> inputs;
        for (size_t k = 0; k < parts.size(); ++k) {
            const QuantizedInput& x = parts[k];
            if (same[k]) {
                inputs.push_back(x.value);
                continue;
            }
            Step& dq = m_plan.steps[*x.dq];
            const int32_t bytes = dq.outputs[0];
            const int32_t table = m_plan.addConstant(
                m_plan.values[size_t(bytes)].name + ":requantize", requantizeTable(type, x, yScale, yZeroPoint));
            dq.inputs = { x.value, table };
            dq.spec = &kernels::qdqLookupSpec();
            m_plan.values[size_t(bytes)].desc.type = type;
            inputs.push_back(bytes);
        }
        Step& fused = m_plan.steps[ci];
        fused.inputs = inputs;
        for (size_t k = 0; k < parts.size(); ++k)
            if (same[k]) {
                absorbOptional(fused, parts[k].dq);
                absorbOptional(fused, parts[k].cast);
            }
        absorb(fused, m_plan.steps[y->q], m_plan.steps[y->q].outputs[0]);
    }
};

} // namespace

void fuseQdqConcats(SessionPlan& plan)
{
    ConcatRewriter(plan).run();
}

} // namespace qs
