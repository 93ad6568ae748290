// SPDX-License-Identifier: MIT
// Einsum for any equation (explicit or implicit output, ellipsis broadcasting, repeated labels = diagonals).
// Labels become strides: a repeated label sums its strides (a diagonal view), a broadcast dim gets stride 0. Two
// operands run as a batched matrix product: every label is batch (both operands and the output), M (first operand
// and output), N (second operand and output) or K (summed; a label of one operand only gets stride 0 in the other,
// which sums it), the operands are packed to [batch, M, K] and [batch, K, N] and multiplied. Other operand counts
// use the plain loop over all labels.
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>

namespace qs::kernels {

namespace {

constexpr int kEllipsisBase = 1000; ///< label ids of ellipsis dims: kEllipsisBase + position in the broadcast shape

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

/// The equation resolved against concrete input shapes.
struct EinsumPlan
{
    std::vector<std::vector<int>> inputLabels; ///< per input, per dim
    std::vector<int> outLabels;
    std::map<int, int64_t> sizes;
    std::vector<int64_t> outDims;
};

/// Splits one term into labels; "..." becomes -1 (expanded once the operand ranks are known).
Result<std::vector<int>> parseTerm(const Node& node, std::string_view term)
{
    std::vector<int> labels;
    for (size_t i = 0; i < term.size(); ++i) {
        const char c = term[i];
        if (c == '.') {
            if (term.substr(i, 3) != "...")
                return err(node, StatusCode::InvalidModel, "a lone '.' in the equation");
            labels.push_back(-1);
            i += 2;
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            labels.push_back(c); // ASCII order is the implicit output's order
        } else {
            return err(node, StatusCode::InvalidModel, fmt::format("unexpected character '{}' in the equation", c));
        }
    }
    return labels;
}

Result<EinsumPlan> planEinsum(const Node& node, std::span<const TensorDesc> in)
{
    std::string eq;
    for (char c : node.attrString("equation"))
        if (c != ' ')
            eq += c;
    const size_t arrow = eq.find("->");
    const std::string lhs = eq.substr(0, arrow);
    EinsumPlan p;
    std::vector<std::string> terms;
    for (size_t start = 0;;) {
        const size_t comma = lhs.find(',', start);
        terms.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    if (terms.size() != in.size())
        return err(node, StatusCode::InvalidModel,
            fmt::format("the equation has {} operands, the node {} inputs", terms.size(), in.size()));
    int64_t ellipsisRank = 0;
    for (size_t i = 0; i < terms.size(); ++i) {
        QS_ASSIGN_OR_RETURN(auto labels, parseTerm(node, terms[i]));
        const int64_t letters = std::count_if(labels.begin(), labels.end(), [](int l) { return l >= 0; });
        const bool hasEllipsis = int64_t(labels.size()) != letters;
        const int64_t rank = in[i].rank();
        if (hasEllipsis ? rank < letters : rank != letters)
            return err(node, StatusCode::InvalidModel,
                fmt::format("operand {} has rank {}, its term '{}' does not match", i, rank, terms[i]));
        const int64_t ell = rank - letters;
        ellipsisRank = std::max(ellipsisRank, ell);
        p.inputLabels.push_back(std::move(labels));
    }
    // Ellipsis dims align right across operands (numpy broadcasting).
    for (size_t i = 0; i < terms.size(); ++i) {
        std::vector<int> expanded;
        const int64_t ell = in[i].rank()
            - std::count_if(p.inputLabels[i].begin(), p.inputLabels[i].end(), [](int l) { return l >= 0; });
        for (int l : p.inputLabels[i]) {
            if (l >= 0) {
                expanded.push_back(l);
                continue;
            }
            for (int64_t k = 0; k < ell; ++k)
                expanded.push_back(kEllipsisBase + int(ellipsisRank - ell + k));
        }
        p.inputLabels[i] = std::move(expanded);
        for (size_t d = 0; d < p.inputLabels[i].size(); ++d) {
            const int l = p.inputLabels[i][d];
            const int64_t n = in[i].dims[d];
            auto [it, fresh] = p.sizes.try_emplace(l, n);
            if (!fresh && it->second != n) {
                if (it->second == 1)
                    it->second = n;
                else if (n != 1)
                    return err(node, StatusCode::InvalidModel,
                        fmt::format("label dimension mismatch ({} vs {})", it->second, n));
            }
        }
    }
    if (arrow != std::string::npos) {
        QS_ASSIGN_OR_RETURN(auto labels, parseTerm(node, std::string_view(eq).substr(arrow + 2)));
        for (int l : labels) {
            if (l >= 0) {
                if (!p.sizes.count(l))
                    return err(node, StatusCode::InvalidModel,
                        fmt::format("output label '{}' is not in any operand", char(l)));
                if (std::find(p.outLabels.begin(), p.outLabels.end(), l) != p.outLabels.end())
                    return err(node, StatusCode::InvalidModel, fmt::format("output label '{}' repeats", char(l)));
                p.outLabels.push_back(l);
            } else {
                for (int64_t k = 0; k < ellipsisRank; ++k)
                    p.outLabels.push_back(kEllipsisBase + int(k));
            }
        }
    } else {
        for (int64_t k = 0; k < ellipsisRank; ++k)
            p.outLabels.push_back(kEllipsisBase + int(k));
        std::map<int, int> counts;
        for (const auto& labels : p.inputLabels)
            for (int l : labels)
                if (l < kEllipsisBase)
                    ++counts[l];
        for (const auto& [l, n] : counts)
            if (n == 1)
                p.outLabels.push_back(l);
    }
    for (int l : p.outLabels)
        p.outDims.push_back(p.sizes.at(l));
    return p;
}

Status inferEinsum(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(EinsumPlan p, planEinsum(node, in));
    out[0].type = in[0].type;
    out[0].dims = p.outDims;
    return Status::ok();
}

/// An n-D walk: `dims` with one stride list per buffer; calls fn(offsets) for every index in row-major order.
template <size_t kBuffers, typename Fn>
void walk(const std::vector<int64_t>& dims, const std::array<std::vector<int64_t>, kBuffers>& strides, Fn&& fn)
{
    const size_t rank = dims.size();
    const int64_t total = shapeElementCount(dims);
    std::vector<int64_t> idx(rank, 0);
    std::array<int64_t, kBuffers> off {};
    for (int64_t n = 0; n < total; ++n) {
        fn(off);
        for (size_t d = rank; d-- > 0;) {
            for (size_t b = 0; b < kBuffers; ++b)
                off[b] += strides[b][d];
            if (++idx[d] < dims[d])
                break;
            for (size_t b = 0; b < kBuffers; ++b)
                off[b] -= strides[b][d] * dims[d];
            idx[d] = 0;
        }
    }
}

class EinsumKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(m_plan, planEinsum(ctx.node, ctx.inputs));
        m_type = ctx.inputs[0].type;
        for (const TensorDesc& d : ctx.inputs)
            if (d.type != m_type)
                return err(ctx.node, StatusCode::InvalidModel, "operands of different element types");
        // Every label: its size, each operand's stride (repeats add up: diagonals; broadcast dims: 0).
        for (const auto& [l, n] : m_plan.sizes)
            m_labels.push_back(l);
        m_strides.assign(ctx.inputs.size(), std::vector<int64_t>(m_labels.size(), 0));
        for (size_t i = 0; i < ctx.inputs.size(); ++i) {
            const auto st = stridesOf(ctx.inputs[i].dims);
            for (size_t d = 0; d < m_plan.inputLabels[i].size(); ++d)
                if (ctx.inputs[i].dims[d] != 1)
                    m_strides[i][labelIndex(m_plan.inputLabels[i][d])] += st[d];
        }
        const auto outSt = stridesOf(m_plan.outDims);
        m_outStrides.assign(m_labels.size(), 0);
        for (size_t d = 0; d < m_plan.outLabels.size(); ++d)
            m_outStrides[labelIndex(m_plan.outLabels[d])] = outSt[d];

        m_matmul = ctx.inputs.size() == 2;
        if (m_matmul) {
            auto inOperand = [&](size_t i, int l) {
                const auto& ls = m_plan.inputLabels[i];
                return std::find(ls.begin(), ls.end(), l) != ls.end();
            };
            for (size_t k = 0; k < m_labels.size(); ++k) {
                const int l = m_labels[k];
                const bool a = inOperand(0, l), b = inOperand(1, l);
                const bool o = std::find(m_plan.outLabels.begin(), m_plan.outLabels.end(), l) != m_plan.outLabels.end();
                auto& group = !o ? m_k : (a && b ? m_batch : (a ? m_m : m_n));
                group.push_back(k);
            }
            m_sizeB = groupSize(m_batch);
            m_sizeM = groupSize(m_m);
            m_sizeN = groupSize(m_n);
            m_sizeK = groupSize(m_k);
        }
        m_elemSize = dataTypeSize(m_type);
        return Status::ok();
    }

    size_t scratchBytes() const override
    {
        if (!m_matmul)
            return 0;
        return size_t(m_sizeB * (m_sizeM * m_sizeK + m_sizeK * m_sizeN + m_sizeM * m_sizeN)) * m_elemSize;
    }

    Status run(const KernelArgs& args) const override
    {
        if (m_type == DataType::Float)
            compute<float>(args);
        else
            compute<double>(args);
        return Status::ok();
    }

private:
    size_t labelIndex(int l) const { return size_t(std::find(m_labels.begin(), m_labels.end(), l) - m_labels.begin()); }
    int64_t groupSize(const std::vector<size_t>& g) const
    {
        int64_t n = 1;
        for (size_t k : g)
            n *= m_plan.sizes.at(m_labels[k]);
        return n;
    }

    /// Copies operand `src` (label strides `st`) into a dense buffer ordered by the label groups given.
    template <typename T>
    void pack(const T* src, const std::vector<int64_t>& st, std::initializer_list<const std::vector<size_t>*> groups,
        T* dst) const
    {
        std::vector<int64_t> dims;
        std::array<std::vector<int64_t>, 1> strides;
        for (const auto* g : groups)
            for (size_t k : *g) {
                dims.push_back(m_plan.sizes.at(m_labels[k]));
                strides[0].push_back(st[k]);
            }
        T* out = dst;
        walk<1>(dims, strides, [&](const std::array<int64_t, 1>& off) { *out++ = src[off[0]]; });
    }

    template <typename T> void compute(const KernelArgs& args) const
    {
        T* y = static_cast<T*>(args.outputs[0]);
        if (!m_matmul) {
            // Plain loop: output labels outside, summed labels inside.
            std::vector<int64_t> outDims, sumDims;
            std::vector<size_t> outOrder, sumOrder;
            for (int l : m_plan.outLabels)
                outOrder.push_back(labelIndex(l));
            for (size_t k = 0; k < m_labels.size(); ++k)
                if (std::find(outOrder.begin(), outOrder.end(), k) == outOrder.end())
                    sumOrder.push_back(k);
            for (size_t k : outOrder)
                outDims.push_back(m_plan.sizes.at(m_labels[k]));
            for (size_t k : sumOrder)
                sumDims.push_back(m_plan.sizes.at(m_labels[k]));
            const size_t n = m_strides.size();
            std::vector<const T*> x(n);
            for (size_t i = 0; i < n; ++i)
                x[i] = static_cast<const T*>(args.inputs[i]);
            std::vector<std::vector<int64_t>> outSt(n), sumSt(n);
            for (size_t i = 0; i < n; ++i) {
                for (size_t k : outOrder)
                    outSt[i].push_back(m_strides[i][k]);
                for (size_t k : sumOrder)
                    sumSt[i].push_back(m_strides[i][k]);
            }
            const int64_t outCount = shapeElementCount(outDims);
            const int64_t sumCount = shapeElementCount(sumDims);
            std::vector<int64_t> oi(outDims.size(), 0), si(sumDims.size(), 0);
            for (int64_t o = 0; o < outCount; ++o) {
                T acc = T(0);
                std::fill(si.begin(), si.end(), 0);
                for (int64_t s = 0; s < sumCount; ++s) {
                    T prod = T(1);
                    for (size_t i = 0; i < n; ++i) {
                        int64_t off = 0;
                        for (size_t d = 0; d < oi.size(); ++d)
                            off += oi[d] * outSt[i][d];
                        for (size_t d = 0; d < si.size(); ++d)
                            off += si[d] * sumSt[i][d];
                        prod *= x[i][off];
                    }
                    acc += prod;
                    for (size_t d = si.size(); d-- > 0;) {
                        if (++si[d] < sumDims[d])
                            break;
                        si[d] = 0;
                    }
                }
                y[o] = acc;
                for (size_t d = oi.size(); d-- > 0;) {
                    if (++oi[d] < outDims[d])
                        break;
                    oi[d] = 0;
                }
            }
            return;
        }
        T* a = static_cast<T*>(args.scratch);
        T* b = a + m_sizeB * m_sizeM * m_sizeK;
        T* c = b + m_sizeB * m_sizeK * m_sizeN;
        pack(static_cast<const T*>(args.inputs[0]), m_strides[0], { &m_batch, &m_m, &m_k }, a);
        pack(static_cast<const T*>(args.inputs[1]), m_strides[1], { &m_batch, &m_k, &m_n }, b);
        const int64_t rows = m_sizeB * m_sizeM;
        const int64_t M = m_sizeM, N = m_sizeN, K = m_sizeK;
#pragma omp parallel for if (rows * N * K > 65536)
        for (int64_t r = 0; r < rows; ++r) {
            const int64_t bt = r / M;
            T* cr = c + r * N;
            std::fill(cr, cr + N, T(0));
            const T* ar = a + r * K;
            const T* bb = b + bt * K * N;
            for (int64_t k = 0; k < K; ++k) {
                const T av = ar[k];
                const T* br = bb + k * N;
#pragma omp simd
                for (int64_t j = 0; j < N; ++j)
                    cr[j] += av * br[j];
            }
        }
        // Scatter [batch, M, N] into the output's label order.
        std::vector<int64_t> dims;
        std::array<std::vector<int64_t>, 1> strides;
        for (const auto* g : { &m_batch, &m_m, &m_n })
            for (size_t k : *g) {
                dims.push_back(m_plan.sizes.at(m_labels[k]));
                strides[0].push_back(m_outStrides[k]);
            }
        const T* src = c;
        walk<1>(dims, strides, [&](const std::array<int64_t, 1>& off) { y[off[0]] = *src++; });
    }

    EinsumPlan m_plan;
    DataType m_type = DataType::Float;
    size_t m_elemSize = 4;
    std::vector<int> m_labels; ///< every label, ascending
    std::vector<std::vector<int64_t>> m_strides; ///< per operand, per label
    std::vector<int64_t> m_outStrides; ///< per label (0 for summed labels)
    bool m_matmul = false;
    std::vector<size_t> m_batch, m_m, m_n, m_k; ///< label indices per role
    int64_t m_sizeB = 1, m_sizeM = 1, m_sizeN = 1, m_sizeK = 1;
};

Status acceptEinsum(const Node& node, std::span<const TensorDesc> in)
{
    for (const TensorDesc& d : in)
        if (d.type != DataType::Float && d.type != DataType::Double)
            return Status(StatusCode::Unsupported, fmt::format("operand of type {}", dataTypeName(d.type)));
    return Status::ok();
}

} // namespace

void registerEinsumKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "Einsum", 12, 0, inferEinsum,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<EinsumKernel>(); }, acceptEinsum, kNoCaps, "cpu",
        "float, double; any equation (two operands as batched matmul)" });
}

} // namespace qs::kernels
