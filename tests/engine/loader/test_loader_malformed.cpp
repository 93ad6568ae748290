// SPDX-License-Identifier: MIT
// The malformed corpus (tests/data/malformed, written by tests/tools/make_malformed_models.cpp): each file fails
// with its documented status code and a message naming the file, the node where relevant, and the problem.
#include "loader_test_util.h"

#include <fstream>
#include <set>
#include <shared_data.h>
#include <sstream>

namespace {

namespace fs = std::filesystem;

struct Expectation
{
    std::string file;
    std::string code;
    std::vector<std::string> fragments;
};

fs::path corpusDir()
{
    return qs::test::testDataDir() / "malformed";
}

std::vector<Expectation> readExpectations()
{
    std::vector<Expectation> out;
    std::ifstream in(corpusDir() / "expected.tsv");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::vector<std::string> parts;
        std::stringstream ss(line);
        for (std::string part; std::getline(ss, part, '\t');)
            parts.push_back(part);
        if (parts.size() >= 3)
            out.push_back({ parts[0], parts[1], { parts.begin() + 2, parts.end() } });
    }
    return out;
}

TEST(LoaderMalformed, EveryCorpusFileFailsWithItsDocumentedMessage)
{
    const auto expectations = readExpectations();
    ASSERT_GE(expectations.size(), 20u) << "expected.tsv missing or short in " << corpusDir();
    for (const Expectation& e : expectations) {
        SCOPED_TRACE(e.file);
        auto r = qs::loadModel(corpusDir() / e.file);
        ASSERT_FALSE(r.isOk());
        EXPECT_EQ(qs::statusCodeName(r.status().code()), e.code);
        QS_EXPECT_CONTAINS(r.status().message(), e.file);
        for (const std::string& f : e.fragments)
            QS_EXPECT_CONTAINS(r.status().message(), f);
    }
}

TEST(LoaderMalformed, SameErrorsFromMemory)
{
    // The fuzzer's entry point: bytes in memory (external data resolved against the corpus folder here).
    for (const Expectation& e : readExpectations()) {
        SCOPED_TRACE(e.file);
        std::ifstream in(corpusDir() / e.file, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), {});
        auto r = qs::loadModelFromBytes(bytes, e.file, corpusDir());
        ASSERT_FALSE(r.isOk());
        QS_EXPECT_CONTAINS(r.status().message(), e.file);
        QS_EXPECT_CONTAINS(r.status().message(), e.fragments.back());
    }
}

TEST(LoaderMalformed, EveryCorpusFileHasAnExpectation)
{
    std::set<std::string> listed;
    for (const Expectation& e : readExpectations())
        listed.insert(e.file);
    for (const auto& entry : fs::directory_iterator(corpusDir()))
        if (entry.path().extension() == ".onnx")
            EXPECT_TRUE(listed.count(entry.path().filename().string())) << entry.path() << " has no expectation";
}

TEST(LoaderMalformed, MissingAndFolderPaths)
{
    auto missing = qs::loadModel(corpusDir() / "does_not_exist.onnx");
    ASSERT_FALSE(missing.isOk());
    EXPECT_EQ(missing.status().code(), qs::StatusCode::NotFound);
    QS_EXPECT_CONTAINS(missing.status().message(), "does_not_exist.onnx");
    auto folder = qs::loadModel(corpusDir());
    ASSERT_FALSE(folder.isOk());
    QS_EXPECT_CONTAINS(folder.status().message(), "is a folder");
}

} // namespace

namespace {

TEST(LoaderValidSeeds, EverySmallValidModelLoadsWithoutWarnings)
{
    int n = 0;
    for (const auto& entry : std::filesystem::directory_iterator(qs::test::testDataDir() / "valid")) {
        SCOPED_TRACE(entry.path().string());
        auto r = qs::loadModel(entry.path());
        ASSERT_TRUE(r.isOk()) << r.status().toString();
        EXPECT_TRUE((*r)->warnings.empty());
        ++n;
    }
    EXPECT_GE(n, 4);
}

} // namespace
