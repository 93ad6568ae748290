// SPDX-License-Identifier: MIT
// Finding the constant data behind a graph value, wherever the exporter put it.
#pragma once

#include <quantscope/engine/graph.h>

namespace qs::ui {

/// The constant data behind a value: an initializer, or the output of a Constant node (as PyTorch writes weights
/// and quantization parameters). nullptr otherwise.
const Tensor* constantTensor(const Graph& graph, ValueId value);

} // namespace qs::ui
