// SPDX-License-Identifier: MIT
// The AVX2 rows of QLinearAdd / QLinearMul against the scalar rows on seeded random data: they must be
// bit-identical (the scalar rows follow ONNX Runtime's operation order, which the qops_ort_cases_* tests check
// against ORT's outputs). Lengths hit the 8-wide vector body and its remainder.
#include "kernels/qops/qlinear_binary_rows.h"
#include "quant/quant_kernels.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using qs::kernels::qops::BinaryRows;

template <typename T> std::vector<T> randomBytes(std::mt19937& rng, int64_t n)
{
    std::vector<T> v(static_cast<size_t>(n));
    for (auto& x : v)
        x = static_cast<T>(rng() >> 24);
    return v;
}

float randomScale(std::mt19937& rng)
{
    return 0.002f + 0.2f * static_cast<float>((rng() >> 8) * (1.0 / 16777216.0));
}

template <typename T> void compareRows()
{
    if (qs::quant::bestQuantIsa() == qs::quant::QuantIsa::Scalar)
        GTEST_SKIP() << "this CPU has no AVX2+FMA: only the scalar rows run";
    const BinaryRows<T>& fast = qs::kernels::qops::binaryRows<T>();
    const BinaryRows<T>& ref = qs::kernels::qops::scalarBinaryRows<T>();
    ASSERT_NE(&fast, &ref);
    std::mt19937 rng(7);
    for (int64_t n : { 1, 7, 8, 13, 127, 1031 }) {
        for (int trial = 0; trial < 20; ++trial) {
            const auto a = randomBytes<T>(rng, n), b = randomBytes<T>(rng, n);
            const float rA = randomScale(rng) / randomScale(rng), rB = randomScale(rng) / randomScale(rng);
            const float f = float(int(rng() % 256) - 128) * 0.37f;
            const int32_t zA = static_cast<T>(rng() >> 24), zB = static_cast<T>(rng() >> 24);
            const float ratio = randomScale(rng) * randomScale(rng) / randomScale(rng);
            const auto zc = float(static_cast<T>(rng() >> 24));
            std::vector<T> x(static_cast<size_t>(n)), y(static_cast<size_t>(n));
            fast.fmaRow(a.data(), n, rA, f, x.data());
            ref.fmaRow(a.data(), n, rA, f, y.data());
            EXPECT_EQ(x, y) << "fmaRow n=" << n << " trial " << trial;
            fast.fma2Row(a.data(), b.data(), n, rA, rB, f, x.data());
            ref.fma2Row(a.data(), b.data(), n, rA, rB, f, y.data());
            EXPECT_EQ(x, y) << "fma2Row n=" << n << " trial " << trial;
            for (int64_t stride : { 0, 1 }) {
                fast.mulRow(a.data(), b.data(), stride, n, zA, zB, ratio, zc, x.data());
                ref.mulRow(a.data(), b.data(), stride, n, zA, zB, ratio, zc, y.data());
                EXPECT_EQ(x, y) << "mulRow stride " << stride << " n=" << n << " trial " << trial;
            }
        }
    }
}

TEST(QLinearRows, Avx2MatchesScalarUInt8)
{
    compareRows<uint8_t>();
}

TEST(QLinearRows, Avx2MatchesScalarInt8)
{
    compareRows<int8_t>();
}

} // namespace
