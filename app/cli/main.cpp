// SPDX-License-Identifier: MIT
// quantscope-cli: the headless front end. Dispatches to sub-commands; links only the engine.
#include "command.h"

#include <quantscope/engine/version.h>

#include <fmt/format.h>

#include <array>
#include <string_view>

namespace qs::cli {
// Sub-command entry points, one file each.
int runBench(std::span<char* const> args);
void printBenchHelp();
int runImportOrtProfile(std::span<char* const> args);
void printImportOrtProfileHelp();
int runReport(std::span<char* const> args);
void printReportHelp();
int runSysinfo(std::span<char* const> args);
void printSysinfoHelp();
} // namespace qs::cli

namespace {

using qs::cli::Command;

// Keep alphabetical; `--help` prints them in this order.
const std::array kCommands {
    Command { "bench", "time models (FP32 vs INT8) over threads and modes; run file and report", qs::cli::runBench,
        qs::cli::printBenchHelp },
    Command { "import-ort-profile", "read an ONNX Runtime profile into per-node and per-op-type time",
        qs::cli::runImportOrtProfile, qs::cli::printImportOrtProfileHelp },
    Command { "report", "the Markdown report of a run file", qs::cli::runReport, qs::cli::printReportHelp },
    Command { "sysinfo", "CPU, ISA features (VNNI, dotprod, ...), OS, compiler, oneDNN", qs::cli::runSysinfo,
        qs::cli::printSysinfoHelp },
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
