// SPDX-License-Identifier: MIT
// Int8Conv's weights: what oneDNN gets for each weight zero point (w - zp in s8, clamped outliers as residual, or an
// in-range offset with the window-sum compensation) and the split of pairs that would saturate int16 on AVX2.
#include "kernels/int8/int8_conv_impl.h"

#include <algorithm>

namespace qs::kernels::int8 {

namespace {

/// Output positions [begin, end) whose input position o * stride + offset lies inside [0, size).
struct Span
{
    int64_t begin = 0;
    int64_t end = 0;
};
Span validSpan(int64_t outSize, int64_t stride, int64_t offset, int64_t size)
{
    Span s;
    s.begin = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
    s.end = size - 1 - offset < 0 ? 0 : std::min(outSize, (size - 1 - offset) / stride + 1);
    s.begin = std::min(s.begin, s.end);
    return s;
}

QS_CLONES void addBytes(int32_t* acc, const uint8_t* src, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        acc[i] += src[i];
}

QS_CLONES void sumChannelsNhwc(
    int32_t* out, const uint8_t* src, int64_t pixels, int64_t channelStride, int64_t count, int32_t init)
{
    for (int64_t p = 0; p < pixels; ++p) {
        int32_t sum = init;
        const uint8_t* px = src + p * channelStride;
        for (int64_t c = 0; c < count; ++c)
            sum += px[c];
        out[p] = sum;
    }
}

/// acc[j][o] += k[o] * windowSum[group of o][j] over `ow` consecutive output pixels of one row in NHWC.
QS_CLONES void addCompensation(int32_t* acc, int64_t ow, int64_t oc, int64_t groups, int64_t ocg, const int32_t* k,
    const int32_t* windowSums, int64_t groupStride)
{
    for (int64_t j = 0; j < ow; ++j) {
        int32_t* px = acc + j * oc;
        for (int64_t g = 0; g < groups; ++g) {
            const int32_t sum = windowSums[g * groupStride + j];
            for (int64_t o = g * ocg; o < (g + 1) * ocg; ++o)
                px[o] += k[o] * sum;
        }
    }
}

} // namespace

void Int8Conv::Impl::planWeightZeroPoints(const Int8Weights& w)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, perChannel = s.weightCount() / oc;
    const auto value = [&w](int64_t i) {
        return w.type == DataType::UInt8 ? int32_t(static_cast<const uint8_t*>(w.data)[i])
                                         : int32_t(static_cast<const int8_t*>(w.data)[i]);
    };
    s8.resize(size_t(s.weightCount()));
    compensation.assign(size_t(oc), 0);
    // Per output channel: w - zp fits s8 when zp lies in [max - 127, min + 128]. Channels where it does not either
    // keep c = zp and clamp, with the few clamped-off excesses as sparse residual weights (typical: real weights
    // cluster around their zero point, so only outliers leave the s8 window), or use an in-range offset c and the
    // window-sum compensation k = c - zp, which costs a pass over the input whatever the count.
    std::vector<int64_t> misfits;
    int64_t outliers = 0;
    std::vector<int32_t> lo(static_cast<size_t>(oc)), hi(static_cast<size_t>(oc));
    for (int64_t o = 0; o < oc; ++o) {
        const int32_t zp = w.zeroPoints[w.zeroPoints.size() == 1 ? 0 : size_t(o)];
        int32_t mn = 255, mx = -128;
        for (int64_t i = o * perChannel; i < (o + 1) * perChannel; ++i) {
            mn = std::min(mn, value(i));
            mx = std::max(mx, value(i));
            outliers += (value(i) - zp > 127 || value(i) - zp < -128) ? 1 : 0;
        }
        lo[size_t(o)] = mn;
        hi[size_t(o)] = mx;
        if (zp < mx - 127 || zp > mn + 128)
            misfits.push_back(o);
    }
    // Relative costs per image, in element operations; a residual weight is a strided scalar update per output
    // pixel (kResidualOpCost), the compensation a vectorised pass over the input plus box sums and one add per
    // output of each compensated channel.
    constexpr int64_t kResidualOpCost = 4;
    const int64_t ohw = s.outHeight() * s.outWidth();
    const int64_t residualCost = outliers * ohw * kResidualOpCost;
    const int64_t compensationCost = s.inChannels * s.inHeight * s.inWidth
        + s.group * s.kernelHeight * s.kernelWidth * ohw + int64_t(misfits.size()) * ohw;
    const bool clamp = residualCost <= compensationCost;
    std::vector<bool> misfit(size_t(oc), false);
    for (int64_t o : misfits)
        misfit[size_t(o)] = true;
    const int64_t khw = s.kernelHeight * s.kernelWidth;
    for (int64_t o = 0; o < oc; ++o) {
        const int32_t zp = w.zeroPoints[w.zeroPoints.size() == 1 ? 0 : size_t(o)];
        int32_t c = zp;
        if (misfit[size_t(o)] && !clamp) {
            c = std::clamp(zp, hi[size_t(o)] - 127, lo[size_t(o)] + 128);
            compensation[size_t(o)] = c - zp;
        }
        for (int64_t i = o * perChannel; i < (o + 1) * perChannel; ++i) {
            const int32_t d = value(i) - c;
            const int32_t kept = std::clamp(d, -128, 127);
            s8[size_t(i)] = int8_t(kept);
            if (kept != d) {
                const int64_t local = i - o * perChannel;
                residual.push_back({ int32_t(o), int32_t(local / khw), int32_t(local % khw), d - kept });
            }
        }
    }
    needsWindowSums = !clamp && !misfits.empty();
    zeroPointPlan.misfitChannels = int64_t(misfits.size());
    zeroPointPlan.compensatedChannels = needsWindowSums ? int64_t(misfits.size()) : 0;
    zeroPointPlan.outlierResiduals = int64_t(residual.size());
}

void Int8Conv::Impl::dropS8Corrections(int64_t reduction, int64_t inner)
{
    const int64_t oc = shape.outChannels;
    // The diagnosis still counts the pairs (as on every ISA); nothing can saturate whatever the weights.
    splitSaturatingPairs(s8.data(), oc, reduction, inner, false, report);
    s8 = {};
    residual.clear();
    needsWindowSums = false;
    compensation.assign(size_t(oc), 0);
    zeroPointPlan = {};
    report.isaPairsSaturate = false;
    report.remedy = SaturationRemedy::NotNeeded;
    report.residualEntries = 0;
}

void Int8Conv::Impl::splitPairsFor(const std::string& implementation)
{
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, icg = s.inChannelsPerGroup(), khw = s.kernelHeight * s.kernelWidth;
    const Int8IsaInfo isa = onednnInt8Isa();
    report.isa = isa.isa;
    report.isaPairsSaturate = isa.pairsSaturate;
    const PairLayout pairs = isa.pairsSaturate ? pairLayoutOf(implementation) : PairLayout::None;
    std::vector<ResidualWeight> split;
    if (plan.path == Int8ConvPath::OwnAvx2 && !plan.ownVnni) { // vpdpbusd has no pairs: counted below
        split = Avx2Int8Conv::splitPairs(s, s8.data(), report);
    } else if (pairs == PairLayout::InputChannels || !isa.pairsSaturate) {
        // Counted on every ISA (the diagnosis reports what an ISA without VNNI would face), split only when needed.
        split = splitSaturatingPairs(s8.data(), oc, icg, khw, pairs == PairLayout::InputChannels, report);
    } else if (pairs == PairLayout::FlattenedReduction) {
        // im2col + gemm: adjacent elements of the reduction, whose order (ic, kh, kw) or (kh, kw, ic) is oneDNN's
        // business; make both orders safe. Splitting only shrinks weights, so the second pass keeps the first safe.
        SaturationReport byIc;
        for (ResidualWeight r : splitSaturatingPairs(s8.data(), oc, icg * khw, 1, true, byIc)) {
            r.inner = r.reduction % int32_t(khw);
            r.reduction /= int32_t(khw);
            split.push_back(r);
        }
        std::vector<int8_t> t(s8.size());
        for (int64_t o = 0; o < oc; ++o)
            for (int64_t c = 0; c < icg; ++c)
                for (int64_t k = 0; k < khw; ++k)
                    t[size_t((o * khw + k) * icg + c)] = s8[size_t((o * icg + c) * khw + k)];
        SaturationReport byPosition;
        for (ResidualWeight r : splitSaturatingPairs(t.data(), oc, khw * icg, 1, true, byPosition)) {
            r.inner = r.reduction / int32_t(icg);
            r.reduction %= int32_t(icg);
            split.push_back(r);
        }
        for (int64_t o = 0; o < oc; ++o)
            for (int64_t c = 0; c < icg; ++c)
                for (int64_t k = 0; k < khw; ++k)
                    s8[size_t((o * icg + c) * khw + k)] = t[size_t((o * khw + k) * icg + c)];
        report.weightPairs = byIc.weightPairs;
        report.offendingPairs = byIc.offendingPairs + byPosition.offendingPairs;
        report.residualEntries = int64_t(split.size());
    }
    residual.insert(residual.end(), split.begin(), split.end());
    std::stable_sort(residual.begin(), residual.end(),
        [](const ResidualWeight& x, const ResidualWeight& y) { return x.row < y.row; });
    report.remedy = pairs == PairLayout::None ? SaturationRemedy::NotNeeded
        : split.empty()                       ? SaturationRemedy::NoOffendingPairs
                                              : SaturationRemedy::SparseResidual;
    planCorrections();
}

void Int8Conv::Impl::boundAccumulators()
{
    // With a uint8 source and zero point 0 (the only case the direct primitive takes), x is in [0, 255], so acc lies
    // between 255 * (sum of negative weights) and 255 * (sum of positive weights).
    const ConvShape& s = shape;
    const int64_t oc = s.outChannels, taps = s.inChannelsPerGroup() * s.kernelHeight * s.kernelWidth;
    for (int64_t o = 0; o < oc; ++o) {
        int64_t pos = 0, neg = 0;
        for (int64_t k = 0; k < taps; ++k) {
            const int64_t v = s8[size_t(o * taps + k)];
            (v > 0 ? pos : neg) += std::abs(v);
        }
        accBound = std::max(accBound, std::max(pos, neg) * 255);
    }
    // The zero-point padded source (int8_conv_plan.h): every window complete, -zp * sum w' per output channel.
    if (plan.paddedSource && plan.constantZeroPoint != 0) {
        accOffset.assign(size_t(oc), 0);
        for (int64_t o = 0; o < oc; ++o) {
            int64_t sum = 0;
            for (int64_t k = 0; k < taps; ++k)
                sum += s8[size_t(o * taps + k)];
            accOffset[size_t(o)] = int32_t(-int64_t(plan.constantZeroPoint) * sum);
        }
    }
}

void Int8Conv::Impl::computeWindowSums(const uint8_t* image, int32_t zp)
{
    const ConvShape& s = shape;
    const int64_t hw = s.inHeight * s.inWidth, icg = s.inChannelsPerGroup();
    const int64_t oh = s.outHeight(), ow = s.outWidth();
    for (int64_t g = 0; g < s.group; ++g) {
        int32_t* p = channelSums + g * hw;
        if (nchw()) {
            // Blocks of pixels stay in L1 while every channel of the group is added in.
            constexpr int64_t kBlock = 2048;
            for (int64_t b0 = 0; b0 < hw; b0 += kBlock) {
                const int64_t b1 = std::min(hw, b0 + kBlock);
                std::fill(p + b0, p + b1, -int32_t(icg) * zp);
                for (int64_t c = 0; c < icg; ++c)
                    addBytes(p + b0, image + (g * icg + c) * hw + b0, b1 - b0);
            }
        } else {
            sumChannelsNhwc(p, image + g * icg, hw, s.inChannels, icg, -int32_t(icg) * zp);
        }
        int32_t* out = windowSums + g * oh * ow;
        std::fill(out, out + oh * ow, 0);
        for (int64_t i = 0; i < oh; ++i)
            for (int64_t kh = 0; kh < s.kernelHeight; ++kh) {
                const int64_t ih = i * s.strideHeight - s.padTop + kh * s.dilationHeight;
                if (ih < 0 || ih >= s.inHeight)
                    continue;
                for (int64_t kw = 0; kw < s.kernelWidth; ++kw) {
                    const int64_t offset = kw * s.dilationWidth - s.padLeft;
                    const Span span = validSpan(ow, s.strideWidth, offset, s.inWidth);
                    const int32_t* in = p + ih * s.inWidth + offset;
                    int32_t* o = out + i * ow;
                    for (int64_t j = span.begin; j < span.end; ++j)
                        o[j] += in[j * s.strideWidth];
                }
            }
    }
}

void Int8Conv::Impl::compensatePixels(int32_t* acc, int64_t outputRow, int64_t firstColumn, int64_t count)
{
    const int64_t oh = shape.outHeight(), ow = shape.outWidth();
    addCompensation(acc, count, shape.outChannels, shape.group, shape.outChannelsPerGroup(), compensation.data(),
        windowSums + outputRow * ow + firstColumn, oh * ow);
}

} // namespace qs::kernels::int8
