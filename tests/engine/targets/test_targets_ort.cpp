// SPDX-License-Identifier: MIT
// The CPU kernel table against ONNX Runtime 1.30 itself (onnxruntime-node, installed by the ort_node_setup test):
// a node the table says has no kernel must make ONNX Runtime refuse the model, and a model whose nodes all have one
// must load. The table is from main of 2025-12-01 (resources/targets/README.md); these cases did not change since.
#include "../runtime/adapter_test_env.h"
#include "dynamic_conv_integer_model.h"
#include "onnx_builder.h"

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/ort_target.h>
#include <quantscope/engine/runtime_adapter.h>
#include <quantscope/engine/targets.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <unistd.h>

using namespace qs;
namespace fs = std::filesystem;

namespace {

struct Case
{
    const char* name;
    int64_t opset;
    int32_t elementType;
    const char* op;
};

void buildUnary(test::ModelBuilder& b, const Case& c)
{
    auto& g = b.graph();
    g.input("x", c.elementType, { 4 });
    g.output("y", c.elementType, { 4 });
    g.node(c.op, { "x" }, { "y" }, "n");
}

/// Saves the model, classifies it on the CPU table and loads it in ONNX Runtime (optimizations off: the file as is).
void expectTableAgreesWithOrt(const RuntimeAdapterSpec& spec, test::ModelBuilder& b, const std::string& name)
{
    SCOPED_TRACE(name);
    const fs::path dir = fs::temp_directory_path() / ("qs_targets_ort_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path path = dir / (name + ".onnx");
    b.save(path);
    auto model = loadModel(path);
    ASSERT_TRUE(model) << model.status().toString();
    auto tables = loadTargetTables(QS_TARGETS_TABLES_DIR);
    ASSERT_TRUE(tables) << tables.status().toString();
    const TargetTable* cpu = nullptr;
    for (const TargetTable& t : *tables)
        if (t.id == "onnxruntime-cpu")
            cpu = &t;
    ASSERT_NE(cpu, nullptr);
    const TargetReport r = classifyModelForTarget(**model, *cpu, *tables);
    ASSERT_NE(r.verdict, TargetVerdict::Unknown) << "pick cases the table decides";

    auto adapter = RuntimeAdapter::start(spec);
    ASSERT_TRUE(adapter) << adapter.status().toString();
    AdapterLoadOptions o;
    o.model = path.string();
    o.graphOptimizationLevel = "disabled";
    auto loaded = (*adapter)->load(o);
    if (r.verdict == TargetVerdict::CannotLoad) {
        ASSERT_FALSE(loaded) << "the table says no kernel, ONNX Runtime loaded it";
        EXPECT_TRUE(ortMissingKernelNode(loaded.status().message())) << loaded.status().message();
    } else {
        EXPECT_TRUE(loaded) << loaded.status().toString();
    }
    fs::remove_all(dir);
}

} // namespace

TEST(TargetsAgainstOnnxRuntime, NoKernelInTheTableMeansOnnxRuntimeCannotLoad)
{
    std::string why;
    const auto spec = test::nodeAdapter(&why);
    if (!spec)
        GTEST_SKIP() << "onnxruntime-node not available: " << why;
    // Relu-14 allows int16 and int64 in ONNX, but the table's row for 14+ has double, float, int32, int8 only.
    const Case cases[] = {
        { "relu_int64_opset14", 14, onnx::TensorProto_DataType_INT64, "Relu" },
        { "relu_int16_opset14", 14, onnx::TensorProto_DataType_INT16, "Relu" },
        { "relu_int32_opset14", 14, onnx::TensorProto_DataType_INT32, "Relu" },
        { "relu_int8_opset14", 14, onnx::TensorProto_DataType_INT8, "Relu" },
        { "relu_float_opset13", 13, onnx::TensorProto_DataType_FLOAT, "Relu" },
    };
    for (const Case& c : cases) {
        test::ModelBuilder b(c.opset);
        buildUnary(b, c);
        expectTableAgreesWithOrt(*spec, b, c.name);
    }
    test::ModelBuilder conv(13);
    test::buildDynamicConvInteger(conv);
    expectTableAgreesWithOrt(*spec, conv, "dynamic_conv_integer_uint8");
}

TEST(TargetsAgainstOnnxRuntime, PerChannelConvIntegerZeroPointsLoadAndFailAtRunTime)
{
    std::string why;
    const auto spec = test::nodeAdapter(&why);
    if (!spec)
        GTEST_SKIP() << "onnxruntime-node not available: " << why;
    const fs::path dir = fs::temp_directory_path() / ("qs_targets_ort_zp_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    test::ModelBuilder b(13);
    test::buildDynamicConvInteger(b, 4);
    const fs::path path = dir / "per_channel.onnx";
    b.save(path);
    auto model = loadModel(path);
    ASSERT_TRUE(model) << model.status().toString();
    auto tables = loadTargetTables(QS_TARGETS_TABLES_DIR);
    ASSERT_TRUE(tables) << tables.status().toString();
    const auto cpu
        = std::find_if(tables->begin(), tables->end(), [](const TargetTable& t) { return t.id == "onnxruntime-cpu"; });
    ASSERT_NE(cpu, tables->end());
    const TargetReport r = classifyModelForTarget(**model, *cpu, *tables);
    EXPECT_EQ(r.verdict, TargetVerdict::Runs);
    EXPECT_EQ(r.runtimeFailureCount(), 1);

    auto adapter = RuntimeAdapter::start(*spec);
    ASSERT_TRUE(adapter) << adapter.status().toString();
    AdapterLoadOptions o;
    o.model = path.string();
    o.graphOptimizationLevel = "disabled";
    auto loaded = (*adapter)->load(o);
    ASSERT_TRUE(loaded) << "the table says the kernel exists: " << loaded.status().toString();
    const std::vector<std::string> names { "x" };
    std::vector<HostTensor> inputs;
    inputs.push_back(HostTensor::fromVector(DataType::Float, { 1, 3, 8, 8 }, std::vector<float>(3 * 8 * 8, 0.25f)));
    ASSERT_TRUE((*adapter)->setInputs(names, inputs).isOk());
    auto ran = (*adapter)->run(false);
    ASSERT_FALSE(ran) << "the table says per-channel zero points fail at run time";
    EXPECT_NE(ran.status().message().find("Non per-tensor quantization is not supported"), std::string::npos)
        << ran.status().message();
    fs::remove_all(dir);
}
