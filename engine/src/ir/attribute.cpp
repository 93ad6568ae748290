// SPDX-License-Identifier: MIT
#include <quantscope/engine/attribute.h>
#include <quantscope/engine/graph.h>

#include <fmt/format.h>

namespace qs {

std::string_view attributeTypeName(AttributeType type) noexcept
{
    switch (type) {
    case AttributeType::Float:
        return "float";
    case AttributeType::Int:
        return "int";
    case AttributeType::String:
        return "string";
    case AttributeType::Tensor:
        return "tensor";
    case AttributeType::Graph:
        return "graph";
    case AttributeType::Floats:
        return "floats";
    case AttributeType::Ints:
        return "ints";
    case AttributeType::Strings:
        return "strings";
    case AttributeType::Tensors:
        return "tensors";
    case AttributeType::Graphs:
        return "graphs";
    case AttributeType::Undefined:
        break;
    }
    return "undefined";
}

namespace {

template <typename T, typename F> std::string joinList(const std::vector<T>& items, size_t maxItems, F&& format)
{
    std::string out = "[";
    for (size_t i = 0; i < items.size() && i < maxItems; ++i) {
        if (i)
            out += ", ";
        out += format(items[i]);
    }
    if (items.size() > maxItems)
        out += fmt::format(", ... ({} items)", items.size());
    return out + "]";
}

std::string describeTensor(const Tensor& t)
{
    if (t.elementCount() == 1 && t.dataType() != DataType::String)
        return fmt::format("{} {}", dataTypeName(t.dataType()), t.valueAsDouble(0));
    return fmt::format("<tensor {}[{}]>", dataTypeName(t.dataType()), formatDims(t.dims()));
}

std::string describeGraph(const std::shared_ptr<const Graph>& g)
{
    return g ? fmt::format("<graph '{}', {} nodes>", g->name(), g->nodes().size()) : "<graph>";
}

} // namespace

std::string Attribute::toDisplayString(size_t maxItems) const
{
    switch (type) {
    case AttributeType::Float:
        return fmt::format("{}", f);
    case AttributeType::Int:
        return std::to_string(i);
    case AttributeType::String:
        return "'" + s + "'";
    case AttributeType::Tensor:
        return describeTensor(t);
    case AttributeType::Graph:
        return describeGraph(g);
    case AttributeType::Floats:
        return joinList(floats, maxItems, [](float v) { return fmt::format("{}", v); });
    case AttributeType::Ints:
        return joinList(ints, maxItems, [](int64_t v) { return std::to_string(v); });
    case AttributeType::Strings:
        return joinList(strings, maxItems, [](const std::string& v) { return "'" + v + "'"; });
    case AttributeType::Tensors:
        return joinList(tensors, maxItems, describeTensor);
    case AttributeType::Graphs:
        return joinList(graphs, maxItems, describeGraph);
    case AttributeType::Undefined:
        break;
    }
    return "?";
}

} // namespace qs
