// SPDX-License-Identifier: MIT
// Session files: the hand-written files in tests/data/sessions are the truth for reading, hand-computed relative
// paths for writing, and every refusal names the file and the field.
#include "shared_data.h"

#include <quantscope/engine/session_file.h>

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

fs::path tempDir(const char* name)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_session_file_" + std::to_string(::getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void touch(const fs::path& p)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << "x";
}

std::string readText(const fs::path& p)
{
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

qs::SavedSession pairSession(const fs::path& root)
{
    qs::SavedSession s;
    s.models = { { root / "models" / "a_fp32.onnx", {} }, { root / "models" / "a_int8.onnx", {} } };
    s.runs = { { root / "project" / "runs" / "r1.json", {} }, { root / "elsewhere" / "r2.json", {} } };
    s.selectedRun = 1;
    s.compare[0] = qs::SessionCompareSide { 0, 0, "a_fp32", qs::Runtime::Quantscope, 1, qs::ExecutionMode::Optimized };
    s.compare[1] = qs::SessionCompareSide { 1, 3, "a_int8", qs::Runtime::OnnxRuntime, 0, qs::ExecutionMode::AsWritten };
    s.inputShapes = { "x=1x3x48x320", "y=2" };
    s.tab = qs::SessionTab::Results;
    s.graphSide = 1;
    return s;
}

TEST(SessionFile, RoundTripKeepsEveryFieldAndWritesRelativePaths)
{
    const fs::path root = tempDir("roundtrip");
    const qs::SavedSession s = pairSession(root);
    const fs::path file = root / "project" / "work.qsession";
    fs::create_directories(file.parent_path());
    ASSERT_TRUE(qs::writeSessionFile(file, s).isOk());
    const std::string text = readText(file);
    // Relative to project/, worked out by hand.
    EXPECT_NE(text.find("\"relative\": \"../models/a_fp32.onnx\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"relative\": \"runs/r1.json\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"relative\": \"../elsewhere/r2.json\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"path\": \"" + (root / "models" / "a_int8.onnx").generic_string() + "\""), std::string::npos);

    auto back = qs::readSessionFile(file);
    ASSERT_TRUE(back) << back.status().toString();
    ASSERT_EQ(back->models.size(), 2u);
    EXPECT_EQ(back->models[0].absolute, root / "models" / "a_fp32.onnx");
    EXPECT_EQ(back->models[0].relative, "../models/a_fp32.onnx");
    EXPECT_EQ(back->models[1].absolute, root / "models" / "a_int8.onnx");
    ASSERT_EQ(back->runs.size(), 2u);
    EXPECT_EQ(back->runs[0].relative, "runs/r1.json");
    EXPECT_EQ(back->runs[1].absolute, root / "elsewhere" / "r2.json");
    EXPECT_EQ(back->selectedRun, 1);
    ASSERT_TRUE(back->compare[0] && back->compare[1]);
    EXPECT_EQ(back->compare[0]->run, 0);
    EXPECT_EQ(back->compare[0]->scenario, 0);
    EXPECT_EQ(back->compare[0]->modelId, "a_fp32");
    EXPECT_EQ(back->compare[0]->runtime, qs::Runtime::Quantscope);
    EXPECT_EQ(back->compare[0]->threads, 1);
    EXPECT_EQ(back->compare[0]->mode, qs::ExecutionMode::Optimized);
    EXPECT_EQ(back->compare[1]->run, 1);
    EXPECT_EQ(back->compare[1]->scenario, 3);
    EXPECT_EQ(back->compare[1]->modelId, "a_int8");
    EXPECT_EQ(back->compare[1]->runtime, qs::Runtime::OnnxRuntime);
    EXPECT_EQ(back->compare[1]->threads, 0);
    EXPECT_EQ(back->compare[1]->mode, qs::ExecutionMode::AsWritten);
    EXPECT_EQ(back->inputShapes, (std::vector<std::string> { "x=1x3x48x320", "y=2" }));
    EXPECT_EQ(back->tab, qs::SessionTab::Results);
    EXPECT_EQ(back->graphSide, 1);
    // The same text again: nothing was lost or reordered.
    EXPECT_EQ(qs::sessionToJson(*back, file), text);
}

TEST(SessionFile, EmptySessionRoundTrips)
{
    const fs::path file = tempDir("empty") / "empty.qsession";
    ASSERT_TRUE(qs::writeSessionFile(file, {}).isOk());
    auto back = qs::readSessionFile(file);
    ASSERT_TRUE(back) << back.status().toString();
    EXPECT_TRUE(back->models.empty());
    EXPECT_TRUE(back->runs.empty());
    EXPECT_FALSE(back->selectedRun);
    EXPECT_FALSE(back->compare[0] || back->compare[1]);
    EXPECT_EQ(back->tab, qs::SessionTab::Graph);
}

TEST(SessionFile, ResolvesRelativeFirstThenAbsolute)
{
    const fs::path root = tempDir("resolve");
    const qs::SavedSession s = pairSession(root);
    const fs::path file = root / "project" / "work.qsession";
    for (const auto& p : { s.models[0].absolute, s.runs[0].absolute, s.runs[1].absolute })
        touch(p);
    ASSERT_TRUE(qs::writeSessionFile(file, s).isOk());

    // In place: relative and absolute name the same files; a_int8.onnx was never created.
    auto read = qs::readSessionFile(file);
    ASSERT_TRUE(read);
    EXPECT_EQ(qs::resolveSessionPath(read->models[0], file), s.models[0].absolute);
    EXPECT_FALSE(qs::resolveSessionPath(read->models[1], file));

    // The project folder moved with its session and runs: runs/r1.json is found beside it, the others by their
    // absolute paths.
    const fs::path moved = root / "moved";
    fs::rename(root / "project", moved);
    const fs::path movedFile = moved / "work.qsession";
    auto again = qs::readSessionFile(movedFile);
    ASSERT_TRUE(again) << again.status().toString();
    EXPECT_EQ(qs::resolveSessionPath(again->runs[0], movedFile), moved / "runs" / "r1.json");
    EXPECT_EQ(qs::resolveSessionPath(again->runs[1], movedFile), root / "elsewhere" / "r2.json");
    EXPECT_EQ(qs::resolveSessionPath(again->models[0], movedFile), root / "models" / "a_fp32.onnx");

    // The session file alone moved elsewhere: the absolute paths find what still exists.
    const fs::path alone = tempDir("alone") / "work.qsession";
    fs::copy_file(movedFile, alone);
    auto far = qs::readSessionFile(alone);
    ASSERT_TRUE(far);
    EXPECT_EQ(qs::resolveSessionPath(far->runs[1], alone), root / "elsewhere" / "r2.json");
    EXPECT_FALSE(qs::resolveSessionPath(far->runs[0], alone)); // project/runs/r1.json moved away
}

TEST(SessionFile, ReadsTheHandWrittenFiles)
{
    const fs::path file = qs::test::testDataDir() / "sessions" / "pair_with_runs.qsession";
    auto s = qs::readSessionFile(file);
    ASSERT_TRUE(s) << s.status().toString();
    ASSERT_EQ(s->models.size(), 2u);
    // The demo model through its relative path; the second model exists nowhere.
    auto fp32 = qs::resolveSessionPath(s->models[0], file);
    ASSERT_TRUE(fp32);
    EXPECT_EQ(fp32->filename(), "demo_fp32.onnx");
    EXPECT_TRUE(fs::exists(*fp32));
    EXPECT_FALSE(qs::resolveSessionPath(s->models[1], file));
    ASSERT_EQ(s->runs.size(), 1u);
    auto run = qs::resolveSessionPath(s->runs[0], file);
    ASSERT_TRUE(run);
    EXPECT_EQ(fs::canonical(*run), fs::canonical(qs::test::testDataDir() / "runs" / "crafted_pair.json"));
    ASSERT_TRUE(s->compare[1]);
    EXPECT_EQ(s->compare[1]->modelId, "crafted_int8");
    EXPECT_EQ(s->compare[1]->scenario, 1);
    EXPECT_EQ(s->tab, qs::SessionTab::Results);
    EXPECT_EQ(s->graphSide, 1);
    EXPECT_EQ(s->inputShapes, std::vector<std::string> { "images=1x3x640x640" });

    auto newer = qs::readSessionFile(qs::test::testDataDir() / "sessions" / "newer_minor.qsession");
    EXPECT_TRUE(newer) << newer.status().toString();
}

// A valid document with one field replaced, as the tests below edit it.
std::string validWith(const std::string& key, const std::string& value)
{
    std::string doc = R"({"schema": "quantscope-session", "version": "1.0",
        "models": [{"path": "/m/a.onnx", "relative": "a.onnx"}, {"path": "/m/b.onnx", "relative": null}],
        "runs": [{"path": "/r/1.json", "relative": null}],
        "selectedRun": 0,
        "compare": {"a": {"run": 0, "scenario": 0, "modelId": "a", "runtime": "quantscope", "threads": 1,
                          "mode": "optimized"}, "b": null},
        "inputShapes": ["x=1x3"], "tab": "graph", "graphSide": 0})";
    if (key.empty())
        return doc;
    const std::string needle = "\"" + key + "\": ";
    const size_t at = doc.find(needle);
    EXPECT_NE(at, std::string::npos) << key;
    size_t end = at + needle.size();
    int depth = 0;
    for (; end < doc.size(); ++end) {
        const char c = doc[end];
        if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']') {
            if (depth == 0)
                break;
            --depth;
        } else if (c == ',' && depth == 0)
            break;
    }
    return doc.substr(0, at + needle.size()) + value + doc.substr(end);
}

void expectRefused(const std::string& text, const std::string& expected)
{
    auto s = qs::sessionFromJson(text, "my.qsession");
    ASSERT_FALSE(s) << "accepted: " << text;
    const std::string message = s.status().message();
    EXPECT_EQ(message.rfind("my.qsession: ", 0), 0u) << message;
    EXPECT_NE(message.find(expected), std::string::npos) << "message: " << message << "\nexpected: " << expected;
}

TEST(SessionFile, TheTestDocumentIsValid)
{
    auto s = qs::sessionFromJson(validWith("", ""), "my.qsession");
    ASSERT_TRUE(s) << s.status().toString();
    EXPECT_EQ(s->models[0].relative, "a.onnx");
    EXPECT_TRUE(s->models[1].relative.empty());
}

TEST(SessionFile, RefusesDocumentsThatAreNotSessions)
{
    expectRefused("", "not a valid session file: truncated JSON at byte 1 (the file ends early");
    expectRefused(validWith("", "").substr(0, 80), "truncated JSON");
    expectRefused("{\"a\": x, \"b\": 1}", "not a valid session file: malformed JSON at byte 7");
    expectRefused("[1, 2]", "not a Quantscope session file (no \"schema\": \"quantscope-session\")");
    expectRefused(R"({"schema": "quantscope-run", "version": "1.2"})", "not a Quantscope session file");
    expectRefused(R"({"schema": "quantscope-session"})", "session file without a \"version\" string");
    expectRefused(R"({"schema": "quantscope-session", "version": "one"})", "session file version 'one' is not MAJOR");
    expectRefused(R"({"schema": "quantscope-session", "version": "2.0"})",
        "session file version 2.0 is not supported: this Quantscope reads version 1.x");
    expectRefused(R"({"schema": "quantscope-session", "version": "1.0", "x": 1e999})", "not a valid session file");
}

TEST(SessionFile, RefusesEveryBadField)
{
    expectRefused(validWith("models", "{}"), "session: field 'models' is not an array");
    expectRefused(validWith("models", R"([{"path": "/a"}, {"path": "/b"}, {"path": "/c"}])"),
        "field 'models' lists 3 files, at most 2 are allowed");
    expectRefused(validWith("models", R"([{"relative": "a.onnx"}])"), "models[0]: missing field 'path'");
    expectRefused(validWith("models", R"([{"path": 5}])"), "models[0]: field 'path' has the wrong type (number)");
    expectRefused(validWith("models", R"([{"path": "m/a.onnx"}])"),
        "models[0]: field 'path' is not an absolute path ('m/a.onnx')");
    expectRefused(validWith("models", R"([{"path": ""}])"), "models[0]: field 'path' is empty");
    expectRefused(validWith("models", "[{\"path\": \"/a\\u0000b\"}]"), "holds a NUL character");
    expectRefused(validWith("models", R"([{"path": "/m/a.onnx", "relative": "/m/a.onnx"}])"),
        "models[0]: field 'relative' is not a relative path ('/m/a.onnx')");
    expectRefused(validWith("models", R"([{"path": "/m/a.onnx", "relative": ""}])"),
        "models[0]: field 'relative' is not a relative path");
    expectRefused(validWith("models", R"(["/m/a.onnx"])"), "models[0] is not an object");
    expectRefused(validWith("runs", "null"), "session: field 'runs' is not an array");
    expectRefused(validWith("runs", R"([{"path": "/r/1.json"}, {"path": 1}])"), "runs[1]: field 'path' has the wrong");
    expectRefused(validWith("selectedRun", "1"),
        "session: field 'selectedRun' is 1, not the index of one of the "
        "session's 1 runs");
    expectRefused(validWith("selectedRun", "-1"), "field 'selectedRun' is -1");
    expectRefused(validWith("selectedRun", "\"0\""), "session: field 'selectedRun' has the wrong type (string)");
    expectRefused(validWith("compare", "[]"), "compare is not an object");
    expectRefused(validWith("compare", R"({"a": null})"), "compare: missing field 'b'");
    const std::string side
        = R"({"a": {"run": RUN, "scenario": SC, "modelId": "a", "runtime": "RT", "threads": TH, "mode": "MO"}, "b": null})";
    const auto sideWith = [&](const char* run, const char* sc, const char* rt, const char* th, const char* mo) {
        std::string s = side;
        for (auto [k, v] : { std::pair { "RUN", run }, { "SC", sc }, { "RT", rt }, { "TH", th }, { "MO", mo } })
            s.replace(s.find(k), std::string_view(k).size(), v);
        return validWith("compare", s);
    };
    expectRefused(sideWith("3", "0", "quantscope", "1", "optimized"), "compare.a: field 'run' is 3, not the index");
    expectRefused(sideWith("0", "-2", "quantscope", "1", "optimized"), "compare.a: field 'scenario' is -2");
    expectRefused(
        sideWith("0", "0", "tensorrt", "1", "optimized"), "compare.a: field 'runtime' has an unknown value 'tensorrt'");
    expectRefused(sideWith("0", "0", "quantscope", "-1", "optimized"), "compare.a: field 'threads' is -1");
    expectRefused(sideWith("0", "0", "quantscope", "1", "fast"), "compare.a: field 'mode' has an unknown value 'fast'");
    expectRefused(validWith("compare", R"({"a": null, "b": {"run": 0}})"), "compare.b: missing field 'scenario'");
    expectRefused(validWith("inputShapes", R"(["x=1xq"])"), "inputShapes[0]: ");
    expectRefused(validWith("inputShapes", R"("x=1")"), "session: field 'inputShapes' has the wrong type");
    expectRefused(validWith("tab", R"("charts")"), "session: field 'tab' has an unknown value 'charts'");
    expectRefused(validWith("graphSide", "2"), "session: field 'graphSide' is 2, not one of the session's 2 models");
    expectRefused(validWith("graphSide", "true"), "field 'graphSide' has the wrong type (boolean)");
}

// The Compare tab (central since session 11) is `centralTab` (1.1); `tab` keeps a word a 1.0 reader accepts.
TEST(SessionFile, CompareTabIsKeptAndOlderReadersGetResults)
{
    const fs::path dir = tempDir("compare_tab");
    qs::SavedSession s = pairSession(dir);
    s.tab = qs::SessionTab::Compare;
    const std::string text = qs::sessionToJson(s, dir / "project" / "work.qsession");
    EXPECT_NE(text.find("\"version\": \"1.1\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"tab\": \"results\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"centralTab\": \"compare\""), std::string::npos) << text;
    auto back = qs::sessionFromJson(text, "work.qsession");
    ASSERT_TRUE(back) << back.status().toString();
    EXPECT_EQ(back->tab, qs::SessionTab::Compare);

    // What a 1.0 reader sees (it ignores the key it does not know), and the other tabs written the same way.
    auto older = qs::sessionFromJson(validWith("tab", R"("results")"), "old.qsession");
    ASSERT_TRUE(older) << older.status().toString();
    EXPECT_EQ(older->tab, qs::SessionTab::Results);
    for (qs::SessionTab tab : { qs::SessionTab::Graph, qs::SessionTab::Results }) {
        s.tab = tab;
        auto again = qs::sessionFromJson(qs::sessionToJson(s, dir / "work.qsession"), "work.qsession");
        ASSERT_TRUE(again) << again.status().toString();
        EXPECT_EQ(again->tab, tab);
    }

    // A tab a later minor version adds is not known here: `tab` stands. A wrongly typed one is refused.
    auto later = qs::sessionFromJson(validWith("tab", R"("results", "centralTab": "timeline")"), "new.qsession");
    ASSERT_TRUE(later) << later.status().toString();
    EXPECT_EQ(later->tab, qs::SessionTab::Results);
    expectRefused(validWith("tab", R"("graph", "centralTab": 2)"), "session: field 'centralTab' is not a string");
    // `tab` is what 1.0 readers read: it never says "compare".
    expectRefused(validWith("tab", R"("compare")"), "session: field 'tab' has an unknown value 'compare'");
}

TEST(SessionFile, RefusesMissingAndOversizedFiles)
{
    const fs::path dir = tempDir("files");
    auto missing = qs::readSessionFile(dir / "none.qsession");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.status().message().find("none.qsession: cannot open the session file"), std::string::npos);

    const fs::path big = dir / "big.qsession";
    {
        std::ofstream f(big, std::ios::binary);
        f << std::string(qs::kSessionFileMaxBytes + 1, ' ');
    }
    auto huge = qs::readSessionFile(big);
    ASSERT_FALSE(huge);
    EXPECT_NE(huge.status().message().find("big.qsession: not a session file: 4194305 bytes"), std::string::npos)
        << huge.status().message();
}

TEST(SessionFile, AFailedSaveNamesThePath)
{
    // The folder does not exist: the atomic write fails, says where, and leaves no file behind.
    const fs::path target = tempDir("atomic") / "no" / "such" / "x.qsession";
    const qs::Status st = qs::writeSessionFile(target, {});
    ASSERT_FALSE(st.isOk());
    EXPECT_NE(st.message().find("x.qsession"), std::string::npos) << st.message();
    EXPECT_FALSE(fs::exists(target));
}

} // namespace
