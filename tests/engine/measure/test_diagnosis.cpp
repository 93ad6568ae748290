// SPDX-License-Identifier: MIT
// One crafted run per rule: the rule fires with the right severity and evidence, and stays silent without its cause.
#include "crafted_run.h"

#include <quantscope/engine/diagnosis.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

namespace {

using qs::FindingSeverity;

// Every finding a test sees also carries its content as values, in the form diagnosisRules() promises front ends
// (which test their phrasing against that list): a rule that emits an unlisted line kind or variant fails here.
void expectListedStructure(const qs::Finding& f)
{
    const auto& rules = qs::diagnosisRules();
    const auto rule = std::find_if(rules.begin(), rules.end(), [&](const auto& r) { return r.id == f.id; });
    ASSERT_NE(rule, rules.end()) << f.id << " is not in diagnosisRules()";
    EXPECT_TRUE(f.hasStructuredEvidence()) << f.id;
    if (auto v = f.args.find("variant"); v != f.args.end()) {
        const std::string& variant = std::get<std::string>(v->second);
        EXPECT_NE(std::find(rule->variants.begin(), rule->variants.end(), variant), rule->variants.end())
            << f.id << " variant " << variant;
    } else {
        EXPECT_TRUE(rule->variants.empty()) << f.id << " has variants but the finding names none";
    }
    for (const auto& line : f.evidenceLines)
        EXPECT_NE(
            std::find(rule->evidenceKinds.begin(), rule->evidenceKinds.end(), line.kind), rule->evidenceKinds.end())
            << f.id << " line kind " << line.kind;
}

// By value: callers often pass the temporary result of diagnoseRun.
std::optional<qs::Finding> find(const std::vector<qs::Finding>& f, const std::string& id)
{
    for (const auto& x : f)
        expectListedStructure(x);
    for (const auto& x : f)
        if (x.id == id)
            return x;
    return std::nullopt;
}

bool evidenceContains(const qs::Finding& f, const std::string& text)
{
    for (const auto& e : f.evidence)
        if (e.find(text) != std::string::npos)
            return true;
    return false;
}

qs::RunRecord fp32Only()
{
    qs::RunRecord r;
    r.machine = qs::test::craftedMachine(false);
    r.models = { qs::test::craftedFp32Model() };
    r.scenarios.push_back(qs::test::craftedScenario(
        "yolov5nu_fp32", 1, qs::ExecutionMode::Optimized, qs::test::craftedLatencies(125, 1, 20)));
    return r;
}

TEST(Diagnosis, ParadoxRunIsExplained)
{
    const auto f = qs::diagnoseRun(qs::test::craftedParadoxRun());
    auto dyn = find(f, "dynamic-quantized-convolutions");
    ASSERT_TRUE(dyn);
    EXPECT_EQ(dyn->severity, FindingSeverity::Critical); // INT8 measured slower
    EXPECT_TRUE(evidenceContains(*dyn, "63 DynamicQuantizeLinear, 76 ConvInteger"));
    // profile: DQL 40 ms of 145 ms per run
    EXPECT_TRUE(evidenceContains(*dyn, "DynamicQuantizeLinear takes 40.00 ms of 145.00 ms per run (27.6%)"));
    // ConvInteger 80 ms per run against the FP32 profile's Conv 100 ms
    // measured in optimized mode, where the engine fuses the rescaling into the ConvInteger step
    EXPECT_TRUE(evidenceContains(*dyn,
        "ConvInteger steps (with their fused Cast/Mul rescaling) take 80.00 ms per run vs 100.00 ms for the FP32 "
        "model's Conv kernels (0.80x)"));
    EXPECT_NE(dyn->title.find("fused into the integer convolution in the optimized mode measured"), std::string::npos)
        << dyn->title;
    EXPECT_EQ(f.front().severity, FindingSeverity::Critical); // sorted
}

TEST(Diagnosis, DynamicQuantizationWordingFollowsTheMeasuredMode)
{
    const auto wording = [](const qs::RunRecord& r) {
        const auto dyn = find(qs::diagnoseRun(r), "dynamic-quantized-convolutions");
        return dyn ? dyn->title + " | " + (dyn->evidence.size() > 3 ? dyn->evidence[3] : std::string()) : "";
    };
    auto asWritten = qs::test::craftedParadoxRun();
    for (auto& s : asWritten.scenarios)
        s.mode = qs::ExecutionMode::AsWritten;
    asWritten.comparisons = qs::compareModels(asWritten);
    const std::string written = wording(asWritten);
    EXPECT_NE(written.find("rescales its output through separate Cast and Mul nodes"), std::string::npos) << written;
    EXPECT_EQ(written.find("fused"), std::string::npos) << written;
    EXPECT_NE(written.find("ConvInteger kernels take 80.00 ms per run"), std::string::npos) << written;

    // ONNX Runtime runs the chain as separate kernels whatever the mode label says.
    auto ort = qs::test::craftedParadoxRun();
    for (auto& s : ort.scenarios)
        s.runtime = qs::Runtime::OnnxRuntime;
    ort.comparisons = qs::compareModels(ort);
    EXPECT_NE(wording(ort).find("separate Cast and Mul nodes"), std::string::npos) << wording(ort);

    // Without a comparison the model's own scenarios decide: only optimized ones -> fused; none -> as written.
    auto alone = qs::test::craftedParadoxRun();
    alone.scenarios.erase(alone.scenarios.begin());
    alone.comparisons.clear();
    EXPECT_NE(wording(alone).find("fused into the integer convolution"), std::string::npos) << wording(alone);
    alone.scenarios.clear();
    EXPECT_NE(wording(alone).find("separate Cast and Mul nodes"), std::string::npos) << wording(alone);
}

TEST(Diagnosis, DynamicQuantizationSilentWithoutConvInteger)
{
    auto r = qs::test::craftedParadoxRun();
    r.models[1].opCounts.erase("ConvInteger");
    EXPECT_FALSE(find(qs::diagnoseRun(r), "dynamic-quantized-convolutions"));
}

TEST(Diagnosis, ReferenceKernelsAreNamedWithTheirCost)
{
    qs::RunRecord r = fp32Only();
    r.config.profile = true;
    qs::ProfileReport p = qs::test::craftedFp32Profile(); // conv_0 100 ms, sigmoid_0 27 ms per run
    for (qs::NodeProfile& n : p.nodes) {
        n.implementation = n.nodeName == "conv_0" ? "onednn:ref:any" : "cpu:avx512";
        n.referenceKernel = qs::isReferenceImplementation(n.implementation);
    }
    r.scenarios.back().profile = p;
    auto f = find(qs::diagnoseRun(r), "reference-kernel");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->severity, FindingSeverity::Critical); // 100 of 127 ms: 78.7% >= 30%
    EXPECT_NE(f->title.find("yolov5nu_fp32 runs 1 node(s) on slow reference kernels, 100.000 ms per run (78.7%"),
        std::string::npos)
        << f->title;
    ASSERT_EQ(f->evidence.size(), 1u);
    EXPECT_TRUE(evidenceContains(*f, "node 'conv_0' (Conv) ran onednn:ref:any: 100.000 ms per run (78.7%"));

    // The same run on JIT kernels: silent.
    for (qs::NodeProfile& n : r.scenarios.back().profile->nodes)
        n.referenceKernel = false;
    EXPECT_FALSE(find(qs::diagnoseRun(r), "reference-kernel"));
}

TEST(Diagnosis, ReferenceImplementationNames)
{
    EXPECT_TRUE(qs::isReferenceImplementation("onednn:ref:any"));
    EXPECT_TRUE(qs::isReferenceImplementation("onednn:onednn:ref:any"));
    EXPECT_TRUE(qs::isReferenceImplementation("onednn:ref_int8:any nhwc>nhwc"));
    EXPECT_TRUE(qs::isReferenceImplementation("cpu:reference"));
    EXPECT_TRUE(qs::isReferenceImplementation("cpu:scalar"));
    EXPECT_FALSE(qs::isReferenceImplementation("onednn:jit_dw:avx512_core"));
    EXPECT_FALSE(qs::isReferenceImplementation("onednn:brdgmm_dw:avx512_core_vnni nhwc>nhwc"));
    EXPECT_FALSE(qs::isReferenceImplementation("onednn:x64:gemm:jit"));
    EXPECT_FALSE(qs::isReferenceImplementation("cpu"));
    EXPECT_FALSE(qs::isReferenceImplementation("cpu:avx512"));
    EXPECT_FALSE(qs::isReferenceImplementation(""));
}

TEST(Diagnosis, QuantizationOverheadShare)
{
    // DQL 40 + Cast 10 = 50 of 145 ms = 34.5% (the Mul is not marked without a model): critical at >= 30%
    const auto f = qs::diagnoseRun(qs::test::craftedParadoxRun());
    auto o = find(f, "quantization-overhead");
    ASSERT_TRUE(o);
    EXPECT_EQ(o->severity, FindingSeverity::Critical);
    EXPECT_TRUE(evidenceContains(*o, "50.00 ms of 145.00 ms per run (34.5%"));
    EXPECT_TRUE(evidenceContains(*o, "DynamicQuantizeLinear: 40.00 ms (27.6%)"));
    qs::DiagnosisThresholds t;
    t.overheadWarning = 0.4;
    EXPECT_FALSE(find(qs::diagnoseRun(qs::test::craftedParadoxRun(), t), "quantization-overhead"));
}

TEST(Diagnosis, NoInt8DotProduct)
{
    const auto f = qs::diagnoseRun(qs::test::craftedParadoxRun());
    auto d = find(f, "no-int8-dot-product");
    ASSERT_TRUE(d);
    EXPECT_EQ(d->severity, FindingSeverity::Warning); // speedup 0.87 < 1.3
    EXPECT_TRUE(evidenceContains(*d, "AVX512-VNNI no, AVX-VNNI no"));
    EXPECT_TRUE(evidenceContains(*d, "dispatches to avx2"));
    auto vnni = qs::test::craftedParadoxRun();
    vnni.machine = qs::test::craftedMachine(true);
    EXPECT_FALSE(find(qs::diagnoseRun(vnni), "no-int8-dot-product"));
    EXPECT_FALSE(find(qs::diagnoseRun(fp32Only()), "no-int8-dot-product")); // nothing quantized
}

TEST(Diagnosis, Int8DotProductUnusedWhenOnednnIsLimited)
{
    auto r = qs::test::craftedParadoxRun();
    r.machine = qs::test::craftedMachine(true); // AVX-VNNI CPU
    EXPECT_FALSE(find(qs::diagnoseRun(r), "int8-dot-product-unused")); // oneDNN uses avx2_vnni
    EXPECT_FALSE(find(qs::diagnoseRun(r), "saturation-risk"));
    r.machine.onednnIsa = "avx2"; // DNNL_MAX_CPU_ISA=AVX2
    const auto f = qs::diagnoseRun(r);
    auto u = find(f, "int8-dot-product-unused");
    ASSERT_TRUE(u);
    EXPECT_EQ(u->severity, FindingSeverity::Warning);
    EXPECT_TRUE(evidenceContains(*u, "AVX-VNNI yes"));
    EXPECT_TRUE(evidenceContains(*u, "effective ISA: avx2"));
    auto s = find(f, "saturation-risk");
    ASSERT_TRUE(s);
    EXPECT_TRUE(evidenceContains(*s, "oneDNN limited to avx2"));
    EXPECT_FALSE(find(f, "no-int8-dot-product")); // the CPU itself has it
    r.machine.onednnIsa = "avx512_core_bf16"; // includes VNNI
    EXPECT_FALSE(find(qs::diagnoseRun(r), "int8-dot-product-unused"));
}

TEST(Diagnosis, QOperatorSignedActivations)
{
    auto r = qs::test::craftedParadoxRun();
    r.models[1].format = qs::QuantFormat::QOperator;
    r.models[1].signedActivationNodes = 21;
    auto q = find(qs::diagnoseRun(r), "qoperator-signed-activations");
    ASSERT_TRUE(q);
    EXPECT_TRUE(evidenceContains(*q, "21 integer convolution/matmul nodes take int8 activations"));
    r.models[1].signedActivationNodes = 0; // U8S8
    EXPECT_FALSE(find(qs::diagnoseRun(r), "qoperator-signed-activations"));
    r.models[1].signedActivationNodes = 21;
    r.machine.architecture = "aarch64";
    EXPECT_FALSE(find(qs::diagnoseRun(r), "qoperator-signed-activations"));
}

TEST(Diagnosis, OpCountGrowth)
{
    auto g = find(qs::diagnoseRun(qs::test::craftedParadoxRun()), "op-count-growth");
    ASSERT_TRUE(g);
    EXPECT_EQ(g->severity, FindingSeverity::Warning); // 703 / 262 = 2.68
    EXPECT_TRUE(evidenceContains(*g, "262 nodes (yolov5nu_fp32) -> 703 nodes (yolov5nu_int8_dynamic): 2.68x"));
    EXPECT_TRUE(evidenceContains(*g, "Mul +152")); // 222 - 70, the largest increase
    auto small = qs::test::craftedParadoxRun();
    small.models[1].nodeCount = 300;
    EXPECT_FALSE(find(qs::diagnoseRun(small), "op-count-growth"));
}

TEST(Diagnosis, UnfusedBoundaries)
{
    auto r = qs::test::craftedParadoxRun();
    r.scenarios.push_back(qs::test::craftedScenario(
        "yolov5nu_int8_dynamic", 1, qs::ExecutionMode::AsWritten, qs::test::craftedLatencies(200, 1, 20)));
    auto u = find(qs::diagnoseRun(r), "unfused-boundaries");
    ASSERT_TRUE(u);
    EXPECT_EQ(u->severity, FindingSeverity::Warning); // quantized model
    // medians 202 vs 145
    EXPECT_TRUE(evidenceContains(*u, "median 202.00 ms as written vs 145.00 ms optimized"));
    r.scenarios.back() = qs::test::craftedScenario(
        "yolov5nu_int8_dynamic", 1, qs::ExecutionMode::AsWritten, qs::test::craftedLatencies(150, 1, 20));
    EXPECT_FALSE(find(qs::diagnoseRun(r), "unfused-boundaries")); // 152/145 = 1.05 < 1.15
}

TEST(Diagnosis, ThreadSensitivity)
{
    auto r = qs::test::craftedParadoxRun();
    r.scenarios.push_back(qs::test::craftedScenario(
        "yolov5nu_fp32", 2, qs::ExecutionMode::Optimized, qs::test::craftedLatencies(70, 1, 20)));
    r.scenarios.push_back(qs::test::craftedScenario(
        "yolov5nu_int8_dynamic", 2, qs::ExecutionMode::Optimized, qs::test::craftedLatencies(60, 1, 20)));
    r.comparisons = qs::compareModels(r);
    ASSERT_EQ(r.comparisons.size(), 2u);
    auto t = find(qs::diagnoseRun(r), "thread-sensitivity");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->severity, FindingSeverity::Warning); // 0.87x at 1 thread, 1.17x at 2: crosses 1
    r.scenarios[3] = qs::test::craftedScenario(
        "yolov5nu_int8_dynamic", 2, qs::ExecutionMode::Optimized, qs::test::craftedLatencies(80, 1, 20));
    r.comparisons = qs::compareModels(r);
    EXPECT_FALSE(find(qs::diagnoseRun(r), "thread-sensitivity")); // 0.87 vs 0.88
}

TEST(Diagnosis, SaturationRisk)
{
    auto r = qs::test::craftedParadoxRun();
    auto s = find(qs::diagnoseRun(r), "saturation-risk");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->severity, FindingSeverity::Info);
    r.parity.push_back({ "yolov5nu_int8_dynamic", "yolov5nu_fp32", "output0", 3.5, 0.2, 0.95 });
    s = find(qs::diagnoseRun(r), "saturation-risk");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->severity, FindingSeverity::Warning); // poor parity on a saturating CPU
    EXPECT_TRUE(evidenceContains(*s, "cosine 0.9500"));
    r.machine = qs::test::craftedMachine(true);
    EXPECT_FALSE(find(qs::diagnoseRun(r), "saturation-risk"));
}

TEST(Diagnosis, TinyModel)
{
    auto r = fp32Only();
    r.scenarios[0] = qs::test::craftedScenario(
        "yolov5nu_fp32", 1, qs::ExecutionMode::Optimized, qs::test::craftedLatencies(0.3, 0.01, 20));
    auto t = find(qs::diagnoseRun(r), "tiny-model");
    ASSERT_TRUE(t);
    EXPECT_TRUE(evidenceContains(*t, "FP32 median 0.320 ms"));
    EXPECT_FALSE(find(qs::diagnoseRun(fp32Only()), "tiny-model"));
}

TEST(Diagnosis, UnsupportedOperators)
{
    auto r = fp32Only();
    qs::ScenarioRecord failed;
    failed.modelId = "yolov5nu_fp32";
    failed.threads = 2;
    failed.status = qs::ScenarioStatus::Failed;
    failed.error = "unsupported operators";
    failed.unsupportedOps = { "'nms' (NonMaxSuppression)", "'roi' (RoiAlign)" };
    r.scenarios.push_back(failed);
    auto u = find(qs::diagnoseRun(r), "unsupported-operators");
    ASSERT_TRUE(u);
    EXPECT_EQ(u->severity, FindingSeverity::Critical);
    EXPECT_TRUE(evidenceContains(*u, "'nms' (NonMaxSuppression), 'roi' (RoiAlign)"));
    EXPECT_FALSE(find(qs::diagnoseRun(fp32Only()), "unsupported-operators"));
}

TEST(Diagnosis, NoisyMeasurements)
{
    auto r = fp32Only();
    // 10, 10, 10, 10, 20 repeated: mean 12, CV well above 10%
    r.scenarios[0] = qs::test::craftedScenario(
        "yolov5nu_fp32", 1, qs::ExecutionMode::Optimized, { 10, 10, 10, 10, 20, 10, 10, 10, 10, 20 });
    auto n = find(qs::diagnoseRun(r), "noisy-measurements");
    ASSERT_TRUE(n);
    EXPECT_TRUE(evidenceContains(*n, "mean 12.00 ms, stddev 4.22 ms")); // sqrt(160/9)
    EXPECT_FALSE(find(qs::diagnoseRun(fp32Only()), "noisy-measurements")); // CV 1.1%
}

TEST(Diagnosis, InconclusiveSpeedupAndPartialRun)
{
    auto r = qs::test::craftedParadoxRun();
    r.scenarios[1] = qs::test::craftedScenario(
        "yolov5nu_int8_dynamic", 1, qs::ExecutionMode::Optimized, qs::test::craftedLatencies(125, 1, 20));
    r.scenarios[1].status = qs::ScenarioStatus::Partial;
    r.scenarios[1].partialReason = "cancelled after 20 of 100 measured runs";
    r.comparisons = qs::compareModels(r);
    const auto f = qs::diagnoseRun(r);
    EXPECT_TRUE(find(f, "inconclusive-speedup")); // identical distributions
    auto p = find(f, "partial-run");
    ASSERT_TRUE(p);
    EXPECT_TRUE(evidenceContains(*p, "cancelled after 20 of 100 measured runs"));
    EXPECT_FALSE(find(qs::diagnoseRun(qs::test::craftedParadoxRun()), "inconclusive-speedup"));
    EXPECT_FALSE(find(qs::diagnoseRun(qs::test::craftedParadoxRun()), "partial-run"));
}

} // namespace
