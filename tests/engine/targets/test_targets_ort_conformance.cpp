// SPDX-License-Identifier: MIT
// ONNX Runtime's CPU kernel table (resources/targets/onnxruntime-cpu.json) against ONNX Runtime 1.30 itself, over
// every ONNX conformance model in ../shared/onnx-node-tests/node: each is loaded in one onnxruntime-node adapter
// process (graph optimizations off, the file as written) and classified by the engine. A node ONNX Runtime has no
// kernel for ("Could not find an implementation for Max(13) node") must be one the table says has no kernel, for
// that operator and operator version; a model with a node the table says has no kernel must not load; a model whose
// nodes all run per the table must load. Unknown (the source does not say) is consistent with either outcome.
#include "../runtime/adapter_test_env.h"
#include "shared_data.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/op_schema_docs.h>
#include <quantscope/engine/runtime_adapter.h>
#include <quantscope/engine/targets.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <regex>

using namespace qs;
namespace fs = std::filesystem;

namespace {

/// A model ONNX Runtime refuses for a reason the kernel table does not describe: the model (by name prefix), the
/// error ONNX Runtime gives, and why it is not a table error. `mayLoad`: depends on the machine, loading is fine too.
struct KnownDifference
{
    const char* modelPrefix;
    const char* error;
    const char* reason;
    bool mayLoad = false;
};

const KnownDifference kKnownDifferences[] = {
    { "test_cast_BFLOAT16_to_FLOAT", "Unsupported data type: 16",
        "onnxruntime-node cannot describe a bfloat16 graph input or output to JavaScript; the CPU Cast kernel has "
        "bfloat16 (the table says runs)" },
    { "test_cast_FLOAT_to_BFLOAT16", "Unsupported data type: 16", "as above, a bfloat16 graph output" },
    { "test_castlike_BFLOAT16_to_FLOAT", "Unsupported data type: 16", "as above (the expanded form is a Cast)" },
    { "test_castlike_FLOAT_to_BFLOAT16", "Unsupported data type: 16", "as above (the expanded form is a Cast)" },
    // The kernels' constructors refuse layout 1 (onnxruntime/core/providers/cpu/rnn/deep_cpu_gru.h, lstm_base.h,
    // rnn.h): an attribute restriction, which OperatorKernels.md (element types per operator version) does not state.
    { "test_gru_batchwise", "layout_ == 0 was false", "ONNX Runtime's GRU kernel refuses layout=1 (batchwise)" },
    { "test_lstm_batchwise", "layout_ == 0 was false", "ONNX Runtime's LSTM kernel refuses layout=1 (batchwise)" },
    { "test_simple_rnn_batchwise", "layout_ == 0 was false", "ONNX Runtime's RNN kernel refuses layout=1 (batchwise)" },
    { "test_strnormalizer_", "Failed to construct locale",
        "StringNormalizer builds the C++ locale en_US.UTF-8 when it loads; machines without that locale refuse it",
        true },
};

const KnownDifference* knownDifference(const std::string& model)
{
    for (const KnownDifference& k : kKnownDifferences)
        if (model.rfind(k.modelPrefix, 0) == 0)
            return &k;
    return nullptr;
}

/// "Could not find an implementation for Max(13) node with name ''" -> {"Max", 13}: ONNX Runtime names the first
/// node it has no kernel for, with the operator version its schema resolves to.
std::optional<std::pair<std::string, int64_t>> missingKernel(const std::string& message)
{
    static const std::regex re(R"(Could not find an implementation for ([A-Za-z0-9_]+)\((\d+)\) node)");
    std::smatch m;
    if (!std::regex_search(message, m, re))
        return std::nullopt;
    return std::make_pair(m[1].str(), std::stoll(m[2].str()));
}

struct NodeFacts
{
    std::string opType;
    int64_t opVersion = 0; ///< since_version of the node's schema, 0 when unknown
    NodeVerdict verdict = NodeVerdict::Unknown;
    std::string reason;
};

/// Every node (bodies included) classified on `cpu`, or nullopt when some node is outside ai.onnx and com.microsoft
/// (training and ML domains are not what the CPU table covers).
std::optional<std::vector<NodeFacts>> classify(
    const Model& model, const TargetTable& cpu, const std::vector<TargetTable>& tables)
{
    const TargetReport r = classifyModelForTarget(model, cpu, tables);
    std::vector<NodeFacts> out;
    bool otherDomain = false;
    forEachNodeResult(model.graph(), r.nodes, [&](const Graph& g, const NodeTargetResult& res) {
        const Node& n = g.node(res.node);
        if (!n.domain.empty() && n.domain != "com.microsoft")
            otherDomain = true;
        const auto schema = opSchemaDoc(n.opType, n.domain, n.opsetVersion);
        out.push_back({ n.opType, schema ? schema->sinceVersion : 0, res.verdict, res.reason });
    });
    if (otherDomain)
        return std::nullopt;
    return out;
}

} // namespace

TEST(TargetsAgainstOnnxRuntime, ConformanceModelsLoadWhereTheCpuTableSaysTheyCan)
{
    const fs::path root = test::sharedDir() / "onnx-node-tests" / "node";
    QS_REQUIRE_SHARED(root);
    std::string why;
    const auto spec = test::nodeAdapter(&why);
    if (!spec)
        GTEST_SKIP() << "onnxruntime-node not available: " << why;
    auto tables = loadTargetTables(QS_TARGETS_TABLES_DIR);
    ASSERT_TRUE(tables) << tables.status().toString();
    const auto cpu
        = std::find_if(tables->begin(), tables->end(), [](const TargetTable& t) { return t.id == "onnxruntime-cpu"; });
    ASSERT_NE(cpu, tables->end());

    std::vector<fs::path> cases;
    for (const auto& e : fs::directory_iterator(root))
        if (fs::exists(e.path() / "model.onnx"))
            cases.push_back(e.path());
    std::sort(cases.begin(), cases.end());
    ASSERT_GT(cases.size(), 900u) << "the conformance suite in " << root << " is incomplete";

    const auto started = std::chrono::steady_clock::now();
    auto adapter = RuntimeAdapter::start(*spec);
    ASSERT_TRUE(adapter) << adapter.status().toString();
    int checked = 0, otherDomain = 0, engineRefused = 0, bothNoKernel = 0, bothLoad = 0, unknownLoads = 0,
        unknownRefused = 0, known = 0;
    for (const fs::path& dir : cases) {
        const std::string name = dir.filename().string();
        SCOPED_TRACE(name);
        auto model = loadModel(dir / "model.onnx");
        if (!model) {
            ++engineRefused;
            std::cout << "engine cannot load " << name << ": " << model.status().toString() << "\n";
            continue;
        }
        const auto nodes = classify(**model, *cpu, *tables);
        if (!nodes) {
            ++otherDomain;
            continue;
        }
        ++checked;
        AdapterLoadOptions o;
        o.model = (dir / "model.onnx").string();
        o.graphOptimizationLevel = "disabled";
        auto loaded = (*adapter)->load(o);
        const std::string error = loaded ? std::string() : loaded.status().message();
        if (!loaded && !(*adapter)->hello()) { // the process died: the next model gets a fresh one
            ADD_FAILURE() << "the adapter died loading " << name << ": " << error;
            adapter = RuntimeAdapter::start(*spec);
            ASSERT_TRUE(adapter) << adapter.status().toString();
        }

        const bool tableNoKernel = std::any_of(
            nodes->begin(), nodes->end(), [](const NodeFacts& f) { return f.verdict == NodeVerdict::NoKernel; });
        const bool tableRuns = std::all_of(
            nodes->begin(), nodes->end(), [](const NodeFacts& f) { return f.verdict == NodeVerdict::Runs; });
        if (const auto missing = missingKernel(error)) {
            const bool named = std::any_of(nodes->begin(), nodes->end(), [&](const NodeFacts& f) {
                return f.verdict == NodeVerdict::NoKernel && f.opType == missing->first
                    && f.opVersion == missing->second;
            });
            EXPECT_TRUE(named) << "ONNX Runtime has no kernel for " << missing->first << "(" << missing->second
                               << "); the table has one: " << error;
            bothNoKernel += named ? 1 : 0;
            continue;
        }
        const KnownDifference* k = knownDifference(name);
        if (k && (!loaded || k->mayLoad)) {
            EXPECT_TRUE(loaded || error.find(k->error) != std::string::npos)
                << "known difference (" << k->reason << ") expected '" << k->error << "', got: " << error;
            ++known;
            continue;
        }
        if (k) {
            ADD_FAILURE() << "listed as a known difference (" << k->reason << ") but it loaded: update the list";
        } else if (tableNoKernel) {
            ADD_FAILURE() << "the table says a node has no kernel, but ONNX Runtime "
                          << (loaded ? "loaded it" : "refused it for another reason: " + error);
        } else if (tableRuns) {
            EXPECT_TRUE(loaded) << "every node runs per the table, ONNX Runtime refused it: " << error;
            bothLoad += loaded ? 1 : 0;
        } else {
            (loaded ? unknownLoads : unknownRefused) += 1;
        }
    }
    (*adapter)->quit();
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cout << cases.size() << " conformance models: " << checked << " checked (" << otherDomain
              << " with nodes outside ai.onnx/com.microsoft, " << engineRefused << " the engine cannot load); "
              << bothNoKernel << " refused by ONNX Runtime for a node the table says has no kernel, " << bothLoad
              << " load where every node runs per the table, " << unknownLoads << " load and " << unknownRefused
              << " do not where the table says unknown for some node, " << known << " known differences; " << seconds
              << " s\n";
    EXPECT_EQ(engineRefused, 0);
}
