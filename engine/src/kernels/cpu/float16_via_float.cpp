// SPDX-License-Identifier: MIT
// float16 elementwise ops computed in float: inputs widened, the op's float kernel run, outputs rounded back to
// float16 (round to nearest even). For Min, Max and Mod this is exact: their float result of float16 operands is
// itself representable in float16.
#include "kernels/half_float.h"
#include "kernels/kernel_registry.h"
#include "kernels/op_registrations.h"

#include <fmt/format.h>

#include <deque>

namespace qs::kernels {
namespace {

Status acceptFloat16(const Node&, std::span<const TensorDesc> in)
{
    for (size_t i = 0; i < in.size(); ++i)
        if (in[i].type != DataType::Undefined && in[i].type != DataType::Float16)
            return Status(StatusCode::Unsupported,
                fmt::format("input {} is {} (this path is float16 only)", i, dataTypeName(in[i].type)));
    return Status::ok();
}

HostTensor widened(const HostTensor& t)
{
    HostTensor f(DataType::Float, t.dims());
    auto src = t.data<uint16_t>();
    auto dst = f.data<float>();
    for (size_t i = 0; i < src.size(); ++i)
        dst[i] = halfToFloat(src[i]);
    return f;
}

/// The float view of the inputs: float16 descriptions become float (constant data converted into `store`).
std::vector<TensorDesc> floatInputs(std::span<const TensorDesc> in, std::deque<HostTensor>& store)
{
    std::vector<TensorDesc> out(in.begin(), in.end());
    for (TensorDesc& d : out) {
        if (d.type != DataType::Float16)
            continue;
        d.type = DataType::Float;
        if (d.constant)
            d.constant = &store.emplace_back(widened(*d.constant));
    }
    return out;
}

Result<const KernelSpec*> floatSpec(const Node& node, std::span<const TensorDesc> floatIns)
{
    auto spec = KernelRegistry::instance().select(node, floatIns);
    if (!spec)
        return Status(StatusCode::Unsupported,
            fmt::format(
                "node {}: no float kernel to compute float16 with ({})", node.describe(), spec.status().message()));
    return spec;
}

Status inferFloat16(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    std::deque<HostTensor> store;
    const std::vector<TensorDesc> ins = floatInputs(in, store);
    QS_ASSIGN_OR_RETURN(const KernelSpec* spec, floatSpec(node, ins));
    QS_RETURN_IF_ERROR(spec->inferShapes(node, ins, out));
    for (TensorDesc& d : out)
        if (d.type == DataType::Float)
            d.type = DataType::Float16;
    return Status::ok();
}

class Float16ViaFloatKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const std::vector<TensorDesc> ins = floatInputs(ctx.inputs, m_constants);
        std::vector<TensorDesc> outs(ctx.outputs.begin(), ctx.outputs.end());
        for (TensorDesc& d : outs)
            if (d.type == DataType::Float16)
                d.type = DataType::Float;
        QS_ASSIGN_OR_RETURN(const KernelSpec* spec, floatSpec(ctx.node, ins));
        m_inner = spec->create();
        KernelContext inner { ctx.node, ins, outs, {}, ctx.threads, ctx.optimized, ctx.int8 };
        QS_RETURN_IF_ERROR(m_inner->prepare(inner));
        // Scratch layout: the inner kernel's scratch, then one float buffer per float16 input and output.
        size_t offset = align(m_inner->scratchBytes());
        for (const TensorDesc& d : ctx.inputs) {
            m_inputs.push_back({ d.type == DataType::Float16 ? offset : kNone, d.elementCount() });
            if (d.type == DataType::Float16)
                offset += align(size_t(d.elementCount()) * sizeof(float));
        }
        for (const TensorDesc& d : ctx.outputs) {
            m_outputs.push_back({ d.type == DataType::Float16 ? offset : kNone, d.elementCount() });
            if (d.type == DataType::Float16)
                offset += align(size_t(d.elementCount()) * sizeof(float));
        }
        m_scratch = offset;
        return Status::ok();
    }

    size_t scratchBytes() const override { return m_scratch; }

    Status run(const KernelArgs& args) const override
    {
        auto* scratch = static_cast<std::byte*>(args.scratch);
        std::vector<const void*> ins(args.inputs.begin(), args.inputs.end());
        std::vector<void*> outs(args.outputs.begin(), args.outputs.end());
        for (size_t i = 0; i < ins.size(); ++i) {
            if (m_inputs[i].offset == kNone || !ins[i])
                continue;
            auto* f = reinterpret_cast<float*>(scratch + m_inputs[i].offset);
            const auto* h = static_cast<const uint16_t*>(ins[i]);
            for (int64_t k = 0; k < m_inputs[i].count; ++k)
                f[k] = halfToFloat(h[k]);
            ins[i] = f;
        }
        for (size_t o = 0; o < outs.size(); ++o)
            if (m_outputs[o].offset != kNone && outs[o])
                outs[o] = scratch + m_outputs[o].offset;
        QS_RETURN_IF_ERROR(m_inner->run({ ins, outs, m_inner->scratchBytes() ? scratch : nullptr }));
        for (size_t o = 0; o < outs.size(); ++o) {
            if (m_outputs[o].offset == kNone || !args.outputs[o])
                continue;
            const auto* f = static_cast<const float*>(outs[o]);
            auto* h = static_cast<uint16_t*>(args.outputs[o]);
            for (int64_t k = 0; k < m_outputs[o].count; ++k)
                h[k] = floatToHalf(f[k]);
        }
        return Status::ok();
    }

    std::string implementation() const override { return "cpu:float16 via " + m_inner->implementation(); }

private:
    static constexpr size_t kNone = size_t(-1);
    static size_t align(size_t bytes) { return (bytes + kTensorAlignment - 1) / kTensorAlignment * kTensorAlignment; }
    struct Buffer
    {
        size_t offset; ///< in scratch, or kNone when the slot is not float16
        int64_t count;
    };
    std::deque<HostTensor> m_constants; ///< widened constant inputs the inner kernel may keep pointers to
    std::unique_ptr<Kernel> m_inner;
    std::vector<Buffer> m_inputs;
    std::vector<Buffer> m_outputs;
    size_t m_scratch = 0;
};

} // namespace

void registerFloat16ViaFloatKernels(KernelRegistry& r)
{
    for (std::string_view op : { std::string_view("Min"), std::string_view("Max"), std::string_view("Mod") })
        r.add(KernelSpec { .domain = "",
            .opType = op,
            .sinceVersion = op == "Mod" ? 10 : 8,
            .untilVersion = 0,
            .inferShapes = inferFloat16,
            .create = []() -> std::unique_ptr<Kernel> { return std::make_unique<Float16ViaFloatKernel>(); },
            .accepts = acceptFloat16,
            .notes = "float16 (computed in float, exact for this op)" });
}

} // namespace qs::kernels
