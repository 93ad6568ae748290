// SPDX-License-Identifier: MIT
// oneDNN MatMul (batched, broadcast, 1-D operands) and Gemm (transposes, alpha, beta, broadcast C) against
// the reference product.
#include "kernel_test_util.h"
#include "kernels/ref/conv_ref.h"

namespace {

using namespace qs;
using namespace qs::test;

TEST(MatMulKernel, BatchedBroadcastMatchesReference)
{
    // A [2, 3, 5, 7] x B [3, 7, 13] (constant, broadcast over the leading batch dim).
    IrModelBuilder b;
    b.input("a", DataType::Float, { 2, 3, 5, 7 });
    HostTensor bw = randomTensor({ 3, 7, 13 }, 5);
    b.constant("b", bw);
    b.node("MatMul", { "a", "b" }, { "y" });
    b.output("y");
    HostTensor a = randomTensor({ 2, 3, 5, 7 }, 4);
    HostTensor expected(DataType::Float, { 2, 3, 5, 13 });
    for (int64_t i = 0; i < 2; ++i)
        for (int64_t j = 0; j < 3; ++j)
            kernels::ref::matMul(5, 13, 7, a.data<float>().data() + (i * 3 + j) * 35, bw.data<float>().data() + j * 91,
                expected.data<float>().data() + (i * 3 + j) * 65);
    std::vector<HostTensor> in;
    in.push_back(std::move(a));
    auto out = runModel(b.build(), std::move(in));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].dims(), (std::vector<int64_t> { 2, 3, 5, 13 }));
    EXPECT_TRUE(allClose(out[0].data<float>(), expected.data<float>()));
}

TEST(MatMulKernel, VectorTimesMatrixDropsTheUnitDim)
{
    IrModelBuilder b;
    b.input("a", DataType::Float, { 7 });
    b.input("b", DataType::Float, { 7, 3 });
    b.node("MatMul", { "a", "b" }, { "y" });
    b.output("y");
    HostTensor a = randomTensor({ 7 }, 1);
    HostTensor m = randomTensor({ 7, 3 }, 2);
    HostTensor expected(DataType::Float, { 3 });
    kernels::ref::matMul(1, 3, 7, a.data<float>().data(), m.data<float>().data(), expected.data<float>().data());
    std::vector<HostTensor> in;
    in.push_back(std::move(a));
    in.push_back(std::move(m));
    auto out = runModel(b.build(), std::move(in));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].dims(), std::vector<int64_t> { 3 });
    EXPECT_TRUE(allClose(out[0].data<float>(), expected.data<float>()));
}

TEST(GemmKernel, TransposesAlphaBetaAndRowBiasMatchReference)
{
    const int64_t m = 5, n = 11, k = 9;
    IrModelBuilder b;
    b.input("a", DataType::Float, { k, m }); // transA
    HostTensor bw = randomTensor({ n, k }, 7); // transB
    HostTensor c = randomTensor({ m, 1 }, 8); // broadcast along N
    b.constant("b", bw);
    b.constant("c", c);
    b.node("Gemm", { "a", "b", "c" }, { "y" },
        { intAttr("transA", 1), intAttr("transB", 1), floatAttr("alpha", 0.5f), floatAttr("beta", 2.0f) });
    b.output("y");
    HostTensor a = randomTensor({ k, m }, 6);
    // Reference on explicitly transposed copies.
    std::vector<float> at(size_t(m * k)), bt(size_t(k * n)), ref(size_t(m * n));
    for (int64_t i = 0; i < m; ++i)
        for (int64_t p = 0; p < k; ++p)
            at[size_t(i * k + p)] = a.data<float>()[size_t(p * m + i)];
    for (int64_t p = 0; p < k; ++p)
        for (int64_t j = 0; j < n; ++j)
            bt[size_t(p * n + j)] = bw.data<float>()[size_t(j * k + p)];
    kernels::ref::matMul(m, n, k, at.data(), bt.data(), ref.data());
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j)
            ref[size_t(i * n + j)] = 0.5f * ref[size_t(i * n + j)] + 2.0f * c.data<float>()[size_t(i)];
    std::vector<HostTensor> in;
    in.push_back(std::move(a));
    auto out = runModel(b.build(), std::move(in));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(allClose(out[0].data<float>(), ref));
}

} // namespace
