// SPDX-License-Identifier: MIT
// The protocol cases every runtime adapter must pass (resources/adapters/PROTOCOL.md), run against the Node adapter
// on the real onnxruntime-node and against the Python adapter on a fake onnxruntime module. The model is
// tests/data/valid/add_relu.onnx: y = Relu(x + [0.5, -1, 2, 0.25]), so the expected outputs are computed by hand.
#include "adapter_test_env.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/ort_profile.h>
#include <quantscope/engine/ort_target.h>
#include <quantscope/engine/runtime_adapter.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <unistd.h>

namespace qs {
namespace {

namespace fs = std::filesystem;

const std::string kModel = std::string(QS_TEST_DATA_DIR) + "/valid/add_relu.onnx";

class AdapterProtocol : public ::testing::TestWithParam<std::string>
{
protected:
    void SetUp() override
    {
        std::string why;
        auto spec = GetParam() == "node" ? test::nodeAdapter(&why) : test::fakePythonAdapter(&why);
        if (!spec)
            GTEST_SKIP() << GetParam() << " adapter not available: " << why;
        auto a = RuntimeAdapter::start(*spec);
        ASSERT_TRUE(a) << a.status().toString();
        adapter = std::move(*a);
    }

    AdapterSessionInfo load(bool profile = false, const std::string& dir = {})
    {
        AdapterLoadOptions o;
        o.model = kModel;
        o.graphOptimizationLevel = "disabled";
        o.profile = profile;
        o.profileDir = dir;
        auto info = adapter->load(o);
        EXPECT_TRUE(info) << info.status().toString();
        return info ? *info : AdapterSessionInfo {};
    }

    Status feed(std::vector<float> x)
    {
        std::vector<HostTensor> t;
        t.push_back(HostTensor::fromVector(DataType::Float, { 1, 4 }, x));
        const std::vector<std::string> names { "x" };
        return adapter->setInputs(names, t);
    }

    std::unique_ptr<RuntimeAdapter> adapter;
};

TEST_P(AdapterProtocol, HelloNamesRuntimeVersionAndCpuProvider)
{
    auto h = adapter->hello();
    ASSERT_TRUE(h) << h.status().toString();
    EXPECT_EQ(h->protocol, 1);
    EXPECT_EQ(h->runtime, "onnxruntime");
    EXPECT_EQ(h->adapter, GetParam());
    EXPECT_FALSE(h->runtimeVersion.empty());
    bool cpu = false;
    for (const std::string& p : h->providers)
        cpu = cpu || p == "cpu" || p == "CPUExecutionProvider";
    EXPECT_TRUE(cpu) << "no CPU provider listed";
    if (GetParam() == "node")
        EXPECT_EQ(h->runtimeVersion, "1.30.0");
}

TEST_P(AdapterProtocol, LoadReportsIoAndSessionOptions)
{
    const AdapterSessionInfo info = load();
    ASSERT_EQ(info.inputs.size(), 1u);
    EXPECT_EQ(info.inputs[0].name, "x");
    EXPECT_EQ(info.inputs[0].type, "float32");
    ASSERT_EQ(info.inputs[0].shape.size(), 2u);
    EXPECT_EQ(info.inputs[0].shape[1], 4);
    ASSERT_EQ(info.outputs.size(), 1u);
    EXPECT_EQ(info.outputs[0].name, "y");
    EXPECT_EQ(info.intraOpThreads, 1);
    EXPECT_EQ(info.interOpThreads, 1);
    EXPECT_EQ(info.graphOptimizationLevel, "disabled");
    EXPECT_FALSE(info.executionProviders.empty());
}

TEST_P(AdapterProtocol, RunReturnsTheHandComputedOutput)
{
    load();
    ASSERT_TRUE(feed({ 1.0f, 0.5f, -3.0f, -0.25f }));
    auto r = adapter->run(true);
    ASSERT_TRUE(r) << r.status().toString();
    EXPECT_GE(r->ms, 0.0);
    ASSERT_EQ(r->outputs.size(), 1u);
    EXPECT_EQ(r->outputNames[0], "y");
    EXPECT_EQ(r->outputs[0].dims(), (std::vector<int64_t> { 1, 4 }));
    const auto y = r->outputs[0].data<float>();
    // Relu(x + w): 1 + 0.5, max(0.5 - 1, 0), max(-3 + 2, 0), max(-0.25 + 0.25, 0)
    EXPECT_FLOAT_EQ(y[0], 1.5f);
    EXPECT_FLOAT_EQ(y[1], 0.0f);
    EXPECT_FLOAT_EQ(y[2], 0.0f);
    EXPECT_FLOAT_EQ(y[3], 0.0f);
    // Without outputs asked for, none come back.
    auto plain = adapter->run(false);
    ASSERT_TRUE(plain) << plain.status().toString();
    EXPECT_TRUE(plain->outputs.empty());
}

TEST_P(AdapterProtocol, ErrorsAreAnswersAndTheAdapterKeepsServing)
{
    auto early = adapter->run(false);
    ASSERT_FALSE(early);
    EXPECT_NE(early.status().message().find("before load"), std::string::npos) << early.status().message();

    AdapterLoadOptions o;
    o.model = "/nonexistent/missing_model.onnx";
    auto bad = adapter->load(o);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.status().message().find("missing_model.onnx"), std::string::npos) << bad.status().message();

    load();
    std::vector<HostTensor> t;
    t.push_back(HostTensor::fromVector(DataType::Float, { 1, 4 }, std::vector<float>(4, 0.0f)));
    const std::vector<std::string> names { "not_an_input" };
    Status st = adapter->setInputs(names, t);
    ASSERT_FALSE(st);
    EXPECT_NE(st.message().find("not_an_input"), std::string::npos) << st.message();
    EXPECT_TRUE(adapter->hello()) << "the adapter stopped serving after errors";
}

TEST_P(AdapterProtocol, ProfileFileImportsWithTheAuthoredNodes)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_adapter_profile_" + GetParam() + std::to_string(::getpid()));
    fs::create_directories(dir);
    load(true, dir.string());
    ASSERT_TRUE(feed({ 1.0f, 2.0f, 3.0f, 4.0f }));
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(adapter->run(false));
    auto file = adapter->endProfiling();
    ASSERT_TRUE(file) << file.status().toString();
    EXPECT_EQ(fs::path(*file).parent_path(), dir);
    auto model = loadModel(kModel);
    ASSERT_TRUE(model);
    OrtProfileOptions po;
    po.skipRuns = 1;
    auto p = importOrtProfile(*file, model->get(), po);
    ASSERT_TRUE(p) << p.status().toString();
    EXPECT_EQ(p->runs, 2);
    std::set<std::string> names;
    for (const NodeProfile& n : p->nodes) {
        names.insert(n.nodeName);
        EXPECT_GE(n.nodeIndex, 0) << n.nodeName << " did not match an authored node";
    }
    EXPECT_EQ(names, (std::set<std::string> { "add", "relu" }));
    fs::remove_all(dir);
}

TEST_P(AdapterProtocol, CancellationKillsTheProcess)
{
    load();
    ASSERT_TRUE(feed({ 1.0f, 2.0f, 3.0f, 4.0f }));
    adapter->setCancelCheck([] { return true; });
    auto r = adapter->run(false);
    ASSERT_FALSE(r);
    EXPECT_TRUE(r.status().isCancelled()) << r.status().toString();
    adapter->setCancelCheck({});
    auto after = adapter->hello();
    ASSERT_FALSE(after);
    EXPECT_NE(after.status().message().find("not running"), std::string::npos) << after.status().message();
}

INSTANTIATE_TEST_SUITE_P(Adapters, AdapterProtocol, ::testing::Values("node", "python"),
    [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(OrtTarget, NamesTheNodeOrtHasNoKernelFor)
{
    // The message from the write-up (ONNX Runtime with the CoreML provider falling back to a CPU provider
    // without the kernel).
    const std::string message = "[ONNXRuntimeError] : 9 : NOT_IMPLEMENTED : Could not find an implementation for "
                                "ConvInteger(10) node with name '/model.0/conv/Conv_quant'";
    EXPECT_EQ(ortMissingKernelNode(message), "'/model.0/conv/Conv_quant' (ConvInteger)");
    EXPECT_FALSE(ortMissingKernelNode("Load model failed: file not found"));
    EXPECT_EQ(ortOptimizationLevel(qs::ExecutionMode::AsWritten), "disabled");
    EXPECT_EQ(ortOptimizationLevel(qs::ExecutionMode::Optimized), "all");
}

TEST(AdapterStart, AMissingInterpreterIsAClearError)
{
    auto a = RuntimeAdapter::start({ "node", { "/nonexistent/node-binary", "x.js" }, {} });
    ASSERT_FALSE(a);
    EXPECT_NE(a.status().message().find("/nonexistent/node-binary"), std::string::npos) << a.status().message();
}

TEST(AdapterStart, AnAdapterThatDiesReportsItsStderr)
{
    // A "runtime" that fails at import time, like onnxruntime-node with a missing native binding.
    auto a = RuntimeAdapter::start(
        { "sh", { "sh", "-c", "echo 'Error: Cannot find module onnxruntime-node' >&2; exit 3" }, {} });
    ASSERT_TRUE(a) << a.status().toString();
    auto h = (*a)->hello();
    ASSERT_FALSE(h);
    EXPECT_NE(h.status().message().find("Cannot find module onnxruntime-node"), std::string::npos)
        << h.status().message();
    EXPECT_NE(h.status().message().find("status 3"), std::string::npos) << h.status().message();
}

} // namespace
} // namespace qs
