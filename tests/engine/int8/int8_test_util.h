// SPDX-License-Identifier: MIT
// Helpers shared by the INT8 tests: building hand-made graphs (tensor types, attributes, nodes, initializers),
// random test data, and running a Session on a stored input against a stored expected output.
#pragma once

#include "int8_test_options.h"

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace qs::test {

inline TensorType tensorType(DataType t, const std::vector<int64_t>& dims)
{
    TensorType tt;
    tt.elementType = t;
    tt.hasShape = true;
    for (int64_t d : dims)
        tt.dims.push_back(Dim::known(d));
    return tt;
}

inline Attribute intsAttr(const char* name, std::vector<int64_t> v)
{
    Attribute a;
    a.name = name;
    a.type = AttributeType::Ints;
    a.ints = std::move(v);
    return a;
}

inline Attribute intAttr(const char* name, int64_t v)
{
    Attribute a;
    a.name = name;
    a.type = AttributeType::Int;
    a.i = v;
    return a;
}

/// A graph input named `name` of type `type`.
inline ValueId addGraphInput(Graph& g, const std::string& name, const TensorType& type)
{
    const ValueId v = g.getOrAddValue(name);
    g.mutableValue(v).type = type;
    g.mutableValue(v).isGraphInput = true;
    g.addInput(v);
    return v;
}

/// `t` as an initializer named `name`, typed from its data type and dims.
inline void addInitializer(Graph& g, const std::string& name, const Tensor& t)
{
    const ValueId v = g.getOrAddValue(name);
    g.mutableValue(v).type = tensorType(t.dataType(), t.dims());
    g.addInitializer(v, t);
}

/// A default-domain opset-13 node reading and writing values by name.
inline void addNode(Graph& g, const char* name, const char* op, const std::vector<std::string>& ins,
    const std::string& out, std::vector<Attribute> attrs = {})
{
    Node n;
    n.name = name;
    n.opType = op;
    n.opsetVersion = 13;
    n.attributes = std::move(attrs);
    for (const auto& i : ins)
        n.inputs.push_back(g.getOrAddValue(i));
    n.outputs = { g.getOrAddValue(out) };
    g.addNode(std::move(n));
}

/// `n` values over T's whole range (uint8 or int8).
template <typename T> std::vector<T> randomValues(std::mt19937& rng, size_t n)
{
    std::uniform_int_distribution<int> d(std::is_signed_v<T> ? -128 : 0, std::is_signed_v<T> ? 127 : 255);
    std::vector<T> v(n);
    for (T& x : v)
        x = T(d(rng));
    return v;
}

inline std::vector<float> randomFloats(size_t n, uint32_t seed, float lo, float hi)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> d(lo, hi);
    std::vector<float> v(n);
    for (float& x : v)
        x = d(rng);
    return v;
}

inline Result<std::unique_ptr<Session>> createSession(
    std::shared_ptr<const Model> model, ExecutionMode mode, int threads = 1)
{
    SessionOptions options;
    options.mode = mode;
    options.threads = threads;
    options.int8 = int8TestOptions();
    return Session::create(std::move(model), options);
}

/// An Optimized session on `model` must leave every authored node a step of its own (a rewrite that must not
/// apply), `steps` steps in all.
inline void expectEveryNodeItsOwnStep(const std::shared_ptr<const Model>& model, size_t steps)
{
    auto session = createSession(model, ExecutionMode::Optimized);
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    EXPECT_EQ((*session)->steps().size(), steps);
    for (const StepInfo& s : (*session)->steps())
        EXPECT_EQ(s.nodes.size(), 1u) << s.opType;
}

/// The authored node names each step covers, in step order; `listing` gets them as "[a b] [c] " for messages.
inline std::vector<std::vector<std::string>> coveredNodeNames(
    const Session& session, const Graph& graph, std::string& listing)
{
    std::vector<std::vector<std::string>> covered;
    for (const StepInfo& s : session.steps()) {
        covered.emplace_back();
        listing += "[";
        for (NodeId id : s.nodes) {
            listing += (covered.back().empty() ? "" : " ") + graph.node(id).name;
            covered.back().push_back(graph.node(id).name);
        }
        listing += "] ";
    }
    return covered;
}

/// The float value of the scalar constant `v` (an initializer or a Constant node's output, as PyTorch writes the
/// quantization parameters), NaN when it is neither.
inline double scalarConstant(const Graph& g, ValueId v)
{
    if (const Tensor* t = g.constantData(v))
        return HostTensor::fromTensor(*t)->valueAsDouble(0);
    const NodeId p = g.producer(v);
    if (p == kNoNode || g.node(p).opType != "Constant" || !g.node(p).attribute("value"))
        return std::nan("");
    return HostTensor::fromTensor(g.node(p).attribute("value")->t)->valueAsDouble(0);
}

/// The grid of a QDQ model's output: `step` and `zeroPoint` of the DequantizeLinear producing output 0 (every output
/// element is (k - zeroPoint) * step). ASSERT-style: check HasFatalFailure.
inline void outputGrid(const Graph& g, double& step, double& zeroPoint)
{
    const Node& last = g.node(g.producer(g.outputs()[0]));
    ASSERT_EQ(last.opType, "DequantizeLinear");
    step = scalarConstant(g, last.inputs[1]);
    zeroPoint = last.inputs.size() > 2 ? scalarConstant(g, last.inputs[2]) : 0.0;
    ASSERT_TRUE(step > 0.0 && std::isfinite(zeroPoint)) << "output scale " << step << ", zero point " << zeroPoint;
}

/// Runs `session` on the stored `input`; `out` gets the outputs and `want` the stored `expected`, whose dims must
/// be those of the first output. ASSERT-style: check HasFatalFailure.
inline void runOnStoredData(
    Session& session, const Tensor& input, const Tensor& expected, std::vector<HostTensor>& out, HostTensor& want)
{
    auto host = HostTensor::fromTensor(input);
    ASSERT_TRUE(host.isOk());
    const HostTensor in[] = { std::move(host).value() };
    auto result = session.run(in);
    ASSERT_TRUE(result.isOk()) << result.status().toString();
    auto w = HostTensor::fromTensor(expected);
    ASSERT_TRUE(w.isOk());
    ASSERT_EQ((*result)[0].dims(), w->dims());
    out = std::move(result).value();
    want = std::move(w).value();
}

} // namespace qs::test
