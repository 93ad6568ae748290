// SPDX-License-Identifier: MIT
#include "kernels/cpu/broadcast.h"

#include "kernels/shape_util.h"

namespace qs::kernels {

BroadcastPlan::BroadcastPlan(std::span<const std::vector<int64_t>> inputs, const std::vector<int64_t>& out)
{
    m_count = shapeElementCount(out);
    std::vector<int64_t> dims = out.empty() ? std::vector<int64_t> { 1 } : out;
    std::vector<std::vector<int64_t>> strides;
    for (const auto& in : inputs)
        strides.push_back(out.empty() ? std::vector<int64_t> { 0 } : broadcastStrides(in, dims));
    // Drop unit dims, then merge neighbours whose strides are contiguous for every operand.
    std::vector<int64_t> cd;
    std::vector<std::vector<int64_t>> cs(strides.size());
    for (size_t i = 0; i < dims.size(); ++i) {
        if (dims[i] == 1 && dims.size() > 1)
            continue;
        bool merge = !cd.empty();
        for (size_t k = 0; merge && k < strides.size(); ++k) {
            const int64_t prev = cs[k].back();
            const int64_t cur = strides[k][i];
            merge = (prev == 0 && cur == 0) || (cur != 0 && prev == cur * dims[i]);
        }
        if (merge) {
            cd.back() *= dims[i];
            for (size_t k = 0; k < strides.size(); ++k)
                cs[k].back() = strides[k][i];
        } else {
            cd.push_back(dims[i]);
            for (size_t k = 0; k < strides.size(); ++k)
                cs[k].push_back(strides[k][i]);
        }
    }
    if (cd.empty()) {
        cd.push_back(1);
        for (auto& s : cs)
            s.push_back(0);
    }
    m_dims = cd;
    m_strides = cs;
    m_inner = m_dims.back();
}

int64_t BroadcastPlan::rowOffset(size_t k, int64_t row) const noexcept
{
    int64_t off = 0;
    const auto& s = m_strides[k];
    for (size_t d = m_dims.size() - 1; d-- > 0;) {
        const int64_t idx = row % m_dims[d];
        row /= m_dims[d];
        off += idx * s[d];
    }
    return off;
}

} // namespace qs::kernels
