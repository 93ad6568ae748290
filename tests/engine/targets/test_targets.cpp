// SPDX-License-Identifier: MIT
// Deployment targets against the published tables in resources/targets: the facts asserted here are the tables'
// own (ConvInteger is not in either CoreML list, the CPU table has it for uint8, the mobile package loads only .ort
// and has no ConvInteger, TensorRT's parser says N), so a classifier that drifts from the data fails here.
#include "dynamic_conv_integer_model.h"
#include "onnx_builder.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/op_schema_docs.h>
#include <quantscope/engine/targets.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <fstream>
#include <shared_data.h>
#include <unistd.h>

using namespace qs;
namespace fs = std::filesystem;

namespace {

const std::vector<TargetTable>& tables()
{
    static const std::vector<TargetTable> loaded = [] {
        auto t = loadTargetTables(QS_TARGETS_TABLES_DIR);
        EXPECT_TRUE(t.isOk()) << t.status().toString();
        return t.isOk() ? *t : std::vector<TargetTable> {};
    }();
    return loaded;
}

const TargetTable& table(const std::string& id)
{
    for (const TargetTable& t : tables())
        if (t.id == id)
            return t;
    throw std::runtime_error("no table " + id);
}

std::shared_ptr<const Model> load(test::ModelBuilder& b)
{
    auto m = loadModelFromBytes(b.serialize(), "model.onnx");
    EXPECT_TRUE(m.isOk()) << m.status().toString();
    return m.isOk() ? *m : nullptr;
}

/// x (float) -> DynamicQuantizeLinear -> ConvInteger (uint8 weights, `weightZeroPoints` values) -> int32.
std::shared_ptr<const Model> dynamicConvIntegerModel(int64_t weightZeroPoints = 1)
{
    test::ModelBuilder b(13);
    test::buildDynamicConvInteger(b, weightZeroPoints);
    return load(b);
}

std::shared_ptr<const Model> convReluModel()
{
    test::ModelBuilder b(13);
    auto& g = b.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, 3, 8, 8 });
    g.output("y", onnx::TensorProto_DataType_FLOAT, { 1, 4, 6, 6 });
    g.floatInitializer("w", { 4, 3, 3, 3 }, std::vector<float>(4 * 3 * 3 * 3, 0.5f));
    g.node("Conv", { "x", "w" }, { "c" }, "conv");
    g.node("Relu", { "c" }, { "y" }, "relu");
    return load(b);
}

const NodeTargetResult& nodeResult(const Model& m, const TargetReport& r, const std::string& op)
{
    for (const NodeTargetResult& n : r.nodes)
        if (m.graph().node(n.node).opType == op)
            return n;
    throw std::runtime_error("no " + op + " node in the report");
}

} // namespace

TEST(Targets, EveryShippedTableLoads)
{
    ASSERT_EQ(tables().size(), 9u);
    EXPECT_EQ(table("onnxruntime-cpu").kind, TargetTableKind::KernelTable);
    EXPECT_EQ(table("onnxruntime-mobile-1.18").modelFormats, std::vector<std::string> { ".ort" });
    EXPECT_EQ(table("tensorrt-onnx-parser").unsupportedNode, UnsupportedNodeRule::Fails);
}

TEST(Targets, ConvIntegerFallsBackOnBothCoreMlTablesAndRunsOnTheCpuProvider)
{
    const auto model = dynamicConvIntegerModel();
    ASSERT_TRUE(model);
    for (const char* id : { "onnxruntime-coreml-mlprogram", "onnxruntime-coreml-neuralnetwork" }) {
        SCOPED_TRACE(id);
        const TargetReport r = classifyModelForTarget(*model, table(id), tables());
        const NodeTargetResult& conv = nodeResult(*model, r, "ConvInteger");
        EXPECT_EQ(conv.verdict, NodeVerdict::FallsBack);
        EXPECT_EQ(conv.cpuVerdict, NodeVerdict::Runs) << conv.cpuReason;
        EXPECT_EQ(r.fallbackTableId, "onnxruntime-cpu");
        EXPECT_EQ(r.verdict, TargetVerdict::FallsBack);
        EXPECT_TRUE(conv.runtimeFailures.empty());
    }
    const TargetReport cpu = classifyModelForTarget(*model, table("onnxruntime-cpu"), tables());
    EXPECT_EQ(nodeResult(*model, cpu, "ConvInteger").verdict, NodeVerdict::Runs);
    EXPECT_EQ(nodeResult(*model, cpu, "DynamicQuantizeLinear").verdict, NodeVerdict::Runs);
    EXPECT_EQ(cpu.verdict, TargetVerdict::Runs);
    EXPECT_FALSE(cpu.partitions); // a kernel table has no provider to split from
}

TEST(Targets, MobilePackageCannotLoadAnOnnxFileAndHasNoConvIntegerKernel)
{
    const auto model = dynamicConvIntegerModel();
    ASSERT_TRUE(model);
    const TargetReport r = classifyModelForTarget(*model, table("onnxruntime-mobile-1.18"), tables());
    ASSERT_TRUE(r.fileProblem);
    EXPECT_NE(r.fileProblem->find(".ort"), std::string::npos) << *r.fileProblem;
    EXPECT_EQ(r.verdict, TargetVerdict::CannotLoad);
    EXPECT_EQ(nodeResult(*model, r, "ConvInteger").verdict, NodeVerdict::NoKernel);
    // Listed for opsets 12-15, types null: the table-wide float/int8/uint8 cover the node.
    EXPECT_EQ(nodeResult(*model, r, "DynamicQuantizeLinear").verdict, NodeVerdict::Runs);
}

TEST(Targets, TensorRtParserListsConvIntegerAsUnsupportedSoConversionFails)
{
    const auto model = dynamicConvIntegerModel();
    ASSERT_TRUE(model);
    const TargetReport r = classifyModelForTarget(*model, table("tensorrt-onnx-parser"), tables());
    EXPECT_EQ(nodeResult(*model, r, "ConvInteger").verdict, NodeVerdict::NoKernel);
    EXPECT_EQ(r.verdict, TargetVerdict::CannotLoad);
    EXPECT_FALSE(r.fileProblem);
}

TEST(Targets, PerChannelWeightZeroPointBreaksTheCpuRestrictionAtRunTime)
{
    const auto model = dynamicConvIntegerModel(4);
    ASSERT_TRUE(model);
    const TargetReport cpu = classifyModelForTarget(*model, table("onnxruntime-cpu"), tables());
    const NodeTargetResult& conv = nodeResult(*model, cpu, "ConvInteger");
    EXPECT_EQ(conv.verdict, NodeVerdict::Runs); // the kernel exists: the session loads, the run fails
    ASSERT_EQ(conv.runtimeFailures.size(), 1u);
    EXPECT_NE(conv.runtimeFailures[0].find("'wzp' has 4 zero points"), std::string::npos) << conv.runtimeFailures[0];
    EXPECT_EQ(cpu.runtimeFailureCount(), 1);
    // On CoreML it falls back to that same CPU kernel, restriction included.
    const TargetReport coreml = classifyModelForTarget(*model, table("onnxruntime-coreml-mlprogram"), tables());
    EXPECT_EQ(nodeResult(*model, coreml, "ConvInteger").runtimeFailures.size(), 1u);
}

TEST(Targets, Fp32ConvReluRunsEntirelyOnCoreMl)
{
    const auto model = convReluModel();
    ASSERT_TRUE(model);
    for (const char* id : { "onnxruntime-coreml-mlprogram", "onnxruntime-coreml-neuralnetwork" }) {
        SCOPED_TRACE(id);
        const TargetReport r = classifyModelForTarget(*model, table(id), tables());
        EXPECT_EQ(r.verdict, TargetVerdict::Runs);
        EXPECT_EQ(r.count(NodeVerdict::Runs), 2);
        ASSERT_TRUE(r.partitions);
        EXPECT_EQ(r.partitions->partitions, 1);
        EXPECT_EQ(r.partitions->crossings, 0);
        // Conv carries the source's constraints ("Only 1D/2D Conv is supported.") as unchecked conditions.
        EXPECT_FALSE(nodeResult(*model, r, "Conv").conditions.empty());
    }
}

TEST(Targets, OperatorAbsentFromATableWhoseUnlistedOpIsUnknownIsUnknown)
{
    // OpenVINO's table was transcribed from Abs to LRN only: Relu is not in it, and unlisted_op is unknown.
    const TargetTable& ov = table("openvino-onnx-frontend");
    ASSERT_EQ(ov.unlistedOp, TableOutcome::Unknown);
    ASSERT_EQ(ov.findOperator("", "Relu"), nullptr);
    const auto model = convReluModel();
    ASSERT_TRUE(model);
    const TargetReport r = classifyModelForTarget(*model, ov, tables());
    EXPECT_EQ(nodeResult(*model, r, "Relu").verdict, NodeVerdict::Unknown);
    EXPECT_EQ(r.verdict, TargetVerdict::Unknown);
}

TEST(Targets, PartitionsOfAProviderCpuProviderChain)
{
    Graph g;
    const ValueId x = g.getOrAddValue("x");
    g.addInput(x);
    ValueId prev = x;
    for (const char* name : { "a", "b", "c" }) {
        Node n;
        n.name = name;
        n.opType = "Relu";
        n.inputs = { prev };
        prev = g.getOrAddValue(std::string(name) + "_out");
        n.outputs = { prev };
        g.addNode(std::move(n));
    }
    g.addOutput(prev);
    ASSERT_TRUE(g.finalize().isOk());
    const PartitionSummary s = countPartitions(g, { Placement::Provider, Placement::Cpu, Placement::Provider });
    EXPECT_EQ(s.partitions, 3);
    EXPECT_EQ(s.providerPartitions, 2);
    EXPECT_EQ(s.cpuPartitions, 1);
    EXPECT_EQ(s.crossings, 2);
    EXPECT_TRUE(s.exact);
    const PartitionSummary unknownMiddle
        = countPartitions(g, { Placement::Provider, Placement::Unassigned, Placement::Provider });
    EXPECT_FALSE(unknownMiddle.exact);
}

TEST(Targets, MalformedTableIsRefusedNamingFileAndField)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_targets_bad_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ifstream in(fs::path(QS_TARGETS_TABLES_DIR) / "onnxruntime-xnnpack.json");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    const std::string key = "\"unlisted_op\": \"falls-back-to-cpu\"";
    ASSERT_NE(text.find(key), std::string::npos);
    text.replace(text.find(key), key.size(), "\"unlisted_op\": \"perhaps\"");
    std::ofstream(dir / "onnxruntime-xnnpack.json") << text;
    auto loaded = loadTargetTables(dir);
    ASSERT_FALSE(loaded.isOk());
    EXPECT_NE(loaded.status().message().find("onnxruntime-xnnpack.json"), std::string::npos)
        << loaded.status().message();
    EXPECT_NE(loaded.status().message().find("'unlisted_op'"), std::string::npos) << loaded.status().message();

    std::ofstream(dir / "onnxruntime-xnnpack.json") << "{ \"schema_version\": 1, ";
    loaded = loadTargetTables(dir);
    ASSERT_FALSE(loaded.isOk());
    EXPECT_NE(loaded.status().message().find("onnxruntime-xnnpack.json: not valid JSON"), std::string::npos);

    auto parsed = parseTargetTable(R"({"schema_version": 1, "id": "x"})", "x.json");
    ASSERT_FALSE(parsed.isOk());
    EXPECT_EQ(parsed.status().message(), "x.json: field 'title' is missing");
    fs::remove_all(dir);
}

TEST(Targets, YoloV5nuInt8DynamicOnCoreMlAndTheMobilePackage)
{
    const fs::path path = test::sharedModel("yolov5nu_int8_dynamic_seed");
    QS_REQUIRE_SHARED(path);
    auto model = loadModel(path);
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    const Model& m = **model;
    auto count = [&](const TargetReport& r, const char* op, NodeVerdict v) {
        return std::count_if(r.nodes.begin(), r.nodes.end(),
            [&](const NodeTargetResult& n) { return m.graph().node(n.node).opType == op && n.verdict == v; });
    };
    const TargetReport coreml = classifyModelForTarget(m, table("onnxruntime-coreml-mlprogram"), tables());
    EXPECT_EQ(count(coreml, "ConvInteger", NodeVerdict::FallsBack), 76);
    EXPECT_EQ(count(coreml, "DynamicQuantizeLinear", NodeVerdict::FallsBack), 63);
    EXPECT_EQ(coreml.cpuNoKernelCount(), 0);
    EXPECT_EQ(coreml.runtimeFailureCount(), 0); // per-tensor weight zero points
    ASSERT_TRUE(coreml.partitions);
    EXPECT_GT(coreml.partitions->crossings, 0);
    const TargetReport mobile = classifyModelForTarget(m, table("onnxruntime-mobile-1.18"), tables());
    EXPECT_EQ(mobile.verdict, TargetVerdict::CannotLoad);
    EXPECT_TRUE(mobile.fileProblem);
    EXPECT_EQ(count(mobile, "ConvInteger", NodeVerdict::NoKernel), 76);
}

TEST(Targets, ConstantNodesBecomeInitializersInOnnxRuntimeOnly)
{
    // Conv's weight from a Constant node, as PyTorch exports write them.
    test::ModelBuilder b(13);
    auto& g = b.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, 3, 8, 8 });
    g.output("y", onnx::TensorProto_DataType_FLOAT, { 1, 4, 6, 6 });
    auto& c = g.node("Constant", {}, { "w" }, "weight");
    auto* t = test::addAttr(c, "value");
    t->set_type(onnx::AttributeProto_AttributeType_TENSOR);
    t->mutable_t()->set_data_type(onnx::TensorProto_DataType_FLOAT);
    for (int64_t d : { 4, 3, 3, 3 })
        t->mutable_t()->add_dims(d);
    for (int i = 0; i < 4 * 3 * 3 * 3; ++i)
        t->mutable_t()->add_float_data(0.5f);
    g.node("Conv", { "x", "w" }, { "c" }, "conv");
    g.node("Relu", { "c" }, { "y" }, "relu");
    const auto model = load(b);
    ASSERT_TRUE(model);
    // The CPU table has no Constant row (unlisted_op unknown), yet ONNX Runtime never needs a kernel for it.
    ASSERT_EQ(table("onnxruntime-cpu").findOperator("", "Constant"), nullptr);
    const TargetReport cpu = classifyModelForTarget(*model, table("onnxruntime-cpu"), tables());
    EXPECT_EQ(cpu.verdict, TargetVerdict::Runs);
    EXPECT_TRUE(nodeResult(*model, cpu, "Constant").becomesInitializer);
    const TargetReport coreml = classifyModelForTarget(*model, table("onnxruntime-coreml-mlprogram"), tables());
    EXPECT_EQ(coreml.verdict, TargetVerdict::Runs);
    ASSERT_TRUE(coreml.partitions);
    EXPECT_EQ(coreml.partitions->partitions, 1);
    EXPECT_EQ(coreml.partitions->crossings, 0);
    EXPECT_TRUE(coreml.partitions->exact);
    // TensorRT's parser lists Constant itself: the ordinary rule applies there.
    const TargetReport trt = classifyModelForTarget(*model, table("tensorrt-onnx-parser"), tables());
    EXPECT_FALSE(nodeResult(*model, trt, "Constant").becomesInitializer);
}

TEST(Targets, CpuTableTypeParametersNameSchemaParametersOrArguments)
{
    // ONNX Runtime names a kernel's types by type parameter or by input/output name; a key that is neither would
    // leave its values unchecked, so the classifier says unknown there. List them, so they stay few and deliberate.
    std::vector<std::string> strays;
    for (const TargetOperator& e : table("onnxruntime-cpu").operators) {
        for (const TargetVersionRow& row : e.versions.value_or(std::vector<TargetVersionRow> {})) {
            const auto schema = opSchemaDoc(e.op, e.domain, row.since);
            // Versions no schema here describes (QLinearMatMul-21) make the classifier say unknown on their own.
            if (!schema || schema->sinceVersion != row.since || !row.types)
                continue;
            for (const auto& [param, names] : *row.types) {
                auto uses = [&](const OpFormalParameter& f) { return f.typeConstraint == param || f.name == param; };
                if (std::none_of(schema->inputs.begin(), schema->inputs.end(), uses)
                    && std::none_of(schema->outputs.begin(), schema->outputs.end(), uses))
                    strays.push_back(fmt::format("{}:{}-{} {}", e.domain, e.op, row.since, param));
            }
        }
    }
    EXPECT_EQ(strays, std::vector<std::string> {}) << fmt::format("{}", fmt::join(strays, "\n"));
}
