// SPDX-License-Identifier: MIT
// Per-op-type time of two profiles joined row by row, against the crafted profiles' hand-computed numbers.
#include "crafted_run.h"

#include <quantscope/engine/op_type_comparison.h>

#include <gtest/gtest.h>

namespace {

TEST(OpTypeComparison, FloatCounterparts)
{
    EXPECT_EQ(qs::floatCounterpartOpType("ConvInteger"), "Conv");
    EXPECT_EQ(qs::floatCounterpartOpType("MatMulInteger"), "MatMul");
    EXPECT_EQ(qs::floatCounterpartOpType("QLinearConv"), "Conv");
    EXPECT_EQ(qs::floatCounterpartOpType("com.microsoft.QLinearConv"), "Conv");
    EXPECT_EQ(qs::floatCounterpartOpType("com.microsoft.QLinearAdd"), "Add");
    EXPECT_EQ(qs::floatCounterpartOpType("com.microsoft.QGemm"), "Gemm");
    EXPECT_EQ(qs::floatCounterpartOpType("DynamicQuantizeLinear"), "DynamicQuantizeLinear");
    // ONNX Runtime's kernels (recorded profile tests/data/ort: NhwcMaxPool; FusedConv in its FP32 profiles)
    EXPECT_EQ(qs::floatCounterpartOpType("NhwcMaxPool"), "MaxPool");
    EXPECT_EQ(qs::floatCounterpartOpType("com.microsoft.FusedConv"), "Conv");
    EXPECT_EQ(qs::floatCounterpartOpType("FusedGemm"), "Gemm");
    EXPECT_EQ(qs::floatCounterpartOpType("com.microsoft.NhwcQLinearConv"), "Conv");
    EXPECT_EQ(qs::floatCounterpartOpType("Fused"), "Fused");
    EXPECT_EQ(qs::floatCounterpartOpType("com.microsoft.Attention"), "com.microsoft.Attention");
    EXPECT_EQ(qs::floatCounterpartOpType("Integer"), "Integer");
    EXPECT_EQ(qs::floatCounterpartOpType("QLinear"), "QLinear");
}

TEST(OpTypeComparison, CraftedPairSortedByAbsoluteDifference)
{
    // Per run: FP32 Conv 100, Sigmoid 27; INT8 ConvInteger 80, DynamicQuantizeLinear 40, Cast 10, Mul 15.
    const auto cmp = qs::compareOpTypeTimes(qs::test::craftedFp32Profile(), qs::test::craftedInt8Profile());
    ASSERT_EQ(cmp.rows.size(), 5u);
    // |differences|: DQL 40, Sigmoid 27, Conv 20, Mul 15, Cast 10
    EXPECT_EQ(cmp.rows[0].opType, "DynamicQuantizeLinear");
    EXPECT_DOUBLE_EQ(cmp.rows[0].deltaMs(), 40.0);
    EXPECT_FALSE(cmp.rows[0].ratio());
    EXPECT_TRUE(cmp.rows[0].baselineOps.empty());
    EXPECT_EQ(cmp.rows[1].opType, "Sigmoid");
    EXPECT_DOUBLE_EQ(cmp.rows[1].deltaMs(), -27.0);
    EXPECT_FALSE(cmp.rows[1].ratio());
    EXPECT_EQ(cmp.rows[2].opType, "Conv");
    EXPECT_EQ(cmp.rows[2].displayName(), "Conv \u2192 ConvInteger");
    EXPECT_DOUBLE_EQ(cmp.rows[2].baselineMs, 100.0);
    EXPECT_DOUBLE_EQ(cmp.rows[2].candidateMs, 80.0);
    ASSERT_TRUE(cmp.rows[2].ratio());
    EXPECT_DOUBLE_EQ(*cmp.rows[2].ratio(), 0.8);
    EXPECT_EQ(cmp.rows[2].baselineNodes, 1);
    EXPECT_EQ(cmp.rows[2].candidateNodes, 1);
    EXPECT_EQ(cmp.rows[3].opType, "Mul");
    EXPECT_EQ(cmp.rows[3].displayName(), "Mul");
    EXPECT_EQ(cmp.rows[4].opType, "Cast");
    EXPECT_DOUBLE_EQ(cmp.baselineTotalMs, 127.0);
    EXPECT_DOUBLE_EQ(cmp.candidateTotalMs, 145.0);
}

TEST(OpTypeComparison, SameOpTypesOnBothSidesShareOneRow)
{
    // A model against itself: every row has ratio 1 and difference 0, kept in name order.
    const auto p = qs::test::craftedInt8Profile();
    const auto cmp = qs::compareOpTypeTimes(p, p);
    ASSERT_EQ(cmp.rows.size(), 4u);
    EXPECT_EQ(cmp.rows[0].opType, "Cast");
    EXPECT_EQ(cmp.rows[1].opType, "Conv");
    EXPECT_EQ(cmp.rows[1].displayName(), "ConvInteger"); // on both sides
    EXPECT_DOUBLE_EQ(*cmp.rows[1].ratio(), 1.0);
    EXPECT_DOUBLE_EQ(cmp.rows[1].deltaMs(), 0.0);
}

} // namespace
