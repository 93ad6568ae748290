// SPDX-License-Identifier: MIT
// quantscope-cli targets, run as a process on a DynamicQuantizeLinear + ConvInteger model against the shipped tables:
// the JSON document (TARGETS_JSON.md) and the exit codes.
#include "cli_runner.h"
#include "dynamic_conv_integer_model.h"
#include "onnx_builder.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using namespace qs::test;
namespace fs = std::filesystem;
using nlohmann::json;

fs::path writeDynamicConvIntegerModel(const fs::path& dir, int64_t weightZeroPoints = 1)
{
    ModelBuilder b(13);
    buildDynamicConvInteger(b, weightZeroPoints);
    fs::create_directories(dir);
    const fs::path path = dir / fmt::format("dynamic_conv_{}zp.onnx", weightZeroPoints);
    b.save(path);
    return path;
}

const json& target(const json& doc, const std::string& id)
{
    for (const json& t : doc["targets"])
        if (t["id"] == id)
            return t;
    static const json none;
    ADD_FAILURE() << "no target " << id;
    return none;
}

} // namespace

TEST(CliTargets, JsonOnADynamicConvIntegerModel)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_cli_targets_" + std::to_string(::getpid()));
    const fs::path model = writeDynamicConvIntegerModel(dir);
    const std::string tables = std::string(QS_SOURCE_DIR) + "/resources/targets";
    const CliRun run = runCli({ "targets", model.string(), "--json", "--tables", tables });
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err;
    const json doc = json::parse(run.out);
    EXPECT_EQ(doc["schema"], "quantscope.targets/2");
    EXPECT_EQ(doc["nodes"], 2);
    EXPECT_EQ(doc["targets"].size(), 9u);

    const json& coreml = target(doc, "onnxruntime-coreml-mlprogram");
    EXPECT_EQ(coreml["verdict"], "falls-back");
    EXPECT_EQ(coreml["fallback_table"], "onnxruntime-cpu");
    EXPECT_EQ(coreml["op_types"]["ConvInteger"], json({ { "falls-back", 1 } }));
    EXPECT_EQ(coreml["counts"]["falls_back"], 2);
    // DynamicQuantizeLinear -> ConvInteger, both on the CPU: one partition, no copy.
    EXPECT_EQ(coreml["partitions"]["total"], 1);
    EXPECT_EQ(coreml["partitions"]["crossings"], 0);
    const json& conv = coreml["nodes"][1];
    EXPECT_EQ(conv["op"], "ConvInteger");
    EXPECT_EQ(conv["cpu_verdict"], "runs");

    const json& cpu = target(doc, "onnxruntime-cpu");
    EXPECT_EQ(cpu["verdict"], "runs");
    EXPECT_TRUE(cpu["partitions"].is_null());

    const json& mobile = target(doc, "onnxruntime-mobile-1.18");
    EXPECT_EQ(mobile["verdict"], "cannot-load");
    EXPECT_TRUE(mobile["file_problem"].is_string());
    EXPECT_EQ(mobile["op_types"]["ConvInteger"], json({ { "no-kernel", 1 } }));

    const json& trt = target(doc, "tensorrt-onnx-parser");
    EXPECT_EQ(trt["verdict"], "cannot-load");
    EXPECT_EQ(trt["counts"]["no_kernel"], 2); // DynamicQuantizeLinear and ConvInteger are both 'N'

    // --target narrows the output; an unknown id is a usage error naming the tables there are.
    const CliRun one = runCli({ "targets", model.string(), "--tables", tables, "--target", "onnxruntime-cpu" });
    EXPECT_EQ(one.exitCode, 0) << one.err;
    EXPECT_NE(one.out.find("loads and runs entirely"), std::string::npos) << one.out;
    EXPECT_EQ(one.out.find("coreml"), std::string::npos) << one.out;
    const CliRun bad = runCli({ "targets", model.string(), "--tables", tables, "--target", "nope" });
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("onnxruntime-coreml-mlprogram"), std::string::npos) << bad.err;
    fs::remove_all(dir);
}

TEST(CliTargets, MalformedTablesFolderFailsNamingTheFile)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_cli_targets_bad_" + std::to_string(::getpid()));
    const fs::path model = writeDynamicConvIntegerModel(dir);
    fs::create_directories(dir / "tables");
    std::ofstream(dir / "tables" / "broken.json") << "{\"schema_version\": 2}";
    const CliRun run = runCli({ "targets", model.string(), "--tables", (dir / "tables").string() });
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(run.out.empty());
    EXPECT_NE(run.err.find("broken.json: field 'schema_version'"), std::string::npos) << run.err;
    fs::remove_all(dir);
}

TEST(CliTargets, PerChannelWeightZeroPointsLoadButFailAtRunTimeOnTheCpuProvider)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_cli_targets_zp_" + std::to_string(::getpid()));
    const fs::path model = writeDynamicConvIntegerModel(dir, 4);
    const std::string tables = std::string(QS_SOURCE_DIR) + "/resources/targets";
    const CliRun run = runCli({ "targets", model.string(), "--tables", tables, "--target", "onnxruntime-cpu" });
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("loads, but 1 node fails at run time (ConvInteger 1)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("'wzp' has 4 zero points"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("loads and runs entirely"), std::string::npos) << run.out;
    fs::remove_all(dir);
}
