// SPDX-License-Identifier: MIT
// Scan: runs its body (a nested plan, exec/subgraph.h) once per position along the scan axis of its scan inputs,
// threading state values through and stacking the per-iteration scan outputs along their scan axis (forward or
// reverse). Opset 9+ takes unbatched tensors with per-input axes and directions; opset 8 has a leading batch axis
// (every batch element scanned independently along axis 1) and an optional sequence_lens input, supported here only
// when absent (every sequence full length).
#include "exec/run_guard.h"
#include "exec/session_kernels.h"
#include "exec/subgraph.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <cstring>

namespace qs {

namespace {

using kernels::TensorDesc;

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

/// Everything about a Scan node that does not depend on the body.
struct ScanLayout
{
    bool batched = false; ///< opset 8
    size_t first = 0; ///< first state slot (1 in opset 8: after sequence_lens)
    size_t states = 0;
    size_t scanInputs = 0;
    int64_t batch = 1;
    int64_t length = 0;
    std::vector<int64_t> inAxes, inReverse, outAxesAttr, outReverse;
};

Result<ScanLayout> layoutOf(const Node& node, std::span<const TensorDesc> in)
{
    ScanLayout l;
    l.batched = node.opsetVersion < 9;
    const int64_t m = node.attrInt("num_scan_inputs", -1);
    l.first = l.batched ? 1 : 0;
    const size_t authored = node.inputs.size();
    if (m < 1 || size_t(m) > authored - l.first)
        return err(node, StatusCode::InvalidModel, fmt::format("num_scan_inputs {} does not fit", m));
    if (l.batched && kernels::hasInput(in, 0))
        return err(node, StatusCode::Unsupported, "sequence_lens (variable-length sequences) is not supported");
    l.scanInputs = size_t(m);
    l.states = authored - l.first - l.scanInputs;
    const size_t firstScan = l.first + l.states;
    l.inAxes = node.attrInts("scan_input_axes", std::vector<int64_t>(l.scanInputs, 0));
    l.inReverse
        = node.attrInts(l.batched ? "directions" : "scan_input_directions", std::vector<int64_t>(l.scanInputs, 0));
    if (l.inAxes.size() != l.scanInputs || l.inReverse.size() != l.scanInputs)
        return err(node, StatusCode::InvalidModel, "scan input axes/directions do not match num_scan_inputs");
    for (size_t j = 0; j < l.scanInputs; ++j) {
        const TensorDesc& x = in[firstScan + j];
        if (l.batched) {
            if (x.rank() < 2)
                return err(node, StatusCode::InvalidModel, "scan inputs need [batch, sequence, ...]");
            l.inAxes[j] = 1;
        } else {
            QS_ASSIGN_OR_RETURN(l.inAxes[j], kernels::normalizeAxis(node, l.inAxes[j], x.rank()));
        }
        const int64_t len = x.dims[size_t(l.inAxes[j])];
        if (j > 0 && len != l.length)
            return err(node, StatusCode::InvalidModel, "scan inputs have different sequence lengths");
        l.length = len;
    }
    if (l.batched) {
        l.batch = in[firstScan].dims[0];
        for (size_t k = 0; k < l.states; ++k)
            if (in[l.first + k].rank() < 1 || in[l.first + k].dims[0] != l.batch)
                return err(node, StatusCode::InvalidModel, "state values need the batch axis");
    }
    const size_t scanOutputs = node.outputs.size() - l.states;
    l.outAxesAttr = node.attrInts("scan_output_axes", std::vector<int64_t>(scanOutputs, 0));
    l.outReverse = node.attrInts("scan_output_directions", std::vector<int64_t>(scanOutputs, 0));
    if (l.outAxesAttr.size() != scanOutputs || l.outReverse.size() != scanOutputs)
        return err(node, StatusCode::InvalidModel, "scan output axes/directions do not match the outputs");
    return l;
}

/// Removes axis `a` (and in opset 8 the batch axis) from a scan input's dims: one iteration's slice.
std::vector<int64_t> sliceDims(const ScanLayout& l, const std::vector<int64_t>& dims, int64_t axis)
{
    std::vector<int64_t> d = dims;
    d.erase(d.begin() + axis);
    if (l.batched)
        d.erase(d.begin());
    return d;
}

Status prepareBody(const Node& node, std::span<const TensorDesc> in, const ScanLayout& l, int threads, bool optimized,
    const Int8KernelOptions& int8, Subgraph& body)
{
    std::vector<TensorDesc> formal;
    for (size_t k = 0; k < l.states; ++k) {
        TensorDesc d = in[l.first + k];
        d.constant = nullptr; // state changes every iteration
        if (l.batched)
            d.dims.erase(d.dims.begin());
        formal.push_back(d);
    }
    for (size_t j = 0; j < l.scanInputs; ++j) {
        TensorDesc d;
        d.type = in[l.first + l.states + j].type;
        d.dims = sliceDims(l, in[l.first + l.states + j].dims, l.inAxes[j]);
        formal.push_back(d);
    }
    QS_RETURN_IF_ERROR(body.prepare(node, "body", formal, in.subspan(node.inputs.size()), threads, optimized, int8));
    const auto& outs = body.outputs();
    if (outs.size() != node.outputs.size())
        return err(node, StatusCode::InvalidModel,
            fmt::format("the body has {} outputs, the node {}", outs.size(), node.outputs.size()));
    for (size_t k = 0; k < l.states; ++k)
        if (outs[k].type != formal[k].type || outs[k].dims != formal[k].dims)
            return err(node, StatusCode::Unsupported,
                fmt::format("state value {} changes from [{}] to [{}] in the body", k, formatDims(formal[k].dims),
                    formatDims(outs[k].dims)));
    return Status::ok();
}

/// Output o's dims, and for scan outputs the (normalised) axis the iterations stack along.
Result<std::vector<int64_t>> outputDims(
    const Node& node, const ScanLayout& l, const Subgraph& body, size_t o, int64_t* stackAxis)
{
    std::vector<int64_t> dims = body.outputs()[o].dims;
    if (o < l.states) {
        if (l.batched)
            dims.insert(dims.begin(), l.batch);
        return dims;
    }
    int64_t axis = 0;
    if (l.batched) {
        dims.insert(dims.begin(), l.length);
        dims.insert(dims.begin(), l.batch);
        axis = 1;
    } else {
        QS_ASSIGN_OR_RETURN(axis, kernels::normalizeAxis(node, l.outAxesAttr[o - l.states], int64_t(dims.size()) + 1));
        dims.insert(dims.begin() + axis, l.length);
    }
    if (stackAxis)
        *stackAxis = axis;
    return dims;
}

Status inferScan(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(const ScanLayout l, layoutOf(node, in));
    Subgraph body;
    QS_RETURN_IF_ERROR(prepareBody(node, in, l, 1, false, {}, body));
    for (size_t o = 0; o < out.size(); ++o) {
        out[o].type = body.outputs()[o].type;
        QS_ASSIGN_OR_RETURN(out[o].dims, outputDims(node, l, body, o, nullptr));
    }
    return Status::ok();
}

/// A tensor seen as [outer, length, inner] around its scan axis (bytes for inner).
struct Strided
{
    int64_t outer = 1;
    int64_t length = 1;
    size_t innerBytes = 0;
};

Strided stridedOf(const std::vector<int64_t>& dims, int64_t axis, DataType type)
{
    const kernels::AxisSplit s = kernels::splitAtAxis(dims, axis);
    return { s.outer, s.axis, size_t(s.inner) * dataTypeSize(type) };
}

class ScanKernel final : public kernels::Kernel
{
public:
    Status prepare(const kernels::KernelContext& ctx) override
    {
        const Node& node = ctx.node;
        QS_ASSIGN_OR_RETURN(m_layout, layoutOf(node, ctx.inputs));
        QS_RETURN_IF_ERROR(prepareBody(node, ctx.inputs, m_layout, ctx.threads, ctx.optimized, ctx.int8, m_body));
        m_authored = node.inputs.size();
        const ScanLayout& l = m_layout;
        // Per batch element (opset 8), inputs and outputs are viewed without the batch axis.
        const int64_t batchAxis = l.batched ? 1 : 0;
        m_in.clear();
        m_stateBytes.clear();
        for (size_t k = 0; k < l.states; ++k) {
            const TensorDesc& d = ctx.inputs[l.first + k];
            m_stateBytes.push_back(d.byteSize() / size_t(l.batch));
        }
        for (size_t j = 0; j < l.scanInputs; ++j) {
            const TensorDesc& d = ctx.inputs[l.first + l.states + j];
            std::vector<int64_t> dims(d.dims.begin() + batchAxis, d.dims.end());
            m_in.push_back(stridedOf(dims, l.inAxes[j] - batchAxis, d.type));
        }
        m_out.clear();
        for (size_t o = l.states; o < node.outputs.size(); ++o) {
            int64_t axis = 0;
            QS_ASSIGN_OR_RETURN(std::vector<int64_t> dims, outputDims(node, l, m_body, o, &axis));
            dims.erase(dims.begin(), dims.begin() + batchAxis);
            m_out.push_back(stridedOf(dims, axis - batchAxis, m_body.outputs()[o].type));
        }
        return Status::ok();
    }

    Status run(const kernels::KernelArgs& args) const override
    {
        const ScanLayout& l = m_layout;
        const auto captures = args.inputs.subspan(m_authored);
        std::vector<std::vector<std::byte>> state(l.states);
        std::vector<std::vector<std::byte>> slices(l.scanInputs);
        std::vector<const void*> formal(l.states + l.scanInputs);
        for (int64_t b = 0; b < l.batch; ++b) {
            for (size_t k = 0; k < l.states; ++k) {
                const auto* src = static_cast<const std::byte*>(args.inputs[l.first + k]) + size_t(b) * m_stateBytes[k];
                state[k].assign(src, src + m_stateBytes[k]);
                formal[k] = state[k].data();
            }
            for (int64_t t = 0; t < l.length; ++t) {
                // Every position, not only through the body's steps: a body with no step (outputs that are its
                // inputs) never polls, and the slicing and stacking of a long axis is work the engine owns.
                if (runCancelled())
                    return Status(
                        StatusCode::Cancelled, fmt::format("cancelled at scan position {} of {}", t, l.length));
                for (size_t j = 0; j < l.scanInputs; ++j) {
                    const Strided& s = m_in[j];
                    const int64_t at = l.inReverse[j] ? l.length - 1 - t : t;
                    const size_t perBatch = size_t(s.outer * s.length) * s.innerBytes;
                    const auto* x
                        = static_cast<const std::byte*>(args.inputs[l.first + l.states + j]) + size_t(b) * perBatch;
                    slices[j].resize(size_t(s.outer) * s.innerBytes);
                    for (int64_t o = 0; o < s.outer; ++o)
                        std::memcpy(slices[j].data() + size_t(o) * s.innerBytes,
                            x + size_t(o * s.length + at) * s.innerBytes, s.innerBytes);
                    formal[l.states + j] = slices[j].data();
                }
                QS_RETURN_IF_ERROR(m_body.run(formal, captures));
                for (size_t k = 0; k < l.states; ++k) {
                    std::memmove(state[k].data(), m_body.output(k), m_stateBytes[k]);
                    formal[k] = state[k].data();
                }
                for (size_t s = 0; s < m_out.size(); ++s) {
                    const Strided& d = m_out[s];
                    const int64_t at = l.outReverse[s] ? l.length - 1 - t : t;
                    const size_t perBatch = size_t(d.outer * d.length) * d.innerBytes;
                    auto* y = static_cast<std::byte*>(args.outputs[l.states + s]) + size_t(b) * perBatch;
                    const auto* src = static_cast<const std::byte*>(m_body.output(l.states + s));
                    for (int64_t o = 0; o < d.outer; ++o)
                        std::memcpy(
                            y + size_t(o * d.length + at) * d.innerBytes, src + size_t(o) * d.innerBytes, d.innerBytes);
                }
            }
            for (size_t k = 0; k < l.states; ++k)
                if (args.outputs[k])
                    std::memcpy(static_cast<std::byte*>(args.outputs[k]) + size_t(b) * m_stateBytes[k], state[k].data(),
                        m_stateBytes[k]);
        }
        return Status::ok();
    }

    std::string implementation() const override { return "cpu:scan(nested plan)"; }

private:
    ScanLayout m_layout;
    // The body plan's arena is reused between iterations and runs: run() is not re-entrant, like a Session.
    mutable Subgraph m_body;
    size_t m_authored = 0;
    std::vector<size_t> m_stateBytes; ///< per state value, per batch element
    std::vector<Strided> m_in; ///< per scan input, per batch element
    std::vector<Strided> m_out; ///< per scan output, per batch element
};

} // namespace

void registerScanKernels(kernels::KernelRegistry& r)
{
    r.add(kernels::KernelSpec { .domain = "",
        .opType = "Scan",
        .sinceVersion = 8,
        .untilVersion = 0,
        .inferShapes = inferScan,
        .create = []() -> std::unique_ptr<kernels::Kernel> { return std::make_unique<ScanKernel>(); },
        .accepts = nullptr,
        .notes = "tensor values; axes and directions; opset 8 without sequence_lens" });
}

} // namespace qs
