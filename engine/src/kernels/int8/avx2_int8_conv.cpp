// SPDX-License-Identifier: MIT
#include "kernels/int8/avx2_int8_conv.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <immintrin.h>
#include <utility>

namespace qs::kernels::int8 {

namespace {

constexpr int kMaxPixels = 8;
constexpr int kMaxWidth = 3;
/// The grouped form's default blocking: 4 pixels x 16 channels (8 accumulators; the weights stay memory operands).
constexpr int kGroupedPixels = 4;
constexpr int kGroupedWidth = 2;
constexpr int64_t kGroupedBlockChannels = 8 * kGroupedWidth;

/// The 4 bytes at `src` in every 32-bit lane.
__attribute__((target("avx2"))) inline __m256i broadcast(const uint8_t* src)
{
    int32_t quad;
    std::memcpy(&quad, src, 4);
    return _mm256_set1_epi32(quad);
}

/// P pixels × N ymm (8 output channels each): Σ over kernel rows and (kw, channel quad) steps, then + offsets.
/// `a[p]` points at pixel p's window origin in the padded input, `w` at the block's packed weights.
/// Per quad: vpmaddubsw (u8·s8 pairs into saturating s16), vpmaddwd with ones, vpaddd: 2 port-0/1 operations per
/// 32 MACs.
template <int P, int N>
__attribute__((target("avx2"))) void microKernel(const uint8_t* const* a, const void* weights, int64_t kernelRows,
    int64_t rowStride, int64_t steps, const int32_t* offsets, int32_t* const* out)
{
    const auto* w = static_cast<const __m256i*>(weights);
    __m256i acc[P][N];
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm256_setzero_si256();
    const __m256i ones = _mm256_set1_epi16(1);
    for (int64_t kh = 0; kh < kernelRows; ++kh) {
        const uint8_t* row[P];
        for (int p = 0; p < P; ++p)
            row[p] = a[p] + kh * rowStride;
        for (int64_t j = 0; j < steps; ++j) {
            __m256i wv[N];
            for (int n = 0; n < N; ++n)
                wv[n] = _mm256_load_si256(w + n);
            w += N;
            for (int p = 0; p < P; ++p) {
                const __m256i b = broadcast(row[p] + 4 * j);
                for (int n = 0; n < N; ++n)
                    acc[p][n] = _mm256_add_epi32(acc[p][n], _mm256_madd_epi16(_mm256_maddubs_epi16(b, wv[n]), ones));
            }
        }
    }
    for (int n = 0; n < N; ++n) {
        const __m256i off = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(offsets + 8 * n));
        for (int p = 0; p < P; ++p)
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[p] + 8 * n), _mm256_add_epi32(acc[p][n], off));
    }
}

/// The grouped form: the block's quads in the order of `quads` (byte offsets from the window origin, kernel row
/// included), `pairs` pairs first — per pair the two vpmaddubsw results are added in s16 (vpaddw) before one vpmaddwd
/// and vpaddd: 3 port-0/1 operations per 64 MACs — then `singles` quads in the pairwise way. Exact for pairs that are
/// group-safe on these weights (create() groups only those, see the header) and pair-safe singles.
template <int P, int N>
__attribute__((target("avx2"))) void groupedKernel(const uint8_t* const* a, const void* weights, const int32_t* quads,
    int64_t pairs, int64_t singles, const int32_t* offsets, int32_t* const* out)
{
    const auto* w = static_cast<const __m256i*>(weights);
    __m256i acc[P][N];
    for (int p = 0; p < P; ++p)
        for (int n = 0; n < N; ++n)
            acc[p][n] = _mm256_setzero_si256();
    const __m256i ones = _mm256_set1_epi16(1);
    for (int64_t i = 0; i < pairs; ++i) {
        const int64_t q0 = quads[2 * i], q1 = quads[2 * i + 1];
        // Weights as memory operands: 2·N vectors would not fit beside P·N accumulators in 16 registers.
        for (int p = 0; p < P; ++p) {
            const __m256i b0 = broadcast(a[p] + q0), b1 = broadcast(a[p] + q1);
            for (int n = 0; n < N; ++n) {
                const __m256i s16 = _mm256_add_epi16(_mm256_maddubs_epi16(b0, _mm256_load_si256(w + n)),
                    _mm256_maddubs_epi16(b1, _mm256_load_si256(w + N + n)));
                acc[p][n] = _mm256_add_epi32(acc[p][n], _mm256_madd_epi16(s16, ones));
            }
        }
        w += 2 * N;
    }
    quads += 2 * pairs;
    for (int64_t i = 0; i < singles; ++i) {
        const int64_t q = quads[i];
        __m256i wv[N];
        for (int n = 0; n < N; ++n)
            wv[n] = _mm256_load_si256(w + n);
        w += N;
        for (int p = 0; p < P; ++p) {
            const __m256i b = broadcast(a[p] + q);
            for (int n = 0; n < N; ++n)
                acc[p][n] = _mm256_add_epi32(acc[p][n], _mm256_madd_epi16(_mm256_maddubs_epi16(b, wv[n]), ones));
        }
    }
    for (int n = 0; n < N; ++n) {
        const __m256i off = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(offsets + 8 * n));
        for (int p = 0; p < P; ++p)
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[p] + 8 * n), _mm256_add_epi32(acc[p][n], off));
    }
}

using MicroKernel
    = void (*)(const uint8_t* const*, const void*, int64_t, int64_t, int64_t, const int32_t*, int32_t* const*);
using GroupedKernel
    = void (*)(const uint8_t* const*, const void*, const int32_t*, int64_t, int64_t, const int32_t*, int32_t* const*);

template <int N, int... P> constexpr auto kernelRow(std::integer_sequence<int, P...>)
{
    return std::array<MicroKernel, sizeof...(P)> { &microKernel<P + 1, N>... };
}
template <int N, int... P> constexpr auto groupedRow(std::integer_sequence<int, P...>)
{
    return std::array<GroupedKernel, sizeof...(P)> { &groupedKernel<P + 1, N>... };
}

/// kKernels[N - 1][P - 1]
const std::array<std::array<MicroKernel, kMaxPixels>, kMaxWidth> kKernels {
    kernelRow<1>(std::make_integer_sequence<int, kMaxPixels>()),
    kernelRow<2>(std::make_integer_sequence<int, kMaxPixels>()),
    kernelRow<3>(std::make_integer_sequence<int, kMaxPixels>()),
};
const std::array<std::array<GroupedKernel, kMaxPixels>, kMaxWidth> kGroupedKernels {
    groupedRow<1>(std::make_integer_sequence<int, kMaxPixels>()),
    groupedRow<2>(std::make_integer_sequence<int, kMaxPixels>()),
    groupedRow<3>(std::make_integer_sequence<int, kMaxPixels>()),
};

/// Makes the `sign` side of one group of `members` weights of `row` safe: the sum of its weights of that sign (their
/// magnitudes) at most kGroupSafeMagnitude, shrinking the largest magnitudes first (fewest residual weights: each
/// shrink removes as much as one weight can). Appends the (position, excess) pairs.
void splitGroup(int8_t* row, const int64_t* members, int count, int sign, std::vector<std::pair<int64_t, int>>& excess)
{
    int sum = 0;
    for (int k = 0; k < count; ++k)
        sum += std::max(0, sign * int(row[members[k]]));
    while (sum > kGroupSafeMagnitude) {
        int best = -1;
        for (int k = 0; k < count; ++k)
            if (sign * int(row[members[k]]) > 0
                && (best < 0 || std::abs(row[members[k]]) > std::abs(row[members[best]])))
                best = k;
        const int magnitude = std::abs(row[members[best]]);
        const int kept = magnitude - std::min(magnitude, sum - kGroupSafeMagnitude);
        excess.emplace_back(members[best], sign * (magnitude - kept));
        row[members[best]] = int8_t(sign * kept);
        sum -= magnitude - kept;
    }
}

} // namespace

bool Avx2Int8Conv::supports(const ConvShape& s)
{
    return s.group == 1 && s.dilationHeight == 1 && s.dilationWidth == 1 && __builtin_cpu_supports("avx2");
}

std::vector<ResidualWeight> Avx2Int8Conv::splitPairs(const ConvShape& s, int8_t* weights, SaturationReport& report)
{
    return split(s, weights, report, false);
}

std::vector<ResidualWeight> Avx2Int8Conv::splitGroups(const ConvShape& s, int8_t* weights, SaturationReport& report)
{
    return split(s, weights, report, true);
}

std::vector<ResidualWeight> Avx2Int8Conv::split(
    const ConvShape& s, int8_t* weights, SaturationReport& report, bool grouped)
{
    // The kernel's pairs and groups are bytes of each kernel row's flattened (kw, c) sequence: split in that order.
    const int64_t oc = s.outChannels, ic = s.inChannels, kh = s.kernelHeight, kw = s.kernelWidth;
    const int64_t length = kw * ic;
    std::vector<int8_t> rows(size_t(s.weightCount()));
    const auto index
        = [&](int64_t o, int64_t c, int64_t r, int64_t col) { return size_t(((o * ic + c) * kh + r) * kw + col); };
    const auto rowIndex
        = [&](int64_t o, int64_t c, int64_t r, int64_t col) { return size_t(((o * kh + r) * kw + col) * ic + c); };
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t c = 0; c < ic; ++c)
            for (int64_t r = 0; r < kh; ++r)
                for (int64_t col = 0; col < kw; ++col)
                    rows[rowIndex(o, c, r, col)] = weights[index(o, c, r, col)];
    // The pair rule is counted either way: the diagnosis reports the pairs vpmaddubsw alone could saturate.
    std::vector<ResidualWeight> flat = splitSaturatingPairs(rows.data(), oc * kh, length, 1, !grouped, report);
    if (grouped) {
        // The grouped kernel sums quads 2m and 2m + 1 of a kernel row lane by lane in s16, so s16 lane 2l' of output
        // channel k holds the products of bytes 8m + 2l', 8m + 2l' + 1, 8m + 4 + 2l', 8m + 5 + 2l' (l' = 0, 1): a
        // group; bytes past the row are zero weights. Per block of kGroupedBlockChannels output channels (the
        // kernel's blocking) and quad pair, the group split is taken when it needs no more residual weights than the
        // pair split of the same 8 bytes; otherwise (and for a row's last quad when the count is odd) the pair split,
        // and create() computes those quads the pairwise way. So the residual never exceeds the pair rule's.
        const int64_t steps = (length + 3) / 4;
        const auto at = [&](int64_t row, int64_t t) { return t < length ? int(rows[size_t(row * length + t)]) : 0; };
        const auto splitPair = [&](int64_t row, int64_t t) { // int8_saturation.cpp's rule: shrink the even weight
            const int av = at(row, t), bv = at(row, t + 1);
            if ((av > 0) != (bv > 0) || av == 0 || bv == 0 || std::abs(av) + std::abs(bv) <= kPairSafeMagnitude)
                return;
            const int kept = (av > 0 ? 1 : -1) * (kPairSafeMagnitude - std::abs(bv));
            flat.push_back({ int32_t(row), int32_t(t), 0, av - kept });
            rows[size_t(row * length + t)] = int8_t(kept);
        };
        // The residual costs mostly per input channel it reads (an int16 plane of the whole image each,
        // int8_conv_residual.cpp), and most offending groups exceed the bound by little, so one weight of several
        // could take the excess: groups that one weight can fix are fixed on as few input channels as a greedy set
        // cover finds; the others shrink their largest weights first (fewest residual weights).
        struct Offender
        {
            int64_t row = 0;
            int64_t members[4] = {};
            int count = 0;
            int sign = 1;
            int excess = 0;
        };
        std::vector<Offender> offenders, found;
        for (int64_t o0 = 0; o0 < oc; o0 += kGroupedBlockChannels)
            for (int64_t r = 0; r < kh; ++r)
                for (int64_t j = 0; j < steps; j += 2) {
                    const int64_t o1 = std::min(oc, o0 + kGroupedBlockChannels);
                    if (j + 1 >= steps) { // a lone last quad: its pairs are its groups
                        for (int64_t o = o0; o < o1; ++o)
                            for (int64_t t = 4 * j; t < 4 * j + 4; t += 2)
                                if (t + 1 < length)
                                    splitPair(o * kh + r, t);
                        continue;
                    }
                    found.clear();
                    int64_t pairCost = 0, groupCost = 0;
                    for (int64_t o = o0; o < o1; ++o) {
                        const int64_t row = o * kh + r;
                        for (int64_t t = 4 * j; t < 4 * j + 8; t += 2) {
                            const int av = at(row, t), bv = at(row, t + 1);
                            pairCost += (av > 0) == (bv > 0) && av != 0 && bv != 0
                                    && std::abs(av) + std::abs(bv) > kPairSafeMagnitude
                                ? 1
                                : 0;
                        }
                        for (int64_t half = 0; half < 2; ++half) {
                            Offender g;
                            g.row = row;
                            for (int64_t t :
                                { 4 * j + 2 * half, 4 * j + 2 * half + 1, 4 * j + 4 + 2 * half, 4 * j + 5 + 2 * half })
                                if (t < length)
                                    g.members[g.count++] = t;
                            for (int sign = -1; sign <= 1; sign += 2) {
                                int magnitudes[4];
                                int count = 0, sum = 0;
                                for (int k = 0; k < g.count; ++k)
                                    if (sign * at(row, g.members[k]) > 0) {
                                        magnitudes[count] = std::abs(at(row, g.members[k]));
                                        sum += magnitudes[count++];
                                    }
                                if (sum <= kGroupSafeMagnitude)
                                    continue;
                                g.sign = sign;
                                g.excess = sum - kGroupSafeMagnitude;
                                found.push_back(g);
                                std::sort(magnitudes, magnitudes + count, std::greater<int>());
                                for (int k = 0; k < count && sum > kGroupSafeMagnitude; ++k) {
                                    sum -= magnitudes[k];
                                    ++groupCost;
                                }
                            }
                        }
                    }
                    if (groupCost <= pairCost) {
                        offenders.insert(offenders.end(), found.begin(), found.end());
                    } else {
                        for (int64_t o = o0; o < o1; ++o)
                            for (int64_t t = 4 * j; t < 4 * j + 8; t += 2)
                                if (t + 1 < length)
                                    splitPair(o * kh + r, t);
                    }
                }
        const auto fixes = [&](const Offender& g, int k) {
            return g.sign * int(rows[size_t(g.row * length + g.members[k])]) >= g.excess;
        };
        std::vector<bool> chosen(size_t(ic), false), covered(offenders.size(), false);
        for (;;) {
            std::vector<int64_t> count(size_t(ic), 0);
            for (size_t i = 0; i < offenders.size(); ++i) {
                if (covered[i])
                    continue;
                for (int k = 0; k < offenders[i].count; ++k)
                    if (fixes(offenders[i], k))
                        ++count[size_t(offenders[i].members[k] % ic)];
            }
            const auto best = std::max_element(count.begin(), count.end());
            if (*best == 0)
                break;
            const int64_t c = best - count.begin();
            chosen[size_t(c)] = true;
            for (size_t i = 0; i < offenders.size(); ++i)
                for (int k = 0; k < offenders[i].count && !covered[i]; ++k)
                    covered[i] = offenders[i].members[k] % ic == c && fixes(offenders[i], k);
        }
        std::vector<std::pair<int64_t, int>> excess;
        for (const Offender& g : offenders) {
            int8_t* row = rows.data() + g.row * length;
            excess.clear();
            int k = 0;
            while (k < g.count && !(chosen[size_t(g.members[k] % ic)] && fixes(g, k)))
                ++k;
            if (k < g.count) {
                row[g.members[k]] = int8_t(int(row[g.members[k]]) - g.sign * g.excess);
                excess.emplace_back(g.members[k], g.sign * g.excess);
            } else {
                splitGroup(row, g.members, g.count, g.sign, excess);
            }
            for (auto [t, value] : excess)
                flat.push_back({ int32_t(g.row), int32_t(t), 0, value });
        }
        report.residualEntries = int64_t(flat.size());
        report.groupedInt16 = true;
        for (size_t i = 0; i < offenders.size(); ++i) // a group offending on both sides is listed twice, in a row
            report.offendingGroups += i == 0 || offenders[i].row != offenders[i - 1].row
                    || offenders[i].members[0] != offenders[i - 1].members[0]
                ? 1
                : 0;
    }
    std::vector<ResidualWeight> split;
    for (const ResidualWeight& e : flat) {
        const int64_t r = e.row % kh, col = e.reduction / ic, c = e.reduction % ic;
        split.push_back({ int32_t(e.row / kh), int32_t(c), int32_t(r * kw + col), e.value });
    }
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t c = 0; c < ic; ++c)
            for (int64_t r = 0; r < kh; ++r)
                for (int64_t col = 0; col < kw; ++col)
                    weights[index(o, c, r, col)] = rows[rowIndex(o, c, r, col)];
    std::stable_sort(
        split.begin(), split.end(), [](const ResidualWeight& a, const ResidualWeight& b) { return a.row < b.row; });
    return split;
}

std::unique_ptr<Avx2Int8Conv> Avx2Int8Conv::create(
    const ConvShape& s, const int8_t* weights, int pixelBlock, int channelBlock, bool grouped)
{
    std::unique_ptr<Avx2Int8Conv> c(new Avx2Int8Conv);
    c->m_shape = s;
    c->m_grouped = grouped;
    if (grouped) {
        c->m_pixelBlock = kGroupedPixels;
        c->m_channelBlock = kGroupedWidth;
    }
    if (pixelBlock > 0)
        c->m_pixelBlock = std::min(pixelBlock, kMaxPixels);
    if (channelBlock > 0)
        c->m_channelBlock = std::min(channelBlock, kMaxWidth);
    const int64_t ic = s.inChannels, oc = s.outChannels, kh = s.kernelHeight, kw = s.kernelWidth;
    c->m_steps = (kw * ic + 3) / 4;
    c->m_paddedHeight = std::max((s.outHeight() - 1) * s.strideHeight + kh, s.padTop + s.inHeight);
    c->m_paddedWidth = std::max((s.outWidth() - 1) * s.strideWidth + kw, s.padLeft + s.inWidth);
    c->m_inPlace = s.padTop == 0 && s.padLeft == 0 && s.padBottom == 0 && s.padRight == 0 && (kw * ic) % 4 == 0;

    // Blocks of the preferred width; the last takes what is left (in ymm of 8 channels, the tail zero-padded).
    const int64_t vectors = (oc + 7) / 8;
    const auto weight = [&](int64_t o, int64_t r, int64_t t) -> int {
        return o < oc && t < kw * ic ? weights[((o * ic + t % ic) * kh + r) * kw + t / ic] : 0;
    };
    size_t offset = 0;
    int64_t groupedQuads = 0;
    for (int64_t v = 0; v < vectors;) {
        Block b { v * 8, int(std::min<int64_t>(c->m_channelBlock, vectors - v)), offset };
        if (grouped) {
            // Which quads of the block are computed in pairs: two quads (any kernel rows) whose groups are safe for
            // every channel of the block — bytes 2h, 2h + 1 of both quads (h = 0, 1) with positive weights summing to
            // at most kGroupSafeMagnitude and negative weights' magnitudes too. Exactness rests on this check alone,
            // whatever split the weights went through: the natural pairs (2m, 2m + 1) of a row first (splitGroups
            // made them safe where it chose to), then the leftovers among themselves (a few candidates each), the
            // rest pairwise.
            const int64_t lastChannel = std::min(oc, b.firstChannel + 8 * b.width);
            const auto safe = [&](int64_t r0, int64_t j0, int64_t r1, int64_t j1) {
                for (int64_t o = b.firstChannel; o < lastChannel; ++o)
                    for (int64_t h = 0; h < 2; ++h) {
                        int pos = 0, neg = 0;
                        for (int w : { weight(o, r0, 4 * j0 + 2 * h), weight(o, r0, 4 * j0 + 2 * h + 1),
                                 weight(o, r1, 4 * j1 + 2 * h), weight(o, r1, 4 * j1 + 2 * h + 1) })
                            (w > 0 ? pos : neg) += std::abs(w);
                        if (pos > kGroupSafeMagnitude || neg > kGroupSafeMagnitude)
                            return false;
                    }
                return true;
            };
            std::vector<std::pair<int64_t, int64_t>> pairs, left; // (kernel row, quad)
            for (int64_t r = 0; r < kh; ++r) {
                int64_t j = 0;
                for (; j + 1 < c->m_steps; j += 2)
                    if (safe(r, j, r, j + 1))
                        pairs.insert(pairs.end(), { { r, j }, { r, j + 1 } });
                    else
                        left.insert(left.end(), { { r, j }, { r, j + 1 } });
                if (j < c->m_steps)
                    left.push_back({ r, j });
            }
            constexpr size_t kCandidates = 32; // bounds the search on dense residuals (resnet18's weights)
            std::vector<bool> used(left.size(), false);
            std::vector<std::pair<int64_t, int64_t>> singles;
            for (size_t i = 0; i < left.size(); ++i) {
                if (used[i])
                    continue;
                used[i] = true;
                size_t k = i + 1;
                for (; k < left.size() && k <= i + kCandidates; ++k)
                    if (!used[k] && safe(left[i].first, left[i].second, left[k].first, left[k].second))
                        break;
                if (k < left.size() && k <= i + kCandidates) {
                    used[k] = true;
                    pairs.insert(pairs.end(), { left[i], left[k] });
                } else {
                    singles.push_back(left[i]);
                }
            }
            b.quadBegin = c->m_quads.size();
            b.pairs = int64_t(pairs.size() / 2);
            b.singles = int64_t(singles.size());
            groupedQuads += int64_t(pairs.size()) * b.width;
            for (const auto* list : { &pairs, &singles })
                for (auto [r, j] : *list)
                    c->m_quads.push_back(int32_t(r * c->paddedRowStride() + 4 * j));
        }
        c->m_blocks.push_back(b);
        offset += size_t(kh * c->m_steps * b.width);
        v += b.width;
    }
    c->m_groupedShare = grouped ? double(groupedQuads) / double(kh * c->m_steps * vectors) : 0.0;
    c->m_packed.resize(offset);
    c->m_weightSums.assign(size_t(vectors * 8), 0);
    for (const Block& b : c->m_blocks) {
        int8_t* dst = reinterpret_cast<int8_t*>(c->m_packed.data() + b.offset);
        const auto pack = [&](int64_t r, int64_t j) {
            for (int n = 0; n < b.width; ++n)
                for (int lane = 0; lane < 8; ++lane)
                    for (int k = 0; k < 4; ++k)
                        *dst++ = int8_t(weight(b.firstChannel + 8 * n + lane, r, 4 * j + k));
        };
        if (grouped) {
            // In the kernel's order: the pairs' quads, then the singles (byte offsets r·rowStride + 4j).
            for (int64_t q = 0; q < 2 * b.pairs + b.singles; ++q) {
                const int64_t at = c->m_quads[b.quadBegin + size_t(q)];
                pack(at / c->paddedRowStride(), at % c->paddedRowStride() / 4);
            }
        } else {
            for (int64_t r = 0; r < kh; ++r)
                for (int64_t j = 0; j < c->m_steps; ++j)
                    pack(r, j);
        }
    }
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t i = 0; i < ic * kh * kw; ++i)
            c->m_weightSums[size_t(o)] += weights[o * ic * kh * kw + i];
    c->m_offsets.resize(c->m_weightSums.size());
    c->m_tail.resize(size_t(kMaxPixels * kMaxWidth * 8));
    return c;
}

uint8_t* Avx2Int8Conv::scratch(size_t bytes)
{
    // One zero-point padded buffer per thread, shared by every convolution that thread runs (they run one after the
    // other): the copy of each layer's input then writes into lines that are still in L2 from the previous layer
    // instead of into a per-layer buffer last touched a whole inference ago (~0.5 ms over yolov5nu, AVX2), and the
    // network keeps one buffer instead of one per layer.
    thread_local std::vector<uint8_t> buffer;
    if (buffer.size() < bytes)
        buffer.resize(bytes);
    return buffer.data();
}

uint8_t* Avx2Int8Conv::paddedBuffer()
{
    return scratch(size_t(m_paddedHeight * m_paddedWidth * m_shape.inChannels + kSlack));
}

uint8_t* Avx2Int8Conv::interior()
{
    return paddedBuffer() + (m_shape.padTop * m_paddedWidth + m_shape.padLeft) * m_shape.inChannels;
}

void Avx2Int8Conv::fillBorder(uint8_t* p, int32_t zp)
{
    // Everything outside the image holds the zero point. Refilled for every image: the buffer is shared with the
    // thread's other convolutions (a few rows and columns, small next to the interior's copy).
    const ConvShape& s = m_shape;
    const int64_t ic = s.inChannels, rowBytes = m_paddedWidth * ic;
    std::memset(p, zp, size_t(s.padTop * rowBytes));
    for (int64_t h = s.padTop; h < s.padTop + s.inHeight; ++h) {
        std::memset(p + h * rowBytes, zp, size_t(s.padLeft * ic));
        std::memset(
            p + h * rowBytes + (s.padLeft + s.inWidth) * ic, zp, size_t((m_paddedWidth - s.padLeft - s.inWidth) * ic));
    }
    std::memset(p + (s.padTop + s.inHeight) * rowBytes, zp,
        size_t((m_paddedHeight - s.padTop - s.inHeight) * rowBytes + kSlack));
}

void Avx2Int8Conv::run(const uint8_t* x, int32_t zp, int32_t* y)
{
    const ConvShape& s = m_shape;
    for (int64_t image = 0; image < s.batch; ++image) {
        setImage(x + image * s.inHeight * s.inWidth * s.inChannels, zp);
        computePixels(0, s.outHeight() * s.outWidth(), y + image * s.outHeight() * s.outWidth() * s.outChannels);
    }
}

void Avx2Int8Conv::runInterior(int32_t zp, int32_t* y)
{
    setImage(nullptr, zp);
    computePixels(0, m_shape.outHeight() * m_shape.outWidth(), y);
}

void Avx2Int8Conv::setImage(const uint8_t* image, int32_t zp)
{
    const ConvShape& s = m_shape;
    setOffsets(zp);
    if (image && m_inPlace) {
        // With no padding the padded geometry is the input's (m_paddedWidth == IW, rows past the last window unread),
        // and whole quads never read past a window: the input itself serves.
        m_source = image;
        return;
    }
    uint8_t* padded = paddedBuffer();
    if (image) {
        const int64_t ic = s.inChannels;
        uint8_t* dst = interior();
        for (int64_t h = 0; h < s.inHeight; ++h)
            std::memcpy(dst + h * paddedRowStride(), image + h * s.inWidth * ic, size_t(s.inWidth * ic));
    }
    fillBorder(padded, zp);
    m_source = padded;
}

void Avx2Int8Conv::setOffsets(int32_t zp)
{
    for (size_t i = 0; i < m_offsets.size(); ++i)
        m_offsets[i] = -zp * m_weightSums[i];
}

void Avx2Int8Conv::computePixels(int64_t begin, int64_t end, int32_t* outImage)
{
    const ConvShape& s = m_shape;
    const int64_t oc = s.outChannels, ow = s.outWidth(), ic = s.inChannels;
    const int64_t rowStride = paddedRowStride();
    const int P = m_pixelBlock;
    outImage -= begin * oc; // indexed by absolute pixel below
    for (const Block& b : m_blocks) {
        const bool partial = b.firstChannel + 8 * b.width > oc;
        const void* w = m_packed.data() + b.offset;
        const int32_t* offsets = m_offsets.data() + b.firstChannel;
        const uint8_t* a[kMaxPixels];
        int32_t* out[kMaxPixels];
        // Window origins advance by the column step and jump to the next output row's origin at the row's end
        // (no division per pixel: it cost ~10 % of a 64-channel 3x3 layer's blocks).
        const int64_t columnStep = s.strideWidth * ic, rowStep = s.strideHeight * rowStride;
        const uint8_t* rowOrigin = m_source + begin / ow * rowStep;
        int64_t column = begin % ow;
        for (int64_t pixel = begin; pixel < end; pixel += P) {
            const int count = int(std::min<int64_t>(P, end - pixel));
            for (int p = 0; p < count; ++p) {
                a[p] = rowOrigin + column * columnStep;
                out[p] = partial ? m_tail.data() + p * 8 * kMaxWidth : outImage + (pixel + p) * oc + b.firstChannel;
                if (++column == ow) {
                    column = 0;
                    rowOrigin += rowStep;
                }
            }
            if (m_grouped)
                kGroupedKernels[size_t(b.width - 1)][size_t(count - 1)](
                    a, w, m_quads.data() + b.quadBegin, b.pairs, b.singles, offsets, out);
            else
                kKernels[size_t(b.width - 1)][size_t(count - 1)](
                    a, w, s.kernelHeight, rowStride, m_steps, offsets, out);
            if (partial)
                for (int p = 0; p < count; ++p)
                    std::memcpy(outImage + (pixel + p) * oc + b.firstChannel, m_tail.data() + p * 8 * kMaxWidth,
                        size_t(oc - b.firstChannel) * sizeof(int32_t));
        }
    }
}

} // namespace qs::kernels::int8
