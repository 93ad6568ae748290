// SPDX-License-Identifier: MIT
// Broadcast iteration for elementwise kernels: dims are coalesced once at preparation so the hot loop is an
// outer loop over rows and an inner contiguous (or stride-0) run.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace qs::kernels {

class BroadcastPlan
{
public:
    /// `inputs` are the operand shapes (any count), `out` their broadcast shape.
    BroadcastPlan(std::span<const std::vector<int64_t>> inputs, const std::vector<int64_t>& out);

    int64_t count() const noexcept { return m_count; }
    int64_t inner() const noexcept { return m_inner; }
    int64_t rows() const noexcept { return m_inner ? m_count / m_inner : 0; }
    /// Element stride of operand k in the inner run: 1 or 0.
    int64_t innerStride(size_t k) const noexcept { return m_strides[k].back(); }
    /// Offset of operand k at the start of row `row`.
    int64_t rowOffset(size_t k, int64_t row) const noexcept;

private:
    std::vector<int64_t> m_dims; ///< coalesced output dims (rank >= 1)
    std::vector<std::vector<int64_t>> m_strides; ///< per operand, per coalesced dim (0 = broadcast)
    int64_t m_count = 0;
    int64_t m_inner = 1;
};

} // namespace qs::kernels
