// SPDX-License-Identifier: MIT
// Tables whose rows stand for graph nodes (Hotspots, a target's nodes): moving through the rows with the keyboard
// follows in the graph, and a click or Enter centres the node again.
#pragma once

#include <quantscope/engine/graph.h>

#include <functional>

class QTableView;

namespace qs::ui {

/// Calls `request` with the node of the row that becomes current, is clicked or activated in `table`; the node id is
/// `nodeIdRole` of the row's first column (rows without a node, kNoNode, are ignored).
void followNodeRows(QTableView* table, int nodeIdRole, std::function<void(NodeId)> request);

} // namespace qs::ui
