// SPDX-License-Identifier: MIT
// One ONNX conformance case (../shared/onnx-node-tests/node/<name>): its single node, inputs and expected outputs.
#pragma once

#include "shared_data.h"

#include <quantscope/engine/model_loader.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace qs::test {

struct NodeCase
{
    std::shared_ptr<const Model> model;
    const Node* node = nullptr;
    std::vector<Tensor> inputs;
    std::vector<Tensor> outputs;
};

inline std::filesystem::path nodeCaseDir(const std::string& name)
{
    return sharedDir() / "onnx-node-tests" / "node" / name;
}

/// Loads the case; fails the test (ASSERT-style, check HasFatalFailure) when a file is unreadable.
inline void loadNodeCase(const std::string& name, NodeCase& c)
{
    const auto dir = nodeCaseDir(name);
    auto model = loadModel(dir / "model.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    c.model = *model;
    ASSERT_EQ(c.model->graph().nodes().size(), 1u) << name;
    c.node = &c.model->graph().nodes()[0];
    for (int i = 0;; ++i) {
        const auto path = dir / "test_data_set_0" / ("input_" + std::to_string(i) + ".pb");
        if (!std::filesystem::exists(path))
            break;
        auto t = loadTensorFile(path);
        ASSERT_TRUE(t.isOk()) << t.status().toString();
        c.inputs.push_back(*t);
    }
    for (int i = 0;; ++i) {
        const auto path = dir / "test_data_set_0" / ("output_" + std::to_string(i) + ".pb");
        if (!std::filesystem::exists(path))
            break;
        auto t = loadTensorFile(path);
        ASSERT_TRUE(t.isOk()) << t.status().toString();
        c.outputs.push_back(*t);
    }
}

} // namespace qs::test

/// Skips when ../shared is absent, otherwise loads the case into `var`.
#define QS_LOAD_NODE_CASE(name, var)                                                                                   \
    QS_REQUIRE_SHARED(::qs::test::nodeCaseDir(name));                                                                  \
    ::qs::test::NodeCase var;                                                                                          \
    ::qs::test::loadNodeCase(name, var);                                                                               \
    if (::testing::Test::HasFatalFailure())                                                                            \
    return
