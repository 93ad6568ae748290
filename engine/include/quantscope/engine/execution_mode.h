// SPDX-License-Identifier: MIT
// How a session runs a graph: as authored or rewritten. Its own header so that run records, plans and front ends can
// name a mode without the whole Session API; the words are the run file's and the CLI's (--mode).
#pragma once

#include <optional>
#include <string_view>

namespace qs {

enum class ExecutionMode
{
    AsWritten, ///< every authored node runs as one kernel, no graph rewrites: what a naive runtime does
    Optimized, ///< constant folding, Conv+BatchNormalization folding, Conv+activation fusion, blocked layouts
};
std::string_view executionModeName(ExecutionMode mode) noexcept; ///< "as-written", "optimized"
/// The mode a word names ("as-written", "optimized"); nullopt for any other word.
std::optional<ExecutionMode> parseExecutionMode(std::string_view name) noexcept;

} // namespace qs
