// SPDX-License-Identifier: MIT
// Sub-commands of quantscope-cli. Each lives in its own cmd_<name>.cpp and is listed in main.cpp's table.
#pragma once

#include <span>
#include <string_view>

namespace qs::cli {

struct Command
{
    std::string_view name;
    std::string_view summary; ///< one line for `quantscope-cli --help`
    /// Runs with the arguments after the command name; returns the process exit code (0 ok, 1 failure, 2 usage).
    int (*run)(std::span<char* const> args);
    void (*printHelp)();
};

} // namespace qs::cli
