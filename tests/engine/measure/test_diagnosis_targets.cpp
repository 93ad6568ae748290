// SPDX-License-Identifier: MIT
// The deployment-target findings against facts read from the shipped tables (resources/targets), not against the
// classifier's own output: ConvInteger is in neither CoreML list (it falls back to the CPU provider, whose table has
// it for uint8), the 1.18 mobile package has no ConvInteger kernel, TensorRT's parser lists ConvInteger as N, and
// ONNX Runtime's CPU ConvInteger takes only per-tensor zero points. A file-format problem alone is no finding.
#include "dynamic_conv_integer_model.h"
#include "shipped_target_tables.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/run_record.h>
#include <quantscope/engine/targets.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace qs;
namespace fs = std::filesystem;

namespace {

const std::vector<TargetTable>& tables()
{
    return test::shippedTargetTables();
}

/// The dynamic ConvInteger model written to a file (a model record hashes its file), described with the tables.
ModelRecord dynamicConvIntegerRecord(int64_t weightZeroPoints, const std::string& stem)
{
    test::ModelBuilder b(13);
    test::buildDynamicConvInteger(b, weightZeroPoints);
    const fs::path dir = fs::temp_directory_path() / ("qs_diagnosis_targets_" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path file = dir / (stem + ".onnx");
    std::ofstream(file, std::ios::binary) << b.serialize();
    auto model = loadModel(file.string());
    EXPECT_TRUE(model.isOk()) << model.status().toString();
    auto record = makeModelRecord(**model, &tables());
    EXPECT_TRUE(record.isOk()) << record.status().toString();
    fs::remove_all(dir);
    return *record;
}

RunRecord runWith(std::vector<ModelRecord> models)
{
    RunRecord r;
    r.machine.architecture = "x86_64";
    r.models = std::move(models);
    return r;
}

/// The deployment-target finding of `model` on `table`, or nullptr.
const Finding* targetFinding(const std::vector<Finding>& findings, const std::string& model, const std::string& table)
{
    for (const Finding& f : findings)
        if (f.id == "deployment-target" && std::get<std::string>(f.args.at("model")) == model
            && std::get<std::string>(f.args.at("table")) == table)
            return &f;
    return nullptr;
}

const EvidenceLine* lineOf(const Finding& f, const std::string& kind)
{
    for (const EvidenceLine& l : f.evidenceLines)
        if (l.kind == kind)
            return &l;
    return nullptr;
}

} // namespace

TEST(DiagnosisTargets, ConvIntegerFallsBackOnCoreMlWithPartitionsAndNodeNames)
{
    const auto findings = diagnoseRun(runWith({ dynamicConvIntegerRecord(1, "dyn") }));
    for (const char* table : { "onnxruntime-coreml-mlprogram", "onnxruntime-coreml-neuralnetwork" }) {
        SCOPED_TRACE(table);
        const Finding* f = targetFinding(findings, "dyn", table);
        ASSERT_TRUE(f);
        EXPECT_EQ(std::get<std::string>(f->args.at("variant")), "falls-back");
        EXPECT_EQ(f->severity, FindingSeverity::Info);
        EXPECT_EQ(std::get<std::string>(f->args.at("version")), "1.30");
        // Neither CoreML list has DynamicQuantizeLinear or ConvInteger: both nodes go to the CPU provider.
        EXPECT_EQ(std::get<int64_t>(f->args.at("nodes")), 2);
        const EvidenceLine* conv = nullptr;
        for (const EvidenceLine& l : f->evidenceLines)
            if (l.kind == "falls-back" && std::get<std::string>(l.args.at("op")) == "ConvInteger")
                conv = &l;
        ASSERT_TRUE(conv);
        EXPECT_EQ(std::get<int64_t>(conv->args.at("nodes")), 1);
        EXPECT_EQ(std::get<std::string>(conv->args.at("examples")), "'conv'");
        // Every node falls back: one CPU partition, nothing to copy between provider and CPU.
        const EvidenceLine* split = lineOf(*f, "partitions");
        ASSERT_TRUE(split);
        EXPECT_EQ(std::get<int64_t>(split->args.at("partitions")), 1);
        EXPECT_EQ(std::get<int64_t>(split->args.at("copies")), 0);
        EXPECT_NE(f->title.find("2 node(s) of dyn fall back to the CPU provider"), std::string::npos) << f->title;
    }
    EXPECT_FALSE(targetFinding(findings, "dyn", "onnxruntime-cpu")); // the CPU table has both kernels
}

TEST(DiagnosisTargets, MobilePackageCannotLoadForWantOfAConvIntegerKernel)
{
    const auto findings = diagnoseRun(runWith({ dynamicConvIntegerRecord(1, "dyn") }));
    const Finding* f = targetFinding(findings, "dyn", "onnxruntime-mobile-1.18");
    ASSERT_TRUE(f);
    EXPECT_EQ(std::get<std::string>(f->args.at("variant")), "cannot-load");
    EXPECT_EQ(f->severity, FindingSeverity::Warning);
    EXPECT_EQ(std::get<std::string>(f->args.at("version")), "1.18.0");
    EXPECT_EQ(std::get<std::string>(f->args.at("ops")), "1 ConvInteger");
    ASSERT_TRUE(lineOf(*f, "no-kernel"));
    EXPECT_EQ(std::get<std::string>(lineOf(*f, "no-kernel")->args.at("examples")), "'conv'");
    // The package loads only .ort files: said as well, but converting the file would not bring the kernel. The
    // formats come as values too, for a reader that says the sentence in its own language.
    const auto* format = lineOf(*f, "file-format");
    ASSERT_TRUE(format);
    EXPECT_EQ(std::get<std::string>(format->args.at("format")), ".onnx");
    EXPECT_EQ(std::get<std::string>(format->args.at("accepted")), ".ort");

    const Finding* trt = targetFinding(findings, "dyn", "tensorrt-onnx-parser");
    ASSERT_TRUE(trt);
    EXPECT_EQ(std::get<std::string>(trt->args.at("variant")), "conversion-fails");
}

TEST(DiagnosisTargets, PerChannelZeroPointsFailAtRunTimeOnTheCpuProvider)
{
    const auto findings = diagnoseRun(runWith({ dynamicConvIntegerRecord(4, "perchannel") }));
    const Finding* f = targetFinding(findings, "perchannel", "onnxruntime-cpu");
    ASSERT_TRUE(f);
    EXPECT_EQ(std::get<std::string>(f->args.at("variant")), "fails-at-run-time");
    ASSERT_TRUE(lineOf(*f, "fails-at-run-time"));
}

TEST(DiagnosisTargets, AFileFormatProblemAloneAndACleanTargetGiveNoFinding)
{
    // A summary whose only problem is the file format (every node runs, the build wants an .ort file).
    ModelRecord m = dynamicConvIntegerRecord(1, "dyn");
    TargetSummary onlyFormat;
    onlyFormat.tableId = "onnxruntime-mobile-1.18";
    onlyFormat.verdict = TargetVerdict::CannotLoad;
    onlyFormat.fileProblem = "this target loads only .ort files";
    onlyFormat.nodes = onlyFormat.runs = 2;
    m.targets = std::vector<TargetSummary> { onlyFormat };
    EXPECT_FALSE(targetFinding(diagnoseRun(runWith({ m })), "dyn", "onnxruntime-mobile-1.18"));
}

TEST(DiagnosisTargets, SurvivesTheRunFileAndOlderFilesHaveNoTargets)
{
    RunRecord r = runWith({ dynamicConvIntegerRecord(1, "dyn") });
    r.findings = diagnoseRun(r);
    auto back = runRecordFromJson(runRecordToJson(r), "t.json");
    ASSERT_TRUE(back.isOk()) << back.status().toString();
    ASSERT_TRUE(back->models[0].targets);
    ASSERT_EQ(back->models[0].targets->size(), r.models[0].targets->size());
    EXPECT_EQ(diagnoseRun(*back).size(), r.findings.size());
    const TargetSummary& mobile = back->models[0].targets->at(3);
    EXPECT_EQ(mobile.tableId, "onnxruntime-mobile-1.18");
    EXPECT_EQ(mobile.noKernel, 1);
    ASSERT_EQ(mobile.problems.size(), 1u);
    EXPECT_EQ(mobile.problems[0].examples, std::vector<std::string> { "conv" });
    ASSERT_TRUE(mobile.fileFormat);
    EXPECT_EQ(*mobile.fileFormat, (FileFormatProblem { ".onnx", { ".ort" } }));
    EXPECT_EQ(mobile.fileProblem, fileFormatProblemText(*mobile.fileFormat));

    // A 1.2 file: no "targets" key. It reads, and says nothing about targets.
    std::string json = runRecordToJson(r);
    const size_t at = json.find("\"targets\":");
    ASSERT_NE(at, std::string::npos);
    const size_t end = json.find("\n    }", at); // the model object's closing brace
    json.erase(json.rfind(',', at), end - json.rfind(',', at));
    auto old = runRecordFromJson(json, "old.json");
    ASSERT_TRUE(old.isOk()) << old.status().toString();
    EXPECT_FALSE(old->models[0].targets);
    EXPECT_FALSE(targetFinding(diagnoseRun(*old), "dyn", "onnxruntime-mobile-1.18"));
}

TEST(DiagnosisTargets, ASameNetworkFileIsDescribedOnTheSameTarget)
{
    ModelRecord dyn = dynamicConvIntegerRecord(1, "dyn");
    ModelRecord perChannel = dynamicConvIntegerRecord(4, "perchannel");
    const auto findings = diagnoseRun(runWith({ dyn, perChannel }));
    const Finding* f = targetFinding(findings, "dyn", "onnxruntime-mobile-1.18");
    ASSERT_TRUE(f);
    const EvidenceLine* other = lineOf(*f, "same-network");
    ASSERT_TRUE(other);
    EXPECT_EQ(std::get<std::string>(other->args.at("model")), "perchannel");
    EXPECT_EQ(std::get<int64_t>(other->args.at("cannotLoad")), 1);
}
