// SPDX-License-Identifier: MIT
#include "constant_tensor.h"

namespace qs::ui {

const Tensor* constantTensor(const Graph& graph, ValueId value)
{
    // PyTorch also routes initializers through Identity nodes; follow short chains of those.
    for (int hops = 0; hops < 8 && value != kNoValue; ++hops) {
        if (const Tensor* t = graph.constantData(value))
            return t;
        const NodeId p = graph.producer(value);
        if (p == kNoNode)
            return nullptr;
        const Node& n = graph.node(p);
        if (!n.domain.empty())
            return nullptr;
        if (n.opType == "Identity") {
            value = n.input(0);
            continue;
        }
        if (n.opType != "Constant")
            return nullptr;
        const Attribute* a = n.attribute("value");
        return a && a->type == AttributeType::Tensor ? &a->t : nullptr;
    }
    return nullptr;
}

} // namespace qs::ui
