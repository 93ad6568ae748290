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

/// y = op(a, b) elementwise over the broadcast output of a two-operand plan, row by row on the calling thread (for
/// the small integer ops; the float arithmetic has its own parallel loops in elementwise.cpp).
template <typename T, typename Op> void broadcastRows(const BroadcastPlan& p, const T* a, const T* b, T* y, Op op)
{
    const int64_t inner = p.inner();
    const int64_t sa = p.innerStride(0), sb = p.innerStride(1);
    for (int64_t r = 0; r < p.rows(); ++r) {
        const T* ar = a + p.rowOffset(0, r);
        const T* br = b + p.rowOffset(1, r);
        T* yr = y + r * inner;
        for (int64_t i = 0; i < inner; ++i)
            yr[i] = op(ar[i * sa], br[i * sb]);
    }
}

} // namespace qs::kernels
