// SPDX-License-Identifier: MIT
#include "kernels/ref/conv_ref.h"

#include <algorithm>

namespace qs::kernels::ref {

namespace {
/// Spatial geometry padded to 3-D (leading unit dims).
struct G3
{
    int64_t in[3] { 1, 1, 1 }, out[3] { 1, 1, 1 }, k[3] { 1, 1, 1 }, s[3] { 1, 1, 1 }, d[3] { 1, 1, 1 },
        p[3] { 0, 0, 0 };
};
G3 pad3(const ConvGeometry& g)
{
    G3 r;
    const size_t off = 3 - size_t(g.spatialRank);
    for (size_t i = 0; i < size_t(g.spatialRank); ++i) {
        r.in[off + i] = g.inSpatial[i];
        r.out[off + i] = g.outSpatial[i];
        r.k[off + i] = g.kernel[i];
        r.s[off + i] = g.strides[i];
        r.d[off + i] = g.dilations[i];
        r.p[off + i] = g.padBegin[i];
    }
    return r;
}
} // namespace

void conv(const ConvGeometry& g, const float* x, const float* w, const float* b, float* y)
{
    const G3 s = pad3(g);
    const int64_t icg = g.inChannels / g.group;
    const int64_t ocg = g.outChannels / g.group;
    const int64_t inPlane = s.in[0] * s.in[1] * s.in[2];
    const int64_t outPlane = s.out[0] * s.out[1] * s.out[2];
    const int64_t kSize = s.k[0] * s.k[1] * s.k[2];
    for (int64_t n = 0; n < g.batch; ++n)
        for (int64_t oc = 0; oc < g.outChannels; ++oc) {
            const int64_t grp = oc / ocg;
            for (int64_t o0 = 0; o0 < s.out[0]; ++o0)
                for (int64_t o1 = 0; o1 < s.out[1]; ++o1)
                    for (int64_t o2 = 0; o2 < s.out[2]; ++o2) {
                        double acc = b ? b[oc] : 0.0;
                        for (int64_t ic = 0; ic < icg; ++ic)
                            for (int64_t k0 = 0; k0 < s.k[0]; ++k0)
                                for (int64_t k1 = 0; k1 < s.k[1]; ++k1)
                                    for (int64_t k2 = 0; k2 < s.k[2]; ++k2) {
                                        const int64_t i0 = o0 * s.s[0] - s.p[0] + k0 * s.d[0];
                                        const int64_t i1 = o1 * s.s[1] - s.p[1] + k1 * s.d[1];
                                        const int64_t i2 = o2 * s.s[2] - s.p[2] + k2 * s.d[2];
                                        if (i0 < 0 || i0 >= s.in[0] || i1 < 0 || i1 >= s.in[1] || i2 < 0
                                            || i2 >= s.in[2])
                                            continue;
                                        const float xv = x[(n * g.inChannels + grp * icg + ic) * inPlane
                                            + (i0 * s.in[1] + i1) * s.in[2] + i2];
                                        const float wv = w[(oc * icg + ic) * kSize + (k0 * s.k[1] + k1) * s.k[2] + k2];
                                        acc += double(xv) * wv;
                                    }
                        y[(n * g.outChannels + oc) * outPlane + (o0 * s.out[1] + o1) * s.out[2] + o2] = float(acc);
                    }
        }
}

void convTranspose(const ConvGeometry& g, const float* x, const float* w, const float* b, float* y)
{
    const G3 s = pad3(g);
    const int64_t icg = g.inChannels / g.group;
    const int64_t ocg = g.outChannels / g.group;
    const int64_t inPlane = s.in[0] * s.in[1] * s.in[2];
    const int64_t outPlane = s.out[0] * s.out[1] * s.out[2];
    const int64_t kSize = s.k[0] * s.k[1] * s.k[2];
    for (int64_t n = 0; n < g.batch; ++n)
        for (int64_t oc = 0; oc < g.outChannels; ++oc)
            std::fill_n(y + (n * g.outChannels + oc) * outPlane, outPlane, b ? b[oc] : 0.0f);
    // Scatter form: every input pixel adds w * x into the output window it maps to.
    for (int64_t n = 0; n < g.batch; ++n)
        for (int64_t ic = 0; ic < g.inChannels; ++ic) {
            const int64_t grp = ic / icg;
            for (int64_t i0 = 0; i0 < s.in[0]; ++i0)
                for (int64_t i1 = 0; i1 < s.in[1]; ++i1)
                    for (int64_t i2 = 0; i2 < s.in[2]; ++i2) {
                        const float xv = x[(n * g.inChannels + ic) * inPlane + (i0 * s.in[1] + i1) * s.in[2] + i2];
                        for (int64_t o = 0; o < ocg; ++o)
                            for (int64_t k0 = 0; k0 < s.k[0]; ++k0)
                                for (int64_t k1 = 0; k1 < s.k[1]; ++k1)
                                    for (int64_t k2 = 0; k2 < s.k[2]; ++k2) {
                                        const int64_t o0 = i0 * s.s[0] - s.p[0] + k0 * s.d[0];
                                        const int64_t o1 = i1 * s.s[1] - s.p[1] + k1 * s.d[1];
                                        const int64_t o2 = i2 * s.s[2] - s.p[2] + k2 * s.d[2];
                                        if (o0 < 0 || o0 >= s.out[0] || o1 < 0 || o1 >= s.out[1] || o2 < 0
                                            || o2 >= s.out[2])
                                            continue;
                                        const float wv = w[(ic * ocg + o) * kSize + (k0 * s.k[1] + k1) * s.k[2] + k2];
                                        y[(n * g.outChannels + grp * ocg + o) * outPlane
                                            + (o0 * s.out[1] + o1) * s.out[2] + o2]
                                            += xv * wv;
                                    }
                    }
        }
}

void matMul(int64_t m, int64_t n, int64_t k, const float* a, const float* b, float* c)
{
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double acc = 0.0;
            for (int64_t p = 0; p < k; ++p)
                acc += double(a[i * k + p]) * b[p * n + j];
            c[i * n + j] = float(acc);
        }
}

} // namespace qs::kernels::ref
