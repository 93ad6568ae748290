// SPDX-License-Identifier: MIT
// Golden-file tests of the Markdown report. On a mismatch the actual text is written next to the golden file as
// <name>.actual and `diff -u` is printed; QS_UPDATE_GOLDEN=1 rewrites the golden files (review the diff!).
#include "crafted_run.h"
#include "shared_data.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/run_file.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace {

void expectGolden(const std::string& name, const std::string& actual)
{
    const auto golden = qs::test::testDataDir() / "golden" / name;
    if (const char* u = std::getenv("QS_UPDATE_GOLDEN"); u && std::string(u) == "1") {
        std::ofstream(golden, std::ios::binary) << actual;
        GTEST_SKIP() << "golden file rewritten: " << golden;
    }
    std::ifstream f(golden, std::ios::binary);
    ASSERT_TRUE(f) << "missing golden file " << golden;
    std::stringstream expected;
    expected << f.rdbuf();
    if (expected.str() == actual)
        return;
    const auto actualPath = golden.string() + ".actual";
    std::ofstream(actualPath, std::ios::binary) << actual;
    const std::string cmd = "diff -u '" + golden.string() + "' '" + actualPath + "'";
    [[maybe_unused]] int rc = std::system(cmd.c_str());
    FAIL() << "report differs from " << golden << "; actual written to " << actualPath;
}

TEST(MarkdownReport, ParadoxRunGolden)
{
    auto r = qs::test::craftedParadoxRun();
    r.findings = qs::diagnoseRun(r);
    expectGolden("report_crafted_paradox.md", qs::buildMarkdownReport(r));
}

TEST(MarkdownReport, FasterInt8Golden)
{
    auto r = qs::test::craftedParadoxRun();
    r.machine = qs::test::craftedMachine(true);
    r.models[1].id = "yolov5nu_int8_qdq";
    r.models[1].format = qs::QuantFormat::Qdq;
    r.models[1].opCounts = { { "QuantizeLinear", 80 }, { "DequantizeLinear", 160 }, { "Conv", 76 } };
    r.models[1].nodeCount = 316;
    r.scenarios[1] = qs::test::craftedScenario(
        "yolov5nu_int8_qdq", 1, qs::ExecutionMode::Optimized, qs::test::craftedLatencies(65, 1, 20));
    r.scenarios[1].status = qs::ScenarioStatus::Partial;
    r.scenarios[1].partialReason = "cancelled after 20 of 100 measured runs";
    r.partial = true;
    r.comparisons = qs::compareModels(r);
    r.findings = qs::diagnoseRun(r);
    expectGolden("report_crafted_faster.md", qs::buildMarkdownReport(r));
}

// What `quantscope-cli report RUN.json` prints for the run files in tests/data/runs: a format 1.0 file with English
// findings only (crafted_pair.json) and one a bench run wrote (demo_bench.json, format 1.3, two modes, profiled,
// with parity). The goldens were written by the report code before it was split into a model and a renderer.
TEST(MarkdownReport, RunFileGoldens)
{
    for (const char* name : { "crafted_pair", "demo_bench" }) {
        SCOPED_TRACE(name);
        auto r = qs::readRunFile(qs::test::testDataDir() / "runs" / (std::string(name) + ".json"));
        ASSERT_TRUE(r) << r.status().toString();
        expectGolden(std::string("report_run_") + name + ".md", qs::buildMarkdownReport(*r));
    }
}

// Findings derived again from a format 1.0 file say so under the Findings heading; read as stored, they do not.
TEST(MarkdownReport, SaysWhenFindingsWereDerivedAgain)
{
    auto r = qs::readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    ASSERT_TRUE(r) << r.status().toString();
    const std::string note = "The run file stored its findings as English text only (format 1.0)";
    EXPECT_EQ(qs::buildMarkdownReport(*r).find(note), std::string::npos);
    ASSERT_TRUE(qs::rederiveFindingsStoredAsText(*r));
    const std::string md = qs::buildMarkdownReport(*r);
    EXPECT_NE(md.find("## Findings\n\n" + note), std::string::npos) << md;
    EXPECT_EQ(md.find("Crafted finding for the UI tests."), std::string::npos); // the file's own advice
}

// A front end translates the model's fixed words by reportTerms() and its sentences by reportPhraseKinds(): every
// term and kind a report uses must be listed there, or a translation could not know it exists.
TEST(ReportModel, UsesOnlyListedTermsAndKinds)
{
    std::vector<qs::RunRecord> runs;
    for (const char* name : { "crafted_pair", "demo_bench" })
        if (auto r = qs::readRunFile(qs::test::testDataDir() / "runs" / (std::string(name) + ".json")))
            runs.push_back(*r);
    auto paradox = qs::test::craftedParadoxRun();
    paradox.findings = qs::diagnoseRun(paradox);
    paradox.partial = true;
    runs.push_back(paradox);
    ASSERT_EQ(runs.size(), 3u);
    std::set<std::string> kinds;
    for (const qs::ReportPhraseKind& k : qs::reportPhraseKinds())
        kinds.insert(std::string(k.kind));
    std::set<std::string> seen;
    const auto check = [&](const qs::ReportPhrase& p) {
        if (p.kind.empty() && p.english.empty())
            return; // a block without a phrase
        if (p.kind.empty()) {
            EXPECT_TRUE(
                std::find(qs::reportTerms().begin(), qs::reportTerms().end(), p.english) != qs::reportTerms().end())
                << p.english;
            seen.insert(p.english);
        } else if (p.kind != "name") {
            EXPECT_TRUE(kinds.count(p.kind)) << p.kind;
            seen.insert(p.kind);
        }
    };
    for (const qs::RunRecord& r : runs)
        for (const qs::ReportSection& s : qs::buildReportModel(r).sections)
            for (const qs::ReportBlock& b : s.blocks) {
                check(b.phrase);
                for (const auto& p : b.keys)
                    check(p);
                for (const auto& p : b.items)
                    check(p);
                for (const auto& p : b.table.header)
                    check(p);
                for (const auto& row : b.table.rows)
                    for (const qs::ReportCell& c : row)
                        if (c.kind == qs::ReportCell::Kind::Phrase)
                            check(c.phrase);
            }
    EXPECT_GT(seen.size(), 100u); // the runs reach most of the report
}

TEST(MarkdownReport, OpTypeComparisonOfSubMillisecondProfiles)
{
    // The crafted profiles scaled down 1000x, plus an FP32 Mul as fast as the INT8 one: three decimals, and a
    // difference that is zero prints without a sign.
    auto r = qs::test::craftedParadoxRun();
    for (auto& s : r.scenarios) {
        for (auto& n : s.profile->nodes)
            n.totalMs /= 1000.0;
        if (s.modelId == "yolov5nu_fp32") {
            auto mul = s.profile->nodes.front();
            mul.nodeName = "mul_0";
            mul.opType = "Mul";
            mul.totalMs = 0.15; // 0.015 ms per run, as the INT8 Mul
            s.profile->nodes.push_back(mul);
        }
        qs::finalizeProfile(*s.profile);
    }
    const std::string md = qs::buildMarkdownReport(r);
    // FP32 Conv 0.100, Sigmoid 0.027, Mul 0.015 = 0.142; INT8 ConvInteger 0.080, DQL 0.040, Mul 0.015, Cast 0.010
    // = 0.145 ms per run.
    EXPECT_NE(md.find("| Conv \u2192 ConvInteger | 0.100 | 0.080 | -0.020 | 0.80x |"), std::string::npos) << md;
    EXPECT_NE(md.find("| Mul | 0.015 | 0.015 | 0.000 | 1.00x |"), std::string::npos) << md;
    EXPECT_NE(md.find("| **all kernels** | **0.142** | **0.145** | **+0.003** | **1.02x** |"), std::string::npos) << md;
}

TEST(MarkdownReport, SaysTheActivationReordersOfAProfile)
{
    // The INT8 side's conv reorders its source and destination (2 per call), its 10 calls over 10 runs: 2 per run,
    // said after the quantization overhead; the FP32 side has none and reads as before.
    auto r = qs::test::craftedParadoxRun();
    for (auto& s : r.scenarios)
        if (s.modelId != "yolov5nu_fp32") {
            s.profile->nodes.front().activationReorders = 2;
            s.profile->nodes.front().calls = s.profile->runs;
            qs::finalizeProfile(*s.profile);
            EXPECT_DOUBLE_EQ(s.profile->activationReordersPerRun, 2.0);
        }
    const std::string md = qs::buildMarkdownReport(r);
    EXPECT_NE(md.find("; 2 activation reorders per run."), std::string::npos) << md;
    EXPECT_EQ(md.find("activation reorder"), md.rfind("activation reorder")) << md; // once: the INT8 profile only
}

TEST(MarkdownReport, VerdictSentences)
{
    auto r = qs::test::craftedParadoxRun();
    r.findings = qs::diagnoseRun(r);
    const std::string slower = qs::verdictSentence(r);
    // medians 127 (FP32) and 145 (INT8): 145 / 127 = 1.14 -> "1.14x slower" (two decimals below 2x)
    EXPECT_EQ(slower.rfind("INT8 is 1.14x slower here, because the convolutions are dynamically quantized", 0), 0u)
        << slower;
    // The interval is the slowdown's too, not the speedup's beside "slower": speedup 0.80 (0.79-0.81) is a slowdown
    // of 1.25x with the interval 1 / 0.81 = 1.2346 .. 1 / 0.79 = 1.2658.
    for (auto& c : r.comparisons) {
        c.speedup.speedup = 0.80;
        c.speedup.low = 0.79;
        c.speedup.high = 0.81;
    }
    const std::string slowdown = qs::verdictSentence(r);
    EXPECT_EQ(slowdown.rfind("INT8 is 1.25x slower here", 0), 0u) << slowdown;
    EXPECT_NE(slowdown.find("95% CI 1.23-1.27x)"), std::string::npos) << slowdown;
    // An interval that holds 1 is no difference either way, whichever side of 1 the median ratio falls.
    for (auto& c : r.comparisons) {
        c.speedup.speedup = 0.93;
        c.speedup.low = 0.70;
        c.speedup.high = 1.17;
    }
    const std::string noise = qs::verdictSentence(r);
    EXPECT_EQ(noise.rfind("INT8 and FP32 are equally fast here within the noise (median speedup 0.93x;", 0), 0u)
        << noise;
    EXPECT_NE(noise.find("95% CI 0.70-1.17x"), std::string::npos) << noise;
    qs::RunRecord none;
    EXPECT_EQ(qs::verdictSentence(none).rfind("No INT8-vs-FP32 verdict", 0), 0u);
}

} // namespace
