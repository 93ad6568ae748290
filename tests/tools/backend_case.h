// SPDX-License-Identifier: MIT
// Shared by the generators of ONNX-backend-test-style cases whose expected outputs come from ONNX Runtime
// (make_qops_cases, make_opset_cases): fixed-seed values, raw TensorProtos, and writing or checking the
// model.onnx + test_data_set_0/input_N.pb files of each case (ort_write_outputs.js adds output_N.pb).
#pragma once

#include "generated_files.h"
#include "onnx_builder.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace qs::test {

/// Fixed-seed values without std distributions (their algorithms differ between standard libraries).
class Rng
{
public:
    explicit Rng(uint32_t seed)
        : m_engine(seed)
    { }
    uint8_t byte() { return static_cast<uint8_t>(m_engine() >> 24); }
    float uniform(float lo, float hi)
    {
        return lo + (hi - lo) * static_cast<float>((m_engine() >> 8) * (1.0 / 16777216.0));
    }

private:
    std::mt19937 m_engine;
};

inline int64_t count(const std::vector<int64_t>& dims)
{
    int64_t n = 1;
    for (int64_t d : dims)
        n *= d;
    return n;
}

template <typename T>
onnx::TensorProto tensor(
    const std::string& name, int32_t type, const std::vector<int64_t>& dims, const std::vector<T>& v)
{
    onnx::TensorProto t;
    t.set_name(name);
    t.set_data_type(type);
    for (int64_t d : dims)
        t.add_dims(d);
    t.set_raw_data(std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T)));
    return t;
}

inline onnx::TensorProto randomFloat(
    Rng& rng, const std::string& name, const std::vector<int64_t>& dims, float lo, float hi)
{
    std::vector<float> v(static_cast<size_t>(count(dims)));
    for (auto& x : v)
        x = rng.uniform(lo, hi);
    return tensor(name, onnx::TensorProto_DataType_FLOAT, dims, v);
}

struct Case
{
    std::string name;
    std::unique_ptr<ModelBuilder> model;
    std::vector<onnx::TensorProto> inputs;

    /// Declares `t` as a graph input of its shape and keeps it as the case's next input_N.pb.
    void addInput(onnx::TensorProto t)
    {
        std::vector<DimSpec> dims(t.dims().begin(), t.dims().end());
        model->graph().input(t.name(), t.data_type(), dims);
        inputs.push_back(std::move(t));
    }
};

/// Writes each case's model and inputs under root, or (check) counts the committed files that differ; returns the
/// number of differences. `tool` names the generator in messages.
inline int writeOrCheckCases(std::vector<Case>& cases, const std::filesystem::path& root, bool check, const char* tool)
{
    GeneratedFiles files;
    for (Case& c : cases) {
        files.emplace_back(root / c.name / "model.onnx", c.model->serialize());
        for (size_t i = 0; i < c.inputs.size(); ++i)
            files.emplace_back(root / c.name / "test_data_set_0" / ("input_" + std::to_string(i) + ".pb"),
                c.inputs[i].SerializeAsString());
    }
    return writeOrCheckFiles(files, check, tool);
}

} // namespace qs::test
