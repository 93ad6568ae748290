// SPDX-License-Identifier: MIT
// The fused lookup step (qdq_fused.h): the table is computed by the qdq-lookup-table pass at preparation, this kernel
// only gathers bytes (byte_lookup.h) on the widest path the CPU and the ISA cap allow.
#include "kernels/int8/byte_lookup.h"
#include "kernels/int8/int8_node_util.h"
#include "kernels/int8/qdq_fused.h"

#include <fmt/format.h>

#include <algorithm>

namespace qs::kernels {

namespace {

class QdqLookupKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const TensorDesc& x = ctx.inputs[0];
        const TensorDesc& table = ctx.inputs[1];
        if (!int8::isInt8Type(x.type) || !table.constant || table.elementCount() != 256 || !int8::isInt8Type(table.type)
            || ctx.outputs[0].type != table.type || ctx.outputs[0].elementCount() != x.elementCount()
            || ctx.outputs[0].layout != x.layout)
            return Status(StatusCode::Internal,
                fmt::format("node {}: the lookup step takes an 8-bit input and a constant 256-entry table of the "
                            "output's type, one layout on both sides",
                    ctx.node.describe()));
        std::copy_n(static_cast<const uint8_t*>(table.constant->rawData()), 256, m_table.begin());
        m_count = x.elementCount();
        m_isa = int8::bestByteLookupIsa();
        m_nhwc = x.layout == Layout::Nhwc;
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const uint8_t*>(args.inputs[0]);
        auto* y = static_cast<uint8_t*>(args.outputs[0]);
        // Big maps split into one block per thread; the table stays in registers in each.
        const int64_t kBlock = 1 << 16;
#pragma omp parallel for if (m_count > 4 * kBlock)
        for (int64_t b = 0; b < (m_count + kBlock - 1) / kBlock; ++b)
            int8::lookupBytes(x + b * kBlock, m_table, y + b * kBlock, std::min(kBlock, m_count - b * kBlock), m_isa);
        return Status::ok();
    }

    std::string implementation() const override
    {
        return fmt::format("cpu:lut-{}{}", int8::byteLookupIsaName(m_isa), m_nhwc ? " nhwc" : "");
    }

private:
    int8::ByteTable m_table {};
    int64_t m_count = 0;
    int8::ByteLookupIsa m_isa = int8::ByteLookupIsa::Scalar;
    bool m_nhwc = false;
};

Status inferQdqLookup(const Node&, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs)
{
    outputs[0].type = inputs[1].type;
    outputs[0].dims = inputs[0].dims;
    return Status::ok();
}

} // namespace

const KernelSpec& qdqLookupSpec()
{
    static const KernelSpec spec { "", "QdqLookupTable", 1, 0, inferQdqLookup,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<QdqLookupKernel>(); }, nullptr, kNoCaps, "cpu",
        "fused DequantizeLinear -> elementwise float ops -> QuantizeLinear as a 256-entry byte table (Optimized)" };
    return spec;
}

} // namespace qs::kernels
