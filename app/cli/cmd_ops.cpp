// SPDX-License-Identifier: MIT
// `quantscope-cli ops`: the operators the engine can run, by domain and opset range.
#include "command.h"

#include <quantscope/engine/session.h>

#include <fmt/format.h>

#include <algorithm>

namespace qs::cli {

namespace {

int runOps(std::span<char* const> args)
{
    std::vector<SupportedOp> ops = supportedOps();
    std::stable_sort(ops.begin(), ops.end(), [](const SupportedOp& a, const SupportedOp& b) {
        return std::tie(a.domain, a.opType, a.sinceVersion) < std::tie(b.domain, b.opType, b.sinceVersion);
    });
    std::string domain = "\x01";
    for (const SupportedOp& op : ops) {
        if (op.domain != domain) {
            domain = op.domain;
            fmt::print("{}domain {}:\n", &op == &ops.front() ? "" : "\n", domain.empty() ? "ai.onnx" : domain);
        }
        const std::string range = op.untilVersion ? fmt::format("{}..{}", op.sinceVersion, op.untilVersion)
                                                  : fmt::format("{}..", op.sinceVersion);
        fmt::print("  {:<24} opset {:<8} {:<8} {}\n", op.opType, range, op.implementation, op.notes);
    }
    fmt::print("\n{} operator registrations\n", ops.size());
    return 0;
}

void printOpsHelp()
{
    fmt::print("Usage: quantscope-cli ops\n\nLists the operators the engine implements: domain, op type, the opset\n"
               "range it covers, the implementation family (onednn, cpu) and notes on types and limits.\n");
}

} // namespace

extern const Command kOpsCommand { "ops", "list the operators the engine supports", runOps, printOpsHelp };

} // namespace qs::cli
