// SPDX-License-Identifier: MIT
#include "kernels/int8/conv_integer_ref.h"

namespace qs::kernels::int8 {

template <typename Src, typename Wei>
void convIntegerRef(const ConvShape& s, const Src* x, int32_t xZeroPoint, const Wei* w, const int32_t* wZeroPoints,
    bool perChannel, int32_t* y)
{
    const int64_t oh = s.outHeight(), ow = s.outWidth(), icg = s.inChannelsPerGroup(), ocg = s.outChannelsPerGroup();
    for (int64_t n = 0; n < s.batch; ++n)
        for (int64_t oc = 0; oc < s.outChannels; ++oc) {
            const int64_t g = oc / ocg;
            const int64_t wzp = wZeroPoints[perChannel ? oc : 0];
            for (int64_t i = 0; i < oh; ++i)
                for (int64_t j = 0; j < ow; ++j) {
                    int64_t acc = 0;
                    for (int64_t c = 0; c < icg; ++c)
                        for (int64_t kh = 0; kh < s.kernelHeight; ++kh)
                            for (int64_t kw = 0; kw < s.kernelWidth; ++kw) {
                                const int64_t ih = i * s.strideHeight - s.padTop + kh * s.dilationHeight;
                                const int64_t iw = j * s.strideWidth - s.padLeft + kw * s.dilationWidth;
                                if (ih < 0 || ih >= s.inHeight || iw < 0 || iw >= s.inWidth)
                                    continue; // padding holds the zero point: (x - zp) = 0
                                const int64_t ic = g * icg + c;
                                const int64_t xv
                                    = int64_t(x[((n * s.inChannels + ic) * s.inHeight + ih) * s.inWidth + iw]);
                                const int64_t wv
                                    = int64_t(w[((oc * icg + c) * s.kernelHeight + kh) * s.kernelWidth + kw]);
                                acc += (xv - xZeroPoint) * (wv - wzp);
                            }
                    y[((n * s.outChannels + oc) * oh + i) * ow + j] = int32_t(uint32_t(uint64_t(acc)));
                }
        }
}

template <typename A, typename B>
void matMulIntegerRef(int64_t m, int64_t k, int64_t n, const A* a, int32_t aZeroPoint, const B* b,
    const int32_t* bZeroPoints, bool perColumn, int32_t* y)
{
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            int64_t acc = 0;
            const int64_t bzp = bZeroPoints[perColumn ? j : 0];
            for (int64_t p = 0; p < k; ++p)
                acc += (int64_t(a[i * k + p]) - aZeroPoint) * (int64_t(b[p * n + j]) - bzp);
            y[i * n + j] = int32_t(uint32_t(uint64_t(acc)));
        }
}

#define QS_INSTANTIATE(S, W)                                                                                           \
    template void convIntegerRef<S, W>(const ConvShape&, const S*, int32_t, const W*, const int32_t*, bool, int32_t*); \
    template void matMulIntegerRef<S, W>(                                                                              \
        int64_t, int64_t, int64_t, const S*, int32_t, const W*, const int32_t*, bool, int32_t*);
QS_INSTANTIATE(uint8_t, uint8_t)
QS_INSTANTIATE(uint8_t, int8_t)
QS_INSTANTIATE(int8_t, uint8_t)
QS_INSTANTIATE(int8_t, int8_t)
#undef QS_INSTANTIATE

} // namespace qs::kernels::int8
