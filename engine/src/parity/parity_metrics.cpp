// SPDX-License-Identifier: MIT
// The per-tensor measures of parity (max/mean |Δ|, RMSE, cosine, SQNR) and top-k agreement.
#include <quantscope/engine/parity.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace qs {

void DiffAccumulator::add(std::span<const float> reference, std::span<const float> candidate)
{
    const size_t n = std::min(reference.size(), candidate.size());
    for (size_t i = 0; i < n; ++i) {
        const double a = reference[i];
        const double b = candidate[i];
        if (!std::isfinite(a) || !std::isfinite(b)) {
            ++m_nonFinite;
            continue;
        }
        const double d = a - b;
        m_maxAbs = std::max(m_maxAbs, std::abs(d));
        m_sumAbs += std::abs(d);
        m_sumSqDiff += d * d;
        m_sumRefSq += a * a;
        m_sumCandSq += b * b;
        m_sumDot += a * b;
        ++m_count;
    }
}

TensorDiff DiffAccumulator::result() const
{
    TensorDiff r;
    r.count = m_count;
    r.nonFinite = m_nonFinite;
    if (m_count == 0)
        return r;
    r.maxAbs = m_maxAbs;
    r.meanAbs = m_sumAbs / static_cast<double>(m_count);
    r.rmse = std::sqrt(m_sumSqDiff / static_cast<double>(m_count));
    if (m_sumRefSq == 0 && m_sumCandSq == 0)
        r.cosine = 1;
    else if (m_sumRefSq == 0 || m_sumCandSq == 0)
        r.cosine = 0;
    else
        r.cosine = m_sumDot / (std::sqrt(m_sumRefSq) * std::sqrt(m_sumCandSq));
    if (m_sumSqDiff == 0)
        r.sqnrDb = std::numeric_limits<double>::infinity();
    else if (m_sumRefSq == 0)
        r.sqnrDb = -std::numeric_limits<double>::infinity();
    else
        r.sqnrDb = 10.0 * std::log10(m_sumRefSq / m_sumSqDiff);
    return r;
}

int64_t classifierClasses(const std::vector<int64_t>& dims) noexcept
{
    // [N, C] or [N, C, 1, 1]: the class axis is 1, everything after it is 1.
    if (dims.size() < 2 || dims[1] < 2)
        return 0;
    for (size_t i = 2; i < dims.size(); ++i)
        if (dims[i] != 1)
            return 0;
    return dims[1];
}

namespace {

std::vector<int64_t> topIndices(std::span<const float> row, size_t k)
{
    std::vector<int64_t> idx(row.size());
    std::iota(idx.begin(), idx.end(), 0);
    k = std::min(k, idx.size());
    // Ties go to the lower index, so equal rows always agree.
    std::partial_sort(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(k), idx.end(),
        [&](int64_t a, int64_t b) { return row[a] > row[b] || (row[a] == row[b] && a < b); });
    idx.resize(k);
    return idx;
}

} // namespace

void addClassAgreement(ClassAgreement& agreement, const std::vector<int64_t>& dims, std::span<const float> reference,
    std::span<const float> candidate)
{
    const int64_t classes = classifierClasses(dims);
    if (classes == 0 || reference.size() != candidate.size())
        return;
    const size_t c = static_cast<size_t>(classes);
    agreement.hasTop5 = classes > 5;
    for (size_t row = 0; row + c <= reference.size(); row += c) {
        const int64_t label = topIndices(reference.subspan(row, c), 1).at(0);
        const auto top5 = topIndices(candidate.subspan(row, c), 5);
        ++agreement.rows;
        if (top5.at(0) == label)
            ++agreement.top1;
        if (agreement.hasTop5 && std::find(top5.begin(), top5.end(), label) != top5.end())
            ++agreement.top5;
    }
}

} // namespace qs
