// SPDX-License-Identifier: MIT
// Node attributes, decoded from the ONNX AttributeProto forms into plain values.
#pragma once

#include <quantscope/engine/tensor.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

class Graph;

enum class AttributeType
{
    Undefined,
    Float,
    Int,
    String,
    Tensor,
    Graph,
    Floats,
    Ints,
    Strings,
    Tensors,
    Graphs,
};

std::string_view attributeTypeName(AttributeType type) noexcept;

struct Attribute
{
    std::string name;
    AttributeType type = AttributeType::Undefined;
    float f = 0.0f;
    int64_t i = 0;
    std::string s; ///< may hold bytes
    qs::Tensor t;
    std::shared_ptr<const qs::Graph> g;
    std::vector<float> floats;
    std::vector<int64_t> ints;
    std::vector<std::string> strings;
    std::vector<qs::Tensor> tensors;
    std::vector<std::shared_ptr<const qs::Graph>> graphs;

    /// Short display form for the UI and CLI: "3", "[1, 1, 2, 2]", "'NOTSET'", "<graph 'then_branch', 4 nodes>".
    std::string toDisplayString(size_t maxItems = 16) const;
};

} // namespace qs
