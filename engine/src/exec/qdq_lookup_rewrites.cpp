// SPDX-License-Identifier: MIT
// Pass qdq-lookup-table (passes/qdq_lookup_table.cpp states its pattern): a per-tensor DequantizeLinear of an 8-bit
// tensor, a chain of elementwise float ops on that one input (HardSigmoid·Mul as PyTorch exports HardSwish,
// Sigmoid·Mul for SiLU, Tanh, Erf-based GELU, Clip, LeakyRelu...) and a per-tensor QuantizeLinear: the output byte
// depends on the input byte alone, so the whole chain is a 256-entry table. The table is computed here, at
// preparation, by running the steps' own kernels (the ones the unfused graph runs) on the 256 possible input bytes,
// so the fused step writes exactly what the step-by-step graph writes.
#include "exec/qdq_match.h"
#include "exec/qdq_rewrites.h"
#include "kernels/int8/qdq_fused.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <string_view>

namespace qs {

namespace {

using kernels::TensorDesc;

/// Float ops whose output element depends only on the same element of their inputs (constant operands broadcast
/// from one value). Anything else (reductions, Softmax, shape ops) ends the chain.
bool elementwise(std::string_view op)
{
    static constexpr std::array<std::string_view, 40> kOps { "Relu", "LeakyRelu", "PRelu", "Elu", "Selu", "Celu",
        "ThresholdedRelu", "Sigmoid", "HardSigmoid", "HardSwish", "Tanh", "Softplus", "Softsign", "Mish", "Erf", "Gelu",
        "Clip", "Abs", "Neg", "Exp", "Log", "Sqrt", "Reciprocal", "Floor", "Ceil", "Round", "Sign", "Sin", "Cos",
        "Identity", "Cast", "Add", "Sub", "Mul", "Div", "Pow", "Max", "Min", "Sum", "Mean" };
    return std::find(kOps.begin(), kOps.end(), op) != kOps.end();
}

class LookupRewriter : public QdqMatcher
{
public:
    using QdqMatcher::QdqMatcher;

    void run()
    {
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && isOp(m_plan.steps[i], "DequantizeLinear"))
                fuseChainFrom(i);
        for (size_t i = 0; i < m_plan.steps.size(); ++i)
            if (!m_plan.steps[i].removed && m_plan.steps[i].spec == &kernels::qdqLookupSpec())
                composeReader(i);
    }

private:
    bool scalarConstant(int32_t vid) const
    {
        const HostTensor* t = constantOf(vid);
        return t && t->elementCount() == 1;
    }

    /// Step `s` computes elementwise on values of the chain (dims `dims`) and scalar constants only.
    bool joins(const Step& s, const std::set<int32_t>& chain, const std::vector<int64_t>& dims) const
    {
        if (s.nodes.size() != 1 || !anchorNode(s).domain.empty() || !elementwise(anchorNode(s).opType) || !s.spec
            || s.outputs.size() != 1 || s.outputs[0] < 0 || !isIntermediate(s.outputs[0]))
            return false;
        const auto& out = m_plan.values[size_t(s.outputs[0])].desc;
        if (out.type != DataType::Float || out.dims != dims)
            return false;
        for (int32_t v : s.inputs)
            if (v >= 0 && !chain.count(v)
                && !(scalarConstant(v) && m_plan.values[size_t(v)].desc.type == DataType::Float))
                return false;
        return true;
    }

    /// Runs step `s`'s kernel on the 256-element versions of its chain inputs held in `vals`.
    bool evaluate(const Step& s, std::map<int32_t, HostTensor>& vals) const
    {
        std::vector<TensorDesc> ins(s.inputs.size()), outs(s.outputs.size());
        std::vector<const void*> inPtrs(s.inputs.size(), nullptr);
        for (size_t k = 0; k < s.inputs.size(); ++k) {
            const int32_t v = s.inputs[k];
            if (v < 0)
                continue;
            if (const auto it = vals.find(v); it != vals.end()) {
                ins[k].type = it->second.dataType();
                ins[k].dims = { 256 };
                inPtrs[k] = it->second.rawData();
            } else {
                ins[k] = m_plan.values[size_t(v)].desc;
                inPtrs[k] = ins[k].constant->rawData();
            }
        }
        outs[0].type = m_plan.values[size_t(s.outputs[0])].desc.type;
        outs[0].dims = { 256 };
        HostTensor result(outs[0].type, outs[0].dims);
        std::unique_ptr<kernels::Kernel> kernel = s.spec->create();
        kernels::KernelContext ctx { anchorNode(s), ins, outs, {}, 1, false };
        if (!kernel->prepare(ctx))
            return false;
        std::unique_ptr<std::byte[], void (*)(std::byte*)> scratch(
            kernel->scratchBytes() ? alignedAllocate(kernel->scratchBytes()) : nullptr, alignedFree);
        void* outPtrs[] = { result.rawData() };
        if (!kernel->run({ inPtrs, outPtrs, scratch.get() }))
            return false;
        vals.insert_or_assign(s.outputs[0], std::move(result));
        return true;
    }

    /// A table's output t = table[x] read only by an 8-bit step computing elementwise on x and t (and scalar
    /// constants): that step's output is a function of x's byte too, one table. ONNX Runtime's quantizer writes SiLU
    /// with Q -> DQ on the Sigmoid's output, so qdq-int8 has made the Mul an int8 multiply of x and the Sigmoid's
    /// bytes; the table is that step's own kernel run on the 256 (x, table[x]) pairs, so nothing changes but the work.
    void composeReader(size_t li)
    {
        Step& lut = m_plan.steps[li];
        const int32_t x = lut.inputs[0];
        const int32_t t = lut.outputs[0];
        const auto r = soleReader(t);
        if (!r || !isIntermediate(t))
            return;
        const Step& s = m_plan.steps[*r];
        if (s.removed || !s.spec || s.outputs.size() != 1 || s.outputs[0] < 0)
            return;
        const auto& xd = m_plan.values[size_t(x)].desc;
        const auto& out = m_plan.values[size_t(s.outputs[0])].desc;
        if ((out.type != DataType::UInt8 && out.type != DataType::Int8) || out.layout != Layout::Plain
            || out.dims != xd.dims || m_plan.values[size_t(t)].desc.dims != xd.dims)
            return;
        bool readsTable = false;
        for (int32_t v : s.inputs) {
            readsTable = readsTable || v == t;
            if (v >= 0 && v != t && v != x && !scalarConstant(v))
                return;
        }
        const HostTensor* table = constantOf(lut.inputs[1]);
        if (!readsTable || !table)
            return;
        std::map<int32_t, HostTensor> vals;
        HostTensor bytes(xd.type, { 256 });
        for (int i = 0; i < 256; ++i)
            static_cast<uint8_t*>(bytes.rawData())[i] = uint8_t(i);
        vals.insert_or_assign(x, std::move(bytes));
        HostTensor first(table->dataType(), { 256 });
        std::copy_n(static_cast<const std::byte*>(table->rawData()), 256, static_cast<std::byte*>(first.rawData()));
        vals.insert_or_assign(t, std::move(first));
        if (!evaluate(s, vals))
            return;
        const int32_t sOut = s.outputs[0];
        lut.inputs = { x, m_plan.addConstant(m_plan.values[size_t(sOut)].name + ":table", std::move(vals.at(sOut))) };
        absorb(lut, m_plan.steps[*r], sOut);
    }

    void fuseChainFrom(size_t di)
    {
        const Step& dq = m_plan.steps[di];
        if (dq.inputs.size() < 2 || dq.outputs.size() != 1 || dq.inputs[0] < 0 || !isIntermediate(dq.outputs[0]))
            return;
        int32_t x = dq.inputs[0];
        const auto& xd = m_plan.values[size_t(x)].desc;
        const int32_t zp = dq.inputs.size() > 2 ? dq.inputs[2] : -1;
        if ((xd.type != DataType::UInt8 && xd.type != DataType::Int8) || xd.layout != Layout::Plain
            || !scalarConstant(dq.inputs[1]) || (zp >= 0 && !scalarConstant(zp))
            || m_plan.values[size_t(dq.outputs[0])].desc.type != DataType::Float)
            return;
        // The chain: later steps reading chain values only, up to one QuantizeLinear; any other reader of a chain
        // value (a Softmax, a second input that is not constant) leaves the float graph as it is.
        std::set<int32_t> values { dq.outputs[0] };
        std::vector<size_t> chain;
        std::optional<size_t> q;
        for (size_t i = di + 1; i < m_plan.steps.size(); ++i) {
            const Step& s = m_plan.steps[i];
            if (s.removed || std::none_of(s.inputs.begin(), s.inputs.end(), [&](int32_t v) { return values.count(v); }))
                continue;
            if (isOp(s, "QuantizeLinear") && !q && values.count(s.inputs[0]) && s.inputs.size() >= 2
                && scalarConstant(s.inputs[1])
                && (s.inputs.size() < 3 || s.inputs[2] < 0 || scalarConstant(s.inputs[2]))
                && s.inputs[0] != dq.outputs[0]) {
                const DataType t = m_plan.values[size_t(s.outputs[0])].desc.type;
                if (t != DataType::UInt8 && t != DataType::Int8)
                    return;
                q = i;
                continue;
            }
            if (!joins(s, values, xd.dims))
                return;
            chain.push_back(i);
            values.insert(s.outputs[0]);
        }
        if (!q || chain.empty())
            return;
        // A same-type Cast between QuantizeLinear and DequantizeLinear (PyTorch's export) is looked through.
        std::optional<size_t> cast;
        const int32_t ci = producerIndex(x);
        if (ci >= 0 && isOp(m_plan.steps[size_t(ci)], "Cast")) {
            const Step& c = m_plan.steps[size_t(ci)];
            const auto& src = m_plan.values[size_t(c.inputs[0])].desc;
            if (src.type == xd.type && src.layout == Layout::Plain && src.dims == xd.dims) {
                x = c.inputs[0];
                if (const auto r = soleReader(c.outputs[0]); r && *r == di)
                    cast = size_t(ci);
            }
        }

        std::map<int32_t, HostTensor> vals;
        HostTensor bytes(xd.type, { 256 });
        for (int i = 0; i < 256; ++i)
            static_cast<uint8_t*>(bytes.rawData())[i] = uint8_t(i);
        vals.insert_or_assign(dq.inputs[0], std::move(bytes));
        if (!evaluate(dq, vals))
            return;
        for (size_t i : chain)
            if (!evaluate(m_plan.steps[i], vals))
                return;
        if (!evaluate(m_plan.steps[*q], vals))
            return;
        const int32_t qOut = m_plan.steps[*q].outputs[0];
        const int32_t table = m_plan.addConstant(m_plan.values[size_t(qOut)].name + ":table", std::move(vals.at(qOut)));

        Step& fused = m_plan.steps[chain[0]];
        fused.inputs = { x, table };
        fused.spec = &kernels::qdqLookupSpec();
        absorb(fused, m_plan.steps[di], fused.outputs[0]);
        absorbOptional(fused, cast);
        for (size_t k = 1; k < chain.size(); ++k)
            absorbOptional(fused, chain[k]);
        absorb(fused, m_plan.steps[*q], qOut);
    }
};

} // namespace

void fuseQdqLookupTables(SessionPlan& plan)
{
    LookupRewriter(plan).run();
}

} // namespace qs
