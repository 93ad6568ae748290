// SPDX-License-Identifier: MIT
#include "kernels/int8/avx2_int8_conv.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <immintrin.h>
#include <utility>

namespace qs::kernels::int8 {

namespace {

constexpr int kMaxPixels = 8;
constexpr int kMaxWidth = 3;

/// P pixels × N ymm (8 output channels each): Σ over kernel rows and (kw, channel quad) steps, then + offsets.
/// `a[p]` points at pixel p's window origin in the padded input, `w` at the block's packed weights.
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
                int32_t quad;
                std::memcpy(&quad, row[p] + 4 * j, 4);
                const __m256i b = _mm256_set1_epi32(quad);
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

using MicroKernel
    = void (*)(const uint8_t* const*, const void*, int64_t, int64_t, int64_t, const int32_t*, int32_t* const*);

template <int N, int... P> constexpr auto kernelRow(std::integer_sequence<int, P...>)
{
    return std::array<MicroKernel, sizeof...(P)> { &microKernel<P + 1, N>... };
}

/// kKernels[N - 1][P - 1]
const std::array<std::array<MicroKernel, kMaxPixels>, kMaxWidth> kKernels {
    kernelRow<1>(std::make_integer_sequence<int, kMaxPixels>()),
    kernelRow<2>(std::make_integer_sequence<int, kMaxPixels>()),
    kernelRow<3>(std::make_integer_sequence<int, kMaxPixels>()),
};

} // namespace

bool Avx2Int8Conv::supports(const ConvShape& s)
{
    return s.group == 1 && s.dilationHeight == 1 && s.dilationWidth == 1 && __builtin_cpu_supports("avx2");
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

std::unique_ptr<Avx2Int8Conv> Avx2Int8Conv::create(
    const ConvShape& s, const int8_t* weights, int pixelBlock, int channelBlock)
{
    std::unique_ptr<Avx2Int8Conv> c(new Avx2Int8Conv);
    c->m_shape = s;
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
    size_t offset = 0;
    for (int64_t v = 0; v < vectors;) {
        const int width = int(std::min<int64_t>(c->m_channelBlock, vectors - v));
        c->m_blocks.push_back({ v * 8, width, offset });
        offset += size_t(kh * c->m_steps * width);
        v += width;
    }
    c->m_packed.resize(offset);
    c->m_weightSums.assign(size_t(vectors * 8), 0);
    for (const Block& b : c->m_blocks) {
        int8_t* dst = reinterpret_cast<int8_t*>(c->m_packed.data() + b.offset);
        for (int64_t r = 0; r < kh; ++r)
            for (int64_t j = 0; j < c->m_steps; ++j)
                for (int n = 0; n < b.width; ++n)
                    for (int lane = 0; lane < 8; ++lane)
                        for (int k = 0; k < 4; ++k) {
                            const int64_t o = b.firstChannel + 8 * n + lane, t = 4 * j + k;
                            const int64_t col = t / ic, i = t % ic;
                            *dst++ = o < oc && t < kw * ic ? weights[((o * ic + i) * kh + r) * kw + col] : 0;
                        }
    }
    for (int64_t o = 0; o < oc; ++o)
        for (int64_t i = 0; i < ic * kh * kw; ++i)
            c->m_weightSums[size_t(o)] += weights[o * ic * kh * kw + i];
    c->m_offsets.resize(c->m_weightSums.size());
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

void Avx2Int8Conv::computePixels(int64_t begin, int64_t end, int32_t* outImage)
{
    const ConvShape& s = m_shape;
    const int64_t oc = s.outChannels, ow = s.outWidth(), ic = s.inChannels;
    const int64_t rowStride = paddedRowStride();
    const int P = m_pixelBlock;
    outImage -= begin * oc; // indexed by absolute pixel below
    // The last, partial channel block's sums go through this buffer: on the stack, so that threads computing
    // different pixel ranges of one image at once (Int8Conv's parallel bands) do not share it.
    alignas(32) int32_t tail[kMaxPixels * kMaxWidth * 8];
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
                out[p] = partial ? tail + p * 8 * kMaxWidth : outImage + (pixel + p) * oc + b.firstChannel;
                if (++column == ow) {
                    column = 0;
                    rowOrigin += rowStep;
                }
            }
            kKernels[size_t(b.width - 1)][size_t(count - 1)](a, w, s.kernelHeight, rowStride, m_steps, offsets, out);
            if (partial)
                for (int p = 0; p < count; ++p)
                    std::memcpy(outImage + (pixel + p) * oc + b.firstChannel, tail + p * 8 * kMaxWidth,
                        size_t(oc - b.firstChannel) * sizeof(int32_t));
        }
    }
}

} // namespace qs::kernels::int8
