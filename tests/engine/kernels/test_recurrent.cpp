// SPDX-License-Identifier: MIT
// Bidirectional RNN and sequence_lens (the conformance data has forward cells only), values computed by hand.
#include "kernel_test_util.h"

namespace {

using namespace qs;
using namespace qs::test;

Attribute stringsAttr(std::string name, std::vector<std::string> v)
{
    Attribute a;
    a.name = std::move(name);
    a.type = AttributeType::Strings;
    a.strings = std::move(v);
    return a;
}

TEST(RecurrentKernel, BidirectionalRnnByHand)
{
    // hidden 1, input 1, W = R = 1, Relu; batch 2 where the second sequence has length 1.
    // Batch 0, x = [1, 2]: forward h = relu(1) = 1, relu(2 + 1) = 3; reverse h = relu(2) = 2, relu(1 + 2) = 3.
    // Batch 1, x = [5, 7], length 1: forward 5; reverse starts at t = 0: 5; t = 1 stays 0 in Y.
    IrModelBuilder b;
    b.input("x", DataType::Float, { 2, 2, 1 });
    b.constant("w", HostTensor::fromVector<float>(DataType::Float, { 2, 1, 1 }, { 1, 1 }));
    b.constant("r", HostTensor::fromVector<float>(DataType::Float, { 2, 1, 1 }, { 1, 1 }));
    b.constant("lens", HostTensor::fromVector<int32_t>(DataType::Int32, { 2 }, { 2, 1 }));
    b.node("RNN", { "x", "w", "r", "", "lens" }, { "y", "yh" },
        { intAttr("hidden_size", 1), stringAttr("direction", "bidirectional"),
            stringsAttr("activations", { "Relu", "Relu" }) });
    b.output("y");
    b.output("yh");
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector<float>(DataType::Float, { 2, 2, 1 }, { 1, 5, 2, 7 })); // [seq, batch, 1]
    auto out = runModel(b.build(), std::move(in));
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].dims(), (std::vector<int64_t> { 2, 2, 2, 1 }));
    // Y[t][dir][batch]
    EXPECT_TRUE(allClose(out[0].data<float>(), std::vector<float> { 1, 5, 3, 5, 3, 0, 2, 0 }));
    // Y_h[dir][batch]: forward ends at the last valid step, reverse at t = 0.
    EXPECT_TRUE(allClose(out[1].data<float>(), std::vector<float> { 3, 5, 3, 5 }));
}

} // namespace
