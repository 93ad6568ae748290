// SPDX-License-Identifier: MIT
#include "kernels/dynamic_output.h"

#include <fmt/format.h>

#include <cstring>

namespace qs::kernels {

Status DynamicOutputKernel::prepare(const KernelContext& ctx)
{
    m_node = ctx.node.describe();
    m_inputs.assign(ctx.inputs.begin(), ctx.inputs.end());
    m_outputs.assign(ctx.outputs.begin(), ctx.outputs.end());
    // Constant data is only guaranteed to live through preparation; compute() reads data pointers at run time.
    for (TensorDesc& d : m_inputs)
        d.constant = nullptr;
    return prepareOp(ctx);
}

Status DynamicOutputKernel::run(const KernelArgs& args) const
{
    std::vector<HostTensor> results;
    QS_RETURN_IF_ERROR(compute(m_inputs, args.inputs, results));
    for (size_t o = 0; o < m_outputs.size() && o < args.outputs.size(); ++o) {
        if (!args.outputs[o])
            continue;
        if (o >= results.size() || results[o].dims() != m_outputs[o].dims)
            return Status(StatusCode::Internal,
                fmt::format("node {}: output {} has extents [{}] at run time, [{}] at preparation", m_node, o,
                    o < results.size() ? formatDims(results[o].dims()) : std::string("none"),
                    formatDims(m_outputs[o].dims)));
        if (results[o].byteSize())
            std::memcpy(args.outputs[o], results[o].rawData(), results[o].byteSize());
    }
    return Status::ok();
}

} // namespace qs::kernels
