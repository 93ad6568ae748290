// SPDX-License-Identifier: MIT
// quantscope-cli inspect, run as a process: JSON against ../shared/README.md truths and hand counts, exit codes
// and messages for usage errors and the malformed corpus.
#include "cli_runner.h"
#include "onnx_builder.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <shared_data.h>
#include <sstream>

namespace {

using namespace qs::test;
namespace fs = std::filesystem;
using nlohmann::json;

json inspectJson(const fs::path& model, std::vector<std::string> extra = {})
{
    std::vector<std::string> args { "inspect", model.string(), "--json" };
    args.insert(args.end(), extra.begin(), extra.end());
    const CliRun run = runCli(args);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err;
    try {
        return json::parse(run.out);
    } catch (const std::exception& e) {
        ADD_FAILURE() << "not one JSON object: " << e.what() << "\n" << run.out.substr(0, 500);
        return {};
    }
}

int64_t opCount(const json& j, const char* op)
{
    return j["op_counts"].value(op, int64_t(0));
}

TEST(CliInspect, YoloV5nuInt8DynamicAgainstSharedReadme)
{
    const fs::path model = sharedModel("yolov5nu_int8_dynamic_seed");
    QS_REQUIRE_SHARED(model);
    const json j = inspectJson(model);
    EXPECT_EQ(j["schema"], "quantscope.inspect/1");
    EXPECT_EQ(j["nodes"], 703);
    EXPECT_EQ(opCount(j, "DynamicQuantizeLinear"), 63);
    EXPECT_EQ(opCount(j, "ConvInteger"), 76);
    EXPECT_EQ(j["format"], "dynamic");
    EXPECT_EQ(j["boundaries"], json({ { "ConvInteger", 76 }, { "DynamicQuantizeLinear", 63 } }));
    EXPECT_EQ(j["transitions"]["float->uint8"], 63);
    EXPECT_EQ(j["transitions"]["int32->float"], 76);
    EXPECT_EQ(j["domains"], json({ { "ai.onnx", 703 } }));
    EXPECT_EQ(j["size_bytes"], static_cast<int64_t>(fs::file_size(model)));
    ASSERT_EQ(j["inputs"].size(), 1u);
    EXPECT_EQ(j["inputs"][0]["name"], "images");
    EXPECT_EQ(j["inputs"][0]["element_type"], "float");
    EXPECT_EQ(j["inputs"][0]["shape"], json({ 1, 3, 640, 640 }));
    EXPECT_EQ(j["outputs"][0]["shape"], json({ 1, 84, 8400 }));
    EXPECT_TRUE(j["macs"].is_number_integer());
    EXPECT_EQ(j["params"]["by_type"]["uint8"]["tensors"], 2 * 76);
    EXPECT_TRUE(j["shape_inference"]["succeeded"]);
    EXPECT_TRUE(j["warnings"].empty());
}

TEST(CliInspect, YoloV5nuFp32AgainstSharedReadme)
{
    const fs::path model = sharedModel("yolov5nu_fp32_from_seed");
    const fs::path int8 = sharedModel("yolov5nu_int8_dynamic_seed");
    QS_REQUIRE_SHARED(model);
    QS_REQUIRE_SHARED(int8);
    const json j = inspectJson(model);
    EXPECT_EQ(j["nodes"], 262);
    for (const auto& [op, n] : std::map<std::string, int> { { "Conv", 76 }, { "Sigmoid", 70 }, { "Mul", 70 },
             { "Concat", 19 }, { "Add", 9 }, { "MaxPool", 3 }, { "Resize", 2 } })
        EXPECT_EQ(opCount(j, op.c_str()), n) << op;
    EXPECT_EQ(j["format"], "fp32");
    EXPECT_TRUE(j["boundaries"].empty());
    EXPECT_EQ(j["crossing_edges"], 0);
    EXPECT_EQ(j["macs"], inspectJson(int8)["macs"]); // same network
}

TEST(CliInspect, ResNet18Fp32AndQdq)
{
    const fs::path fp32 = sharedModel("resnet18_fp32");
    const fs::path qdq = sharedModel("resnet18_int8_qdq_torch");
    QS_REQUIRE_SHARED(fp32);
    QS_REQUIRE_SHARED(qdq);
    const json f = inspectJson(fp32);
    EXPECT_EQ(f["nodes"], 65);
    EXPECT_EQ(f["format"], "fp32");
    EXPECT_EQ(f["inputs"][0]["shape"], json({ 1, 3, 224, 224 }));
    EXPECT_EQ(f["outputs"][0]["shape"], json({ 1, 1000 }));
    const json q = inspectJson(qdq);
    EXPECT_EQ(q["nodes"], 511);
    EXPECT_EQ(opCount(q, "QuantizeLinear"), 33);
    EXPECT_EQ(opCount(q, "DequantizeLinear"), 83);
    EXPECT_EQ(q["format"], "qdq");
    EXPECT_EQ(q["boundaries"], json({ { "DequantizeLinear", 83 }, { "QuantizeLinear", 33 } }));
    EXPECT_EQ(q["macs"], f["macs"]);
}

TEST(CliInspect, MobileNetV2)
{
    const fs::path model = sharedModel("mobilenet_v2_fp32");
    QS_REQUIRE_SHARED(model);
    const json j = inspectJson(model);
    EXPECT_EQ(j["nodes"], 209);
    EXPECT_EQ(j["format"], "fp32");
    EXPECT_GT(opCount(j, "Clip"), 0); // ReLU6
}

TEST(CliInspect, BundledDemoModels)
{
    const fs::path dir = fs::path(QS_SOURCE_DIR) / "resources" / "demo";
    const json f = inspectJson(dir / "demo_fp32.onnx");
    const json q = inspectJson(dir / "demo_int8_dynamic.onnx");
    // Hand count in resources/demo/README.md.
    EXPECT_EQ(f["macs"], 3694592);
    EXPECT_EQ(q["macs"], 3694592);
    EXPECT_EQ(f["nodes"], 21);
    EXPECT_EQ(q["nodes"], 62);
    EXPECT_EQ(f["format"], "fp32");
    EXPECT_EQ(q["format"], "dynamic");
    EXPECT_EQ(q["boundaries"], json({ { "ConvInteger", 7 }, { "DynamicQuantizeLinear", 6 } }));
    EXPECT_EQ(q["transitions"], json({ { "float->uint8", 6 }, { "uint8->int32", 7 }, { "int32->float", 7 } }));
    // Largest layers by hand: block2 and block4 convs, 1,179,648 MACs each, in graph order.
    ASSERT_GE(q["top_mac_nodes"].size(), 3u);
    EXPECT_EQ(
        q["top_mac_nodes"][0], json({ { "name", "block2.conv_quant" }, { "op", "ConvInteger" }, { "macs", 1179648 } }));
    EXPECT_EQ(q["top_mac_nodes"][1]["name"], "block4.conv_quant");
    EXPECT_EQ(q["top_mac_nodes"][2]["macs"], 589824); // block3.b2: 16x16x16 outputs x 16x3x3
    EXPECT_EQ(f["top_mac_nodes"][0]["name"], "block2.conv.Conv");
    EXPECT_LT(f["size_bytes"].get<int64_t>(), 200 * 1024);
    EXPECT_LT(q["size_bytes"].get<int64_t>(), 200 * 1024);
}

TEST(CliInspect, InputShapeBindsFreeDimensions)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_cli_free_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    ModelBuilder b;
    b.graph().input("x", onnx::TensorProto_DataType_FLOAT, { "batch", 3, "h", "w" });
    b.graph().floatInitializer("k", { 4, 3, 1, 1 }, std::vector<float>(12, 1.0f));
    b.graph().node("Conv", { "x", "k" }, { "y" }, "conv");
    b.graph().output("y", onnx::TensorProto_DataType_FLOAT);
    b.save(dir / "free.onnx");
    const json unbound = inspectJson(dir / "free.onnx");
    EXPECT_TRUE(unbound["macs"].is_null());
    EXPECT_EQ(unbound["mac_nodes_unknown"], 1);
    EXPECT_EQ(unbound["inputs"][0]["shape"], json({ "batch", 3, "h", "w" }));
    const json bound = inspectJson(dir / "free.onnx", { "--input-shape", "x=2x3x5x7" });
    EXPECT_EQ(bound["macs"], 2 * 4 * 5 * 7 * 3); // every output element sums 3 products
    EXPECT_EQ(bound["inputs"][0]["shape"], json({ 2, 3, 5, 7 }));
    EXPECT_EQ(bound["outputs"][0]["shape"], json({ 2, 4, 5, 7 }));
    const json boundEq = inspectJson(dir / "free.onnx", { "--input-shape=x=2x3x5x7" });
    EXPECT_EQ(boundEq["macs"], bound["macs"]);
    fs::remove_all(dir);
}

TEST(CliInspect, ReadableSummary)
{
    const fs::path model = fs::path(QS_SOURCE_DIR) / "resources" / "demo" / "demo_int8_dynamic.onnx";
    const CliRun run = runCli({ "inspect", model.string() });
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("Format:       dynamic"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("MACs:         3,694,592"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("images                           float[1x3x64x64]"), std::string::npos) << run.out;
}

TEST(CliUsage, VersionHelpAndUsageErrors)
{
    const CliRun version = runCli({ "--version" });
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_EQ(version.out.rfind("quantscope-cli 0.", 0), 0u) << version.out;
    const CliRun help = runCli({ "--help" });
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("inspect"), std::string::npos);
    const CliRun inspectHelp = runCli({ "inspect", "--help" });
    EXPECT_EQ(inspectHelp.exitCode, 0);
    EXPECT_NE(inspectHelp.out.find("--input-shape"), std::string::npos);

    struct Bad
    {
        std::vector<std::string> args;
        const char* fragment;
    };
    for (const Bad& bad : { Bad { {}, "Usage" }, Bad { { "frobnicate" }, "unknown command 'frobnicate'" },
             Bad { { "inspect" }, "no model given" }, Bad { { "inspect", "a.onnx", "--bogus" }, "unknown option" },
             Bad { { "inspect", "a.onnx", "b.onnx" }, "one model at a time" },
             Bad { { "inspect", "a.onnx", "--input-shape" }, "needs a value" },
             Bad { { "inspect", "a.onnx", "--input-shape", "x=1xfoo" }, "bad shape" } }) {
        const CliRun run = runCli(bad.args);
        EXPECT_EQ(run.exitCode, 2) << bad.fragment;
        EXPECT_NE((run.out + run.err).find(bad.fragment), std::string::npos) << run.out << run.err;
    }
}

TEST(CliInspect, MissingFileFailsWithExitCode1)
{
    const CliRun run = runCli({ "inspect", "/nonexistent/model.onnx", "--json" });
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(run.out.empty());
    EXPECT_NE(run.err.find("model.onnx: no such file"), std::string::npos) << run.err;
}

TEST(CliInspect, MalformedCorpusFailsWithDocumentedMessages)
{
    const fs::path dir = testDataDir() / "malformed";
    std::ifstream table(dir / "expected.tsv");
    ASSERT_TRUE(table) << dir;
    int cases = 0;
    for (std::string line; std::getline(table, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        std::vector<std::string> parts;
        std::stringstream ss(line);
        for (std::string p; std::getline(ss, p, '\t');)
            parts.push_back(p);
        ASSERT_GE(parts.size(), 3u) << line;
        SCOPED_TRACE(parts[0]);
        const CliRun run = runCli({ "inspect", (dir / parts[0]).string(), "--json" });
        ++cases;
        EXPECT_EQ(run.exitCode, 1);
        EXPECT_TRUE(run.out.empty()) << run.out;
        EXPECT_EQ(run.err.rfind("quantscope-cli inspect: " + parts[1] + ": " + parts[0] + ": ", 0), 0u) << run.err;
        for (size_t i = 2; i < parts.size(); ++i)
            EXPECT_NE(run.err.find(parts[i]), std::string::npos) << run.err;
    }
    EXPECT_GE(cases, 20);
}

} // namespace
