// SPDX-License-Identifier: MIT
// Pass "matmul-views". A transformer's attention as PyTorch exports it copies its operands four times before the two
// matmuls: Slice of the packed QKV projection, Reshape into heads, Transpose to [heads, tokens, dim], and Q divided by
// sqrt(dim). Each copy is a step of its own that does not scale with threads. oneDNN's matmul reads an operand
// through any strides with one unit-stride axis among the last two, so the copies become the operand's offset and
// strides, and a division by a power of two becomes the output scale: (Q / 8) K^T and (Q K^T) / 8 are the same
// floats, since scaling by a power of two commutes exactly with every product and sum (barring underflow to
// subnormals and overflow).
#include "exec/matmul_view_rewrites.h"

#include "exec/rewrite_context.h"
#include "kernels/cpu/slice_spec.h"
#include "kernels/onednn/fused_matmul.h"
#include "kernels/shape_util.h"
#include "kernels/strided_view.h"

#include <cmath>
#include <optional>

namespace qs {

namespace {

using kernels::StridedView;

/// What one MatMul operand is computed from, nearest the MatMul first.
struct OperandChain
{
    std::optional<size_t> scaleStep; ///< a Div or Mul by a power of two
    float scale = 1.0f;
    int32_t scaled = -1; ///< the value the scale step scales
    std::vector<size_t> viewSteps; ///< Slice, Reshape-like and Transpose steps the view replaces
    int32_t stored = -1; ///< the value the view reads
    StridedView view;

    bool hasView() const { return !viewSteps.empty() && !view.isPlain(); }
    /// oneDNN's gemm reads an operand whose stored last axis is its second-to-last one (a transposed matrix per
    /// batch entry), which its brgemm kernels do not: such a view is the reason to fold at all.
    bool movesLastAxis() const
    {
        const size_t r = view.dims.size();
        return hasView() && r >= 2 && view.strides[r - 1] != 1 && view.strides[r - 2] == 1;
    }
    bool gemmReadable() const
    {
        const size_t r = view.dims.size();
        return r >= 2 && (view.strides[r - 1] == 1 || view.strides[r - 2] == 1);
    }
};

class MatMulViewRewriter : public RewriteContext
{
public:
    using RewriteContext::RewriteContext;

    void run()
    {
        using namespace kernels::fused_matmul;
        for (size_t si = 0; si < m_plan.steps.size(); ++si) {
            const Step& s = m_plan.steps[si];
            const bool fused = s.spec == &kernels::fusedMatMulSpec();
            if (s.removed || (!fused && !isOp(s, "MatMul")) || s.inputs.size() < 2 || s.outputs.size() != 1)
                continue;
            if (fused && (s.inputs[kAView] >= 0 || s.inputs[kBView] >= 0 || s.inputs[kOutputScale] >= 0))
                continue;
            OperandChain chains[2] = { chainOf(si, s.inputs[0]), chainOf(si, s.inputs[1]) };
            const bool bias = fused && s.inputs[kBias] >= 0;
            // A view that keeps the last axis alone (a Slice, a head Transpose) costs brgemm; it is taken when the
            // other operand already makes the matmul a gemm one.
            const bool gemm = chains[0].movesLastAxis() || chains[1].movesLastAxis();
            bool foldView[2], foldScale[2];
            for (size_t k = 0; k < 2; ++k) {
                foldScale[k] = chains[k].scaleStep && !bias;
                foldView[k]
                    = chains[k].hasView() && chains[k].gemmReadable() && gemm && (foldScale[k] || !chains[k].scaleStep);
            }
            if (!foldView[0] && !foldView[1] && !foldScale[0] && !foldScale[1])
                continue;
            Step& mm = m_plan.steps[si];
            if (!fused) {
                std::vector<int32_t> inputs(kSlotCount, -1);
                inputs[kA] = mm.inputs[0];
                inputs[kB] = mm.inputs[1];
                mm.inputs = std::move(inputs);
                mm.spec = &kernels::fusedMatMulSpec();
            }
            float scale = 1.0f;
            for (size_t k = 0; k < 2; ++k) {
                const OperandChain& c = chains[k];
                if (foldScale[k]) {
                    scale *= c.scale;
                    mm.inputs[k] = c.scaled;
                    absorb(mm, m_plan.steps[*c.scaleStep], mm.outputs[0]);
                }
                if (foldView[k]) {
                    mm.inputs[k] = c.stored;
                    mm.inputs[kAView + k]
                        = m_plan.addConstant(m_plan.values[size_t(c.stored)].name + ":matmul_view", encodeView(c.view));
                    for (const size_t v : c.viewSteps)
                        absorb(mm, m_plan.steps[v], mm.outputs[0]);
                }
            }
            if (scale != 1.0f) {
                HostTensor t(DataType::Float, {});
                t.data<float>()[0] = scale;
                mm.inputs[kOutputScale]
                    = m_plan.addConstant(m_plan.values[size_t(mm.outputs[0])].name + ":scale", std::move(t));
            }
        }
    }

private:
    bool plainFloat(int32_t v) const
    {
        if (v < 0)
            return false;
        const auto& d = m_plan.values[size_t(v)].desc;
        return d.type == DataType::Float && d.layout == kernels::Layout::Plain && !d.constant && d.rank() >= 1;
    }

    /// The step writing `v` when `consumer` is its only reader and `v` is a plain float intermediate.
    std::optional<size_t> link(int32_t v, size_t consumer) const
    {
        if (!plainFloat(v) || !isIntermediate(v))
            return std::nullopt;
        const int32_t p = producerIndex(v);
        const auto r = soleReader(v);
        if (p < 0 || !r || *r != consumer)
            return std::nullopt;
        return size_t(p);
    }

    /// A Div by, or a Mul with, a scalar float constant power of two, the other input of the output's shape.
    std::optional<std::pair<int32_t, float>> powerOfTwoScale(const Step& s) const
    {
        const bool div = isOp(s, "Div");
        if ((!div && !isOp(s, "Mul")) || s.inputs.size() != 2 || s.outputs.size() != 1)
            return std::nullopt;
        for (size_t c = div ? 1 : 0; c < 2; ++c) {
            const int32_t data = s.inputs[1 - c];
            const HostTensor* k = constantOf(s.inputs[c]);
            if (!k || k->dataType() != DataType::Float || k->elementCount() != 1 || !plainFloat(data)
                || m_plan.values[size_t(data)].desc.dims != m_plan.values[size_t(s.outputs[0])].desc.dims)
                continue;
            const float v = k->data<float>()[0];
            int e = 0;
            if (!std::isfinite(v) || v == 0.0f || std::fabs(std::frexp(v, &e)) != 0.5f)
                continue;
            return std::pair { data, div ? 1.0f / v : v };
        }
        return std::nullopt;
    }

    /// `view` after step `s` (a Transpose, Slice or Reshape-like node reading the view's tensor); false when strides
    /// cannot express it.
    bool applyStep(const Step& s, const StridedView& view, StridedView& out) const
    {
        const Node& n = anchorNode(s);
        const auto rank = int64_t(view.dims.size());
        if (n.opType == "Transpose") {
            std::vector<int64_t> perm = n.attrInts("perm");
            if (perm.empty())
                for (int64_t i = rank; i-- > 0;)
                    perm.push_back(i);
            std::vector<bool> seen(size_t(rank), false);
            if (int64_t(perm.size()) != rank)
                return false;
            for (const int64_t p : perm) {
                if (p < 0 || p >= rank || seen[size_t(p)])
                    return false;
                seen[size_t(p)] = true;
            }
            out = kernels::transposeView(view, perm);
            return true;
        }
        if (n.opType == "Slice") {
            std::vector<kernels::TensorDesc> ins;
            for (const int32_t v : s.inputs)
                ins.push_back(v >= 0 ? m_plan.values[size_t(v)].desc : kernels::TensorDesc {});
            const auto spec = kernels::sliceSpec(n, ins);
            if (!spec.isOk())
                return false;
            for (size_t i = 0; i < spec->steps.size(); ++i)
                if (spec->steps[i] <= 0 || spec->outDims[i] <= 0)
                    return false;
            out = kernels::sliceView(view, spec->starts, spec->steps, spec->outDims);
            return true;
        }
        return kernels::reshapeView(view, m_plan.values[size_t(s.outputs[0])].desc.dims, out);
    }

    bool isViewLink(const Step& s) const
    {
        if (s.nodes.size() != 1 || s.outputs.size() != 1 || s.outputs[0] < 0 || s.inputs.empty())
            return false;
        const Node& n = anchorNode(s);
        return n.domain.empty() && (n.opType == "Transpose" || n.opType == "Slice" || isViewOpType(n.opType));
    }

    OperandChain chainOf(size_t mm, int32_t v) const
    {
        OperandChain c;
        size_t consumer = mm;
        int32_t cur = v;
        if (const auto p = link(cur, consumer)) {
            if (const auto sc = powerOfTwoScale(m_plan.steps[*p])) {
                c.scaleStep = *p;
                c.scale = sc->second;
                c.scaled = sc->first;
                cur = sc->first;
                consumer = *p;
            }
        }
        std::vector<size_t> links; // nearest the operand first
        while (const auto p = link(cur, consumer)) {
            const Step& s = m_plan.steps[*p];
            if (!isViewLink(s) || !plainFloat(s.inputs[0]))
                break;
            links.push_back(*p);
            consumer = *p;
            cur = s.inputs[0];
        }
        // Composed from the stored tensor outwards; a step strides cannot express becomes the stored tensor itself,
        // so only the steps nearer the operand fold.
        int32_t root = cur;
        StridedView view = StridedView::plain(m_plan.values[size_t(root)].desc.dims);
        size_t folded = links.size();
        for (size_t k = links.size(); k-- > 0;) {
            const Step& s = m_plan.steps[links[k]];
            StridedView next;
            if (applyStep(s, view, next)) {
                view = std::move(next);
                continue;
            }
            folded = k;
            root = s.outputs[0];
            view = StridedView::plain(m_plan.values[size_t(root)].desc.dims);
        }
        c.viewSteps.assign(links.begin(), links.begin() + std::ptrdiff_t(folded));
        c.stored = root;
        c.view = std::move(view);
        return c;
    }
};

} // namespace

void foldMatMulOperandViews(SessionPlan& plan)
{
    MatMulViewRewriter(plan).run();
}

} // namespace qs
