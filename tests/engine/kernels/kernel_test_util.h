// SPDX-License-Identifier: MIT
// Building small models by hand and running them through a Session, for kernel and executor tests.
#pragma once

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace qs::test {

inline Attribute intAttr(std::string name, int64_t v)
{
    Attribute a;
    a.name = std::move(name);
    a.type = AttributeType::Int;
    a.i = v;
    return a;
}
inline Attribute floatAttr(std::string name, float v)
{
    Attribute a;
    a.name = std::move(name);
    a.type = AttributeType::Float;
    a.f = v;
    return a;
}
inline Attribute intsAttr(std::string name, std::vector<int64_t> v)
{
    Attribute a;
    a.name = std::move(name);
    a.type = AttributeType::Ints;
    a.ints = std::move(v);
    return a;
}
inline Attribute stringAttr(std::string name, std::string v)
{
    Attribute a;
    a.name = std::move(name);
    a.type = AttributeType::String;
    a.s = std::move(v);
    return a;
}

/// Builds the engine's in-memory Model node by node, without ONNX (onnx_builder.h's ModelBuilder writes ModelProtos).
/// Values are named; "" as an input name means an omitted optional input.
class IrModelBuilder
{
public:
    explicit IrModelBuilder(int64_t opset = 17)
        : m_model(std::make_shared<Model>())
        , m_opset(opset)
    {
        m_model->opsetImports.push_back({ "", opset });
    }
    void input(const std::string& name, DataType type, std::vector<int64_t> dims)
    {
        Graph& g = m_model->mutableGraph();
        const ValueId id = g.getOrAddValue(name);
        Value& v = g.mutableValue(id);
        v.type.elementType = type;
        v.type.hasShape = true;
        for (int64_t d : dims)
            v.type.dims.push_back(Dim::known(d));
        g.addInput(id);
    }
    void constant(const std::string& name, const HostTensor& t)
    {
        Graph& g = m_model->mutableGraph();
        g.addInitializer(g.getOrAddValue(name), t.toTensor());
    }
    void node(const std::string& opType, std::vector<std::string> inputs, std::vector<std::string> outputs,
        std::vector<Attribute> attributes = {}, std::string name = {})
    {
        Graph& g = m_model->mutableGraph();
        Node n;
        n.opType = opType;
        n.opsetVersion = m_opset;
        n.name = name.empty() ? opType + "_" + std::to_string(g.nodes().size()) : name;
        for (const auto& i : inputs)
            n.inputs.push_back(i.empty() ? kNoValue : g.getOrAddValue(i));
        for (const auto& o : outputs)
            n.outputs.push_back(o.empty() ? kNoValue : g.getOrAddValue(o));
        n.attributes = std::move(attributes);
        g.addNode(std::move(n));
    }
    void output(const std::string& name)
    {
        Graph& g = m_model->mutableGraph();
        g.addOutput(g.getOrAddValue(name));
    }
    std::shared_ptr<const Model> build()
    {
        EXPECT_TRUE(m_model->mutableGraph().finalize().isOk());
        return m_model;
    }

private:
    std::shared_ptr<Model> m_model;
    int64_t m_opset;
};

/// Seeded uniform [-1, 1) float tensor.
inline HostTensor randomTensor(std::vector<int64_t> dims, uint32_t seed)
{
    HostTensor t(DataType::Float, std::move(dims));
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    for (float& v : t.data<float>())
        v = dist(rng);
    return t;
}

/// Runs a one-shot session; fails the test (and returns empty) on error.
inline std::vector<HostTensor> runModel(std::shared_ptr<const Model> model, std::vector<HostTensor> inputs,
    ExecutionMode mode = ExecutionMode::AsWritten, int threads = 1)
{
    SessionOptions options;
    options.mode = mode;
    options.threads = threads;
    auto session = Session::create(std::move(model), options);
    EXPECT_TRUE(session.isOk()) << session.status().toString();
    if (!session)
        return {};
    auto out = (*session)->run(inputs);
    EXPECT_TRUE(out.isOk()) << out.status().toString();
    return out ? std::move(out).value() : std::vector<HostTensor> {};
}

/// FP32 comparison |a - b| <= atol + rtol * |b|, reporting the first offending index.
inline ::testing::AssertionResult allClose(
    std::span<const float> actual, std::span<const float> expected, float atol = 1e-4f, float rtol = 1e-4f)
{
    if (actual.size() != expected.size())
        return ::testing::AssertionFailure() << "sizes differ: " << actual.size() << " vs " << expected.size();
    for (size_t i = 0; i < actual.size(); ++i)
        if (!(std::fabs(actual[i] - expected[i]) <= atol + rtol * std::fabs(expected[i])))
            return ::testing::AssertionFailure()
                << "element " << i << ": " << actual[i] << " vs expected " << expected[i];
    return ::testing::AssertionSuccess();
}

} // namespace qs::test
