// SPDX-License-Identifier: MIT
// quantscope-cli sysinfo: the machine facts that decide whether INT8 can be fast here.
#include "command.h"

#include <quantscope/engine/run_file.h>
#include <quantscope/engine/system_info.h>

#include <fmt/format.h>

namespace qs::cli {

void printSysinfoHelp()
{
    fmt::print("Usage: quantscope-cli sysinfo [--json]\n\n"
               "CPU vendor and model, cores, caches, ISA features (SSE4.1 ... AVX-512 VNNI, AVX-VNNI, AMX, NEON,\n"
               "dotprod, i8mm, SVE), OS, compiler, Quantscope version and git revision, oneDNN version and the ISA\n"
               "it dispatches to.\n\n"
               "  --json    print the machine object of the run file format (engine/RUN_FILE_FORMAT.md)\n");
}

int runSysinfo(std::span<char* const> args)
{
    bool json = false;
    for (std::string_view a : args) {
        if (a == "--json") {
            json = true;
        } else {
            fmt::print(stderr, "quantscope-cli sysinfo: unknown option '{}'\n", a);
            return 2;
        }
    }
    const SystemInfo info = collectSystemInfo();
    fmt::print("{}", json ? systemInfoToJson(info) : formatSystemInfo(info));
    return 0;
}

extern const Command kSysinfoCommand { "sysinfo", "CPU, ISA features (VNNI, dotprod, ...), OS, compiler, oneDNN",
    runSysinfo, printSysinfoHelp };

} // namespace qs::cli
