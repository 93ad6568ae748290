// SPDX-License-Identifier: MIT
// quantscope-cli: the headless front end. Dispatches to sub-commands; links only the engine.
#include "command.h"

#include <quantscope/engine/openmp_policy.h>
#include <quantscope/engine/version.h>

#include <fmt/format.h>

#include <array>
#include <string_view>

namespace qs::cli {
// Sub-command entry points, one file each.
extern const Command kBenchCommand;
extern const Command kCheckCommand;
extern const Command kCompareCommand;
extern const Command kImportOrtProfileCommand;
extern const Command kInspectCommand;
extern const Command kOpsCommand;
extern const Command kPlanCommand;
extern const Command kParityCommand;
extern const Command kQuantizeCommand;
extern const Command kReportCommand;
extern const Command kRuntimesCommand;
extern const Command kSysinfoCommand;
extern const Command kTargetsCommand;
} // namespace qs::cli

namespace {

using qs::cli::Command;

// Keep alphabetical; `--help` prints them in this order.
const std::array kCommands {
    qs::cli::kBenchCommand,
    qs::cli::kCheckCommand,
    qs::cli::kCompareCommand,
    qs::cli::kImportOrtProfileCommand,
    qs::cli::kInspectCommand,
    qs::cli::kOpsCommand,
    qs::cli::kParityCommand,
    qs::cli::kPlanCommand,
    qs::cli::kQuantizeCommand,
    qs::cli::kReportCommand,
    qs::cli::kRuntimesCommand,
    qs::cli::kSysinfoCommand,
    qs::cli::kTargetsCommand,
};

void printUsage()
{
    fmt::print("Usage: quantscope-cli COMMAND [OPTIONS]\n\n"
               "Is INT8 faster than FP32 for an ONNX model on this machine, and if not, why?\n\n"
               "Commands:\n");
    for (const Command& c : kCommands)
        fmt::print("  {:<20} {}\n", c.name, c.summary);
    fmt::print("\nGlobal options:\n"
               "  -h, --help           show this help, or a command's help with COMMAND --help\n"
               "  -V, --version        show the version\n");
}

} // namespace

int main(int argc, char** argv)
{
    qs::applyOpenMpWaitPolicy(argv);
    if (argc < 2) {
        printUsage();
        return 2;
    }
    const std::string_view first = argv[1];
    if (first == "--version" || first == "-V") {
        fmt::print("quantscope-cli {} (git {})\n", qs::versionString(), qs::gitRevision());
        return 0;
    }
    if (first == "--help" || first == "-h" || first == "help") {
        printUsage();
        return 0;
    }
    for (const Command& c : kCommands) {
        if (c.name != first)
            continue;
        std::span<char* const> rest(argv + 2, static_cast<size_t>(argc - 2));
        for (std::string_view a : rest) {
            if (a == "--help" || a == "-h") {
                c.printHelp();
                return 0;
            }
        }
        return c.run(rest);
    }
    fmt::print(stderr, "quantscope-cli: unknown command '{}'. Run 'quantscope-cli --help' for the list.\n", first);
    return 2;
}
