// SPDX-License-Identifier: MIT
#include <quantscope/engine/execution_mode.h>

namespace qs {

std::string_view executionModeName(ExecutionMode mode) noexcept
{
    return mode == ExecutionMode::AsWritten ? "as-written" : "optimized";
}

std::optional<ExecutionMode> parseExecutionMode(std::string_view name) noexcept
{
    for (ExecutionMode m : { ExecutionMode::AsWritten, ExecutionMode::Optimized })
        if (executionModeName(m) == name)
            return m;
    return std::nullopt;
}

} // namespace qs
