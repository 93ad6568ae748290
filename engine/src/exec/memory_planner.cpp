// SPDX-License-Identifier: MIT
// Greedy-by-size offset assignment (as in TFLite's arena planner): buffers sorted by size, largest first, each
// placed at the lowest offset that does not overlap a buffer with an intersecting lifetime.
#include "exec/session_plan.h"

#include <algorithm>

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

void planMemory(SessionPlan& plan)
{
    std::vector<Buffer> buffers;
    const int32_t lastStep = static_cast<int32_t>(plan.steps.size());
    for (PlanValue& v : plan.values) {
        if (v.producerStep < 0)
            continue;
        const int32_t last = v.graphOutput >= 0 ? lastStep : std::max(v.lastUseStep, v.producerStep);
        buffers.push_back({ alignUp(static_cast<int64_t>(v.desc.byteSize())), v.producerStep, last, &v.arenaOffset });
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
}

} // namespace qs
