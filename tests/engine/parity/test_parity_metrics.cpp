// SPDX-License-Identifier: MIT
// Parity measures against values computed by hand.
#include <quantscope/engine/parity.h>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

using namespace qs;

TEST(ParityMetrics, HandComputedPair)
{
    // ref = [1, 2, 3, 4], cand = [1, 2.5, 2, 4]: Δ = [0, -0.5, 1, 0]
    // max 1, mean 1.5/4 = 0.375, RMSE sqrt(1.25/4) = 0.5590170, Σref² = 30, ΣΔ² = 1.25 → SQNR 10·log10(24) = 13.80211
    // cos = (1 + 5 + 6 + 16) / (sqrt(30)·sqrt(1 + 6.25 + 4 + 16)) = 28 / sqrt(30 · 27.25) = 0.97929638
    DiffAccumulator acc;
    const float ref[] = { 1, 2, 3, 4 };
    const float cand[] = { 1, 2.5f, 2, 4 };
    acc.add(ref, cand);
    const TensorDiff d = acc.result();
    EXPECT_EQ(d.count, 4);
    EXPECT_DOUBLE_EQ(d.maxAbs, 1.0);
    EXPECT_DOUBLE_EQ(d.meanAbs, 0.375);
    EXPECT_NEAR(d.rmse, 0.5590170, 1e-7);
    EXPECT_NEAR(d.sqnrDb, 13.802112, 1e-6);
    EXPECT_NEAR(d.cosine, 0.97929638, 1e-8);
}

TEST(ParityMetrics, AccumulatesAcrossSamplesLikeOneTensor)
{
    DiffAccumulator split;
    DiffAccumulator whole;
    const float r1[] = { 1, 2 }, c1[] = { 1, 2.5f }, r2[] = { 3, 4 }, c2[] = { 2, 4 };
    const float r[] = { 1, 2, 3, 4 }, c[] = { 1, 2.5f, 2, 4 };
    split.add(r1, c1);
    split.add(r2, c2);
    whole.add(r, c);
    EXPECT_DOUBLE_EQ(split.result().sqnrDb, whole.result().sqnrDb);
    EXPECT_DOUBLE_EQ(split.result().meanAbs, whole.result().meanAbs);
}

TEST(ParityMetrics, IdenticalZeroAndOppositeTensors)
{
    DiffAccumulator same;
    const float a[] = { 0.5f, -1, 2 };
    same.add(a, a);
    EXPECT_TRUE(std::isinf(same.result().sqnrDb) && same.result().sqnrDb > 0);
    EXPECT_DOUBLE_EQ(same.result().cosine, 1.0);

    DiffAccumulator zeros;
    const float z[] = { 0, 0, 0 };
    zeros.add(z, z);
    EXPECT_DOUBLE_EQ(zeros.result().cosine, 1.0);

    DiffAccumulator opposite; // cand = -ref: cosine -1, error 2·ref → SQNR 10·log10(1/4) = -6.0206 dB
    const float b[] = { -0.5f, 1, -2 };
    opposite.add(a, b);
    EXPECT_NEAR(opposite.result().cosine, -1.0, 1e-12);
    EXPECT_NEAR(opposite.result().sqnrDb, -6.0205999, 1e-6);

    DiffAccumulator nan;
    const float n[] = { NAN, 1, 2 };
    nan.add(a, n);
    EXPECT_EQ(nan.result().nonFinite, 1);
    EXPECT_EQ(nan.result().count, 2);
}

TEST(ParityMetrics, TopKAgreement)
{
    EXPECT_EQ(classifierClasses({ 2, 10 }), 10);
    EXPECT_EQ(classifierClasses({ 1, 10, 1, 1 }), 10);
    EXPECT_EQ(classifierClasses({ 1, 84, 8400 }), 0);
    EXPECT_EQ(classifierClasses({ 1, 1 }), 0);
    // Two rows of 7 classes. Row 0: reference label 6, candidate ranks it 1st. Row 1: label 0, candidate ranks it 3rd.
    const std::vector<float> ref = { 0, 1, 2, 3, 4, 5, 6, /**/ 9, 1, 2, 3, 4, 5, 6 };
    const std::vector<float> cand = { 0, 1, 2, 3, 4, 5, 9, /**/ 5, 1, 2, 3, 4, 6, 7 };
    ClassAgreement agreement;
    addClassAgreement(agreement, { 2, 7 }, ref, cand);
    EXPECT_EQ(agreement.rows, 2);
    EXPECT_EQ(agreement.top1, 1);
    EXPECT_EQ(agreement.top5, 2);
    EXPECT_TRUE(agreement.hasTop5);
}

TEST(ParityMetrics, NpyFileIsRead)
{
    // A hand-written .npy (format 1.0) of float32 [2, 3] = 0..5.
    const auto path = std::filesystem::temp_directory_path() / "qs_parity_test.npy";
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
    while ((10 + header.size() + 1) % 64)
        header += ' ';
    header += '\n';
    {
        std::ofstream out(path, std::ios::binary);
        out.write("\x93NUMPY\x01\x00", 8);
        const uint16_t len = static_cast<uint16_t>(header.size());
        out.put(static_cast<char>(len & 0xff));
        out.put(static_cast<char>(len >> 8));
        out << header;
        for (int i = 0; i < 6; ++i) {
            const float f = static_cast<float>(i);
            out.write(reinterpret_cast<const char*>(&f), 4);
        }
    }
    auto t = loadNpyFile(path);
    ASSERT_TRUE(t) << t.status().message();
    EXPECT_EQ(t->dims(), (std::vector<int64_t> { 2, 3 }));
    EXPECT_EQ(t->data<float>()[5], 5.0f);
    std::filesystem::remove(path);
}
