// SPDX-License-Identifier: MIT
// Real models and ONNX's conformance cases from ../shared load without error (skipped when ../shared is absent).
#include "loader_test_util.h"

#include <shared_data.h>

namespace {

namespace fs = std::filesystem;

struct SharedCase
{
    const char* name;
    size_t nodes; // ../shared/README.md
};

class LoaderSharedModels : public ::testing::TestWithParam<SharedCase>
{
};

TEST_P(LoaderSharedModels, LoadsWithShapesInferred)
{
    const SharedCase& c = GetParam();
    const fs::path path = qs::test::sharedModel(c.name);
    QS_REQUIRE_SHARED(path);
    auto r = qs::loadModel(path);
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const qs::Model& m = **r;
    EXPECT_EQ(m.graph().nodes().size(), c.nodes);
    EXPECT_EQ(m.graph().topologicalOrder().size(), c.nodes);
    EXPECT_TRUE(m.shapeInference.succeeded) << m.shapeInference.message;
    EXPECT_EQ(m.shapeInference.valuesWithShape, m.shapeInference.valuesTotal);
    EXPECT_EQ(m.fileSizeBytes, static_cast<int64_t>(fs::file_size(path)));
    EXPECT_TRUE(m.warnings.empty());
    // Topological order: every producer before its consumers.
    const qs::Graph& g = m.graph();
    std::vector<int> position(g.nodes().size());
    for (size_t i = 0; i < g.topologicalOrder().size(); ++i)
        position[static_cast<size_t>(g.topologicalOrder()[i])] = static_cast<int>(i);
    for (size_t n = 0; n < g.nodes().size(); ++n)
        for (qs::ValueId in : g.node(static_cast<qs::NodeId>(n)).inputs)
            if (in != qs::kNoValue && g.producer(in) != qs::kNoNode)
                EXPECT_LT(position[static_cast<size_t>(g.producer(in))], position[n]);
}

INSTANTIATE_TEST_SUITE_P(Shared, LoaderSharedModels,
    ::testing::Values(SharedCase { "yolov5nu_int8_dynamic_seed", 703 }, SharedCase { "yolov5nu_fp32_from_seed", 262 },
        SharedCase { "resnet18_fp32", 65 }, SharedCase { "resnet18_int8_qdq_torch", 511 },
        SharedCase { "mobilenet_v2_fp32", 209 }),
    [](const auto& info) { return std::string(info.param.name); });

TEST(LoaderSharedTensors, ReadsTestDataSetTensors)
{
    const fs::path in = qs::test::sharedDir() / "models" / "resnet18_fp32" / "test_data_set_0" / "input_0.pb";
    QS_REQUIRE_SHARED(in);
    auto t = qs::loadTensorFile(in);
    ASSERT_TRUE(t.isOk()) << t.status().toString();
    EXPECT_EQ(t->dims(), (std::vector<int64_t> { 1, 3, 224, 224 }));
    // Seeded uniform [0,1) input.
    for (int64_t i = 0; i < t->elementCount(); i += 997) {
        EXPECT_GE(t->valueAsDouble(i), 0.0);
        EXPECT_LT(t->valueAsDouble(i), 1.0);
    }
}

// Every ONNX backend conformance model (opsets up to 17) must load. Their test_data_set tensors too.
TEST(LoaderOnnxNodeTests, EveryConformanceModelLoads)
{
    const fs::path root = qs::test::sharedDir() / "onnx-node-tests";
    QS_REQUIRE_SHARED(root);
    int loaded = 0;
    std::vector<std::string> failures;
    for (const char* sub : { "node", "simple" }) {
        if (!fs::exists(root / sub))
            continue;
        for (const auto& entry : fs::directory_iterator(root / sub)) {
            const fs::path model = entry.path() / "model.onnx";
            if (!fs::exists(model))
                continue;
            auto r = qs::loadModel(model);
            if (!r) {
                failures.push_back(entry.path().filename().string() + ": " + r.status().toString());
                continue;
            }
            ++loaded;
            // Sequence and optional cases store SequenceProto/OptionalProto inputs, which are not tensors.
            const std::string caseName = entry.path().filename().string();
            const fs::path input = entry.path() / "test_data_set_0" / "input_0.pb";
            if (fs::exists(input) && caseName.find("sequence") == std::string::npos
                && caseName.find("optional") == std::string::npos && caseName.find("_opt") == std::string::npos) {
                auto t = qs::loadTensorFile(input);
                if (!t)
                    failures.push_back(input.string() + ": " + t.status().toString());
            }
        }
    }
    EXPECT_GT(loaded, 900);
    for (const std::string& f : failures)
        ADD_FAILURE() << f;
}

} // namespace
