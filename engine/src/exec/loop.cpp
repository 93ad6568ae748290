// SPDX-License-Identifier: MIT
// Loop: runs its body (a nested plan, exec/subgraph.h) while iteration < M and the condition holds. Loop-carried
// values keep their shape across iterations; scan outputs stack one body output per iteration, so their leading
// extent is the iteration count: known at preparation only when M is constant and the body's condition folds to
// true, otherwise a run-time extent (the Loop then runs in the plan's run-time tail, run_time_tail.cpp).
#include "exec/run_guard.h"
#include "exec/session_kernels.h"
#include "exec/subgraph.h"
#include "kernels/dynamic_output.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <limits>

namespace qs {

namespace {

using kernels::TensorDesc;

/// The body's formal inputs: iteration number, condition, then the loop-carried values (never constant: they
/// change every iteration).
std::vector<TensorDesc> bodyInputs(const Node& node, std::span<const TensorDesc> in)
{
    std::vector<TensorDesc> formal(2);
    formal[0].type = DataType::Int64;
    formal[1].type = DataType::Bool;
    for (size_t i = 2; i < node.inputs.size(); ++i) {
        TensorDesc d = in[i];
        d.constant = nullptr;
        formal.push_back(d);
    }
    return formal;
}

Status prepareBody(const Node& node, std::span<const TensorDesc> in, int threads, bool optimized,
    const Int8KernelOptions& int8, Subgraph& body)
{
    if (node.inputs.size() < 2)
        return Status(StatusCode::InvalidModel, fmt::format("node {}: needs M and cond slots", node.describe()));
    const std::vector<TensorDesc> formal = bodyInputs(node, in);
    QS_RETURN_IF_ERROR(
        body.prepare(node, "body", formal, in.subspan(node.inputs.size()), threads, optimized, int8, true));
    const size_t carried = node.inputs.size() - 2;
    const auto& outs = body.outputs();
    if (outs.size() < 1 + carried || outs.size() - 1 - carried != node.outputs.size() - carried)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: the body has {} outputs for {} loop-carried values and {} node outputs",
                node.describe(), outs.size(), carried, node.outputs.size()));
    if (!body.outputIsRunTime(0) && (outs[0].type != DataType::Bool || shapeElementCount(outs[0].dims) != 1))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: body condition is not a bool", node.describe()));
    // Run-time shaped body outputs are checked on every iteration instead.
    for (size_t k = 0; k < carried; ++k)
        if (!body.outputIsRunTime(1 + k)
            && (outs[1 + k].type != formal[2 + k].type || outs[1 + k].dims != formal[2 + k].dims))
            return Status(StatusCode::Unsupported,
                fmt::format("node {}: loop-carried value {} changes from {}[{}] to {}[{}] in the body (only fixed "
                            "shapes are supported)",
                    node.describe(), k, dataTypeName(formal[2 + k].type), formatDims(formal[2 + k].dims),
                    dataTypeName(outs[1 + k].type), formatDims(outs[1 + k].dims)));
    return Status::ok();
}

Status inferLoop(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    Subgraph body;
    QS_RETURN_IF_ERROR(prepareBody(node, in, 1, false, {}, body));
    const size_t carried = node.inputs.size() - 2;
    int64_t iterations = kernels::kRunTimeDim;
    const HostTensor* always = body.constantOutput(0);
    const bool condAlwaysTrue = always && always->valueAsDouble(0) != 0.0
        && (!kernels::hasInput(in, 1) || (in[1].constant && in[1].constant->valueAsDouble(0) != 0.0));
    if (condAlwaysTrue && kernels::hasInput(in, 0) && in[0].constant)
        iterations = std::max<int64_t>(0, int64_t(in[0].constant->valueAsDouble(0)));
    const auto& outs = body.outputs();
    for (size_t o = 0; o < out.size(); ++o) {
        const IoInfo& b = outs[1 + o];
        out[o].type = b.type;
        out[o].dims = b.dims;
        if (o < carried) {
            out[o].type = in[2 + o].type; // checked against the body's at run time when that is run-time shaped
            out[o].dims = in[2 + o].dims;
        } else {
            out[o].dims.insert(out[o].dims.begin(), body.outputIsRunTime(1 + o) ? kernels::kRunTimeDim : iterations);
        }
    }
    return Status::ok();
}

class LoopKernel final : public kernels::DynamicOutputKernel
{
public:
    Status compute(
        std::span<const TensorDesc> in, std::span<const void* const> data, std::vector<HostTensor>& out) const override
    {
        const size_t carried = m_authored - 2;
        const size_t scans = m_outputs - carried;
        int64_t m = std::numeric_limits<int64_t>::max();
        if (data[0])
            m = in[0].type == DataType::Int32 ? *static_cast<const int32_t*>(data[0])
                                              : *static_cast<const int64_t*>(data[0]);
        bool cond = data[1] ? *static_cast<const bool*>(data[1]) : true;
        std::vector<HostTensor> state;
        for (size_t k = 0; k < carried; ++k) {
            HostTensor& t = state.emplace_back(in[2 + k].type, in[2 + k].dims);
            if (t.byteSize())
                std::memcpy(t.rawData(), data[2 + k], t.byteSize());
        }
        std::vector<std::vector<std::byte>> stacked(scans);
        // Per scan output: the body's static description, replaced by the first iteration's actual one.
        std::vector<DataType> scanTypes(scans);
        std::vector<std::vector<int64_t>> scanDims(scans);
        for (size_t s = 0; s < scans; ++s) {
            scanTypes[s] = m_body.outputs()[1 + carried + s].type;
            scanDims[s] = m_body.outputs()[1 + carried + s].dims;
            for (int64_t& d : scanDims[s])
                d = std::max<int64_t>(d, 0); // unknown extents of a loop that never ran
        }
        HostTensor iteration(DataType::Int64, {});
        HostTensor condition(DataType::Bool, {});
        std::vector<const void*> formal(2 + carried);
        formal[0] = iteration.rawData();
        formal[1] = condition.rawData();
        int64_t i = 0;
        for (; i < m && cond; ++i) {
            // Checked every iteration, also for an empty body (a trip count of 10^15 must stop on cancel).
            if (runCancelled())
                return Status(StatusCode::Cancelled, fmt::format("node {}: cancelled in iteration {}", m_node, i));
            iteration.data<int64_t>()[0] = i;
            condition.data<bool>()[0] = cond;
            for (size_t k = 0; k < carried; ++k)
                formal[2 + k] = state[k].rawData();
            QS_RETURN_IF_ERROR(m_body.run(formal, data.subspan(m_authored)));
            if (m_body.outputType(0) != DataType::Bool || shapeElementCount(m_body.outputDims(0)) != 1)
                return Status(StatusCode::InvalidModel, fmt::format("node {}: body condition is not a bool", m_node));
            cond = *static_cast<const bool*>(m_body.output(0));
            for (size_t k = 0; k < carried; ++k) {
                if (m_body.outputType(1 + k) != state[k].dataType() || m_body.outputDims(1 + k) != state[k].dims())
                    return Status(StatusCode::Unsupported,
                        fmt::format("node {}: loop-carried value {} changes from [{}] to [{}] in iteration {} (only "
                                    "fixed shapes are supported)",
                            m_node, k, formatDims(state[k].dims()), formatDims(m_body.outputDims(1 + k)), i));
                if (state[k].byteSize())
                    std::memmove(state[k].rawData(), m_body.output(1 + k), state[k].byteSize());
            }
            for (size_t s = 0; s < scans; ++s) {
                const DataType type = m_body.outputType(1 + carried + s);
                const std::vector<int64_t>& dims = m_body.outputDims(1 + carried + s);
                if (i == 0) {
                    scanTypes[s] = type;
                    scanDims[s] = dims;
                } else if (type != scanTypes[s] || dims != scanDims[s]) {
                    return Status(StatusCode::InvalidModel,
                        fmt::format("node {}: scan output {} is [{}] in iteration {}, [{}] before", m_node, s,
                            formatDims(dims), i, formatDims(scanDims[s])));
                }
                const size_t bytes = size_t(shapeElementCount(dims)) * dataTypeSize(type);
                // The stacked output grows with the trip count, which data decides: bound it like any tensor.
                QS_RETURN_IF_ERROR(checkByteAllocation(int64_t(stacked[s].size() + bytes),
                    fmt::format("node {}: scan output {} after {} iterations", m_node, s, i + 1)));
                const auto* src = static_cast<const std::byte*>(m_body.output(1 + carried + s));
                stacked[s].insert(stacked[s].end(), src, src + bytes);
            }
        }
        out.clear();
        for (size_t k = 0; k < carried; ++k)
            out.push_back(std::move(state[k]));
        for (size_t s = 0; s < scans; ++s) {
            if (scanTypes[s] == DataType::Undefined)
                return Status(StatusCode::Unsupported,
                    fmt::format("node {}: the type of scan output {} is unknown after zero iterations", m_node, s));
            std::vector<int64_t> dims = scanDims[s];
            dims.insert(dims.begin(), i);
            HostTensor& t = out.emplace_back(scanTypes[s], std::move(dims));
            if (t.byteSize())
                std::memcpy(t.rawData(), stacked[s].data(), t.byteSize());
        }
        return Status::ok();
    }

protected:
    Status prepareOp(const kernels::KernelContext& ctx) override
    {
        m_authored = ctx.node.inputs.size();
        m_outputs = ctx.node.outputs.size();
        return prepareBody(ctx.node, ctx.inputs, ctx.threads, ctx.optimized, ctx.int8, m_body);
    }

private:
    // The body plan's arena is reused between iterations and runs: compute() is not re-entrant, like a Session.
    mutable Subgraph m_body;
    size_t m_authored = 0;
    size_t m_outputs = 0;
};

Status acceptLoop(const Node& node, std::span<const TensorDesc> in)
{
    if (kernels::hasInput(in, 0) && in[0].type != DataType::Int64 && in[0].type != DataType::Int32)
        return Status(StatusCode::Unsupported, "M must be an integer");
    if (kernels::hasInput(in, 1) && in[1].type != DataType::Bool)
        return Status(StatusCode::Unsupported, "cond must be a bool");
    for (size_t i = 2; i < in.size(); ++i)
        if (in[i].type != DataType::Undefined && dataTypeSize(in[i].type) == 0)
            return Status(StatusCode::Unsupported, fmt::format("input {} is {}", i, dataTypeName(in[i].type)));
    return Status::ok();
}

} // namespace

void registerLoopKernels(kernels::KernelRegistry& r)
{
    r.add(kernels::KernelSpec { .domain = "",
        .opType = "Loop",
        .sinceVersion = 11,
        .untilVersion = 0,
        .inferShapes = inferLoop,
        .create = []() -> std::unique_ptr<kernels::Kernel> { return std::make_unique<LoopKernel>(); },
        .accepts = acceptLoop,
        .notes = "tensor values; fixed-shape loop-carried values; scan outputs of run-time length" });
}

} // namespace qs
