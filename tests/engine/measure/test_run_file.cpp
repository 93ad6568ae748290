// SPDX-License-Identifier: MIT
#include "crafted_run.h"
#include "shared_data.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/run_file.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <unistd.h>

namespace {

std::filesystem::path tempDir()
{
    auto dir = std::filesystem::temp_directory_path() / ("qs_run_file_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir;
}

void writeText(const std::filesystem::path& p, const std::string& text)
{
    std::ofstream(p, std::ios::binary) << text;
}

TEST(Sha256, KnownVectors)
{
    // FIPS 180-2 examples
    EXPECT_EQ(qs::sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(qs::sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const auto p = tempDir() / "abc.txt";
    writeText(p, "abc");
    auto h = qs::sha256File(p);
    ASSERT_TRUE(h);
    EXPECT_EQ(*h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_FALSE(qs::sha256File(tempDir() / "missing"));
}

TEST(RunFile, RoundTripKeepsEveryField)
{
    qs::RunRecord r = qs::test::craftedParadoxRun();
    r.parity.push_back({ "yolov5nu_int8_dynamic", "yolov5nu_fp32", "output0", 0.5, 0.01, 0.9987 });
    r.scenarios[0].unsupportedOps = { "NonMaxSuppression" };
    r.scenarios[0].partialReason = "cancelled after 3 of 20 measured runs";
    r.scenarios[0].status = qs::ScenarioStatus::Partial;
    r.scenarios[1].arenaBytes.reset();
    r.scenarios[1].profile->nodes[0].implementation = "onednn:ref:any";
    r.scenarios[1].profile->nodes[0].referenceKernel = true;
    r.scenarios[1].profile->nodes[0].activationReorders = 2;
    r.scenarios[1].profile->activationReordersPerRun = 2.5;
    r.partial = true;
    r.findings = qs::diagnoseRun(r);
    ASSERT_FALSE(r.findings.empty());
    const auto path = tempDir() / "run.json";
    ASSERT_TRUE(qs::writeRunFile(path, r).isOk());
    auto back = qs::readRunFile(path);
    ASSERT_TRUE(back) << back.status().toString();
    // Serialising the read-back record must give identical text: every field survived, doubles exactly.
    EXPECT_EQ(qs::runRecordToJson(*back), qs::runRecordToJson(r));
    EXPECT_EQ(back->scenarios[1].latenciesMs, r.scenarios[1].latenciesMs);
    EXPECT_EQ(back->scenarios[1].profile->nodes.size(), 4u);
    EXPECT_EQ(back->scenarios[1].profile->nodes[0].implementation, "onednn:ref:any"); // format 1.2
    EXPECT_TRUE(back->scenarios[1].profile->nodes[0].referenceKernel);
    EXPECT_EQ(back->scenarios[1].profile->nodes[0].activationReorders, 2); // format 1.4
    EXPECT_DOUBLE_EQ(back->scenarios[1].profile->activationReordersPerRun, 2.5);
    EXPECT_FALSE(back->scenarios[1].arenaBytes.has_value());
    EXPECT_EQ(back->findings.front().id, r.findings.front().id);
    EXPECT_EQ(back->machine.isa, r.machine.isa);
    EXPECT_EQ(back->parity.at(0).cosineSimilarity, 0.9987);
    // no temporary file left behind
    for (const auto& e : std::filesystem::directory_iterator(path.parent_path()))
        EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
}

// Structured findings (format 1.1): integers stay integers and doubles doubles, so a front end formats them as meant.
TEST(RunFile, FindingArgumentsKeepTheirTypes)
{
    qs::RunRecord r = qs::test::craftedParadoxRun();
    qs::Finding f;
    f.id = "op-count-growth";
    f.title = "quantization multiplied the node count by 2.0";
    f.evidence = { "100 nodes (a) -> 200 nodes (b): 2.00x" };
    f.args = { { "growth", 2.0 }, { "baseline", std::string("a") } };
    f.evidenceLines = { { "node-counts", { { "baselineNodes", int64_t(100) }, { "growth", 2.0 } } } };
    r.findings = { f };
    auto back = qs::runRecordFromJson(qs::runRecordToJson(r), "args.json");
    ASSERT_TRUE(back) << back.status().toString();
    const qs::Finding& g = back->findings.at(0);
    ASSERT_TRUE(g.hasStructuredEvidence());
    EXPECT_EQ(std::get<double>(g.args.at("growth")), 2.0);
    EXPECT_EQ(std::get<std::string>(g.args.at("baseline")), "a");
    EXPECT_EQ(g.evidenceLines[0].kind, "node-counts");
    EXPECT_EQ(std::get<int64_t>(g.evidenceLines[0].args.at("baselineNodes")), 100);
    EXPECT_EQ(std::get<double>(g.evidenceLines[0].args.at("growth")), 2.0);
}

// What the run went on without (format 1.5): kind, message and values survive; older files have none; a kind this
// version does not know is kept with its message.
TEST(RunFile, WarningsRoundTripAndOlderFilesHaveNone)
{
    qs::RunRecord r = qs::test::craftedParadoxRun();
    r.warnings.push_back({ "parity", "parity yolov5nu_int8_dynamic vs yolov5nu_fp32: no such input 'x'",
        { { "candidate", std::string("yolov5nu_int8_dynamic") }, { "baseline", std::string("yolov5nu_fp32") },
            { "reason", std::string("no such input 'x'") } } });
    r.warnings.push_back(
        { "target-tables", "no tables in /nowhere; the run file gets no deployment-target summaries", {} });
    const std::string text = qs::runRecordToJson(r);
    EXPECT_NE(text.find("\"version\": \"1.5\""), std::string::npos);
    auto back = qs::runRecordFromJson(text, "warnings.json");
    ASSERT_TRUE(back) << back.status().toString();
    ASSERT_EQ(back->warnings.size(), 2u);
    EXPECT_EQ(back->warnings[0].kind, "parity");
    EXPECT_EQ(back->warnings[0].message, r.warnings[0].message);
    EXPECT_EQ(std::get<std::string>(back->warnings[0].args.at("candidate")), "yolov5nu_int8_dynamic");
    EXPECT_EQ(std::get<std::string>(back->warnings[0].args.at("baseline")), "yolov5nu_fp32");
    EXPECT_EQ(back->warnings[1].kind, "target-tables");
    EXPECT_TRUE(back->warnings[1].args.empty());
    EXPECT_EQ(qs::runRecordToJson(*back), text);
    // The report says each in a sentence of its values; one without them (hand-written) by its message.
    const std::string report = qs::buildMarkdownReport(*back);
    EXPECT_NE(report.find("## Warnings\n\nThe run went on without what these warnings name.\n\n- Parity of "
                          "yolov5nu_int8_dynamic vs yolov5nu_fp32 was not checked: no such input 'x'\n- no tables in "
                          "/nowhere; the run file gets no deployment-target summaries\n"),
        std::string::npos)
        << report;

    // Files of format 1.0 and 1.3 (before the key) read with an empty list, and a record without warnings writes [].
    for (const char* name : { "crafted_pair.json", "demo_bench.json" }) {
        auto old = qs::readRunFile(qs::test::testDataDir() / "runs" / name);
        ASSERT_TRUE(old) << name << ": " << old.status().toString();
        EXPECT_TRUE(old->warnings.empty()) << name;
    }
    r.warnings.clear();
    EXPECT_NE(qs::runRecordToJson(r).find("\"warnings\": []"), std::string::npos);

    // A later version's kind is kept; a malformed list or entry is refused with the field named.
    const auto replaced = [&](const std::string& from, const std::string& to) {
        std::string out = text;
        const size_t at = out.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return at == std::string::npos ? out : out.replace(at, from.size(), to);
    };
    auto kept = qs::runRecordFromJson(replaced("\"target-tables\"", "\"model-cache\""), "later.json");
    ASSERT_TRUE(kept) << kept.status().toString();
    EXPECT_EQ(kept->warnings[1].kind, "model-cache");
    auto refused = qs::runRecordFromJson(replaced("\"warnings\": [", "\"warnings\": 7, \"x\": ["), "bad.json");
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.status().message().find("field 'warnings' is not an array"), std::string::npos)
        << refused.status().message();
    auto missing = qs::runRecordFromJson(replaced("\"message\": ", "\"text\": "), "bad.json");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.status().message().find("warnings[0]: missing field 'message'"), std::string::npos)
        << missing.status().message();
}

// A file written by format 1.0 (before findings had arguments) still opens, with its English text and no values.
TEST(RunFile, ReadsFormat10WithoutFindingArguments)
{
    auto r = qs::readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    ASSERT_TRUE(r) << r.status().toString();
    ASSERT_EQ(r->findings.size(), 1u);
    EXPECT_EQ(r->findings[0].id, "op-count-growth");
    EXPECT_EQ(r->findings[0].title, "quantization multiplied the node count by 3.0");
    EXPECT_TRUE(r->findings[0].args.empty());
    EXPECT_FALSE(r->findings[0].hasStructuredEvidence());
    EXPECT_TRUE(r->findingsAsText);
    EXPECT_FALSE(r->findingsRederived);
}

// Its findings can be derived again from what the file stores, with the values a front end phrases them from; the
// crafted pair (tests/data/runs/README.md: 21 and 62 nodes, the INT8 side dynamically quantized, 2.0x faster) gives
// the op-count growth as a value (62 / 21 = 2.95) and the dynamic quantization of its convolutions. A file of format
// 1.1 or later keeps its findings.
TEST(RunFile, FindingsOfFormat10AreDerivedAgain)
{
    auto r = qs::readRunFile(qs::test::testDataDir() / "runs" / "crafted_pair.json");
    ASSERT_TRUE(r) << r.status().toString();
    const auto comparisons = r->comparisons.size();
    ASSERT_TRUE(qs::rederiveFindingsStoredAsText(*r));
    EXPECT_FALSE(r->findingsAsText);
    EXPECT_TRUE(r->findingsRederived);
    EXPECT_EQ(r->comparisons.size(), comparisons);
    const auto find = [&](const std::string& id) {
        return std::find_if(r->findings.begin(), r->findings.end(), [&](const qs::Finding& f) { return f.id == id; });
    };
    ASSERT_NE(find("op-count-growth"), r->findings.end());
    EXPECT_TRUE(find("op-count-growth")->hasStructuredEvidence());
    const auto growth = find("op-count-growth")->args.at("growth");
    ASSERT_TRUE(std::holds_alternative<double>(growth));
    EXPECT_NEAR(std::get<double>(growth), 62.0 / 21.0, 1e-9);
    EXPECT_NE(find("dynamic-quantized-convolutions"), r->findings.end());
    for (const qs::Finding& f : r->findings)
        EXPECT_FALSE(f.args.empty()) << f.id;
    EXPECT_FALSE(qs::rederiveFindingsStoredAsText(*r)); // once

    auto bench = qs::readRunFile(qs::test::testDataDir() / "runs" / "demo_bench.json");
    ASSERT_TRUE(bench) << bench.status().toString();
    EXPECT_FALSE(bench->findingsAsText);
    const auto stored = bench->findings.size();
    EXPECT_FALSE(qs::rederiveFindingsStoredAsText(*bench));
    EXPECT_EQ(bench->findings.size(), stored);
}

// The status is a word in the file (engine/RUN_FILE_FORMAT.md) and an enum in memory: each of the three words reads
// as its value and is written back as the same word; any other word is refused, naming it.
TEST(RunFile, ScenarioStatusWords)
{
    const std::string text = qs::runRecordToJson(qs::test::craftedParadoxRun());
    const std::string key = "\"status\": \"";
    ASSERT_NE(text.find(key + "ok\""), std::string::npos);
    for (const char* word : { "ok", "partial", "failed" }) {
        std::string changed = text;
        changed.replace(changed.find(key + "ok\""), key.size() + 3, key + word + "\"");
        const auto path = tempDir() / "status.json";
        writeText(path, changed);
        auto r = qs::readRunFile(path);
        ASSERT_TRUE(r) << r.status().toString();
        EXPECT_TRUE(std::any_of(r->scenarios.begin(), r->scenarios.end(),
            [&](const qs::ScenarioRecord& sc) { return qs::scenarioStatusName(sc.status) == word; }));
        EXPECT_EQ(qs::runRecordToJson(*r), changed);
    }
    std::string unknown = text;
    unknown.replace(unknown.find(key + "ok\""), key.size() + 3, key + "done\"");
    const auto path = tempDir() / "unknown_status.json";
    writeText(path, unknown);
    auto r = qs::readRunFile(path);
    ASSERT_FALSE(r);
    EXPECT_NE(r.status().message().find("unknown status 'done'"), std::string::npos) << r.status().message();
}

// Mode, runtime and model format are words of closed sets in the file (engine/RUN_FILE_FORMAT.md). A word this build
// does not know is refused with the file, the field and the value named, wherever it stands: a scenario, a
// comparison, the configuration's lists or a model.
TEST(RunFile, RejectsUnknownModeRuntimeAndFormat)
{
    const std::string text = qs::runRecordToJson(qs::test::craftedParadoxRun());
    struct Case
    {
        std::string known; ///< text in the crafted file, first occurrence replaced
        std::string unknown;
        std::string message; ///< expected in the error after "FILE: invalid run file: "
    };
    const std::vector<Case> cases {
        { "\"mode\": \"optimized\"", "\"mode\": \"turbo\"", "scenarios[0]: field 'mode' has an unknown value 'turbo'" },
        { "\"runtime\": \"quantscope\"", "\"runtime\": \"tvm\"",
            "scenarios[0]: field 'runtime' has an unknown value 'tvm'" },
        { "\"format\": \"fp32\"", "\"format\": \"int4\"", "models[0]: field 'format' has an unknown value 'int4'" },
        { "\"modes\": [\n      \"optimized\"", "\"modes\": [\n      \"Optimized\"",
            "config: field 'modes' has an unknown value 'Optimized'" },
        { "\"runtimes\": [\n      \"quantscope\"", "\"runtimes\": [\n      \"\"",
            "config: field 'runtimes' has an unknown value ''" },
    };
    for (const Case& c : cases) {
        std::string changed = text;
        const auto pos = changed.find(c.known);
        ASSERT_NE(pos, std::string::npos) << c.known;
        changed.replace(pos, c.known.size(), c.unknown);
        const auto path = tempDir() / "unknown_word.json";
        writeText(path, changed);
        auto r = qs::readRunFile(path);
        ASSERT_FALSE(r) << c.unknown;
        EXPECT_EQ(r.status().code(), qs::StatusCode::InvalidArgument);
        EXPECT_NE(r.status().message().find(path.string() + ": invalid run file: " + c.message), std::string::npos)
            << r.status().message();
    }
    // A comparison's mode and runtime are checked the same way (the crafted run has one comparison).
    std::string comparison = text;
    const auto at = comparison.find("\"comparisons\"");
    ASSERT_NE(at, std::string::npos);
    const auto mode = comparison.find("\"mode\": \"optimized\"", at);
    ASSERT_NE(mode, std::string::npos);
    comparison.replace(mode, 19, "\"mode\": \"fast\"");
    auto r = qs::runRecordFromJson(comparison, "c.json");
    ASSERT_FALSE(r);
    EXPECT_NE(r.status().message().find("c.json: invalid run file: comparisons[0]: field 'mode' has an unknown value "
                                        "'fast' (known: as-written, optimized)"),
        std::string::npos)
        << r.status().message();
}

TEST(RunFile, RejectsTruncatedFile)
{
    const std::string full = qs::runRecordToJson(qs::test::craftedParadoxRun());
    const auto path = tempDir() / "truncated.json";
    writeText(path, full.substr(0, full.size() / 2));
    auto r = qs::readRunFile(path);
    ASSERT_FALSE(r);
    EXPECT_NE(r.status().message().find("truncated.json"), std::string::npos) << r.status().message();
    EXPECT_NE(r.status().message().find("truncated JSON"), std::string::npos) << r.status().message();
}

TEST(RunFile, RejectsGarbageAndForeignJson)
{
    auto garbage = qs::runRecordFromJson("{\"schema\": quantscope", "g.json");
    ASSERT_FALSE(garbage);
    EXPECT_NE(garbage.status().message().find("malformed JSON"), std::string::npos) << garbage.status().message();
    auto foreign = qs::runRecordFromJson("{\"traceEvents\": []}", "f.json");
    ASSERT_FALSE(foreign);
    EXPECT_NE(foreign.status().message().find("not a Quantscope run file"), std::string::npos);
    auto missing = qs::readRunFile(tempDir() / "nope.json");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.status().code(), qs::StatusCode::IoError);
}

// A number beyond a double makes nlohmann::json throw out_of_range (406) while parsing, not parse_error: found by
// fuzz_run_file (tests/fuzz/regressions/fuzz_run_file/number_out_of_range.json), it ended the process.
TEST(RunFile, NumberBeyondADoubleIsAnErrorNotACrash)
{
    auto big
        = qs::runRecordFromJson("{\"schema\": \"quantscope-run\", \"version\": \"1.0\", \"x\": 18E888}", "big.json");
    ASSERT_FALSE(big);
    EXPECT_NE(big.status().message().find("big.json: not a valid run file"), std::string::npos)
        << big.status().message();
}

TEST(RunFile, VersionPolicy)
{
    std::string text = qs::runRecordToJson(qs::test::craftedParadoxRun());
    const std::string current = "\"version\": \"" + std::to_string(qs::kRunFileMajorVersion) + "."
        + std::to_string(qs::kRunFileMinorVersion) + "\"";
    ASSERT_EQ(current.size(), 16u);
    const auto pos = text.find(current);
    ASSERT_NE(pos, std::string::npos);
    std::string newerMajor = text;
    newerMajor.replace(pos, 16, "\"version\": \"2.0\"");
    auto r2 = qs::runRecordFromJson(newerMajor, "v2.json");
    ASSERT_FALSE(r2);
    EXPECT_NE(r2.status().message().find("v2.json: run file version 2.0 is not supported"), std::string::npos)
        << r2.status().message();
    std::string newerMinor = text;
    newerMinor.replace(pos, 16, "\"version\": \"1.7\", \"futureField\": {\"x\": 1}");
    auto r17 = qs::runRecordFromJson(newerMinor, "v17.json");
    EXPECT_TRUE(r17) << r17.status().toString(); // same major: readable, unknown keys ignored
}

TEST(RunFile, RejectsWrongTypesAndDanglingReferences)
{
    std::string text = qs::runRecordToJson(qs::test::craftedParadoxRun());
    std::string wrongType = text;
    const auto p = wrongType.find("\"nodeCount\": 262");
    ASSERT_NE(p, std::string::npos);
    wrongType.replace(p, 16, "\"nodeCount\": \"many\"");
    auto r = qs::runRecordFromJson(wrongType, "w.json");
    ASSERT_FALSE(r);
    EXPECT_NE(r.status().message().find("models[0]: field 'nodeCount' has the wrong type"), std::string::npos)
        << r.status().message();
    std::string dangling = text;
    const auto q = dangling.find("\"modelId\": \"yolov5nu_fp32\"");
    ASSERT_NE(q, std::string::npos);
    dangling.replace(q, 26, "\"modelId\": \"ghost\"");
    auto d = qs::runRecordFromJson(dangling, "d.json");
    ASSERT_FALSE(d);
    EXPECT_NE(d.status().message().find("model 'ghost' is not in models"), std::string::npos) << d.status().message();
}

// A file that parses but holds values no measurement produces (edited by hand, or corrupted) is refused by name,
// field and value, instead of being shown with statistics it never measured.
TEST(RunFile, RejectsValuesNoMeasurementProduces)
{
    const qs::RunRecord good = qs::test::craftedParadoxRun();
    ASSERT_TRUE(qs::runRecordFromJson(qs::runRecordToJson(good), "good.json"));
    struct Case
    {
        const char* expected;
        void (*corrupt)(qs::RunRecord&);
    };
    const Case cases[] = {
        { "scenarios[1].latenciesMs[2]: -5 ms is negative",
            [](qs::RunRecord& r) { r.scenarios[1].latenciesMs[2] = -5; } },
        { "scenarios[0].latenciesMs[0]: 1e+300 ms is beyond any measurement",
            [](qs::RunRecord& r) { r.scenarios[0].latenciesMs[0] = 1e300; } },
        { "scenarios[0].stats.count: 3 but the file holds", [](qs::RunRecord& r) { r.scenarios[0].stats.count = 3; } },
        { "scenarios[0].stats.p50Ms: 0.5 but the median of the latencies is",
            [](qs::RunRecord& r) { r.scenarios[0].stats.p50Ms = 0.5; } },
        { "scenarios[1].histogram.counts: ", [](qs::RunRecord& r) { r.scenarios[1].histogram.counts[0] += 7; } },
        { "scenarios[0].threads: -2 is not a thread count", [](qs::RunRecord& r) { r.scenarios[0].threads = -2; } },
        { "scenarios[1].profile.nodes[0].totalMs: -1 ms is negative",
            [](qs::RunRecord& r) { r.scenarios[1].profile->nodes[0].totalMs = -1; } },
        { "scenarios[0].prepareMs: -3 ms is negative", [](qs::RunRecord& r) { r.scenarios[0].prepareMs = -3; } },
    };
    for (const Case& c : cases) {
        qs::RunRecord bad = good;
        c.corrupt(bad);
        auto r = qs::runRecordFromJson(qs::runRecordToJson(bad), "edited.json");
        ASSERT_FALSE(r) << c.expected;
        EXPECT_NE(r.status().message().find("edited.json: invalid run file: "), std::string::npos)
            << r.status().message();
        EXPECT_NE(r.status().message().find(c.expected), std::string::npos) << r.status().message();
    }
}

TEST(RunFile, AtomicWriteKeepsOldFileWhenTheFolderIsMissing)
{
    const auto bad = tempDir() / "no_such_dir" / "run.json";
    qs::Status st = qs::writeRunFile(bad, qs::test::craftedParadoxRun());
    ASSERT_FALSE(st.isOk());
    EXPECT_NE(st.message().find("run.json"), std::string::npos);
}

TEST(ModelRecord, HashesAndNamesASharedModel)
{
    const auto path = qs::test::sharedModel("mobilenet_v2_fp32");
    QS_REQUIRE_SHARED(path);
    auto model = qs::loadModel(path);
    ASSERT_TRUE(model) << model.status().toString();
    auto rec = qs::makeModelRecord(**model);
    ASSERT_TRUE(rec) << rec.status().toString();
    EXPECT_EQ(rec->id, "mobilenet_v2_fp32"); // folder name for model.onnx
    EXPECT_EQ(rec->nodeCount, 209); // the shared README's count
    EXPECT_EQ(rec->fileSizeBytes, static_cast<int64_t>(std::filesystem::file_size(path)));
    // independent truth: coreutils' sha256sum
    FILE* pipe = ::popen(("sha256sum '" + path.string() + "'").c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    char buf[65] {};
    const size_t n = std::fread(buf, 1, 64, pipe);
    ::pclose(pipe);
    if (n != 64)
        GTEST_SKIP() << "sha256sum not available";
    EXPECT_EQ(rec->sha256, std::string(buf, 64));
}

} // namespace
