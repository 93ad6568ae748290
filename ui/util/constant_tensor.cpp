// SPDX-License-Identifier: MIT
#include "constant_tensor.h"

namespace qs::ui {

const Tensor* constantTensor(const Graph& graph, ValueId value)
{
    if (value == kNoValue)
        return nullptr;
    if (const Tensor* t = graph.constantData(value))
        return t;
    const NodeId p = graph.producer(value);
    if (p == kNoNode)
        return nullptr;
    const Node& n = graph.node(p);
    if (n.opType != "Constant" || !n.domain.empty())
        return nullptr;
    const Attribute* a = n.attribute("value");
    return a && a->type == AttributeType::Tensor ? &a->t : nullptr;
}

} // namespace qs::ui
