// SPDX-License-Identifier: MIT
// Unary math and activations (float), Softmax/LogSoftmax, and Neg/Abs/Sign/Not on integers and bool.
#include "kernels/cpu/activation_simd.h"
#include "kernels/cpu/softmax_simd.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace qs::kernels {

namespace {

constexpr int64_t kParallelThreshold = 1 << 15;

struct Params
{
    float a = 0.0f;
    float b = 0.0f;
    float c = 0.0f;
};

using UnaryFn = float (*)(float, const Params&);

/// One class for every float unary op: the op is a function pointer resolved at compile time per registration,
/// so the loop inlines it (template parameter), and attributes are read once at preparation. Ops with a vector loop
/// (activation_simd.h) run that one when the CPU and DNNL_MAX_CPU_ISA allow; kFn stays the definition and the
/// fallback (the exp-based ones spent ~3.5 ns per element in std::exp: half of YOLOv5n's as-written time).
template <UnaryFn kFn> class UnaryFloatKernel final : public Kernel
{
public:
    using ParamReader = Params (*)(const KernelContext&);
    explicit UnaryFloatKernel(ParamReader reader, std::optional<VectorActivation> vectorOp = std::nullopt)
        : m_reader(reader)
        , m_vectorOp(vectorOp)
    { }
    Status prepare(const KernelContext& ctx) override
    {
        m_count = ctx.inputs[0].elementCount();
        if (m_reader)
            m_params = m_reader(ctx);
        m_vector = m_vectorOp ? vectorActivation(*m_vectorOp, quant::bestQuantIsa()) : nullptr;
        return Status::ok();
    }
    std::string implementation() const override
    {
        return m_vector ? fmt::format("cpu:{}", quant::quantIsaName(quant::bestQuantIsa())) : "cpu";
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
        const Params p = m_params;
        if (m_vector) {
            constexpr int64_t kChunk = 1 << 13;
            const int64_t chunks = (m_count + kChunk - 1) / kChunk;
#pragma omp parallel for if (m_count > kParallelThreshold)
            for (int64_t c = 0; c < chunks; ++c)
                m_vector(x + c * kChunk, y + c * kChunk, std::min(kChunk, m_count - c * kChunk), p.a, p.b);
            return Status::ok();
        }
#pragma omp parallel for simd if (m_count > kParallelThreshold)
        for (int64_t i = 0; i < m_count; ++i)
            y[i] = kFn(x[i], p);
        return Status::ok();
    }

private:
    ParamReader m_reader = nullptr;
    std::optional<VectorActivation> m_vectorOp;
    VectorActivationFn m_vector = nullptr;
    Params m_params;
    int64_t m_count = 0;
};

inline float sigmoid(float x)
{
    return 1.0f / (1.0f + std::exp(-x));
}

float fRelu(float x, const Params&)
{
    return x > 0.0f ? x : 0.0f;
}
float fLeakyRelu(float x, const Params& p)
{
    return x >= 0.0f ? x : x * p.a;
}
float fElu(float x, const Params& p)
{
    return x >= 0.0f ? x : p.a * (std::exp(x) - 1.0f);
}
float fCelu(float x, const Params& p)
{
    return std::max(0.0f, x) + std::min(0.0f, p.a * (std::exp(x / p.a) - 1.0f));
}
float fSelu(float x, const Params& p)
{
    return x > 0.0f ? p.b * x : p.b * (p.a * std::exp(x) - p.a);
}
float fThresholdedRelu(float x, const Params& p)
{
    return x > p.a ? x : 0.0f;
}
float fClip(float x, const Params& p)
{
    return std::min(std::max(x, p.a), p.b);
}
float fSigmoid(float x, const Params&)
{
    return sigmoid(x);
}
float fHardSigmoid(float x, const Params& p)
{
    return std::max(0.0f, std::min(1.0f, p.a * x + p.b));
}
float fHardSwish(float x, const Params&)
{
    return x * std::max(0.0f, std::min(1.0f, x / 6.0f + 0.5f));
}
float fTanh(float x, const Params&)
{
    return std::tanh(x);
}
float fErf(float x, const Params&)
{
    return std::erf(x);
}
float fSoftplus(float x, const Params&)
{
    return x > 20.0f ? x : std::log1p(std::exp(x));
}
float fSoftsign(float x, const Params&)
{
    return x / (1.0f + std::fabs(x));
}
float fMish(float x, const Params&)
{
    return x * std::tanh(x > 20.0f ? x : std::log1p(std::exp(x)));
}
float fSqrt(float x, const Params&)
{
    return std::sqrt(x);
}
float fExp(float x, const Params&)
{
    return std::exp(x);
}
float fLog(float x, const Params&)
{
    return std::log(x);
}
float fReciprocal(float x, const Params&)
{
    return 1.0f / x;
}
float fFloor(float x, const Params&)
{
    return std::floor(x);
}
float fCeil(float x, const Params&)
{
    return std::ceil(x);
}
float fRound(float x, const Params&)
{
    return std::nearbyint(x);
} // ties to even under the default rounding mode
float fSin(float x, const Params&)
{
    return std::sin(x);
}
float fCos(float x, const Params&)
{
    return std::cos(x);
}
float fTan(float x, const Params&)
{
    return std::tan(x);
}
float fAsin(float x, const Params&)
{
    return std::asin(x);
}
float fAcos(float x, const Params&)
{
    return std::acos(x);
}
float fAtan(float x, const Params&)
{
    return std::atan(x);
}
float fSinh(float x, const Params&)
{
    return std::sinh(x);
}
float fCosh(float x, const Params&)
{
    return std::cosh(x);
}
float fAsinh(float x, const Params&)
{
    return std::asinh(x);
}
float fAcosh(float x, const Params&)
{
    return std::acosh(x);
}
float fAtanh(float x, const Params&)
{
    return std::atanh(x);
}
float fGeluErf(float x, const Params&)
{
    return 0.5f * x * (1.0f + std::erf(x * 0.70710678118654752f));
}

Params readAlpha(const KernelContext& ctx, float fallback)
{
    return { ctx.node.attrFloat("alpha", fallback), 0, 0 };
}

Params clipParams(const KernelContext& ctx)
{
    Params p { std::numeric_limits<float>::lowest(), std::numeric_limits<float>::max(), 0 };
    if (ctx.node.opsetVersion < 11) {
        p.a = ctx.node.attrFloat("min", p.a);
        p.b = ctx.node.attrFloat("max", p.b);
        return p;
    }
    if (hasInput(ctx.inputs, 1))
        if (auto v = constantFloats(ctx.inputs[1]); v && !v->empty())
            p.a = (*v)[0];
    if (hasInput(ctx.inputs, 2))
        if (auto v = constantFloats(ctx.inputs[2]); v && !v->empty())
            p.b = (*v)[0];
    return p;
}

Status acceptClip(const Node& node, std::span<const TensorDesc> inputs)
{
    QS_RETURN_IF_ERROR(acceptFloatInput0(node, inputs));
    for (size_t i = 1; i < 3; ++i)
        if (hasInput(inputs, i) && !inputs[i].isConstant())
            return Status(StatusCode::Unsupported, "min/max must be constant");
    return Status::ok();
}

template <UnaryFn kFn> std::unique_ptr<Kernel> makePlain()
{
    return std::make_unique<UnaryFloatKernel<kFn>>(nullptr);
}

template <UnaryFn kFn, Params (*kReader)(const KernelContext&)> std::unique_ptr<Kernel> makeWith()
{
    return std::make_unique<UnaryFloatKernel<kFn>>(kReader);
}

template <UnaryFn kFn, VectorActivation kOp> std::unique_ptr<Kernel> makeVector()
{
    return std::make_unique<UnaryFloatKernel<kFn>>(nullptr, kOp);
}

template <UnaryFn kFn, Params (*kReader)(const KernelContext&), VectorActivation kOp>
std::unique_ptr<Kernel> makeVectorWith()
{
    return std::make_unique<UnaryFloatKernel<kFn>>(kReader, kOp);
}

Params leakyParams(const KernelContext& c)
{
    return readAlpha(c, 0.01f);
}
Params eluParams(const KernelContext& c)
{
    return readAlpha(c, 1.0f);
}
Params thresholdParams(const KernelContext& c)
{
    return readAlpha(c, 1.0f);
}
Params seluParams(const KernelContext& c)
{
    return { c.node.attrFloat("alpha", 1.67326319217681884765625f),
        c.node.attrFloat("gamma", 1.05070102214813232421875f), 0 };
}
Params hardSigmoidParams(const KernelContext& c)
{
    return { c.node.attrFloat("alpha", 0.2f), c.node.attrFloat("beta", 0.5f), 0 };
}

/// Neg, Abs, Sign for every numeric type; Not for bool.
enum class IntUnary
{
    Neg,
    Abs,
    Sign,
    Not
};
template <IntUnary kOp> class IntUnaryKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        m_count = ctx.inputs[0].elementCount();
        return Status::ok();
    }
    template <typename T> void apply(const void* xv, void* yv) const
    {
        const T* x = static_cast<const T*>(xv);
        T* y = static_cast<T*>(yv);
        const int64_t count = m_count; // hoisted: 8-bit stores could alias m_count and stop vectorisation
        for (int64_t i = 0; i < count; ++i) {
            if constexpr (kOp == IntUnary::Neg)
                y[i] = T(-x[i]);
            else if constexpr (kOp == IntUnary::Abs)
                y[i] = x[i] < T(0) ? T(-x[i]) : x[i];
            else if constexpr (kOp == IntUnary::Sign)
                y[i] = T((x[i] > T(0)) - (x[i] < T(0)));
            else
                y[i] = T(!x[i]);
        }
    }
    Status run(const KernelArgs& args) const override
    {
        switch (m_type) {
        case DataType::Float:
            apply<float>(args.inputs[0], args.outputs[0]);
            break;
        case DataType::Double:
            apply<double>(args.inputs[0], args.outputs[0]);
            break;
        case DataType::Int8:
            apply<int8_t>(args.inputs[0], args.outputs[0]);
            break;
        case DataType::Int16:
            apply<int16_t>(args.inputs[0], args.outputs[0]);
            break;
        case DataType::Int32:
            apply<int32_t>(args.inputs[0], args.outputs[0]);
            break;
        case DataType::Int64:
            apply<int64_t>(args.inputs[0], args.outputs[0]);
            break;
        case DataType::UInt8:
        case DataType::Bool:
            apply<uint8_t>(args.inputs[0], args.outputs[0]);
            break;
        case DataType::UInt16:
            apply<uint16_t>(args.inputs[0], args.outputs[0]);
            break;
        case DataType::UInt32:
            apply<uint32_t>(args.inputs[0], args.outputs[0]);
            break;
        case DataType::UInt64:
            apply<uint64_t>(args.inputs[0], args.outputs[0]);
            break;
        default:
            return Status(StatusCode::Unsupported, "element type not supported");
        }
        return Status::ok();
    }

private:
    DataType m_type = DataType::Undefined;
    int64_t m_count = 0;
};

/// Softmax/LogSoftmax. Opset < 13 coerces to 2-D at `axis` (default 1); opset >= 13 normalises along one axis
/// (default -1).
template <bool kLog> class SoftmaxKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        const int64_t rank = static_cast<int64_t>(d.size());
        const bool legacy = ctx.node.opsetVersion < 13;
        QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", legacy ? 1 : -1), rank));
        m_outer = 1;
        m_axis = 1;
        m_inner = 1;
        for (int64_t i = 0; i < rank; ++i) {
            if (i < axis)
                m_outer *= d[size_t(i)];
            else if (legacy || i == axis)
                m_axis *= d[size_t(i)];
            else
                m_inner *= d[size_t(i)];
        }
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<float*>(args.outputs[0]);
        const int64_t n = m_axis;
        const int64_t inner = m_inner;
        // A strided axis (inner >= 8): 8 or 16 positions side by side with a vector exp (softmax_simd.h).
        if (!kLog && inner >= 8 && softmaxStrided(x, y, m_outer, n, inner))
            return Status::ok();
        // Contiguous rows (the last axis, or opset < 13's coerced 2-D): vector max, exp, sum along the row.
        if (!kLog && inner == 1 && n >= 8 && softmaxContiguous(x, y, m_outer, n))
            return Status::ok();
#pragma omp parallel for collapse(2) if (m_outer * m_inner * m_axis > kParallelThreshold)
        for (int64_t o = 0; o < m_outer; ++o) {
            for (int64_t in = 0; in < inner; ++in) {
                const float* xs = x + o * n * inner + in;
                float* ys = y + o * n * inner + in;
                float mx = -std::numeric_limits<float>::infinity();
                for (int64_t i = 0; i < n; ++i)
                    mx = std::max(mx, xs[i * inner]);
                float sum = 0.0f;
                for (int64_t i = 0; i < n; ++i) {
                    const float e = std::exp(xs[i * inner] - mx);
                    ys[i * inner] = e;
                    sum += e;
                }
                if (kLog) {
                    const float ls = std::log(sum);
                    for (int64_t i = 0; i < n; ++i)
                        ys[i * inner] = xs[i * inner] - mx - ls;
                } else {
                    const float inv = 1.0f / sum;
                    for (int64_t i = 0; i < n; ++i)
                        ys[i * inner] *= inv;
                }
            }
        }
        return Status::ok();
    }

private:
    int64_t m_outer = 1;
    int64_t m_axis = 1;
    int64_t m_inner = 1;
};

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

Status acceptGelu(const Node& node, std::span<const TensorDesc> inputs)
{
    QS_RETURN_IF_ERROR(acceptFloatInput0(node, inputs));
    if (const std::string a = node.attrString("approximate", "none"); a != "none")
        return Status(StatusCode::Unsupported, fmt::format("approximate='{}' (only the erf form)", a));
    return Status::ok();
}

Status acceptNotBool(const Node& node, std::span<const TensorDesc> inputs)
{
    if (inputs[0].type != DataType::Bool)
        return Status(StatusCode::Unsupported, "input 0 must be bool");
    return Status::ok();
}

Status acceptSigned(const Node& node, std::span<const TensorDesc> inputs)
{
    const DataType t = inputs[0].type;
    if (t == DataType::String || t == DataType::Bool || t == DataType::Float16 || t == DataType::BFloat16)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(t)));
    return Status::ok();
}

struct UnaryEntry
{
    std::string_view op;
    int64_t since;
    KernelFactory factory;
};

} // namespace

void registerActivationKernels(KernelRegistry& r)
{
    const UnaryEntry entries[] = {
        { "Relu", 6, makeVector<fRelu, VectorActivation::Relu> },
        { "LeakyRelu", 6, makeVectorWith<fLeakyRelu, leakyParams, VectorActivation::LeakyRelu> },
        { "Elu", 6, makeVectorWith<fElu, eluParams, VectorActivation::Elu> },
        { "Celu", 12, makeVectorWith<fCelu, eluParams, VectorActivation::Celu> },
        { "Selu", 6, makeVectorWith<fSelu, seluParams, VectorActivation::Selu> },
        { "ThresholdedRelu", 10, makeWith<fThresholdedRelu, thresholdParams> },
        { "Sigmoid", 6, makeVector<fSigmoid, VectorActivation::Sigmoid> },
        { "HardSigmoid", 6, makeVectorWith<fHardSigmoid, hardSigmoidParams, VectorActivation::HardSigmoid> },
        { "HardSwish", 14, makeVector<fHardSwish, VectorActivation::HardSwish> },
        { "Tanh", 6, makeVector<fTanh, VectorActivation::Tanh> },
        { "Erf", 9, makeVector<fErf, VectorActivation::Erf> },
        { "Softplus", 1, makeVector<fSoftplus, VectorActivation::Softplus> },
        { "Softsign", 1, makeVector<fSoftsign, VectorActivation::Softsign> },
        { "Mish", 18, makeVector<fMish, VectorActivation::Mish> },
        { "Sqrt", 6, makePlain<fSqrt> },
        { "Exp", 6, makeVector<fExp, VectorActivation::Exp> },
        { "Log", 6, makePlain<fLog> },
        { "Reciprocal", 6, makePlain<fReciprocal> },
        { "Floor", 6, makePlain<fFloor> },
        { "Ceil", 6, makePlain<fCeil> },
        { "Round", 11, makePlain<fRound> },
        { "Sin", 7, makePlain<fSin> },
        { "Cos", 7, makePlain<fCos> },
        { "Tan", 7, makePlain<fTan> },
        { "Asin", 7, makePlain<fAsin> },
        { "Acos", 7, makePlain<fAcos> },
        { "Atan", 7, makePlain<fAtan> },
        { "Sinh", 9, makePlain<fSinh> },
        { "Cosh", 9, makePlain<fCosh> },
        { "Asinh", 9, makePlain<fAsinh> },
        { "Acosh", 9, makePlain<fAcosh> },
        { "Atanh", 9, makePlain<fAtanh> },
    };
    for (const UnaryEntry& e : entries)
        r.add(KernelSpec {
            "", e.op, e.since, 0, inferSameAsInput0, e.factory, acceptFloatInput0, kNoCaps, "cpu", "float" });
    // Mish (18) and Gelu (20) are newer than the opset 17 conformance data; models exported with older opsets
    // spell them as subgraphs, which run op by op. Only Gelu's erf form is implemented: its tanh approximation is
    // refused rather than computed as the erf form.
    r.add(KernelSpec { "", "Gelu", 20, 0, inferSameAsInput0, makeVector<fGeluErf, VectorActivation::Gelu>, acceptGelu,
        kNoCaps, "cpu", "float; approximate=none" });
    r.add(KernelSpec { "", "Clip", 6, 0, inferSameAsInput0, makeVectorWith<fClip, clipParams, VectorActivation::Clip>,
        acceptClip, kNoCaps, "cpu", "float; constant min/max" });
    r.add(KernelSpec { "", "Neg", 6, 0, inferSameAsInput0, make<IntUnaryKernel<IntUnary::Neg>>, acceptSigned, kNoCaps,
        "cpu", "numeric" });
    r.add(KernelSpec { "", "Abs", 6, 0, inferSameAsInput0, make<IntUnaryKernel<IntUnary::Abs>>, acceptSigned, kNoCaps,
        "cpu", "numeric" });
    r.add(KernelSpec { "", "Sign", 9, 0, inferSameAsInput0, make<IntUnaryKernel<IntUnary::Sign>>, acceptSigned, kNoCaps,
        "cpu", "numeric" });
    r.add(KernelSpec { "", "Not", 1, 0, inferSameAsInput0, make<IntUnaryKernel<IntUnary::Not>>, acceptNotBool, kNoCaps,
        "cpu", "bool" });
    r.add(KernelSpec { "", "Softmax", 1, 0, inferSameAsInput0, make<SoftmaxKernel<false>>, acceptFloatInput0, kNoCaps,
        "cpu", "float; opset < 13 coerces to 2-D" });
    r.add(KernelSpec { "", "LogSoftmax", 1, 0, inferSameAsInput0, make<SoftmaxKernel<true>>, acceptFloatInput0, kNoCaps,
        "cpu", "float; opset < 13 coerces to 2-D" });
}

} // namespace qs::kernels
