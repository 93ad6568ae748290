// SPDX-License-Identifier: MIT
// The own int8 convolution kernel's plain part: weight packing, the quad schedule, the zero-point padded source and
// the walk over output pixels; the microkernels it calls are per ISA (int8_conv_own_simd.h).
#include "kernels/int8/int8_conv_own_kernel.h"

#include "kernels/int8/int8_conv_own_vnni.h"
#include "kernels/simd_table.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace qs::kernels::int8 {

namespace {

constexpr int kMaxPixels = detail::kOwnConvMaxPixels;
constexpr int kMaxWidth = detail::kOwnConvMaxWidth;

/// Per quad of a channel block: for each channel and each int16 lane of vpmaddubsw (bytes 0-1 and 2-3 of the quad),
/// the sums of its positive weights and of its negative weights' magnitudes.
struct LaneSums
{
    std::vector<int16_t> pos, neg; ///< [channel][lane]
};

bool fitsTogether(const LaneSums& sum, const LaneSums& quad)
{
    // Without an early exit, so that the compiler vectorises it: the grouping tries every quad against up to
    // kWindow others per channel block, which made session preparation of a transformer's matmuls on this kernel
    // (hundreds of quads per block) cost hundreds of milliseconds. In int16 (SSE2's pmaxsw in the baseline build):
    // a lane holds at most 2 · 127 per sign, so the sum of two stays far inside it.
    int16_t worst = 0;
    const size_t n = sum.pos.size();
    const int16_t *sp = sum.pos.data(), *sn = sum.neg.data(), *qp = quad.pos.data(), *qn = quad.neg.data();
    for (size_t i = 0; i < n; ++i)
        worst = std::max(worst, std::max(int16_t(sp[i] + qp[i]), int16_t(sn[i] + qn[i])));
    return worst <= kPairSafeMagnitude;
}

void addTo(LaneSums& sum, const LaneSums& quad)
{
    for (size_t i = 0; i < sum.pos.size(); ++i) {
        sum.pos[i] = int16_t(sum.pos[i] + quad.pos[i]);
        sum.neg[i] = int16_t(sum.neg[i] + quad.neg[i]);
    }
}

/// Groups of `size` quads (indices into `lanes`) whose int16 lanes cannot leave int16 when summed, chosen greedily
/// in reduction order among the quads not yet `taken`; a partner is looked for among the next kWindow quads.
std::vector<std::vector<int64_t>> groupQuads(const std::vector<LaneSums>& lanes, std::vector<bool>& taken, int size)
{
    constexpr int64_t kWindow = 96;
    const int64_t n = int64_t(lanes.size());
    std::vector<std::vector<int64_t>> groups;
    for (int64_t i = 0; i < n; ++i) {
        if (taken[size_t(i)])
            continue;
        std::vector<int64_t> group { i };
        LaneSums sum = lanes[size_t(i)];
        for (int64_t j = i + 1; j < std::min(n, i + kWindow) && int(group.size()) < size; ++j)
            if (!taken[size_t(j)] && fitsTogether(sum, lanes[size_t(j)])) {
                addTo(sum, lanes[size_t(j)]);
                group.push_back(j);
            }
        if (int(group.size()) < size)
            continue;
        for (int64_t q : group)
            taken[size_t(q)] = true;
        groups.push_back(std::move(group));
    }
    return groups;
}

} // namespace

const detail::OwnConvSimd* ownConvSimd(quant::QuantIsa isa) noexcept
{
    return simdTable(isa, &detail::kOwnConvAvx2, &detail::kOwnConvAvx512);
}

const detail::OwnConvSimd* ownConvSimd() noexcept
{
    if (quant::bestQuantIsa() == quant::QuantIsa::Avx512)
        return ownConvSimd(quant::QuantIsa::Avx512);
    return ownConvSimd(quant::QuantIsa::Avx2);
}

bool Avx2Int8Conv::supports(const ConvShape& s)
{
    return s.group == 1 && s.dilationHeight == 1 && s.dilationWidth == 1 && ownConvSimd();
}

std::vector<ResidualWeight> Avx2Int8Conv::splitPairs(const ConvShape& s, int8_t* weights, SaturationReport& report)
{
    // The kernel's pairs are adjacent bytes of each kernel row's flattened (kw, c) sequence: split in that order.
    const int64_t oc = s.outChannels, ic = s.inChannels, kh = s.kernelHeight, kw = s.kernelWidth;
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
    std::vector<ResidualWeight> split;
    for (const ResidualWeight& e : splitSaturatingPairs(rows.data(), oc * kh, kw * ic, 1, true, report)) {
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

std::unique_ptr<Avx2Int8Conv> Avx2Int8Conv::create(const ConvShape& s, const int8_t* weights, Tuning tuning)
{
    return create(s, weights, {}, tuning);
}

std::unique_ptr<Avx2Int8Conv> Avx2Int8Conv::create(
    const ConvShape& s, const int8_t* weights, const std::vector<ResidualWeight>& residual, Tuning tuning)
{
    std::unique_ptr<Avx2Int8Conv> c(new Avx2Int8Conv);
    c->m_shape = s;
    c->m_simd = tuning.vnni ? ownConvVnniSimdUncapped() : tuning.isa ? ownConvSimd(*tuning.isa) : ownConvSimd();
    if (!c->m_simd)
        return nullptr;
    // vpdpbusd reduces a quad in int32 by itself: nothing to gain from int16 groups.
    if (tuning.vnni)
        tuning.maxQuadGroup = 1;
    const int64_t L = c->lanes();
    // Measured default on both: 6 pixels × 2 vectors (AVX2: bench/archive/2026-11-22-int8-avx2.md; AVX-512, where
    // 8 × 2, 4 × 3 and 6 × 3 fit the 32 zmm too and were as fast or slower: 2026-11-29-int8-own-avx512.md).
    c->m_pixelBlock = 6;
    // The VNNI microkernels: 6 × 3 (18 accumulators) measured ahead of 6 × 2, 4 × 3 and 7 × 3 on the pointwise layers
    // of mnasnet0_5 and MobileNetV3 (up to 0.8x on 40 -> 240 at 28 x 28, 48-channel outputs in one block;
    // bench/archive/2026-11-29-int8-own-vnni.md).
    if (tuning.vnni)
        c->m_channelBlock = 3;
    if (tuning.pixelBlock > 0)
        c->m_pixelBlock = std::min(tuning.pixelBlock, kMaxPixels);
    if (tuning.channelBlock > 0)
        c->m_channelBlock = std::min(tuning.channelBlock, kMaxWidth);
    const int64_t ic = s.inChannels, oc = s.outChannels, kh = s.kernelHeight, kw = s.kernelWidth;
    c->m_steps = (kw * ic + 3) / 4;
    c->m_paddedHeight = std::max((s.outHeight() - 1) * s.strideHeight + kh, s.padTop + s.inHeight);
    c->m_paddedWidth = std::max((s.outWidth() - 1) * s.strideWidth + kw, s.padLeft + s.inWidth);
    c->m_inPlace = s.padTop == 0 && s.padLeft == 0 && s.padBottom == 0 && s.padRight == 0 && (kw * ic) % 4 == 0;

    // Blocks of the preferred width; the last takes what is left (in vectors of L channels, the tail zero-padded).
    // Each block reduces a list of quads (4 input bytes at an offset from the window origin, with s8 weights for
    // each channel of the block) in its own order: vpmaddubsw leaves two int16 pair sums per channel (lanes: bytes
    // 0-1 and 2-3 of a quad); for a group of quads whose lanes' same-sign weight magnitudes sum to at most 128 (so
    // 255·Σ stays inside int16 whatever the activations), the pair sums are added in int16 (vpaddw, one uop on three
    // ports) and widened once (vpmaddwd + vpaddd), instead of widening every quad: 4 quads cost 9 vector uops, 5 of
    // them multiplies, instead of 12 with 8 multiplies. Quads are grouped greedily by 4, then by 2, the rest reduced
    // singly (pair-safe, as splitPairs makes the weights). Exact: the int16 sums are those of the same products.
    //
    // The list holds the kernel's kh·steps quads and, when the caller's residual (the part of the exact weights the
    // pair-safe s8 weights could not hold: clamped zero-point outliers, the excess of split pairs) touches few of
    // them, extra quads at the same offsets holding the residual in pair-safe s8 pieces: yolov5nu's layers have 1-18
    // residual weights among thousands of quads, and the residual pass after the kernel (int16 planes of the input
    // per image, a correction per tile) cost more than a few more quads. Dense residuals (PyTorch's full-range
    // per-channel weights, resnet18) keep the caller's pass.
    const int64_t vectors = (oc + L - 1) / L;
    const int64_t quads = kh * c->m_steps;
    const int maxGroup = tuning.maxQuadGroup;
    struct Quad
    {
        int64_t source = 0; ///< kernel quad whose bytes it reads
        std::vector<int8_t> w; ///< [L · block width][4]
    };
    std::vector<int32_t> rest; // [oc][quads][4], the residual by kernel position
    if (!residual.empty()) {
        rest.assign(size_t(oc * quads * 4), 0);
        for (const ResidualWeight& e : residual) {
            const int64_t r = e.inner / kw, t = (e.inner % kw) * ic + e.reduction;
            rest[size_t((e.row * quads + r * c->m_steps + t / 4) * 4 + t % 4)] += e.value;
        }
    }
    std::vector<std::vector<Quad>> blockQuads;
    int64_t extraQuads = 0;
    for (int64_t v = 0; v < vectors;) {
        const int width = int(std::min<int64_t>(c->m_channelBlock, vectors - v));
        const int64_t first = v * L, lanes = L * width;
        std::vector<Quad> list(static_cast<size_t>(quads));
        for (int64_t q = 0; q < quads; ++q) {
            Quad& quad = list[size_t(q)];
            quad.source = q;
            quad.w.assign(size_t(lanes * 4), 0);
            const int64_t r = q / c->m_steps;
            for (int64_t ch = 0; ch < lanes && first + ch < oc; ++ch)
                for (int k = 0; k < 4; ++k) {
                    const int64_t t = 4 * (q % c->m_steps) + k;
                    if (t < kw * ic)
                        quad.w[size_t(ch * 4 + k)] = weights[(((first + ch) * ic + t % ic) * kh + r) * kw + t / ic];
                }
        }
        if (!rest.empty())
            for (int64_t q = 0; q < quads; ++q)
                for (;;) { // pair-safe s8 pieces until this quad's residual is used up
                    Quad piece;
                    piece.source = q;
                    piece.w.assign(size_t(lanes * 4), 0);
                    bool any = false;
                    for (int64_t ch = 0; ch < lanes && first + ch < oc; ++ch)
                        for (int lane = 0; lane < 2; ++lane) {
                            int pos = 0, neg = 0;
                            for (int k = 2 * lane; k < 2 * lane + 2; ++k) {
                                int32_t& r = rest[size_t(((first + ch) * quads + q) * 4 + k)];
                                int& used = r > 0 ? pos : neg;
                                const int32_t take = std::min<int32_t>({ std::abs(r), 127, kPairSafeMagnitude - used });
                                if (take == 0)
                                    continue;
                                used += take;
                                piece.w[size_t(ch * 4 + k)] = int8_t(r > 0 ? take : -take);
                                r -= r > 0 ? take : -take;
                                any = true;
                            }
                        }
                    if (!any)
                        break;
                    list.push_back(std::move(piece));
                    ++extraQuads;
                }
        blockQuads.push_back(std::move(list));
        v += width;
    }
    // At most one extra quad per two of the kernel's (measured on yolov5nu, AVX2: absorbing up to 1/16 saved ~0.5 ms,
    // up to 1/2 ~1.2 ms over the residual pass; small 1x1 layers with 1-4 extra quads of 8-16 gain too).
    constexpr int64_t kMaxExtraShare = 2;
    c->m_absorbsResidual = !residual.empty() && extraQuads * kMaxExtraShare <= quads * int64_t(blockQuads.size());
    if (!c->m_absorbsResidual)
        for (std::vector<Quad>& list : blockQuads)
            list.resize(size_t(quads));

    size_t offset = 0;
    for (int64_t v = 0, index = 0; v < vectors; ++index) {
        const int width = int(std::min<int64_t>(c->m_channelBlock, vectors - v));
        Block b { v * L, width, offset };
        const std::vector<Quad>& list = blockQuads[size_t(index)];
        const int64_t count = int64_t(list.size());
        std::vector<LaneSums> lanes(static_cast<size_t>(count));
        for (int64_t q = 0; q < count; ++q) {
            LaneSums& l = lanes[size_t(q)];
            l.pos.assign(size_t(2 * L * width), 0);
            l.neg.assign(size_t(2 * L * width), 0);
            for (int64_t ch = 0; ch < L * width; ++ch)
                for (int k = 0; k < 4; ++k) {
                    const int value = list[size_t(q)].w[size_t(ch * 4 + k)];
                    (value > 0 ? l.pos : l.neg)[size_t(2 * ch + k / 2)] += int16_t(std::abs(value));
                }
        }
        std::vector<bool> taken(static_cast<size_t>(count), false);
        const auto fours = maxGroup >= 4 ? groupQuads(lanes, taken, 4) : std::vector<std::vector<int64_t>> {};
        const auto twos = maxGroup >= 2 ? groupQuads(lanes, taken, 2) : std::vector<std::vector<int64_t>> {};
        // Few groups and nothing but the kernel's own quads: the plain kernel in kernel order is faster than the
        // phases (resnet18's image convolution, 7x7 on full-range weights, 2.27 -> 2.51 ms grouped).
        // With VNNI every block of the kernel's own quads is plain (nothing groups), one-quad reductions too.
        b.plain = count == quads && (tuning.vnni || 4 * int64_t(fours.size()) + 2 * int64_t(twos.size()) < count / 2);
        std::vector<int64_t> order;
        for (const auto& g : fours)
            order.insert(order.end(), g.begin(), g.end());
        for (const auto& g : twos)
            order.insert(order.end(), g.begin(), g.end());
        for (int64_t q = 0; q < count; ++q)
            if (!taken[size_t(q)])
                order.push_back(q);
        if (b.plain) {
            order.resize(size_t(count));
            for (int64_t q = 0; q < count; ++q)
                order[size_t(q)] = q;
        }
        b.fours = b.plain ? 0 : int64_t(fours.size());
        b.twos = b.plain ? 0 : int64_t(twos.size());
        b.singles = count - 4 * b.fours - 2 * b.twos;
        b.quadOffset = c->m_quadOffsets.size();
        c->m_groupedQuads += 4 * b.fours + 2 * b.twos;
        c->m_totalQuads += count;
        for (int64_t q : order) {
            const int64_t source = list[size_t(q)].source;
            c->m_quadOffsets.push_back(int32_t(source / c->m_steps * c->paddedRowStride() + 4 * (source % c->m_steps)));
        }
        const size_t bytes = size_t(count * width * L * 4);
        c->m_packed.resize((offset + bytes + sizeof(Line) - 1) / sizeof(Line));
        int8_t* dst = reinterpret_cast<int8_t*>(c->m_packed.data()) + offset;
        for (int64_t q : order)
            for (int n = 0; n < width; ++n)
                for (int64_t lane = 0; lane < L; ++lane)
                    for (int k = 0; k < 4; ++k)
                        *dst++ = list[size_t(q)].w[size_t((L * n + lane) * 4 + k)];
        c->m_blocks.push_back(b);
        offset = c->m_packed.size() * sizeof(Line);
        v += width;
    }
    c->m_weightSums.assign(size_t(vectors * L), 0);
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t i = 0; i < ic * kh * kw; ++i)
            c->m_weightSums[size_t(o)] += weights[o * ic * kh * kw + i];
    if (c->m_absorbsResidual)
        for (const ResidualWeight& e : residual)
            c->m_weightSums[size_t(e.row)] += e.value; // the zero point's term -zp·Σw is over the exact weights
    c->m_offsets.resize(c->m_weightSums.size());
    // On AVX2's 16 ymm registers the default 6 × 2 (12 accumulators) suits the grouped kernel; blocks that all run
    // plain (PyTorch's full-range per-channel weights: every pointwise layer of mnasnet0_5 and MobileNetV3) over
    // pixels at one stride (plainRuns: 1x1 stride 1) are faster at 6 × 1 on long reductions (projections, 240 -> 40:
    // 52 -> 36 us) and at 3 × 3 on short ones (expansions, 16 -> 48: 99 -> 85 us); where the pixels are walked in
    // calls of P (resnet18's 7x7 image and stride-2 1x1 layers) 3 × 3 cost 4-7 % more
    // (bench/archive/2026-11-29-int8-own-kernel-peak.md). On AVX-512 the blockings measured alike.
    const bool allPlain = std::all_of(c->m_blocks.begin(), c->m_blocks.end(), [](const Block& b) { return b.plain; });
    const bool pixelRuns = s.strideHeight * c->m_paddedWidth == s.outWidth() * s.strideWidth;
    if (L == 8 && tuning.pixelBlock == 0 && tuning.channelBlock == 0 && allPlain && pixelRuns) {
        constexpr int64_t kLongReduction = 48; // quads per pixel
        Tuning plain = tuning;
        plain.isa = quant::QuantIsa::Avx2;
        plain.pixelBlock = quads >= kLongReduction ? 6 : 3;
        plain.channelBlock = quads >= kLongReduction ? 1 : 3;
        return create(s, weights, residual, plain);
    }
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
    if (beginImage(image, zp))
        copyRows(image, 0, m_shape.inHeight);
}

bool Avx2Int8Conv::beginImage(const uint8_t* image, int32_t zp)
{
    setOffsets(zp);
    if (image && m_inPlace) {
        // With no padding the padded geometry is the input's (m_paddedWidth == IW, rows past the last window unread),
        // and whole quads never read past a window: the input itself serves.
        m_source = image;
        return false;
    }
    uint8_t* padded = paddedBuffer();
    fillBorder(padded, zp);
    m_source = padded;
    return image != nullptr;
}

void Avx2Int8Conv::copyRows(const uint8_t* image, int64_t begin, int64_t end)
{
    // Into m_source (the padded buffer of the thread that called beginImage), not interior(): that is the calling
    // thread's own scratch.
    const ConvShape& s = m_shape;
    const int64_t ic = s.inChannels;
    uint8_t* dst = const_cast<uint8_t*>(m_source) + (s.padTop * m_paddedWidth + s.padLeft) * ic;
    for (int64_t h = begin; h < end; ++h)
        std::memcpy(dst + h * paddedRowStride(), image + h * s.inWidth * ic, size_t(s.inWidth * ic));
}

void Avx2Int8Conv::setOffsets(int32_t zp)
{
    for (size_t i = 0; i < m_offsets.size(); ++i)
        m_offsets[i] = -zp * m_weightSums[i];
}

template <typename Out, typename PlainRun, typename MicroKernel>
void Avx2Int8Conv::walkPixels(int64_t begin, int64_t end, Out* outImage, const int32_t* offsets,
    const PlainRun& plainRun, const MicroKernel& microKernel) const
{
    const ConvShape& s = m_shape;
    const int64_t oc = s.outChannels, ow = s.outWidth(), ic = s.inChannels;
    const int64_t rowStride = paddedRowStride();
    const int P = m_pixelBlock;
    outImage -= begin * oc; // indexed by absolute pixel below
    for (const Block& b : m_blocks) {
        // The last, partial channel block stores only the channels that exist (masked), straight into the output.
        const int lastLanes = int(std::min<int64_t>(lanes(), oc - b.firstChannel - lanes() * (b.width - 1)));
        const void* w = reinterpret_cast<const uint8_t*>(m_packed.data()) + b.offset;
        const detail::QuadSchedule schedule { m_quadOffsets.data() + b.quadOffset, b.fours, b.twos, b.singles, b.plain,
            s.kernelHeight, rowStride, m_steps, lastLanes };
        const int64_t columnStep = s.strideWidth * ic, rowStep = s.strideHeight * rowStride;
        if (b.plain && rowStep == ow * columnStep) {
            // Window origins at one stride across row ends (1x1 stride 1, no padding): the pixel loop runs inside.
            plainRun(b, P, m_source + begin * columnStep, columnStep, end - begin, w, schedule,
                offsets + b.firstChannel, outImage + begin * oc + b.firstChannel, oc);
            continue;
        }
        const uint8_t* a[kMaxPixels];
        Out* out[kMaxPixels];
        // Window origins advance by the column step and jump to the next output row's origin at the row's end
        // (no division per pixel: it cost ~10 % of a 64-channel 3x3 layer's blocks).
        const uint8_t* rowOrigin = m_source + begin / ow * rowStep;
        int64_t column = begin % ow;
        for (int64_t pixel = begin; pixel < end; pixel += P) {
            const int count = int(std::min<int64_t>(P, end - pixel));
            for (int p = 0; p < count; ++p) {
                a[p] = rowOrigin + column * columnStep;
                out[p] = outImage + (pixel + p) * oc + b.firstChannel;
                if (++column == ow) {
                    column = 0;
                    rowOrigin += rowStep;
                }
            }
            microKernel(b, count, a, w, schedule, offsets + b.firstChannel, out);
        }
    }
}

void Avx2Int8Conv::computePixels(int64_t begin, int64_t end, int32_t* outImage)
{
    walkPixels(
        begin, end, outImage, m_offsets.data(),
        [this](const Block& b, int P, const uint8_t* a0, int64_t aStep, int64_t count, const void* w,
            const detail::QuadSchedule& q, const int32_t* offsets, int32_t* out0, int64_t outStep) {
            m_simd->plainRuns[size_t(b.width - 1)][size_t(P - 1)](a0, aStep, count, w, q, offsets, out0, outStep);
        },
        [this](const Block& b, int count, const uint8_t* const* a, const void* w, const detail::QuadSchedule& q,
            const int32_t* offsets, int32_t* const* out) {
            m_simd->microKernels[size_t(b.width - 1)][size_t(count - 1)](a, w, q, offsets, out);
        });
}

void Avx2Int8Conv::computePixelsRequantized(
    int64_t begin, int64_t end, const int32_t* offsets, const detail::OwnConvRequant& rq, uint8_t* y) const
{
    const detail::OwnConvVnniBytes& bytes = detail::kOwnConvVnniBytes;
    walkPixels(
        begin, end, y, offsets,
        [&](const Block& b, int P, const uint8_t* a0, int64_t aStep, int64_t count, const void* w,
            const detail::QuadSchedule& q, const int32_t* blockOffsets, uint8_t* out0, int64_t outStep) {
            detail::OwnConvRequant block = rq;
            block.scales += b.firstChannel;
            bytes.plainRuns[size_t(b.width - 1)][size_t(P - 1)](
                a0, aStep, count, w, q, blockOffsets, block, out0, outStep);
        },
        [&](const Block& b, int count, const uint8_t* const* a, const void* w, const detail::QuadSchedule& q,
            const int32_t* blockOffsets, uint8_t* const* out) {
            detail::OwnConvRequant block = rq;
            block.scales += b.firstChannel;
            bytes.microKernels[size_t(b.width - 1)][size_t(count - 1)](a, w, q, blockOffsets, block, out);
        });
}

} // namespace qs::kernels::int8
