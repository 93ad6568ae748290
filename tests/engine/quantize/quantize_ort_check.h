// SPDX-License-Identifier: MIT
// Shared by the static writers' ONNX Runtime tests: seeded weights, node counts, and the check that ONNX Runtime 1.30
// (onnxruntime-node, installed by the ort_node_setup test) loads and runs a written file and agrees with the engine.
#pragma once

#include "../runtime/adapter_test_env.h"
#include "onnx_builder.h"

#include <quantscope/engine/model.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/model_writer.h>
#include <quantscope/engine/parity.h>
#include <quantscope/engine/quantize.h>
#include <quantscope/engine/runtime_adapter.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
#include <string_view>
#include <vector>

namespace qs::test {

inline std::vector<float> randomValues(size_t n, float scale, unsigned seed)
{
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> d(-scale, scale);
    std::vector<float> v(n);
    for (float& x : v)
        x = d(gen);
    return v;
}

inline int count(const Graph& g, std::string_view op)
{
    int n = 0;
    for (const Node& node : g.nodes())
        n += node.opType == op;
    return n;
}

/// Writes `model` to `path` through libonnx's checker (serializeModel) and reads the file back into `out`.
inline void writeCheckedAndReload(
    const Model& model, const std::filesystem::path& path, std::shared_ptr<const Model>& out)
{
    auto bytes = serializeModel(model);
    ASSERT_TRUE(bytes) << bytes.status().toString();
    std::ofstream(path, std::ios::binary).write(bytes->data(), static_cast<std::streamsize>(bytes->size()));
    auto m = loadModel(path);
    ASSERT_TRUE(m) << m.status().toString();
    out = *m;
}

/// A float network a test built, and what the quantizer wrote of it.
struct QuantizedNetwork
{
    std::shared_ptr<const Model> fp32;
    std::vector<Sample> samples; ///< 8 random inputs, the calibration data
    std::shared_ptr<const Model> model; ///< read back from the file libonnx's checker passed
    QuantizeSummary summary;
};

/// Writes the network `build` makes (opset 13) to `dir`/fp32.onnx, quantizes it with `o` calibrated on 8 random
/// inputs, and writes the result through libonnx's checker to `path`.
inline void quantizeBuiltNetwork(const std::function<void(ModelBuilder&)>& build, const QuantizeOptions& o,
    const std::filesystem::path& dir, const std::filesystem::path& path, QuantizedNetwork& out)
{
    std::filesystem::create_directories(dir);
    ModelBuilder fb(13);
    build(fb);
    fb.save(dir / "fp32.onnx");
    auto fp32 = loadModel(dir / "fp32.onnx");
    ASSERT_TRUE(fp32) << fp32.status().toString();
    out.fp32 = *fp32;
    auto samples = loadSamples(*out.fp32, "random:8");
    ASSERT_TRUE(samples) << samples.status().toString();
    out.samples = std::move(*samples);
    auto q = quantizeModel(out.fp32, o, out.samples, &out.summary);
    ASSERT_TRUE(q) << q.status().toString();
    ASSERT_NO_FATAL_FAILURE(writeCheckedAndReload(**q, path, out.model));
}

/// The engine's first output on `sample`, as written and optimized (in that order), into `out`.
inline void runBothModes(
    const std::shared_ptr<const Model>& model, const Sample& sample, std::vector<std::vector<float>>& out)
{
    for (const ExecutionMode mode : { ExecutionMode::AsWritten, ExecutionMode::Optimized }) {
        SessionOptions so;
        so.mode = mode;
        auto session = Session::create(model, so);
        ASSERT_TRUE(session) << session.status().toString();
        auto run = (*session)->run(sample);
        ASSERT_TRUE(run) << run.status().toString();
        const auto d = run->at(0).data<float>();
        out.emplace_back(d.begin(), d.end());
    }
}

/// Runs `path` in ONNX Runtime with graph optimizations disabled and all on `sample` and expects its first output
/// within `step` of `engine` everywhere. False (and a reason for GTEST_SKIP) when onnxruntime-node is not installed.
inline bool expectOrtMatches(const std::filesystem::path& path, const Sample& sample, const std::vector<float>& engine,
    float step, std::string* why)
{
    const auto spec = nodeAdapter(why);
    if (!spec)
        return false;
    for (const char* level : { "disabled", "all" }) {
        SCOPED_TRACE(std::string("graphOptimizationLevel ") + level);
        auto adapter = RuntimeAdapter::start(*spec);
        EXPECT_TRUE(adapter) << adapter.status().toString();
        if (!adapter)
            continue;
        AdapterLoadOptions lo;
        lo.model = path.string();
        lo.graphOptimizationLevel = level;
        auto info = (*adapter)->load(lo);
        EXPECT_TRUE(info) << info.status().toString();
        if (!info)
            continue;
        const std::vector<std::string> names { info->inputs.at(0).name };
        EXPECT_TRUE((*adapter)->setInputs(names, sample));
        auto run = (*adapter)->run(true);
        EXPECT_TRUE(run) << run.status().toString();
        if (!run)
            continue;
        const auto ort = run->outputs.at(0).data<float>();
        EXPECT_EQ(ort.size(), engine.size());
        double worst = 0;
        for (size_t i = 0; i < ort.size() && i < engine.size(); ++i)
            worst = std::max(worst, std::abs(static_cast<double>(ort[i]) - engine[i]));
        EXPECT_LE(worst, step * 1.0001) << "one output step is " << step;
        std::cout << "ONNX Runtime (" << level << ") vs engine: max |d| " << worst << " (" << worst / step
                  << " output steps)\n";
    }
    return true;
}

} // namespace qs::test
