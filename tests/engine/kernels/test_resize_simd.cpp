// SPDX-License-Identifier: MIT
// The separable Resize's vector loops (kernels/cpu/resize_simd.h) on every ISA this CPU runs, against the scalar
// definitions: both accumulate w0 * x0, then fused multiply-adds in tap order, so the results must be bit-identical.
// The kernel as a whole is checked against ONNX's conformance cases and ONNX Runtime (tests/data/opsets).
#include "kernels/cpu/resize_simd.h"
#include "simd_test_util.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

namespace {

using qs::kernels::resizeLoops;
using qs::quant::QuantIsa;

std::vector<float> randomFloats(std::mt19937& rng, size_t n)
{
    std::uniform_real_distribution<float> d(-3.0f, 3.0f);
    std::vector<float> v(n);
    for (auto& x : v)
        x = d(rng);
    return v;
}

TEST(ResizeSimd, RowsMatchScalarBitForBit)
{
    const auto scalar = resizeLoops(QuantIsa::Scalar);
    ASSERT_STREQ(scalar.isa, "scalar");
    std::mt19937 rng(7);
    for (QuantIsa isa : qs::kernels::vectorIsas()) {
        const auto loops = resizeLoops(isa);
        for (int64_t taps : { 1, 2, 4, 7 })
            for (int64_t n : { 1, 7, 13, 16, 127 }) {
                std::vector<std::vector<float>> rows;
                std::vector<const float*> ptrs;
                for (int64_t t = 0; t < taps; ++t)
                    rows.push_back(randomFloats(rng, size_t(n)));
                for (const auto& r : rows)
                    ptrs.push_back(r.data());
                const auto w = randomFloats(rng, size_t(taps));
                std::vector<float> want(size_t(n) + 1, -9.0f), got(size_t(n) + 1, -9.0f);
                scalar.rows(ptrs.data(), w.data(), taps, n, want.data());
                loops.rows(ptrs.data(), w.data(), taps, n, got.data());
                EXPECT_EQ(0, std::memcmp(want.data(), got.data(), want.size() * sizeof(float)))
                    << loops.isa << " taps " << taps << " n " << n;
                EXPECT_EQ(got[size_t(n)], -9.0f) << "wrote past the row";
            }
    }
}

TEST(ResizeSimd, GathersMatchScalarBitForBit)
{
    const auto scalar = resizeLoops(QuantIsa::Scalar);
    std::mt19937 rng(11);
    for (QuantIsa isa : qs::kernels::vectorIsas()) {
        const auto loops = resizeLoops(isa);
        for (int64_t taps : { 1, 2, 4, 9 })
            for (int64_t outLen : { 1, 5, 8, 17, 100 }) {
                const int64_t inLen = 23;
                const auto x = randomFloats(rng, size_t(inLen));
                std::vector<int32_t> idx(size_t(taps * outLen));
                for (auto& i : idx)
                    i = int32_t(rng() % uint32_t(inLen));
                const auto w = randomFloats(rng, idx.size());
                std::vector<float> want(size_t(outLen) + 1, -9.0f), got(size_t(outLen) + 1, -9.0f);
                scalar.gather(x.data(), idx.data(), w.data(), taps, outLen, want.data());
                loops.gather(x.data(), idx.data(), w.data(), taps, outLen, got.data());
                EXPECT_EQ(0, std::memcmp(want.data(), got.data(), want.size() * sizeof(float)))
                    << loops.isa << " taps " << taps << " outLen " << outLen;
                std::vector<uint32_t> bits(static_cast<size_t>(inLen));
                for (size_t i = 0; i < bits.size(); ++i)
                    bits[i] = uint32_t(rng());
                std::vector<uint32_t> wantBits(size_t(outLen) + 1, 7u), gotBits(size_t(outLen) + 1, 7u);
                scalar.copyGather(bits.data(), idx.data(), outLen, wantBits.data());
                loops.copyGather(bits.data(), idx.data(), outLen, gotBits.data());
                EXPECT_EQ(wantBits, gotBits) << loops.isa << " outLen " << outLen;
            }
    }
}

} // namespace
