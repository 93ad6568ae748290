// SPDX-License-Identifier: MIT
// The int8 matmul on the own convolution kernel (int8_matmul_own.h), directly and through Int8MatMul (which takes it
// where oneDNN's pairs saturate: under DNNL_MAX_CPU_ISA=AVX2 / AVX512_CORE, i.e. the avx2.* and avx512core.* runs of
// this program), against the reference MatMulInteger's int32 sums (conv_integer_ref.h): K not a multiple of 4 or 32,
// N not a multiple of 8 or 16, M from 1 to 200 (every partial pixel block), u8 and s8 operands with zero points,
// activations at 255 (the largest int16 pair sums) and a sparse residual of saturating weight pairs, both few (the
// kernel absorbs it as extra quads) and spread over most quads (the caller adds it), at 1 to 3 threads.
#include "kernels/int8/conv_integer_ref.h"
#include "kernels/int8/int8_matmul.h"
#include "kernels/int8/int8_matmul_own.h"

#include <gtest/gtest.h>

#include <omp.h>
#include <random>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

struct Shape
{
    int64_t m, k, n;
};

constexpr Shape kShapes[] = { { 1, 64, 16 }, { 2, 7, 1 }, { 5, 30, 33 }, { 6, 97, 15 }, { 7, 256, 100 }, { 13, 4, 48 },
    { 64, 130, 70 }, { 131, 64, 257 }, { 200, 33, 9 } };

/// Bell-shaped s8 weights (mostly pair-safe, as trained layers) with saturating pairs (127, 100) planted every
/// `every` weights along the columns of every other row pair: few (the kernel absorbs them) or spread over most quads.
std::vector<int8_t> weightsOf(std::mt19937& rng, int64_t k, int64_t n, int64_t every)
{
    std::normal_distribution<float> normal(0.0f, 25.0f);
    std::vector<int8_t> w(size_t(k * n));
    for (int8_t& v : w)
        v = int8_t(std::clamp(int(std::lround(normal(rng))), -127, 127));
    for (int64_t p = 0; p + 1 < k; p += 2)
        for (int64_t j = (p / 2) % every; j < n; j += every) {
            w[size_t(p * n + j)] = (p / 2) % 2 ? int8_t(-127) : int8_t(127);
            w[size_t((p + 1) * n + j)] = (p / 2) % 2 ? int8_t(-100) : int8_t(100);
        }
    return w;
}

std::vector<uint8_t> activationsOf(std::mt19937& rng, int64_t m, int64_t k, bool saturating)
{
    std::uniform_int_distribution<int> d(0, 255);
    std::vector<uint8_t> a(size_t(m * k));
    for (uint8_t& v : a)
        v = saturating ? uint8_t(255) : uint8_t(d(rng));
    return a;
}

} // namespace

// OwnInt8MatMul alone, on every CPU with the own microkernels (natively too): the split weights plus the residual
// (absorbed or added here as the caller does) equal the reference with the original weights.
TEST(OwnInt8MatMul, SplitWeightsAndResidualMatchTheReference)
{
    int absorbed = 0, added = 0;
    for (const Shape sh : kShapes)
        for (const int64_t every : { int64_t(997), int64_t(3) })
            for (const bool saturating : { false, true }) {
                SCOPED_TRACE(::testing::Message() << "M " << sh.m << " K " << sh.k << " N " << sh.n
                                                  << " residual every " << every << (saturating ? " a = 255" : ""));
                std::mt19937 rng(uint32_t(sh.m * 131 + sh.k * 7 + sh.n));
                const std::vector<int8_t> w = weightsOf(rng, sh.k, sh.n, every);
                const std::vector<uint8_t> a = activationsOf(rng, sh.m, sh.k, saturating);
                const int32_t za = saturating ? 0 : 77;
                std::vector<int32_t> ref(size_t(sh.m * sh.n));
                const int32_t zero = 0;
                matMulIntegerRef(sh.m, sh.k, sh.n, a.data(), za, w.data(), &zero, false, ref.data());
                std::vector<int8_t> split = w;
                SaturationReport report;
                const std::vector<ResidualWeight> residual
                    = splitSaturatingPairs(split.data(), 1, sh.k, sh.n, true, report);
                auto own = OwnInt8MatMul::create(split.data(), sh.k, sh.n, residual);
                if (!own)
                    GTEST_SKIP() << "no own int8 microkernels on this CPU";
                ++(own->absorbsResidual() ? absorbed : added);
                std::vector<uint8_t> scratch(own->scratchBytes(sh.m) + 1);
                for (const int threads : { 1, 2, 3 }) {
                    SCOPED_TRACE(::testing::Message() << threads << " threads");
                    std::vector<int32_t> y(ref.size(), -1);
                    own->run(a.data(), sh.m, za, y.data(), scratch.data(), threads);
                    if (!own->absorbsResidual())
                        for (const ResidualWeight& e : residual)
                            for (int64_t i = 0; i < sh.m; ++i)
                                y[size_t(i * sh.n + e.inner)]
                                    += e.value * (int32_t(a[size_t(i * sh.k + e.reduction)]) - za);
                    ASSERT_EQ(y, ref) << (own->absorbsResidual() ? "absorbed" : "not absorbed") << ", "
                                      << residual.size() << " residual weights";
                }
            }
    EXPECT_GT(absorbed, 0);
    EXPECT_GT(added, 0);
}

// Through Int8MatMul (the own kernel where pairs saturate, oneDNN natively): runInt32 and runFloat with s8 and u8
// activations, per-column u8 weight zero points (so the row-sum term is live) and the residual either way.
TEST(OwnInt8MatMul, Int8MatMulMatchesTheReference)
{
    const int previous = omp_get_max_threads();
    for (const Shape sh : kShapes)
        for (const int64_t every : { int64_t(997), int64_t(3) })
            for (const bool signedA : { false, true }) {
                SCOPED_TRACE(::testing::Message() << "M " << sh.m << " K " << sh.k << " N " << sh.n
                                                  << " residual every " << every << (signedA ? " s8 A" : " u8 A"));
                std::mt19937 rng(uint32_t(sh.m * 31 + sh.k * 5 + sh.n));
                const std::vector<int8_t> w8 = weightsOf(rng, sh.k, sh.n, every);
                // u8 weights with per-column zero points near 128: w8 + 128 (the same pairs after the shift).
                std::vector<uint8_t> w(w8.size());
                for (size_t i = 0; i < w.size(); ++i)
                    w[i] = uint8_t(int32_t(w8[i]) + 128);
                std::vector<int32_t> zp(size_t(sh.n));
                for (int64_t j = 0; j < sh.n; ++j)
                    zp[size_t(j)] = 120 + int32_t(j % 17);
                std::vector<uint8_t> a = activationsOf(rng, sh.m, sh.k, false);
                const int32_t za = signedA ? -9 : 140;
                std::vector<int32_t> ref(size_t(sh.m * sh.n));
                if (signedA)
                    matMulIntegerRef(sh.m, sh.k, sh.n, reinterpret_cast<const int8_t*>(a.data()), za, w.data(),
                        zp.data(), true, ref.data());
                else
                    matMulIntegerRef(sh.m, sh.k, sh.n, a.data(), za, w.data(), zp.data(), true, ref.data());
                auto mm = Int8MatMul::create(
                    sh.k, sh.n, 1, signedA ? DataType::Int8 : DataType::UInt8, { DataType::UInt8, w.data(), zp });
                ASSERT_TRUE(mm.isOk()) << mm.status().toString();
                std::vector<float> bScales(size_t(sh.n)), bias(size_t(sh.n));
                for (int64_t j = 0; j < sh.n; ++j) {
                    bScales[size_t(j)] = 0.0009f * float(j % 7 + 1);
                    bias[size_t(j)] = 0.5f - 0.125f * float(j % 5);
                }
                const float aScale = 0.017f;
                for (const int threads : { 1, 2, 3 }) {
                    SCOPED_TRACE(::testing::Message() << threads << " threads");
                    omp_set_num_threads(threads);
                    std::vector<int32_t> y(ref.size(), -1);
                    ASSERT_TRUE((*mm)->runInt32(a.data(), sh.m, za, y.data()).isOk());
                    ASSERT_EQ(y, ref) << (*mm)->implementation();
                    std::vector<float> f(ref.size(), -1.0f);
                    ASSERT_TRUE((*mm)
                                    ->runFloat(a.data(), sh.m, za, aScale, bScales.data(), true, bias.data(), f.data())
                                    .isOk());
                    for (size_t i = 0; i < f.size(); ++i) {
                        const size_t j = i % size_t(sh.n);
                        ASSERT_EQ(f[i], float(ref[i]) * (aScale * bScales[j]) + bias[j])
                            << "element " << i << " [" << (*mm)->implementation() << "]";
                    }
                }
                const SaturationReport& report = (*mm)->saturation();
                if (report.isaPairsSaturate && sh.m > 1 && report.remedy == SaturationRemedy::SparseResidual)
                    EXPECT_NE((*mm)->implementation().find(" 1x1"), std::string::npos) << (*mm)->implementation();
            }
    omp_set_num_threads(previous);
}
