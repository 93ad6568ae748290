// SPDX-License-Identifier: MIT
// Deployment targets against the published tables in resources/targets: the facts asserted here are the tables'
// own (ConvInteger is not in either CoreML list, the CPU table has it for uint8, the mobile package loads only .ort
// and has no ConvInteger, TensorRT's parser says N), so a classifier that drifts from the data fails here.
#include "dynamic_conv_integer_model.h"
#include "onnx_builder.h"
#include "shipped_target_tables.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/op_schema_docs.h>
#include <quantscope/engine/targets.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <shared_data.h>
#include <unistd.h>

using namespace qs;
namespace fs = std::filesystem;

namespace {

const std::vector<TargetTable>& tables()
{
    return test::shippedTargetTables();
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

namespace {

/// cond (bool) -> If: the then-branch computes ConvInteger on its own uint8 initializers, the else-branch passes an
/// int32 initializer through Identity. Both bodies are self-contained, so every body value has a known type.
std::shared_ptr<const Model> ifWithConvIntegerBranchModel()
{
    test::ModelBuilder b(13);
    auto& g = b.graph();
    g.input("cond", onnx::TensorProto_DataType_BOOL, {});
    g.output("y", onnx::TensorProto_DataType_INT32, { 1, 1, 2, 2 });
    auto& node = g.node("If", { "cond" }, { "y" }, "if");
    test::GraphBuilder thenBranch(test::setGraphAttr(node, "then_branch"), "then");
    thenBranch.rawInitializer("a", onnx::TensorProto_DataType_UINT8, { 1, 1, 3, 3 }, std::vector<uint8_t>(9, 3));
    thenBranch.rawInitializer("w", onnx::TensorProto_DataType_UINT8, { 1, 1, 2, 2 }, std::vector<uint8_t>(4, 2));
    thenBranch.node("ConvInteger", { "a", "w" }, { "t" }, "branch_conv");
    thenBranch.output("t", onnx::TensorProto_DataType_INT32, { 1, 1, 2, 2 }, true);
    test::GraphBuilder elseBranch(test::setGraphAttr(node, "else_branch"), "else");
    elseBranch.rawInitializer("z", onnx::TensorProto_DataType_INT32, { 1, 1, 2, 2 }, std::vector<int32_t>(4, 0));
    elseBranch.node("Identity", { "z" }, { "e" }, "branch_identity");
    elseBranch.output("e", onnx::TensorProto_DataType_INT32, { 1, 1, 2, 2 }, true);
    return load(b);
}

/// The result of the body node named `name` anywhere in the report, or nullptr.
const NodeTargetResult* bodyNode(const Model& m, const TargetReport& r, const std::string& name)
{
    const NodeTargetResult* found = nullptr;
    forEachNodeResult(m.graph(), r.nodes, [&](const Graph& g, const NodeTargetResult& n) {
        if (&g != &m.graph() && g.node(n.node).name == name)
            found = &n;
    });
    return found;
}

} // namespace

TEST(TargetsSubgraphs, ABranchConvIntegerHasNoKernelInTheMobilePackageAndFallsBackOnCoreMl)
{
    const auto model = ifWithConvIntegerBranchModel();
    ASSERT_TRUE(model);
    ASSERT_EQ(model->graph().nodes().size(), 1u);

    // The 1.18 package's list has no ConvInteger (unlisted_op: no-kernel): the branch alone keeps the file out.
    const TargetReport mobile = classifyModelForTarget(*model, table("onnxruntime-mobile-1.18"), tables());
    const NodeTargetResult* conv = bodyNode(*model, mobile, "branch_conv");
    ASSERT_TRUE(conv);
    EXPECT_EQ(conv->verdict, NodeVerdict::NoKernel) << conv->reason;
    EXPECT_EQ(mobile.count(NodeVerdict::NoKernel), 1);
    EXPECT_EQ(mobile.nodeCount(), 3);
    ASSERT_EQ(mobile.nodes.size(), 1u);
    ASSERT_EQ(mobile.nodes[0].bodies.size(), 2u); // then, else in attribute order
    EXPECT_EQ(mobile.nodes[0].bodies[0].graph->name(), "then");

    // Neither CoreML list has If, ConvInteger or Identity (unlisted: falls back); the CPU table has all three,
    // ConvInteger for uint8 x uint8 -> int32 and Identity-13 for int32. Each graph is partitioned on its own: three CPU
    // runs.
    const TargetReport coreml = classifyModelForTarget(*model, table("onnxruntime-coreml-mlprogram"), tables());
    EXPECT_EQ(coreml.count(NodeVerdict::FallsBack), 3);
    EXPECT_EQ(coreml.cpuNoKernelCount(), 0);
    conv = bodyNode(*model, coreml, "branch_conv");
    ASSERT_TRUE(conv);
    EXPECT_EQ(conv->cpuVerdict, NodeVerdict::Runs) << conv->cpuReason;
    ASSERT_TRUE(coreml.partitions);
    EXPECT_EQ(coreml.partitions->cpuPartitions, 3);
    EXPECT_EQ(coreml.partitions->providerPartitions, 0);
    EXPECT_EQ(coreml.verdict, TargetVerdict::FallsBack);

    // TensorRT's parser marks ConvInteger N: the conversion fails on a node no main-graph walk would see.
    const TargetReport trt = classifyModelForTarget(*model, table("tensorrt-onnx-parser"), tables());
    conv = bodyNode(*model, trt, "branch_conv");
    ASSERT_TRUE(conv);
    EXPECT_EQ(conv->verdict, NodeVerdict::NoKernel);
    EXPECT_EQ(trt.verdict, TargetVerdict::CannotLoad);

    // The summary a run file keeps names the body node.
    const TargetSummary s = summarizeTarget(model->graph(), mobile);
    EXPECT_EQ(s.noKernel, 1);
    ASSERT_FALSE(s.problems.empty());
    EXPECT_EQ(s.problems[0].examples, std::vector<std::string> { "branch_conv" });
}

namespace {

std::shared_ptr<const Model> conformanceModel(const char* name)
{
    auto m = loadModel((test::sharedDir() / "onnx-node-tests" / "node" / name / "model.onnx").string());
    EXPECT_TRUE(m.isOk()) << m.status().toString();
    return m.isOk() ? *m : nullptr;
}

/// Op type -> verdict of every node inside the bodies (not the main graph's).
std::multimap<std::string, NodeVerdict> bodyVerdicts(const Model& m, const TargetReport& r)
{
    std::multimap<std::string, NodeVerdict> out;
    forEachNodeResult(m.graph(), r.nodes, [&](const Graph& g, const NodeTargetResult& n) {
        if (&g != &m.graph())
            out.emplace(g.node(n.node).opType, n.verdict);
    });
    return out;
}

} // namespace

// ONNX's conformance models: test_scan9_sum's body is Add(sum_in, next) -> Identity; test_loop11's body holds
// Identity, two Constants, Add, two Unsqueeze, Slice, Add, Identity; test_if's branches one Constant each.
TEST(TargetsSubgraphs, ScanBodyOnCoreMlAddStaysIdentityFallsBackEachGraphPartitionedOnItsOwn)
{
    QS_REQUIRE_SHARED(test::sharedDir() / "onnx-node-tests" / "node" / "test_scan9_sum" / "model.onnx");
    const auto model = conformanceModel("test_scan9_sum");
    ASSERT_TRUE(model);
    // The ML Program list has Add, not Identity or Scan (unlisted: falls back to the CPU provider).
    const TargetReport coreml = classifyModelForTarget(*model, table("onnxruntime-coreml-mlprogram"), tables());
    EXPECT_EQ(coreml.nodeCount(), 3);
    const auto body = bodyVerdicts(*model, coreml);
    ASSERT_EQ(body.size(), 2u);
    EXPECT_EQ(body.find("Add")->second, NodeVerdict::Runs);
    EXPECT_EQ(body.find("Identity")->second, NodeVerdict::FallsBack);
    // Main graph: Scan alone on the CPU (1 partition). Body: Add on the provider, Identity on the CPU, the sum
    // crossing once between them.
    ASSERT_TRUE(coreml.partitions);
    EXPECT_EQ(coreml.partitions->partitions, 3);
    EXPECT_EQ(coreml.partitions->providerPartitions, 1);
    EXPECT_EQ(coreml.partitions->cpuPartitions, 2);
    EXPECT_EQ(coreml.partitions->crossings, 1);
    // The CPU table has Scan-9, Add and Identity for float.
    const TargetReport cpu = classifyModelForTarget(*model, table("onnxruntime-cpu"), tables());
    EXPECT_EQ(cpu.count(NodeVerdict::Runs), 3);
    EXPECT_EQ(cpu.verdict, TargetVerdict::Runs);
}

TEST(TargetsSubgraphs, LoopBodyNodesAreEachClassifiedAgainstTheCpuTable)
{
    QS_REQUIRE_SHARED(test::sharedDir() / "onnx-node-tests" / "node" / "test_loop11" / "model.onnx");
    const auto model = conformanceModel("test_loop11");
    ASSERT_TRUE(model);
    const TargetReport cpu = classifyModelForTarget(*model, table("onnxruntime-cpu"), tables());
    ASSERT_EQ(cpu.nodes.size(), 1u);
    ASSERT_EQ(cpu.nodes[0].bodies.size(), 1u);
    EXPECT_EQ(cpu.nodes[0].bodies[0].nodes.size(), 9u);
    EXPECT_EQ(cpu.nodeCount(), 10);
    // Every body node has a CPU kernel row for its version and types (the int64 Add, Unsqueeze and Slice included);
    // the two Constants become initializers.
    EXPECT_EQ(cpu.count(NodeVerdict::Runs), 10);
    const auto body = bodyVerdicts(*model, cpu);
    EXPECT_EQ(body.count("Unsqueeze"), 2u);
    EXPECT_EQ(body.count("Slice"), 1u);
}

TEST(TargetsSubgraphs, IfBranchesConstantsAreJudgedByTheParserAndFoldedByOnnxRuntime)
{
    QS_REQUIRE_SHARED(test::sharedDir() / "onnx-node-tests" / "node" / "test_if" / "model.onnx");
    const auto model = conformanceModel("test_if");
    ASSERT_TRUE(model);
    const TargetReport cpu = classifyModelForTarget(*model, table("onnxruntime-cpu"), tables());
    ASSERT_EQ(cpu.nodes.size(), 1u);
    ASSERT_EQ(cpu.nodes[0].bodies.size(), 2u); // then_branch, else_branch
    for (const BodyTargetResult& b : cpu.nodes[0].bodies) {
        ASSERT_EQ(b.nodes.size(), 1u);
        EXPECT_TRUE(b.nodes[0].becomesInitializer);
    }
    // TensorRT's parser lists Constant (float among its types): there the branch constants are ordinary nodes.
    const TargetReport trt = classifyModelForTarget(*model, table("tensorrt-onnx-parser"), tables());
    const auto body = bodyVerdicts(*model, trt);
    EXPECT_EQ(body.count("Constant"), 2u);
    for (const auto& [op, verdict] : body)
        EXPECT_EQ(verdict, NodeVerdict::Runs) << op;
    forEachNodeResult(
        model->graph(), trt.nodes, [](const Graph&, const NodeTargetResult& n) { EXPECT_FALSE(n.becomesInitializer); });
}
