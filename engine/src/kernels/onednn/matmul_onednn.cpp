// SPDX-License-Identifier: MIT
// Gemm and MatMul (batched, broadcast, 1-D operands) on oneDNN's matmul primitive; constant B reordered once.
#include "kernels/cpu/erf_gelu_epilogue.h"
#include "kernels/kernel_registry.h"
#include "kernels/onednn/fused_matmul.h"
#include "kernels/onednn/onednn_common.h"
#include "kernels/shape_util.h"
#include "kernels/strided_view.h"

#include <fmt/format.h>

#include <cstring>
#include <optional>
#include <span>

namespace qs::kernels {

namespace {

using dnnl::memory;
using Dims = memory::dims;

size_t alignUp(size_t v)
{
    return (v + kTensorAlignment - 1) / kTensorAlignment * kTensorAlignment;
}

struct MatMulShapes
{
    Dims a, b, c; ///< padded to equal rank >= 2
    std::vector<int64_t> out; ///< ONNX output dims (1-D operands' unit dims removed)
};

Result<MatMulShapes> matMulShapes(const Node& node, std::vector<int64_t> a, std::vector<int64_t> b)
{
    if (a.empty() || b.empty())
        return Status(StatusCode::InvalidModel, fmt::format("node {}: MatMul of a scalar", node.describe()));
    const bool aVec = a.size() == 1;
    const bool bVec = b.size() == 1;
    if (aVec)
        a.insert(a.begin(), 1);
    if (bVec)
        b.push_back(1);
    const size_t rank = std::max(a.size(), b.size());
    a.insert(a.begin(), rank - a.size(), 1);
    b.insert(b.begin(), rank - b.size(), 1);
    if (a[rank - 1] != b[rank - 2])
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: inner dimensions differ ({} vs {})", node.describe(), a[rank - 1], b[rank - 2]));
    MatMulShapes s;
    s.c.resize(rank);
    for (size_t i = 0; i + 2 < rank; ++i) {
        if (a[i] != b[i] && a[i] != 1 && b[i] != 1)
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: batch dimensions {} and {} cannot be broadcast", node.describe(), a[i], b[i]));
        s.c[i] = std::max(a[i], b[i]);
    }
    s.c[rank - 2] = a[rank - 2];
    s.c[rank - 1] = b[rank - 1];
    s.a.assign(a.begin(), a.end());
    s.b.assign(b.begin(), b.end());
    s.out.assign(s.c.begin(), s.c.end());
    if (bVec)
        s.out.pop_back();
    if (aVec)
        s.out.erase(s.out.end() - (bVec ? 1 : 2));
    // Numpy drops the prepended batch dims again: the output rank is max(rank a, rank b) of the originals.
    return s;
}

/// A batched A times one B matrix (every batch dim of B is 1, as in a transformer's projections of [seq, batch,
/// dim] activations) is one 2-D matmul of A's rows: A and C are contiguous, so [b..., M, K] is [b·M, K]. oneDNN
/// would otherwise run one small matmul per batch entry, e.g. 128 matrix-vector products for [128, 1, 256].
void foldBatchIntoRows(MatMulShapes& s)
{
    const size_t rank = s.a.size();
    if (rank <= 2)
        return;
    int64_t rows = 1;
    for (size_t i = 0; i + 2 < rank; ++i) {
        if (s.b[i] != 1)
            return;
        rows *= s.a[i];
    }
    s.a = { rows * s.a[rank - 2], s.a[rank - 1] };
    s.b = { s.b[rank - 2], s.b[rank - 1] };
    s.c = { rows * s.c[rank - 2], s.c[rank - 1] };
}

Dims plainStrides(const Dims& d)
{
    Dims s(d.size(), 1);
    for (size_t i = d.size() - 1; i > 0; --i)
        s[i - 1] = s[i] * d[i];
    return s;
}

/// A matmul operand as stored (no view) or as read through the view in `slot` (fused_matmul.h's kAView / kBView).
Result<StridedView> operandView(const Node& node, std::span<const TensorDesc> inputs, size_t operand, size_t slot)
{
    const TensorDesc& stored = inputs[operand];
    if (slot == 0 || inputs.size() <= slot || !hasInput(inputs, slot))
        return StridedView::plain(stored.dims);
    if (!inputs[slot].constant)
        return Status(StatusCode::Internal, fmt::format("node {}: operand view is not a constant", node.describe()));
    auto v = decodeView(*inputs[slot].constant, stored.elementCount());
    if (!v.isOk())
        return Status(StatusCode::Internal, fmt::format("node {}: {}", node.describe(), v.status().message()));
    return std::move(*v);
}

/// The operand's strides for `shape`, aligned at the last dim: prepended unit dims take the operand's whole extent,
/// and a shape of lower rank (batch dims folded into rows) takes the last strides.
Dims alignedStrides(const Dims& shape, const StridedView& o)
{
    int64_t extent = 1;
    for (size_t i = 0; i < o.dims.size(); ++i)
        extent = std::max(extent, o.dims[i] * o.strides[i]);
    Dims s(shape.size(), extent);
    const auto offset = std::ptrdiff_t(o.strides.size()) - std::ptrdiff_t(shape.size());
    for (size_t i = 0; i < shape.size(); ++i)
        if (std::ptrdiff_t(i) + offset >= 0)
            s[i] = o.strides[size_t(std::ptrdiff_t(i) + offset)];
    return s;
}

/// MatMul and Gemm share one kernel: Gemm is a 2-D matmul with transposed-stride descriptors, alpha and bias. The
/// fused MatMul (fused_matmul.h) is a MatMul with a bias along N and an optional erf-GELU epilogue.
class MatMulOneDnnKernel final : public Kernel
{
public:
    explicit MatMulOneDnnKernel(bool gemm, bool fused = false)
        : m_gemm(gemm)
        , m_fused(fused)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        const auto f32 = memory::data_type::f32;
        const TensorDesc& a = ctx.inputs[0];
        const TensorDesc& b = ctx.inputs[1];
        memory::desc aMd, bMd, cMd;
        Dims cDims;
        if (!m_gemm) {
            const size_t aSlot = m_fused ? size_t(fused_matmul::kAView) : 0;
            const size_t bSlot = m_fused ? size_t(fused_matmul::kBView) : 0;
            QS_ASSIGN_OR_RETURN(const StridedView ao, operandView(ctx.node, ctx.inputs, 0, aSlot));
            QS_ASSIGN_OR_RETURN(const StridedView bo, operandView(ctx.node, ctx.inputs, 1, bSlot));
            const bool aViewed = !ao.isPlain();
            m_aOffset = ao.offset * int64_t(sizeof(float));
            m_bOffset = bo.offset * int64_t(sizeof(float));
            if ((aViewed && ao.dims.size() < 2) || (!bo.isPlain() && bo.dims.size() < 2))
                return Status(StatusCode::Internal,
                    fmt::format("node {}: an operand view needs a 2-D or larger operand", ctx.node.describe()));
            QS_ASSIGN_OR_RETURN(MatMulShapes s, matMulShapes(ctx.node, ao.dims, bo.dims));
            // Rows fold only when A is stored contiguously in its logical order.
            if (!aViewed)
                foldBatchIntoRows(s);
            aMd = memory::desc(s.a, f32, aViewed ? alignedStrides(s.a, ao) : plainStrides(s.a));
            bMd = memory::desc(s.b, f32, alignedStrides(s.b, bo));
            cDims = s.c;
            if (m_fused)
                QS_RETURN_IF_ERROR(prepareEpilogue(ctx, cDims));
            if (m_fused && hasInput(ctx.inputs, fused_matmul::kOutputScale)) {
                const auto scale = constantFloats(ctx.inputs[fused_matmul::kOutputScale]);
                if (!scale || scale->size() != 1 || m_hasBias)
                    return Status(StatusCode::Internal,
                        fmt::format(
                            "node {}: the output scale must be one constant, without a bias", ctx.node.describe()));
                m_alpha = scale->front();
            }
        } else {
            const bool transA = ctx.node.attrInt("transA", 0) != 0;
            const bool transB = ctx.node.attrInt("transB", 0) != 0;
            m_alpha = ctx.node.attrFloat("alpha", 1.0f);
            m_beta = ctx.node.attrFloat("beta", 1.0f);
            const int64_t m = transA ? a.dims[1] : a.dims[0];
            const int64_t k = transA ? a.dims[0] : a.dims[1];
            const int64_t n = transB ? b.dims[0] : b.dims[1];
            aMd = memory::desc({ m, k }, f32, transA ? Dims { 1, m } : Dims { k, 1 });
            bMd = memory::desc({ k, n }, f32, transB ? Dims { 1, k } : Dims { n, 1 });
            cDims = { m, n };
            if (hasInput(ctx.inputs, 2) && m_beta != 0.0f) {
                std::vector<int64_t> bias = ctx.inputs[2].dims;
                while (bias.size() < 2)
                    bias.insert(bias.begin(), 1);
                m_biasDims = bias;
                m_biasBytes = static_cast<size_t>(shapeElementCount(bias)) * sizeof(float);
                m_hasBias = true;
                m_biasMd
                    = memory::desc(Dims(bias.begin(), bias.end()), f32, plainStrides({ bias.begin(), bias.end() }));
                m_outDims = { m, n };
            }
        }
        m_cMd = memory::desc(cDims, f32, plainStrides(cDims));
        // With alpha != 1, oneDNN's output scale would also scale a primitive bias; add beta*C ourselves then.
        m_manualBias = m_hasBias && m_alpha != 1.0f;
        const bool constB = b.isConstant();
        return onednn::guarded(ctx.node, "matmul setup", [&] {
            const dnnl::engine& eng = onednn::cpuEngine();
            dnnl::primitive_attr attr;
            if (m_alpha != 1.0f)
                attr.set_output_scales(0, { m_alpha });
            attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
            const memory::desc bReq = constB ? memory::desc(bMd.dims(), f32, memory::format_tag::any) : bMd;
            const memory::desc biasReq = m_hasBias && !m_manualBias ? m_biasMd : memory::desc();
            dnnl::matmul::desc d(aMd, bReq, biasReq, m_cMd);
            dnnl::matmul::primitive_desc pd(d, attr, eng);
            m_impl = onednn::implName(pd);
            m_primitive = dnnl::matmul(pd);
            m_aMd = aMd;
            m_bMd = bMd;
            m_scratchMd = pd.scratchpad_desc();
            m_scratchpadBytes = alignUp(m_scratchMd.get_size());
            m_stream = dnnl::stream(eng);
            if (constB) {
                m_weights = onednn::ownedMemory(pd.weights_desc(), m_weightStore);
                memory src(bMd, eng, const_cast<void*>(b.constant->rawData()));
                dnnl::reorder(src, m_weights).execute(m_stream, src, m_weights);
                m_stream.wait();
            }
            if (m_hasBias && !m_manualBias && m_beta != 1.0f && ctx.inputs[2].isConstant()) {
                m_scaledBias = HostTensor(DataType::Float, m_biasDims);
                const auto in = ctx.inputs[2].constant->data<float>();
                auto out = m_scaledBias.data<float>();
                for (size_t i = 0; i < out.size(); ++i)
                    out[i] = in[i] * m_beta;
            }
        });
    }

    /// The fused form's bias (oneDNN's, dims 1 but the last) and GELU constants.
    Status prepareEpilogue(const KernelContext& ctx, const Dims& cDims)
    {
        using namespace fused_matmul;
        if (hasInput(ctx.inputs, kBias)) {
            const TensorDesc& bias = ctx.inputs[kBias];
            if (bias.type != DataType::Float || bias.elementCount() != cDims.back() || bias.dims.empty()
                || bias.dims.back() != cDims.back())
                return Status(StatusCode::Internal,
                    fmt::format("node {}: fused matmul bias {} for N = {}", ctx.node.describe(), formatDims(bias.dims),
                        cDims.back()));
            Dims bd(cDims.size(), 1);
            bd.back() = cDims.back();
            m_biasMd = memory::desc(bd, memory::data_type::f32, plainStrides(bd));
            m_hasBias = true;
        }
        QS_ASSIGN_OR_RETURN(m_gelu, erfGeluInputs(ctx, kGeluDivisor));
        m_elements = shapeElementCount(std::vector<int64_t>(cDims.begin(), cDims.end()));
        return Status::ok();
    }

    size_t scratchBytes() const override { return m_scratchpadBytes + alignUp(m_biasBytes); }
    std::string implementation() const override { return m_impl; }

    Status run(const KernelArgs& args) const override
    {
        const dnnl::engine& eng = onednn::cpuEngine();
        auto* scratch = static_cast<std::byte*>(args.scratch);
        std::unordered_map<int, memory> margs {
            { DNNL_ARG_SRC,
                memory(m_aMd, eng, const_cast<std::byte*>(static_cast<const std::byte*>(args.inputs[0]) + m_aOffset)) },
            { DNNL_ARG_WEIGHTS,
                m_weights ? m_weights
                          : memory(m_bMd, eng,
                              const_cast<std::byte*>(static_cast<const std::byte*>(args.inputs[1]) + m_bOffset)) },
            { DNNL_ARG_DST, memory(m_cMd, eng, args.outputs[0]) },
        };
        const float* bias = nullptr;
        if (m_hasBias) {
            bias = static_cast<const float*>(args.inputs[2]);
            if (!m_scaledBias.isEmpty()) {
                bias = m_scaledBias.data<float>().data();
            } else if (m_beta != 1.0f) {
                auto* scaled = reinterpret_cast<float*>(scratch + m_scratchpadBytes);
                const size_t n = m_biasBytes / sizeof(float);
                for (size_t i = 0; i < n; ++i)
                    scaled[i] = bias[i] * m_beta;
                bias = scaled;
            }
            if (!m_manualBias)
                margs.emplace(DNNL_ARG_BIAS, memory(m_biasMd, eng, const_cast<float*>(bias)));
        }
        if (m_scratchpadBytes)
            margs.emplace(DNNL_ARG_SCRATCHPAD, memory(m_scratchMd, eng, scratch));
        m_primitive.execute(m_stream, margs);
        m_stream.wait();
        if (m_gelu)
            applyErfGelu(*m_gelu, static_cast<float*>(args.outputs[0]), m_elements);
        if (m_manualBias) {
            auto* y = static_cast<float*>(args.outputs[0]);
            const int64_t m = m_outDims[0];
            const int64_t n = m_outDims[1];
            const int64_t rs = m_biasDims[0] == 1 ? 0 : m_biasDims[1];
            const int64_t cs = m_biasDims[1] == 1 ? 0 : 1;
            for (int64_t i = 0; i < m; ++i)
                for (int64_t j = 0; j < n; ++j)
                    y[i * n + j] += bias[i * rs + j * cs];
        }
        return Status::ok();
    }

private:
    bool m_gemm = false;
    bool m_fused = false;
    int64_t m_aOffset = 0; ///< bytes from the stored operand's start to its view's first element
    int64_t m_bOffset = 0;
    std::optional<ErfGelu> m_gelu;
    int64_t m_elements = 0;
    float m_alpha = 1.0f;
    float m_beta = 1.0f;
    bool m_hasBias = false;
    bool m_manualBias = false;
    std::vector<int64_t> m_biasDims;
    std::vector<int64_t> m_outDims;
    size_t m_biasBytes = 0;
    HostTensor m_scaledBias;
    memory::desc m_aMd, m_bMd, m_cMd, m_biasMd, m_scratchMd;
    size_t m_scratchpadBytes = 0;
    dnnl::primitive m_primitive;
    onednn::OwnedBuffer m_weightStore = onednn::noBuffer(); // declared first: outlives m_weights
    memory m_weights;
    mutable dnnl::stream m_stream; // wait() is non-const; a session runs one inference at a time
    std::string m_impl = "onednn";
};

Status inferMatMul(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_ASSIGN_OR_RETURN(MatMulShapes s, matMulShapes(node, inputs[0].dims, inputs[1].dims));
    outputs[0].type = inputs[0].type;
    outputs[0].dims = s.out;
    return Status::ok();
}

Status inferGemm(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    const auto& a = inputs[0].dims;
    const auto& b = inputs[1].dims;
    if (a.size() != 2 || b.size() != 2)
        return Status(StatusCode::InvalidModel, fmt::format("node {}: Gemm needs 2-D A and B", node.describe()));
    const bool transA = node.attrInt("transA", 0) != 0;
    const bool transB = node.attrInt("transB", 0) != 0;
    const int64_t k1 = transA ? a[0] : a[1];
    const int64_t k2 = transB ? b[1] : b[0];
    if (k1 != k2)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: inner dimensions differ ({} vs {})", node.describe(), k1, k2));
    outputs[0].type = inputs[0].type;
    outputs[0].dims = { transA ? a[1] : a[0], transB ? b[0] : b[1] };
    if (hasInput(inputs, 2))
        QS_RETURN_IF_ERROR(broadcastShapes(node, outputs[0].dims, inputs[2].dims).status());
    return Status::ok();
}

Status acceptFloatAll(const Node& node, std::span<const TensorDesc> inputs)
{
    for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].type != DataType::Undefined && inputs[i].type != DataType::Float)
            return Status(
                StatusCode::Unsupported, fmt::format("input {} is {} (only float)", i, dataTypeName(inputs[i].type)));
    return Status::ok();
}

} // namespace

/// The fused MatMul's output: A and B as read through their views.
Status inferFusedMatMul(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    QS_ASSIGN_OR_RETURN(const StridedView a, operandView(node, inputs, 0, fused_matmul::kAView));
    QS_ASSIGN_OR_RETURN(const StridedView b, operandView(node, inputs, 1, fused_matmul::kBView));
    QS_ASSIGN_OR_RETURN(MatMulShapes s, matMulShapes(node, a.dims, b.dims));
    outputs[0].type = inputs[0].type;
    outputs[0].dims = s.out;
    return Status::ok();
}

const KernelSpec& fusedMatMulSpec()
{
    static const KernelSpec spec { "", "MatMul", 1, 0, inferFusedMatMul,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<MatMulOneDnnKernel>(false, true); }, acceptFloatAll,
        kNoCaps, "onednn", "fused [Slice/Reshape/Transpose/scale ->] MatMul [-> Add(bias) [-> erf GELU]] (Optimized)" };
    return spec;
}

void registerOneDnnMatMulKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "MatMul", 1, 0, inferMatMul,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<MatMulOneDnnKernel>(false); }, acceptFloatAll,
        kNoCaps, "onednn", "float; batched, broadcast, 1-D operands" });
    r.add(KernelSpec { "", "Gemm", 1, 0, inferGemm,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<MatMulOneDnnKernel>(true); }, acceptFloatAll, kNoCaps,
        "onednn", "float; transA/transB, alpha, beta, broadcast C" });
}

void registerOneDnnConvKernels(KernelRegistry& r);
void registerOneDnnPoolKernels(KernelRegistry& r);

void registerOneDnnKernels(KernelRegistry& r)
{
    registerOneDnnConvKernels(r);
    registerOneDnnMatMulKernels(r);
    registerOneDnnPoolKernels(r);
}

} // namespace qs::kernels
