// SPDX-License-Identifier: MIT
// Matching helpers of the static-INT8 (QDQ) passes: qdq-int8 (qdq_rewrites.cpp) and qdq-lookup-table
// (qdq_lookup_rewrites.cpp) both look for an 8-bit tensor behind a per-tensor DequantizeLinear and a per-tensor
// QuantizeLinear reading a float result.
#pragma once

#include "exec/rewrite_context.h"

#include <optional>

namespace qs {

class QdqMatcher : public RewriteContext
{
public:
    using RewriteContext::RewriteContext;

protected:
    using PostOp = kernels::PostOp;
    using Layout = kernels::Layout;

    /// The integer tensor behind a DequantizeLinear input: through a Cast to the type it already has.
    struct QuantizedInput
    {
        int32_t value = -1; ///< the uint8/int8 tensor the fused step reads
        int32_t scale = -1;
        int32_t zeroPoint = -1;
        std::optional<size_t> dq; ///< the DequantizeLinear step, when this reader is its only one
        std::optional<size_t> cast; ///< an identity Cast between, when the DequantizeLinear is its only reader
    };
    std::optional<QuantizedInput> quantizedInput(int32_t vid, size_t reader) const
    {
        const int32_t di = producerIndex(vid);
        if (di < 0 || !isOp(m_plan.steps[size_t(di)], "DequantizeLinear"))
            return std::nullopt;
        const Step& dq = m_plan.steps[size_t(di)];
        QuantizedInput q;
        q.value = dq.inputs[0];
        q.scale = dq.inputs.size() > 1 ? dq.inputs[1] : -1;
        q.zeroPoint = dq.inputs.size() > 2 ? dq.inputs[2] : -1;
        const auto& xd = m_plan.values[size_t(q.value)].desc;
        if (q.scale < 0 || m_plan.values[size_t(q.scale)].desc.elementCount() != 1
            || (q.zeroPoint >= 0 && m_plan.values[size_t(q.zeroPoint)].desc.elementCount() != 1)
            || (xd.type != DataType::UInt8 && xd.type != DataType::Int8) || xd.layout != Layout::Plain)
            return std::nullopt;
        if (const auto r = soleReader(vid); r && *r == reader)
            q.dq = size_t(di);
        const int32_t ci = producerIndex(q.value);
        if (ci >= 0 && isOp(m_plan.steps[size_t(ci)], "Cast")) {
            const Step& cast = m_plan.steps[size_t(ci)];
            const auto& src = m_plan.values[size_t(cast.inputs[0])].desc;
            if (src.type == xd.type && src.layout == Layout::Plain) {
                q.value = cast.inputs[0];
                if (q.dq && soleReader(cast.outputs[0]))
                    q.cast = size_t(ci);
            }
        }
        return q;
    }

    /// The QuantizeLinear (per tensor) that is the sole reader of `vid`, after an optional Relu/Clip.
    struct QuantizedOutput
    {
        size_t q = 0;
        std::optional<size_t> activation;
        std::optional<PostOp> op;
    };
    std::optional<QuantizedOutput> quantizedOutput(int32_t vid) const
    {
        QuantizedOutput out;
        auto r = soleReader(vid);
        if (r && (isOp(m_plan.steps[*r], "Relu") || isOp(m_plan.steps[*r], "Clip"))) {
            out.op = simpleActivation(m_plan.steps[*r]);
            if (!out.op || m_plan.steps[*r].outputs.size() != 1)
                return std::nullopt;
            out.activation = *r;
            r = soleReader(m_plan.steps[*r].outputs[0]);
        }
        if (!r || !isOp(m_plan.steps[*r], "QuantizeLinear"))
            return std::nullopt;
        const Step& q = m_plan.steps[*r];
        // Opset 21 also quantizes to 16 bits; the fused kernels write 8-bit outputs only.
        const DataType qType = m_plan.values[size_t(q.outputs[0])].desc.type;
        if (qType != DataType::UInt8 && qType != DataType::Int8)
            return std::nullopt;
        if (q.inputs.size() < 2 || q.inputs[0] != (out.activation ? m_plan.steps[*out.activation].outputs[0] : vid)
            || m_plan.values[size_t(q.inputs[1])].desc.elementCount() != 1
            || (q.inputs.size() > 2 && q.inputs[2] >= 0 && m_plan.values[size_t(q.inputs[2])].desc.elementCount() != 1))
            return std::nullopt;
        out.q = *r;
        return out;
    }

    /// Two scalar quantization parameters (values or omitted) that hold the same number.
    bool sameScalar(int32_t a, int32_t b) const
    {
        if (a == b)
            return true;
        const HostTensor* ta = constantOf(a);
        const HostTensor* tb = constantOf(b);
        if (a < 0 || b < 0) {
            const HostTensor* t = a < 0 ? tb : ta;
            return t && t->elementCount() == 1 && t->valueAsDouble(0) == 0.0; // an omitted zero point is 0
        }
        return ta && tb && ta->elementCount() == 1 && tb->elementCount() == 1
            && ta->valueAsDouble(0) == tb->valueAsDouble(0);
    }
};

} // namespace qs
