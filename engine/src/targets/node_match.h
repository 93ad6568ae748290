// SPDX-License-Identifier: MIT
// One node against one table: the table's own verdict, before EP fallback to the CPU table is considered.
#pragma once

#include <quantscope/engine/targets.h>

#include <string>
#include <vector>

namespace qs::targets {

struct TableVerdict
{
    NodeVerdict verdict = NodeVerdict::Unknown;
    std::string reason;
    const TargetOperator* entry = nullptr; ///< the matched entry, when the table lists the operator
};

/// What `table` says about `node`, by operator, version and element types, exactly as the README's
/// `unlisted_op` / `unmatched_version_or_type` define it.
TableVerdict judgeNode(const Graph& graph, const Node& node, const TargetTable& table);

struct RestrictionCheck
{
    std::vector<std::string> failures; ///< restrictions the node breaks (fail at run time)
    std::vector<std::string> unchecked; ///< the entry's constraints that could not be checked: shown as conditions
};

/// The entry's constraints against the node. Only restrictions Quantscope knows how to check (ConvInteger's
/// per-tensor zero points) are checked; the rest are passed on as conditions.
RestrictionCheck checkRestrictions(const Graph& graph, const Node& node, const TargetOperator& entry);

} // namespace qs::targets
