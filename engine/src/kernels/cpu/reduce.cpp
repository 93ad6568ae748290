// SPDX-License-Identifier: MIT
// Reductions: ReduceMean/Sum/Max/Min/Prod/L1/L2/LogSum/LogSumExp/SumSquare (float, double, int64, int32), ArgMax,
// ArgMin.
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace qs::kernels {

namespace {

enum class Red
{
    Mean,
    Sum,
    Max,
    Min,
    Prod,
    L1,
    L2,
    LogSum,
    LogSumExp,
    SumSquare
};

Result<std::vector<bool>> reducedAxes(const Node& node, std::span<const TensorDesc> in, bool axesAsInput)
{
    const int64_t rank = in[0].rank();
    std::optional<std::vector<int64_t>> axes;
    if (axesAsInput) {
        if (hasInput(in, 1)) {
            axes = constantInts(in[1]);
            if (!axes)
                return Status(StatusCode::Unsupported,
                    fmt::format("node {}: data-dependent shape (axes not constant)", node.describe()));
        }
    } else if (node.hasAttribute("axes")) {
        axes = node.attrInts("axes");
    }
    std::vector<bool> red(size_t(rank), false);
    if (!axes || axes->empty()) {
        const bool noop = node.attrInt("noop_with_empty_axes", 0) != 0;
        if (!noop)
            red.assign(size_t(rank), true);
        return red;
    }
    for (int64_t a : *axes) {
        QS_ASSIGN_OR_RETURN(int64_t n, normalizeAxis(node, a, rank));
        red[size_t(n)] = true;
    }
    return red;
}

bool axesAreInput(const Node& node)
{
    return node.opType == "ReduceSum" ? node.opsetVersion >= 13 : node.opsetVersion >= 18;
}

Status inferReduce(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(auto red, reducedAxes(node, in, axesAreInput(node)));
    const bool keep = node.attrInt("keepdims", 1) != 0;
    out[0].type = in[0].type;
    out[0].dims.clear();
    for (size_t i = 0; i < red.size(); ++i) {
        if (!red[i])
            out[0].dims.push_back(in[0].dims[i]);
        else if (keep)
            out[0].dims.push_back(1);
    }
    return Status::ok();
}

template <Red kOp> class ReduceKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        QS_ASSIGN_OR_RETURN(auto red, reducedAxes(ctx.node, ctx.inputs, axesAreInput(ctx.node)));
        m_in = ctx.inputs[0].dims;
        m_type = ctx.inputs[0].type;
        // Output index of each input element: strides of the kept dims, 0 for reduced ones.
        m_outStrides.assign(m_in.size(), 0);
        int64_t s = 1;
        for (size_t i = m_in.size(); i-- > 0;) {
            if (!red[i]) {
                m_outStrides[i] = s;
                s *= m_in[i];
            }
        }
        m_outCount = s;
        m_groupSize = m_outCount ? shapeElementCount(m_in) / m_outCount : 0;
        // Reduced axes that form one run [first, last] split the input into outer x reduced x inner blocks, summed
        // below without per-element index arithmetic (a global average pool over NCHW: inner = 1).
        m_run = {};
        const auto first = std::find(red.begin(), red.end(), true);
        const auto end = std::find(first, red.end(), false);
        if (first != red.end() && std::find(end, red.end(), true) == red.end()) {
            const auto product = [this](size_t from, size_t to) {
                int64_t p = 1;
                for (size_t i = from; i < to; ++i)
                    p *= m_in[i];
                return p;
            };
            const size_t a = size_t(first - red.begin()), b = size_t(end - red.begin());
            m_run = { true, product(0, a), product(a, b), product(b, m_in.size()) };
        }
        return Status::ok();
    }

    static void combine(double& a, double v)
    {
        switch (kOp) {
        case Red::Mean:
        case Red::Sum:
        case Red::LogSum:
            a += v;
            break;
        case Red::Max:
            a = std::max(a, v);
            break;
        case Red::Min:
            a = std::min(a, v);
            break;
        case Red::Prod:
            a *= v;
            break;
        case Red::L1:
            a += std::fabs(v);
            break;
        case Red::L2:
        case Red::SumSquare:
            a += v * v;
            break;
        case Red::LogSumExp:
            a += std::exp(v);
            break;
        }
    }

    /// The reduced axes as one run: every output takes its inputs in increasing index order, as in the general loop
    /// below (the same double arithmetic, the same results bit for bit), but several outputs advance together, so
    /// the additions of different outputs overlap instead of waiting on one another.
    template <typename T> void accumulateRun(const T* x, double* acc) const
    {
        const int64_t reduced = m_run.reduced, inner = m_run.inner;
        for (int64_t o = 0; o < m_run.outer; ++o) {
            const T* xo = x + o * reduced * inner;
            double* ao = acc + o * inner;
            if (inner > 1) {
                for (int64_t r = 0; r < reduced; ++r)
                    for (int64_t k = 0; k < inner; ++k)
                        combine(ao[k], double(xo[r * inner + k]));
                continue;
            }
            // inner == 1: rows of `reduced` contiguous values, kRows rows at a time.
            constexpr int64_t kRows = 8;
            if (o + kRows <= m_run.outer) {
                double a[kRows];
                for (int64_t k = 0; k < kRows; ++k)
                    a[k] = ao[k];
                for (int64_t r = 0; r < reduced; ++r)
                    for (int64_t k = 0; k < kRows; ++k)
                        combine(a[k], double(xo[k * reduced + r]));
                for (int64_t k = 0; k < kRows; ++k)
                    ao[k] = a[k];
                o += kRows - 1;
                continue;
            }
            for (int64_t r = 0; r < reduced; ++r)
                combine(ao[0], double(xo[r]));
        }
    }

    template <typename T> void compute(const T* x, T* y) const
    {
        const int64_t n = shapeElementCount(m_in);
        std::vector<double> acc(size_t(m_outCount), init());
        if (m_run.valid && n > 0) {
            accumulateRun(x, acc.data());
            finish(acc, y);
            return;
        }
        std::vector<int64_t> idx(m_in.size(), 0);
        for (int64_t i = 0; i < n; ++i) {
            int64_t o = 0;
            for (size_t d = 0; d < m_in.size(); ++d)
                o += idx[d] * m_outStrides[d];
            combine(acc[size_t(o)], double(x[i]));
            for (size_t d = m_in.size(); d-- > 0;) {
                if (++idx[d] < m_in[d])
                    break;
                idx[d] = 0;
            }
        }
        finish(acc, y);
    }

    template <typename T> void finish(const std::vector<double>& acc, T* y) const
    {
        for (int64_t o = 0; o < m_outCount; ++o) {
            double a = acc[size_t(o)];
            if (kOp == Red::Mean)
                a /= double(m_groupSize);
            else if (kOp == Red::L2)
                a = std::sqrt(a);
            else if (kOp == Red::LogSum || kOp == Red::LogSumExp)
                a = std::log(a);
            y[o] = toOutput<T>(a);
        }
    }

    /// The accumulated double as the output type. For an integer type, an empty Max or Min (its identity, -inf or
    /// +inf) and a result beyond the type's range (a LogSumExp whose exponentials overflow to inf) end at the type's
    /// limits: converting them would be undefined (the executor fuzzer found an int64 ReduceLogSumExp of constants,
    /// tests/fuzz/regressions/fuzz_executor/reducelogsumexp_int64_overflow.onnx).
    template <typename T> static T toOutput(double a)
    {
        if constexpr (std::is_integral_v<T>) {
            if (std::isnan(a))
                return T(0);
            if (a <= double(std::numeric_limits<T>::lowest()))
                return std::numeric_limits<T>::lowest();
            if (a >= double(std::numeric_limits<T>::max()))
                return std::numeric_limits<T>::max();
        }
        return T(a);
    }

    static double init()
    {
        if (kOp == Red::Max)
            return -std::numeric_limits<double>::infinity();
        if (kOp == Red::Min)
            return std::numeric_limits<double>::infinity();
        if (kOp == Red::Prod)
            return 1.0;
        return 0.0;
    }

    Status run(const KernelArgs& args) const override
    {
        switch (m_type) {
        case DataType::Float:
            compute(static_cast<const float*>(args.inputs[0]), static_cast<float*>(args.outputs[0]));
            break;
        case DataType::Double:
            compute(static_cast<const double*>(args.inputs[0]), static_cast<double*>(args.outputs[0]));
            break;
        case DataType::Int64:
            compute(static_cast<const int64_t*>(args.inputs[0]), static_cast<int64_t*>(args.outputs[0]));
            break;
        case DataType::Int32:
            compute(static_cast<const int32_t*>(args.inputs[0]), static_cast<int32_t*>(args.outputs[0]));
            break;
        default:
            return Status(StatusCode::Unsupported, "element type not supported");
        }
        return Status::ok();
    }

private:
    std::vector<int64_t> m_in;
    std::vector<int64_t> m_outStrides;
    int64_t m_outCount = 0;
    int64_t m_groupSize = 0;
    DataType m_type = DataType::Float;
    struct
    {
        bool valid = false;
        int64_t outer = 0, reduced = 0, inner = 0;
    } m_run;
};

Status inferArg(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(node, node.attrInt("axis", 0), in[0].rank()));
    out[0].type = DataType::Int64;
    out[0].dims = in[0].dims;
    if (node.attrInt("keepdims", 1) != 0)
        out[0].dims[size_t(axis)] = 1;
    else
        out[0].dims.erase(out[0].dims.begin() + axis);
    return Status::ok();
}

template <bool kMax> class ArgKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const auto& d = ctx.inputs[0].dims;
        QS_ASSIGN_OR_RETURN(int64_t axis, normalizeAxis(ctx.node, ctx.node.attrInt("axis", 0), int64_t(d.size())));
        m_last = ctx.node.attrInt("select_last_index", 0) != 0;
        m_split = splitAtAxis(d, axis);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const float*>(args.inputs[0]);
        auto* y = static_cast<int64_t*>(args.outputs[0]);
        const int64_t len = m_split.axis, inner = m_split.inner;
        forEachAxisLine(m_split, [&](int64_t base, int64_t line) {
            const float* xs = x + base;
            int64_t best = 0;
            for (int64_t i = 1; i < len; ++i) {
                const float v = xs[i * inner];
                const float b = xs[best * inner];
                const bool better = kMax ? (m_last ? v >= b : v > b) : (m_last ? v <= b : v < b);
                if (better)
                    best = i;
            }
            y[line] = best;
        });
        return Status::ok();
    }

private:
    AxisSplit m_split;
    bool m_last = false;
};

Status acceptReduce(const Node& node, std::span<const TensorDesc> in)
{
    // A node without inputs violates the schema but still loads (the loader then skips shape inference).
    if (in.empty())
        return Status(StatusCode::Unsupported, "input 0 is absent");
    const DataType t = in[0].type;
    if (t != DataType::Float && t != DataType::Double && t != DataType::Int64 && t != DataType::Int32)
        return Status(StatusCode::Unsupported, fmt::format("input 0 is {}", dataTypeName(t)));
    return Status::ok();
}

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

} // namespace

void registerReduceKernels(KernelRegistry& r)
{
    const std::string_view kNotes = "float, double, int32, int64; constant axes";
    r.add(KernelSpec {
        "", "ReduceMean", 1, 0, inferReduce, make<ReduceKernel<Red::Mean>>, acceptReduce, kNoCaps, "cpu", kNotes });
    r.add(KernelSpec {
        "", "ReduceSum", 1, 0, inferReduce, make<ReduceKernel<Red::Sum>>, acceptReduce, kNoCaps, "cpu", kNotes });
    r.add(KernelSpec {
        "", "ReduceMax", 1, 0, inferReduce, make<ReduceKernel<Red::Max>>, acceptReduce, kNoCaps, "cpu", kNotes });
    r.add(KernelSpec {
        "", "ReduceMin", 1, 0, inferReduce, make<ReduceKernel<Red::Min>>, acceptReduce, kNoCaps, "cpu", kNotes });
    r.add(KernelSpec {
        "", "ReduceProd", 1, 0, inferReduce, make<ReduceKernel<Red::Prod>>, acceptReduce, kNoCaps, "cpu", kNotes });
    r.add(KernelSpec {
        "", "ReduceL1", 1, 0, inferReduce, make<ReduceKernel<Red::L1>>, acceptReduce, kNoCaps, "cpu", kNotes });
    r.add(KernelSpec {
        "", "ReduceL2", 1, 0, inferReduce, make<ReduceKernel<Red::L2>>, acceptReduce, kNoCaps, "cpu", kNotes });
    r.add(KernelSpec {
        "", "ReduceLogSum", 1, 0, inferReduce, make<ReduceKernel<Red::LogSum>>, acceptReduce, kNoCaps, "cpu", kNotes });
    r.add(KernelSpec { "", "ReduceLogSumExp", 1, 0, inferReduce, make<ReduceKernel<Red::LogSumExp>>, acceptReduce,
        kNoCaps, "cpu", kNotes });
    r.add(KernelSpec { "", "ReduceSumSquare", 1, 0, inferReduce, make<ReduceKernel<Red::SumSquare>>, acceptReduce,
        kNoCaps, "cpu", kNotes });
    r.add(
        KernelSpec { "", "ArgMax", 1, 0, inferArg, make<ArgKernel<true>>, acceptFloatInput0, kNoCaps, "cpu", "float" });
    r.add(KernelSpec {
        "", "ArgMin", 1, 0, inferArg, make<ArgKernel<false>>, acceptFloatInput0, kNoCaps, "cpu", "float" });
}

} // namespace qs::kernels
