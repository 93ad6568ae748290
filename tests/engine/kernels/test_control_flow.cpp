// SPDX-License-Identifier: MIT
// If: the branch chosen at run time reads outer-scope values; a constant condition prepares one branch (the other
// may even be unsupported) and folds when everything the branch reads is constant. Expected values by hand.
#include "kernel_test_util.h"

namespace {

using namespace qs;
using namespace qs::test;

/// A branch graph computing out = op(x, x) (Add or Mul) on the outer-scope value "x".
std::shared_ptr<const Graph> branch(const std::string& name, const std::string& op)
{
    auto g = std::make_shared<Graph>();
    g->setName(name);
    const ValueId x = g->getOrAddValue("x");
    g->mutableValue(x).isOuterScope = true;
    Node n;
    n.opType = op;
    n.opsetVersion = 17;
    n.name = name + "_" + op;
    n.inputs = { x, x };
    n.outputs = { g->getOrAddValue(name + "_out") };
    g->addNode(std::move(n));
    g->addOutput(g->getOrAddValue(name + "_out"));
    EXPECT_TRUE(g->finalize().isOk());
    return g;
}

Attribute graphAttr(std::string name, std::shared_ptr<const Graph> g)
{
    Attribute a;
    a.name = std::move(name);
    a.type = AttributeType::Graph;
    a.g = std::move(g);
    return a;
}

HostTensor boolScalar(bool v)
{
    HostTensor t(DataType::Bool, {});
    t.data<bool>()[0] = v;
    return t;
}

TEST(IfKernel, RunTimeConditionSelectsTheBranchReadingOuterValues)
{
    IrModelBuilder b;
    b.input("cond", DataType::Bool, {});
    b.input("x", DataType::Float, { 3 });
    b.node("If", { "cond" }, { "y" },
        { graphAttr("then_branch", branch("then", "Add")), graphAttr("else_branch", branch("else", "Mul")) });
    b.output("y");
    for (ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        SessionOptions options;
        options.mode = mode;
        auto session = Session::create(b.build(), options);
        ASSERT_TRUE(session.isOk()) << session.status().toString();
        for (bool c : { true, false, true }) {
            std::vector<HostTensor> in;
            in.push_back(boolScalar(c));
            in.push_back(HostTensor::fromVector<float>(DataType::Float, { 3 }, { 1, -2, 3 }));
            auto out = (*session)->run(in);
            ASSERT_TRUE(out.isOk()) << out.status().toString();
            const std::vector<float> expected = c ? std::vector<float> { 2, -4, 6 } : std::vector<float> { 1, 4, 9 };
            EXPECT_TRUE(allClose((*out)[0].data<float>(), expected)) << "cond " << c;
        }
    }
}

TEST(IfKernel, ConstantConditionPreparesOnlyTheChosenBranchAndFolds)
{
    // The else branch uses an operator no kernel implements: with a constant true condition it is never prepared.
    IrModelBuilder b;
    b.constant("cond", boolScalar(true));
    b.constant("x", HostTensor::fromVector<float>(DataType::Float, { 2 }, { 1.5f, -3 }));
    b.input("z", DataType::Float, { 2 });
    b.node("If", { "cond" }, { "y" },
        { graphAttr("then_branch", branch("then", "Mul")), graphAttr("else_branch", branch("else", "NoSuchOp")) },
        "if");
    b.node("Add", { "y", "z" }, { "sum" });
    b.output("sum");
    SessionOptions options;
    options.mode = ExecutionMode::Optimized;
    auto session = Session::create(b.build(), options);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    const auto& folded = (*session)->foldedNodes();
    EXPECT_EQ(folded.size(), 1u) << "the If whose condition and captures are constant folds";
    std::vector<HostTensor> in;
    in.push_back(HostTensor::fromVector<float>(DataType::Float, { 2 }, { 1, 1 }));
    auto out = (*session)->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_TRUE(allClose((*out)[0].data<float>(), std::vector<float> { 3.25f, 10 }));
}

TEST(IfKernel, UnsupportedOperatorInARunTimeBranchIsReported)
{
    IrModelBuilder b;
    b.input("cond", DataType::Bool, {});
    b.input("x", DataType::Float, { 2 });
    b.node("If", { "cond" }, { "y" },
        { graphAttr("then_branch", branch("then", "Add")), graphAttr("else_branch", branch("else", "NoSuchOp")) });
    b.output("y");
    std::vector<UnsupportedNode> bad;
    auto session = Session::create(b.build(), SessionOptions {}, &bad);
    ASSERT_FALSE(session.isOk());
    ASSERT_EQ(bad.size(), 1u);
    EXPECT_NE(bad[0].reason.find("NoSuchOp"), std::string::npos) << bad[0].reason;
}

} // namespace
