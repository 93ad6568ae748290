// SPDX-License-Identifier: MIT
// Einsum against the reference matrix product and loops written from the operator's definition: transposed and
// broadcast batched products (the packed matmul path), labels summed in one operand only, diagonals, implicit
// output order. Sizes hit vector remainders (7, 13).
#include "kernel_test_util.h"
#include "kernels/ref/conv_ref.h"

namespace {

using namespace qs;
using namespace qs::test;

struct EinsumCase
{
    std::string name;
    std::string equation;
    std::vector<int64_t> a, b;
};

void PrintTo(const EinsumCase& c, std::ostream* os)
{
    *os << c.equation;
}

std::vector<HostTensor> runEinsum(
    const std::string& equation, std::vector<HostTensor> inputs, ExecutionMode mode = ExecutionMode::AsWritten)
{
    IrModelBuilder b;
    std::vector<std::string> names;
    for (size_t i = 0; i < inputs.size(); ++i) {
        names.push_back("x" + std::to_string(i));
        b.input(names.back(), DataType::Float, inputs[i].dims());
    }
    b.node("Einsum", names, { "y" }, { stringAttr("equation", equation) });
    b.output("y");
    return runModel(b.build(), std::move(inputs), mode);
}

class EinsumMatmul : public ::testing::TestWithParam<EinsumCase>
{
};

// Every case computes, per batch, A' (M x K) times B' (K x N) where the equation transposes operands.
TEST_P(EinsumMatmul, MatchesReferenceProduct)
{
    const EinsumCase& c = GetParam();
    HostTensor a = randomTensor(c.a, 11);
    HostTensor bt = randomTensor(c.b, 12);
    // Reference: bring both operands to [batch, M, K] / [batch, K, N] by explicit loops, then ref::matMul.
    const bool aTransposed = c.equation.rfind("bkm", 0) == 0 || c.equation.rfind("km", 0) == 0;
    const bool bTransposed
        = c.equation.find(",bnk") != std::string::npos || c.equation.find(",nk") != std::string::npos;
    const bool batched = c.a.size() == 3;
    const int64_t batch = batched ? c.a[0] : 1;
    const int64_t m = aTransposed ? c.a.back() : c.a[c.a.size() - 2];
    const int64_t k = aTransposed ? c.a[c.a.size() - 2] : c.a.back();
    const int64_t n = bTransposed ? c.b[c.b.size() - 2] : c.b.back();
    HostTensor expected(
        DataType::Float, batched ? std::vector<int64_t> { batch, m, n } : std::vector<int64_t> { m, n });
    std::vector<float> pa(size_t(m * k)), pb(size_t(k * n));
    for (int64_t bi = 0; bi < batch; ++bi) {
        const float* sa = a.data<float>().data() + bi * m * k;
        const float* sb = bt.data<float>().data() + (c.b.size() == 3 ? bi * k * n : 0);
        for (int64_t i = 0; i < m; ++i)
            for (int64_t j = 0; j < k; ++j)
                pa[size_t(i * k + j)] = aTransposed ? sa[j * m + i] : sa[i * k + j];
        for (int64_t i = 0; i < k; ++i)
            for (int64_t j = 0; j < n; ++j)
                pb[size_t(i * n + j)] = bTransposed ? sb[j * k + i] : sb[i * n + j];
        kernels::ref::matMul(m, n, k, pa.data(), pb.data(), expected.data<float>().data() + bi * m * n);
    }
    std::vector<HostTensor> in;
    in.push_back(std::move(a));
    in.push_back(std::move(bt));
    auto out = runEinsum(c.equation, std::move(in));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].dims(), expected.dims());
    EXPECT_TRUE(allClose(out[0].data<float>(), expected.data<float>()));
}

INSTANTIATE_TEST_SUITE_P(Forms, EinsumMatmul,
    ::testing::Values(EinsumCase { "plain", "mk,kn->mn", { 7, 13 }, { 13, 5 } },
        EinsumCase { "implicit", "mk,kn", { 13, 7 }, { 7, 1 } },
        EinsumCase { "transposedB", "mk,nk->mn", { 7, 13 }, { 3, 13 } },
        EinsumCase { "transposedA", "km,kn->mn", { 13, 7 }, { 13, 127 } },
        EinsumCase { "batched", "bmk,bkn->bmn", { 3, 7, 13 }, { 3, 13, 7 } },
        EinsumCase { "batchedTransposed", "bmk,bnk->bmn", { 2, 13, 7 }, { 2, 1, 7 } },
        EinsumCase { "batchedSharedB", "bmk,kn->bmn", { 3, 7, 13 }, { 13, 7 } }),
    [](const auto& info) { return info.param.name; });

TEST(Einsum, LabelOfOneOperandIsSummedFirst)
{
    // "ij,k->i": y[i] = (sum_j a[i][j]) * (sum_k b[k]).
    HostTensor a = randomTensor({ 7, 13 }, 3);
    HostTensor b = randomTensor({ 5 }, 4);
    float sb = 0.0f;
    for (float v : b.data<float>())
        sb += v;
    std::vector<float> expected(7, 0.0f);
    for (int64_t i = 0; i < 7; ++i) {
        float s = 0.0f;
        for (int64_t j = 0; j < 13; ++j)
            s += a.data<float>()[size_t(i * 13 + j)];
        expected[size_t(i)] = s * sb;
    }
    std::vector<HostTensor> in;
    in.push_back(std::move(a));
    in.push_back(std::move(b));
    auto out = runEinsum("ij,k->i", std::move(in));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(allClose(out[0].data<float>(), expected));
}

TEST(Einsum, EllipsisBroadcastsBatchDims)
{
    // "...ij,...jk->...ik" with batch dims [2, 1] and [3]: broadcast to [2, 3].
    HostTensor a = randomTensor({ 2, 1, 3, 4 }, 5);
    HostTensor b = randomTensor({ 3, 4, 2 }, 6);
    std::vector<float> expected(2 * 3 * 3 * 2, 0.0f);
    for (int64_t p = 0; p < 2; ++p)
        for (int64_t q = 0; q < 3; ++q)
            kernels::ref::matMul(3, 2, 4, a.data<float>().data() + p * 12, b.data<float>().data() + q * 8,
                expected.data() + (p * 3 + q) * 6);
    std::vector<HostTensor> in;
    in.push_back(std::move(a));
    in.push_back(std::move(b));
    auto out = runEinsum("...ij,...jk->...ik", std::move(in), ExecutionMode::Optimized);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].dims(), (std::vector<int64_t> { 2, 3, 3, 2 }));
    EXPECT_TRUE(allClose(out[0].data<float>(), expected));
}

TEST(Einsum, TraceAndThreeOperands)
{
    // "ii" (implicit: no output labels) is the trace; "i,i,i->" a triple inner product.
    HostTensor m = HostTensor::fromVector<float>(DataType::Float, { 3, 3 }, { 1, 2, 3, 4, 5, 6, 7, 8, 9 });
    std::vector<HostTensor> in;
    in.push_back(std::move(m));
    auto trace = runEinsum("ii", std::move(in));
    ASSERT_EQ(trace.size(), 1u);
    EXPECT_TRUE(trace[0].dims().empty());
    EXPECT_FLOAT_EQ(trace[0].data<float>()[0], 15.0f);

    std::vector<HostTensor> three;
    three.push_back(HostTensor::fromVector<float>(DataType::Float, { 3 }, { 1, 2, 3 }));
    three.push_back(HostTensor::fromVector<float>(DataType::Float, { 3 }, { 4, 5, 6 }));
    three.push_back(HostTensor::fromVector<float>(DataType::Float, { 3 }, { 7, 8, 9 }));
    auto dot = runEinsum("i,i,i->", std::move(three));
    ASSERT_EQ(dot.size(), 1u);
    EXPECT_FLOAT_EQ(dot[0].data<float>()[0], 1 * 4 * 7 + 2 * 5 * 8 + 3 * 6 * 9);
}

} // namespace
