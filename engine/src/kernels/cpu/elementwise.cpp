// SPDX-License-Identifier: MIT
// Elementwise binary/variadic ops with numpy broadcasting (Add Sub Mul Div Pow Min Max Sum Mean PRelu Mod),
// comparisons and logic (Equal Greater Less GreaterOrEqual LessOrEqual And Or Xor), Where.
#include "kernels/cpu/broadcast.h"
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"
#include "kernels/type_dispatch.h"

#include <fmt/format.h>

#include <cmath>
#include <memory>

namespace qs::kernels {

namespace {

constexpr int64_t kParallelThreshold = 1 << 15;

/// y = op(a, b) over a BroadcastPlan; A, B, Y element types.
template <typename A, typename B, typename Y, typename Op>
void binaryLoop(const BroadcastPlan& p, const A* a, const B* b, Y* y, Op op)
{
    const int64_t inner = p.inner();
    const int64_t rows = p.rows();
    const int64_t sa = p.innerStride(0);
    const int64_t sb = p.innerStride(1);
    if (rows == 1 && sa == 1 && sb == 1) {
#pragma omp parallel for if (inner > kParallelThreshold)
        for (int64_t i = 0; i < inner; ++i)
            y[i] = op(a[i], b[i]);
        return;
    }
#pragma omp parallel for if (p.count() > kParallelThreshold)
    for (int64_t r = 0; r < rows; ++r) {
        const A* ar = a + p.rowOffset(0, r);
        const B* br = b + p.rowOffset(1, r);
        Y* yr = y + r * inner;
        if (sa == 1 && sb == 1)
            for (int64_t i = 0; i < inner; ++i)
                yr[i] = op(ar[i], br[i]);
        else if (sa == 1)
            for (int64_t i = 0; i < inner; ++i)
                yr[i] = op(ar[i], br[0]);
        else if (sb == 1)
            for (int64_t i = 0; i < inner; ++i)
                yr[i] = op(ar[0], br[i]);
        else
            for (int64_t i = 0; i < inner; ++i)
                yr[i] = op(ar[0], br[0]);
    }
}

enum class BinOp
{
    Add,
    Sub,
    Mul,
    Div,
    Pow,
    Min,
    Max,
    PRelu,
    Mod,
    Equal,
    Greater,
    Less,
    GreaterOrEqual,
    LessOrEqual,
    And,
    Or,
    Xor
};

template <typename T>
void runTyped(BinOp op, const BroadcastPlan& p, const void* av, const void* bv, void* yv, const void* bPowRaw,
    DataType bType, bool fmod)
{
    const T* a = static_cast<const T*>(av);
    const T* b = static_cast<const T*>(bv);
    T* y = static_cast<T*>(yv);
    auto* yb = static_cast<uint8_t*>(yv);
    switch (op) {
    case BinOp::Add:
        binaryLoop(p, a, b, y, [](T x, T z) { return T(x + z); });
        break;
    case BinOp::Sub:
        binaryLoop(p, a, b, y, [](T x, T z) { return T(x - z); });
        break;
    case BinOp::Mul:
        binaryLoop(p, a, b, y, [](T x, T z) { return T(x * z); });
        break;
    case BinOp::Div:
        binaryLoop(p, a, b, y, [](T x, T z) { return T(x / z); });
        break;
    case BinOp::Min:
        binaryLoop(p, a, b, y, [](T x, T z) { return std::isnan(double(x)) ? x : (z < x ? z : x); });
        break;
    case BinOp::Max:
        binaryLoop(p, a, b, y, [](T x, T z) { return std::isnan(double(x)) ? x : (z > x ? z : x); });
        break;
    case BinOp::PRelu:
        binaryLoop(p, a, b, y, [](T x, T s) { return x < T(0) ? T(x * s) : x; });
        break;
    case BinOp::Mod:
        if constexpr (std::is_floating_point_v<T>) {
            binaryLoop(p, a, b, y, [](T x, T z) { return T(std::fmod(x, z)); });
        } else {
            if (fmod)
                binaryLoop(p, a, b, y, [](T x, T z) { return T(x % z); });
            else
                binaryLoop(p, a, b, y, [](T x, T z) {
                    T m = T(x % z);
                    if (m != 0 && ((m < 0) != (z < 0)))
                        m = T(m + z);
                    return m;
                });
        }
        break;
    case BinOp::Pow:
        dispatchNumeric(bType, [&](auto e) {
            using E = decltype(e);
            binaryLoop(
                p, a, static_cast<const E*>(bPowRaw), y, [](T x, E z) { return T(std::pow(double(x), double(z))); });
        });
        break;
    case BinOp::Equal:
        binaryLoop(p, a, b, yb, [](T x, T z) { return uint8_t(x == z); });
        break;
    case BinOp::Greater:
        binaryLoop(p, a, b, yb, [](T x, T z) { return uint8_t(x > z); });
        break;
    case BinOp::Less:
        binaryLoop(p, a, b, yb, [](T x, T z) { return uint8_t(x < z); });
        break;
    case BinOp::GreaterOrEqual:
        binaryLoop(p, a, b, yb, [](T x, T z) { return uint8_t(x >= z); });
        break;
    case BinOp::LessOrEqual:
        binaryLoop(p, a, b, yb, [](T x, T z) { return uint8_t(x <= z); });
        break;
    case BinOp::And:
        binaryLoop(p, a, b, yb, [](T x, T z) { return uint8_t(x && z); });
        break;
    case BinOp::Or:
        binaryLoop(p, a, b, yb, [](T x, T z) { return uint8_t(x || z); });
        break;
    case BinOp::Xor:
        binaryLoop(p, a, b, yb, [](T x, T z) { return uint8_t(bool(x) != bool(z)); });
        break;
    }
}

template <BinOp kOp> class BinaryKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        m_bType = ctx.inputs[1].type;
        m_fmod = ctx.node.attrInt("fmod", 0) != 0;
        if (kOp != BinOp::Pow && m_bType != m_type)
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: input types {} and {} differ", ctx.node.describe(), dataTypeName(m_type),
                    dataTypeName(m_bType)));
        std::vector<std::vector<int64_t>> shapes { ctx.inputs[0].dims, ctx.inputs[1].dims };
        m_plan = std::make_unique<BroadcastPlan>(shapes, ctx.outputs[0].dims);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const bool ok = dispatchNumeric(m_type == DataType::Bool ? DataType::UInt8 : m_type, [&](auto t) {
            using T = decltype(t);
            runTyped<T>(kOp, *m_plan, args.inputs[0], args.inputs[1], args.outputs[0], args.inputs[1], m_bType, m_fmod);
        });
        return ok ? Status::ok() : Status(StatusCode::Unsupported, "element type not supported");
    }

private:
    DataType m_type = DataType::Undefined;
    DataType m_bType = DataType::Undefined;
    bool m_fmod = false;
    std::unique_ptr<BroadcastPlan> m_plan;
};

/// Sum, Mean, Min, Max with any number of inputs: pairwise into the output, then Mean divides.
template <BinOp kOp, bool kMean> class VariadicKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_type = ctx.inputs[0].type;
        const auto& out = ctx.outputs[0].dims;
        m_count = ctx.inputs.size();
        m_plans.clear();
        if (m_count == 1) {
            std::vector<std::vector<int64_t>> shapes { ctx.inputs[0].dims, ctx.inputs[0].dims };
            m_plans.push_back(std::make_unique<BroadcastPlan>(shapes, out));
        } else {
            for (size_t i = 1; i < ctx.inputs.size(); ++i) {
                std::vector<std::vector<int64_t>> shapes { i == 1 ? ctx.inputs[0].dims : out, ctx.inputs[i].dims };
                m_plans.push_back(std::make_unique<BroadcastPlan>(shapes, out));
            }
        }
        m_outCount = shapeElementCount(out);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const bool ok = dispatchNumeric(m_type, [&](auto t) {
            using T = decltype(t);
            if (m_count == 1) {
                runTyped<T>(BinOp::Max, *m_plans[0], args.inputs[0], args.inputs[0], args.outputs[0], nullptr, m_type,
                    false); // max(x, x) == x: a copy through the same broadcast machinery
            } else {
                for (size_t i = 1; i < m_count; ++i)
                    runTyped<T>(kOp, *m_plans[i - 1], i == 1 ? args.inputs[0] : args.outputs[0], args.inputs[i],
                        args.outputs[0], nullptr, m_type, false);
            }
            if constexpr (kMean) {
                T* y = static_cast<T*>(args.outputs[0]);
                for (int64_t i = 0; i < m_outCount; ++i)
                    y[i] = T(y[i] / T(m_count));
            }
        });
        return ok ? Status::ok() : Status(StatusCode::Unsupported, "element type not supported");
    }

private:
    DataType m_type = DataType::Undefined;
    size_t m_count = 0;
    int64_t m_outCount = 0;
    std::vector<std::unique_ptr<BroadcastPlan>> m_plans;
};

class WhereKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        m_size = dataTypeSize(ctx.inputs[1].type);
        m_out = ctx.outputs[0].dims;
        for (size_t i = 0; i < 3; ++i)
            m_strides[i] = broadcastStrides(ctx.inputs[i].dims, m_out);
        return Status::ok();
    }
    Status run(const KernelArgs& args) const override
    {
        const auto* c = static_cast<const uint8_t*>(args.inputs[0]);
        const auto* x = static_cast<const std::byte*>(args.inputs[1]);
        const auto* y = static_cast<const std::byte*>(args.inputs[2]);
        auto* out = static_cast<std::byte*>(args.outputs[0]);
        const int64_t n = shapeElementCount(m_out);
        const size_t rank = m_out.size();
        for (int64_t i = 0; i < n; ++i) {
            int64_t rem = i;
            int64_t off[3] = { 0, 0, 0 };
            for (size_t d = rank; d-- > 0;) {
                const int64_t idx = rem % m_out[d];
                rem /= m_out[d];
                for (int k = 0; k < 3; ++k)
                    off[k] += idx * m_strides[k][d];
            }
            const std::byte* src = c[off[0]] ? x + off[1] * int64_t(m_size) : y + off[2] * int64_t(m_size);
            std::memcpy(out + i * int64_t(m_size), src, m_size);
        }
        return Status::ok();
    }

private:
    size_t m_size = 0;
    std::vector<int64_t> m_out;
    std::vector<int64_t> m_strides[3];
};

template <typename K> std::unique_ptr<Kernel> make()
{
    return std::make_unique<K>();
}

Status acceptNumeric(const Node& node, std::span<const TensorDesc> inputs)
{
    for (size_t i = 0; i < inputs.size(); ++i) {
        const DataType t = inputs[i].type;
        if (t == DataType::Undefined)
            continue;
        if (t == DataType::String || t == DataType::Float16 || t == DataType::BFloat16 || t == DataType::Bool)
            return Status(StatusCode::Unsupported, fmt::format("input {} is {}", i, dataTypeName(t)));
    }
    return Status::ok();
}

Status acceptBool(const Node& node, std::span<const TensorDesc> inputs)
{
    for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].type != DataType::Bool)
            return Status(
                StatusCode::Unsupported, fmt::format("input {} is {} (only bool)", i, dataTypeName(inputs[i].type)));
    return Status::ok();
}

Status acceptWhere(const Node& node, std::span<const TensorDesc> inputs)
{
    if (inputs.size() != 3 || inputs[0].type != DataType::Bool)
        return Status(StatusCode::Unsupported, "condition must be bool");
    if (dataTypeSize(inputs[1].type) == 0)
        return Status(StatusCode::Unsupported, fmt::format("values are {}", dataTypeName(inputs[1].type)));
    return Status::ok();
}

Status inferPRelu(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    return inferSameAsInput0(node, inputs, outputs);
}

} // namespace

void registerElementwiseKernels(KernelRegistry& r)
{
    const std::string_view kNum = "float, double, int8..int64, uint8..uint64";
    r.add(KernelSpec {
        "", "Add", 7, 0, inferBroadcast, make<BinaryKernel<BinOp::Add>>, acceptNumeric, kNoCaps, "cpu", kNum });
    r.add(KernelSpec {
        "", "Sub", 7, 0, inferBroadcast, make<BinaryKernel<BinOp::Sub>>, acceptNumeric, kNoCaps, "cpu", kNum });
    r.add(KernelSpec {
        "", "Mul", 7, 0, inferBroadcast, make<BinaryKernel<BinOp::Mul>>, acceptNumeric, kNoCaps, "cpu", kNum });
    r.add(KernelSpec {
        "", "Div", 7, 0, inferBroadcast, make<BinaryKernel<BinOp::Div>>, acceptNumeric, kNoCaps, "cpu", kNum });
    r.add(KernelSpec {
        "", "Mod", 10, 0, inferBroadcast, make<BinaryKernel<BinOp::Mod>>, acceptNumeric, kNoCaps, "cpu", kNum });
    r.add(KernelSpec { "", "Pow", 7, 0, inferSameAsInput0, make<BinaryKernel<BinOp::Pow>>, acceptNumeric, kNoCaps,
        "cpu", "float, double, integer; exponent float/double/int32/int64" });
    r.add(KernelSpec {
        "", "PRelu", 7, 0, inferPRelu, make<BinaryKernel<BinOp::PRelu>>, acceptNumeric, kNoCaps, "cpu", kNum });
    r.add(KernelSpec { "", "Sum", 8, 0, inferBroadcast, make<VariadicKernel<BinOp::Add, false>>, acceptNumeric, kNoCaps,
        "cpu", kNum });
    r.add(KernelSpec { "", "Mean", 8, 0, inferBroadcast, make<VariadicKernel<BinOp::Add, true>>, acceptNumeric, kNoCaps,
        "cpu", kNum });
    r.add(KernelSpec { "", "Min", 8, 0, inferBroadcast, make<VariadicKernel<BinOp::Min, false>>, acceptNumeric, kNoCaps,
        "cpu", kNum });
    r.add(KernelSpec { "", "Max", 8, 0, inferBroadcast, make<VariadicKernel<BinOp::Max, false>>, acceptNumeric, kNoCaps,
        "cpu", kNum });
    r.add(KernelSpec { "", "Equal", 7, 0, inferBroadcastBool, make<BinaryKernel<BinOp::Equal>>, nullptr, kNoCaps, "cpu",
        "numeric, bool" });
    r.add(KernelSpec { "", "Greater", 7, 0, inferBroadcastBool, make<BinaryKernel<BinOp::Greater>>, acceptNumeric,
        kNoCaps, "cpu", kNum });
    r.add(KernelSpec {
        "", "Less", 7, 0, inferBroadcastBool, make<BinaryKernel<BinOp::Less>>, acceptNumeric, kNoCaps, "cpu", kNum });
    r.add(KernelSpec { "", "GreaterOrEqual", 12, 0, inferBroadcastBool, make<BinaryKernel<BinOp::GreaterOrEqual>>,
        acceptNumeric, kNoCaps, "cpu", kNum });
    r.add(KernelSpec { "", "LessOrEqual", 12, 0, inferBroadcastBool, make<BinaryKernel<BinOp::LessOrEqual>>,
        acceptNumeric, kNoCaps, "cpu", kNum });
    r.add(KernelSpec {
        "", "And", 7, 0, inferBroadcastBool, make<BinaryKernel<BinOp::And>>, acceptBool, kNoCaps, "cpu", "bool" });
    r.add(KernelSpec {
        "", "Or", 7, 0, inferBroadcastBool, make<BinaryKernel<BinOp::Or>>, acceptBool, kNoCaps, "cpu", "bool" });
    r.add(KernelSpec {
        "", "Xor", 7, 0, inferBroadcastBool, make<BinaryKernel<BinOp::Xor>>, acceptBool, kNoCaps, "cpu", "bool" });
    r.add(KernelSpec {
        "", "Where", 9, 0, inferBroadcast, make<WhereKernel>, acceptWhere, kNoCaps, "cpu", "any element type" });
}

} // namespace qs::kernels
