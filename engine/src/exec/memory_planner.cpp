// SPDX-License-Identifier: MIT
// Greedy-by-size offset assignment (as in TFLite's arena planner): buffers sorted by size, largest first, each
// placed at the lowest offset that does not overlap a buffer with an intersecting lifetime.
#include "exec/session_plan.h"
#include "kernels/shape_util.h"

#include <algorithm>
#include <limits>
#include <set>
#include <string>

namespace qs {

namespace {
struct Buffer
{
    int64_t size;
    int32_t first;
    int32_t last;
    int64_t* offset;
};

int64_t alignUp(int64_t v)
{
    return (v + int64_t(kTensorAlignment) - 1) / int64_t(kTensorAlignment) * int64_t(kTensorAlignment);
}
} // namespace

namespace {

/// The value whose buffer holds `vid`, and the byte offset of `vid` in it.
std::pair<int32_t, int64_t> rootOf(const SessionPlan& plan, int32_t vid)
{
    int64_t offset = 0;
    while (plan.values[size_t(vid)].aliasOf >= 0) {
        offset += plan.values[size_t(vid)].aliasOffset;
        vid = plan.values[size_t(vid)].aliasOf;
    }
    return { vid, offset };
}

/// Product of the dims before `axis`: 1 means each part along `axis` is one contiguous chunk.
int64_t outerCount(const std::vector<int64_t>& dims, int64_t axis)
{
    int64_t n = 1;
    for (int64_t i = 0; i < axis; ++i)
        n *= dims[size_t(i)];
    return n;
}

bool dense(const PlanValue& v)
{
    // Blocked values qualify only without channel padding (whole blocks): then their bytes along the channel axis
    // of a batch-1 tensor are contiguous parts too.
    return v.desc.byteSize() == size_t(v.desc.elementCount()) * dataTypeSize(v.desc.type);
}

/// A concatenation along the flattened pixels of per-level channel concatenations (YOLO's detection head: per level,
/// Concat(axis 1) of NCHW convolution outputs -> Reshape [1, C, H*W]; then Concat(axis 2) of the levels into
/// [1, C, sum H*W]): each channel of each level is one row piece of the final tensor. When every part's producer can
/// write its channels with the final row length as stride (Kernel::setOutputChannelStride), the parts are stored
/// straight at their places in the final tensor and both concatenation steps disappear (their nodes are attributed
/// to the convolutions). Runs after the contiguous Concat aliasing above, which put the parts into the levels.
void planRowConcats(SessionPlan& plan)
{
    const Graph& g = plan.graph();
    const auto readerCount = [&](int32_t vid) {
        int n = 0;
        for (const Step& s : plan.steps)
            if (!s.removed)
                n += int(std::count(s.inputs.begin(), s.inputs.end(), vid));
        return n;
    };
    const auto producer = [&](int32_t vid) -> Step* {
        for (Step& s : plan.steps)
            if (!s.removed && std::find(s.outputs.begin(), s.outputs.end(), vid) != s.outputs.end())
                return &s;
        return nullptr;
    };
    const auto plainIntermediate = [&](const PlanValue& v) {
        return v.desc.layout == kernels::Layout::Plain && !v.escapesSteps() && v.desc.type == DataType::Float;
    };
    struct Part
    {
        int32_t vid;
        Step* step;
        int64_t offset; ///< elements, in the final tensor
        int64_t planeSize; ///< H * W of the part
    };
    for (Step& s3 : plan.steps) {
        if (s3.removed || s3.opType != "Concat" || s3.outputs.size() != 1 || s3.outputs[0] < 0)
            continue;
        const Node& n3 = g.node(s3.anchor);
        const int32_t y3 = s3.outputs[0];
        const PlanValue& Y = plan.values[size_t(y3)];
        const auto axis = kernels::normalizeAxis(n3, n3.attrInt("axis", 0), Y.desc.rank());
        // The final tensor gets no producing step: it must not be read from outside the steps.
        if (!axis || *axis != 2 || Y.desc.rank() != 3 || Y.desc.dims[0] != 1 || Y.aliasOf >= 0 || Y.escapesSteps()
            || Y.desc.layout != kernels::Layout::Plain || Y.desc.type != DataType::Float)
            continue;
        const int64_t rows = Y.desc.dims[1], rowLength = Y.desc.dims[2];
        std::vector<Part> parts;
        std::vector<Step*> levels;
        int64_t column = 0;
        bool ok = true;
        for (int32_t u : s3.inputs) {
            if (!ok || u < 0) {
                ok = false;
                break;
            }
            // u: the Reshape view [1, C, H*W] of a level's Concat output.
            const PlanValue& U = plan.values[size_t(u)];
            ok = U.aliasOf >= 0 && U.aliasOffset == 0 && plainIntermediate(U) && U.desc.rank() == 3
                && U.desc.dims[1] == rows && readerCount(u) == 1;
            if (!ok)
                break;
            const int32_t c = U.aliasOf;
            const PlanValue& C = plan.values[size_t(c)];
            Step* level = producer(c);
            ok = C.aliasOf < 0 && plainIntermediate(C) && C.desc.rank() == 4 && C.desc.dims[0] == 1
                && C.desc.dims[1] == rows && C.desc.dims[2] * C.desc.dims[3] == U.desc.dims[2] && readerCount(c) == 0
                && level && level->opType == "Concat" && level->outputs.size() == 1;
            if (!ok)
                break;
            const Node& nl = g.node(level->anchor);
            const auto levelAxis = kernels::normalizeAxis(nl, nl.attrInt("axis", 0), 4);
            ok = levelAxis && *levelAxis == 1;
            // Nothing but u and the level's parts may be stored in the level's buffer.
            for (size_t v = 0; ok && v < plan.values.size(); ++v)
                if (plan.values[v].aliasOf == c && int32_t(v) != u
                    && std::find(level->inputs.begin(), level->inputs.end(), int32_t(v)) == level->inputs.end())
                    ok = false;
            const int64_t plane = C.desc.dims[2] * C.desc.dims[3];
            int64_t channel = 0;
            for (int32_t p : level->inputs) {
                if (!ok)
                    break;
                const PlanValue& P = plan.values[size_t(p)];
                Step* ps = p >= 0 ? producer(p) : nullptr;
                ok = ps && P.aliasOf == c && P.aliasOffset == int64_t(channel * plane * sizeof(float))
                    && plainIntermediate(P) && P.desc.rank() == 4 && P.desc.dims[0] == 1 && readerCount(p) == 1
                    && ps->kernel && ps->outputs[0] == p;
                if (ok)
                    parts.push_back({ p, ps, channel * rowLength + column, plane });
                channel += ok ? P.desc.dims[1] : 0;
            }
            ok = ok && channel == rows;
            levels.push_back(level);
            column += U.desc.dims[2];
        }
        if (!ok || column != rowLength || parts.empty())
            continue;
        size_t accepted = 0;
        while (accepted < parts.size() && parts[accepted].step->kernel->setOutputChannelStride(rowLength))
            ++accepted;
        if (accepted < parts.size()) {
            for (size_t i = 0; i < accepted; ++i)
                parts[i].step->kernel->setOutputChannelStride(parts[i].planeSize);
            continue;
        }
        for (const Part& p : parts) {
            plan.values[size_t(p.vid)].aliasOf = y3;
            plan.values[size_t(p.vid)].aliasOffset = p.offset * int64_t(sizeof(float));
        }
        // The profiler attributes the vanished concatenations to the convolutions that now do their work.
        Step* last = parts.back().step;
        for (Step* level : levels) {
            last->nodes.insert(last->nodes.end(), level->nodes.begin(), level->nodes.end());
            level->removed = true;
        }
        last->nodes.insert(last->nodes.end(), s3.nodes.begin(), s3.nodes.end());
        s3.removed = true;
    }
}

/// A Transpose whose permutation keeps the axes of extent > 1 in their order (it only moves axes of extent 1, as a
/// transformer's [1, T, D] <-> [T, 1, D] does) leaves every element where it is: the output is a view of the input.
bool keepsElementOrder(const Node& n, const kernels::TensorDesc& x)
{
    const int64_t rank = x.rank();
    std::vector<int64_t> perm = n.attrInts("perm");
    if (perm.empty())
        for (int64_t i = rank - 1; i >= 0; --i)
            perm.push_back(i);
    if (int64_t(perm.size()) != rank)
        return false;
    int64_t last = -1;
    for (int64_t axis : perm) {
        if (axis < 0 || axis >= rank)
            return false;
        if (x.dims[size_t(axis)] == 1)
            continue;
        if (axis < last)
            return false;
        last = axis;
    }
    return true;
}

} // namespace

bool isViewOpType(std::string_view opType)
{
    static const std::set<std::string, std::less<>> kViews { "Reshape", "Flatten", "Squeeze", "Unsqueeze", "Identity" };
    return kViews.count(opType) > 0;
}

void planAliases(SessionPlan& plan)
{
    const Graph& g = plan.graph();
    // Values written by some step at run time (not graph inputs or constants), which can therefore live anywhere.
    auto stepWritten = [&](int32_t vid) {
        const PlanValue& v = plan.values[size_t(vid)];
        return vid >= 0 && v.graphInput < 0 && !v.desc.constant;
    };
    auto producerOf = [&](int32_t vid) -> Step* {
        vid = rootOf(plan, vid).first;
        for (Step& s : plan.steps)
            if (!s.removed && std::find(s.outputs.begin(), s.outputs.end(), vid) != s.outputs.end())
                return &s;
        return nullptr;
    };
    auto absorbInto = [&](Step& removed, int32_t input) {
        // The authored node now runs no kernel: the profiler attributes it to the step that produces the data.
        if (Step* p = producerOf(input))
            p->nodes.insert(p->nodes.end(), removed.nodes.begin(), removed.nodes.end());
        removed.removed = true;
    };
    for (Step& s : plan.steps) {
        if (s.removed || s.nodes.size() != 1 || s.inputs.empty() || !stepWritten(s.inputs[0]))
            continue;
        const Node& n = g.node(s.anchor);
        if (!n.domain.empty())
            continue;
        PlanValue& x = plan.values[size_t(s.inputs[0])];
        if (isViewOpType(n.opType) || (n.opType == "Transpose" && keepsElementOrder(n, x.desc))) {
            if (s.outputs.size() != 1 || s.outputs[0] < 0)
                continue;
            PlanValue& y = plan.values[size_t(s.outputs[0])];
            if (x.desc.layout != kernels::Layout::Plain || y.desc.layout != kernels::Layout::Plain
                || x.desc.byteSize() != y.desc.byteSize())
                continue;
            y.aliasOf = s.inputs[0];
            y.aliasOffset = 0;
            absorbInto(s, s.inputs[0]);
        } else if (n.opType == "Split") {
            auto axis = kernels::normalizeAxis(n, n.attrInt("axis", 0), x.desc.rank());
            if (!axis || outerCount(x.desc.dims, *axis) != 1 || !dense(x) || x.desc.layout == kernels::Layout::Nhwc)
                continue;
            bool ok = true;
            for (int32_t o : s.outputs)
                ok = ok && o >= 0 && dense(plan.values[size_t(o)])
                    && plan.values[size_t(o)].desc.layout == x.desc.layout;
            if (!ok)
                continue;
            int64_t offset = 0;
            for (int32_t o : s.outputs) {
                plan.values[size_t(o)].aliasOf = s.inputs[0];
                plan.values[size_t(o)].aliasOffset = offset;
                offset += int64_t(plan.values[size_t(o)].desc.byteSize());
            }
            absorbInto(s, s.inputs[0]);
        }
    }
    // A fused residual Add (Sum post-op) accumulates into its destination: when the convolution is the residual's
    // last reader, the destination can be the residual's own buffer, which saves copying it there first.
    for (size_t i = 0; i < plan.steps.size(); ++i) {
        Step& s = plan.steps[i];
        if (s.removed || s.outputs.size() != 1 || s.outputs[0] < 0)
            continue;
        int32_t residual = -1;
        for (const kernels::PostOp& p : s.postOps)
            if (p.kind == kernels::PostOp::Kind::Sum && p.extraInput >= 0)
                residual = s.inputs[size_t(p.extraInput)];
        if (residual < 0 || !stepWritten(residual) || std::count(s.inputs.begin(), s.inputs.end(), residual) != 1)
            continue;
        PlanValue& r = plan.values[size_t(residual)];
        PlanValue& y = plan.values[size_t(s.outputs[0])];
        if (r.aliasOf >= 0 || y.aliasOf >= 0 || r.escapesSteps() || r.desc.layout != y.desc.layout
            || r.desc.byteSize() != y.desc.byteSize() || !producerOf(residual))
            continue;
        bool lastReader = true;
        for (size_t j = i + 1; j < plan.steps.size() && lastReader; ++j)
            if (!plan.steps[j].removed)
                for (int32_t in : plan.steps[j].inputs)
                    lastReader = lastReader && in != residual;
        for (const PlanValue& v : plan.values)
            lastReader = lastReader && v.aliasOf != residual; // nothing else is stored in it
        if (!lastReader)
            continue;
        y.aliasOf = residual;
        y.aliasOffset = 0;
    }

    for (Step& s : plan.steps) {
        // A Concat whose output a view (Reshape...) aliases holds that node too (absorbInto above), so test the
        // step's op type rather than its node count; a fused Concat+DynamicQuantizeLinear writes no float output.
        if (s.removed || s.opType != "Concat" || s.outputs.size() != 1 || s.outputs[0] < 0)
            continue;
        const Node& n = g.node(s.anchor);
        if (!n.domain.empty() || n.opType != "Concat")
            continue;
        const int32_t yid = s.outputs[0];
        const PlanValue& y = plan.values[size_t(yid)];
        auto axis = kernels::normalizeAxis(n, n.attrInt("axis", 0), y.desc.rank());
        // NHWC (the dynamic int8 path's regions) interleaves the parts' channels: no contiguous chunks.
        if (!axis || outerCount(y.desc.dims, *axis) != 1 || !dense(y) || y.desc.layout == kernels::Layout::Nhwc)
            continue;
        int64_t offset = 0;
        for (int32_t vid : s.inputs) {
            if (vid < 0)
                continue;
            PlanValue& v = plan.values[size_t(vid)];
            const int64_t size = int64_t(v.desc.byteSize());
            // Each part once, written by a step, not already stored elsewhere, same layout, and not a graph output
            // (those are read from their own place at the end of the run; simpler to keep them apart).
            if (stepWritten(vid) && v.aliasOf < 0 && vid != yid && !v.escapesSteps() && dense(v)
                && v.desc.layout == y.desc.layout && std::count(s.inputs.begin(), s.inputs.end(), vid) == 1
                && producerOf(vid) && rootOf(plan, yid).first != vid) {
                v.aliasOf = yid;
                v.aliasOffset = offset;
            }
            offset += size;
        }
    }
    planRowConcats(plan);
}

void planMemory(SessionPlan& plan)
{
    const int32_t lastStep = static_cast<int32_t>(plan.steps.size());
    // Lifetimes per buffer root: from the first step writing any value stored in it to the last reader of any.
    const size_t nv = plan.values.size();
    std::vector<int32_t> first(nv, std::numeric_limits<int32_t>::max()), last(nv, -1);
    std::vector<int64_t> rootOffset(nv, 0);
    std::vector<int32_t> root(nv, -1);
    for (size_t i = 0; i < nv; ++i) {
        const PlanValue& v = plan.values[i];
        if (v.producerStep < 0 && v.aliasOf < 0)
            continue;
        const auto [r, off] = rootOf(plan, int32_t(i));
        root[i] = r;
        // A root may hold values without being produced by a step itself (planRowConcats: the parts are).
        root[size_t(r)] = r;
        rootOffset[i] = off;
        if (v.producerStep >= 0)
            first[size_t(r)] = std::min(first[size_t(r)], v.producerStep);
        const int32_t end = v.escapesSteps() ? lastStep : std::max(v.lastUseStep, v.producerStep);
        last[size_t(r)] = std::max(last[size_t(r)], end);
    }
    std::vector<Buffer> buffers;
    for (size_t i = 0; i < nv; ++i) {
        PlanValue& v = plan.values[i];
        if (root[i] != int32_t(i) || first[i] == std::numeric_limits<int32_t>::max())
            continue;
        buffers.push_back({ alignUp(static_cast<int64_t>(v.desc.byteSize())), first[i], last[i], &v.arenaOffset });
    }
    for (size_t i = 0; i < plan.steps.size(); ++i) {
        Step& s = plan.steps[i];
        if (s.scratchBytes)
            buffers.push_back(
                { alignUp(static_cast<int64_t>(s.scratchBytes)), int32_t(i), int32_t(i), &s.scratchOffset });
    }
    std::stable_sort(buffers.begin(), buffers.end(), [](const Buffer& a, const Buffer& b) { return a.size > b.size; });

    std::vector<const Buffer*> placed;
    int64_t peak = 0;
    int64_t unshared = 0;
    for (Buffer& b : buffers) {
        unshared += b.size;
        std::vector<std::pair<int64_t, int64_t>> busy; // [begin, end) of lifetime-overlapping placed buffers
        for (const Buffer* p : placed)
            if (p->first <= b.last && b.first <= p->last)
                busy.emplace_back(*p->offset, *p->offset + p->size);
        std::sort(busy.begin(), busy.end());
        int64_t offset = 0;
        for (const auto& [begin, end] : busy) {
            if (offset + b.size <= begin)
                break;
            offset = std::max(offset, end);
        }
        *b.offset = offset;
        peak = std::max(peak, offset + b.size);
        placed.push_back(&b);
    }
    plan.arenaBytes = peak;
    plan.unsharedBytes = unshared;
    for (size_t i = 0; i < nv; ++i)
        if (root[i] >= 0 && root[i] != int32_t(i))
            plan.values[i].arenaOffset = plan.values[size_t(root[i])].arenaOffset + rootOffset[i];
}

} // namespace qs
