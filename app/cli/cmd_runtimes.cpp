// SPDX-License-Identifier: MIT
// quantscope-cli runtimes: which ONNX Runtime adapters this machine can run, and how to get one.
#include "command.h"

#include <quantscope/engine/runtime_discovery.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace qs::cli {

void printRuntimesHelp()
{
    fmt::print("Usage: quantscope-cli runtimes [--ort-node DIR] [--python CMD] [--json]\n\n"
               "Lists the runtimes 'bench --runtime' can measure besides Quantscope's engine: ONNX Runtime through\n"
               "onnxruntime-node (found in --ort-node / QS_ORT_NODE, NODE_PATH or the cache folder) or Python's\n"
               "onnxruntime (python3 -c \"import onnxruntime\"). Exits 1 when neither is found.\n");
}

int runRuntimes(std::span<char* const> args)
{
    RuntimeDiscoveryOptions options;
    bool json = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--ort-node" && i + 1 < args.size()) {
            options.nodeModulePath = args[++i];
        } else if (a == "--python" && i + 1 < args.size()) {
            options.pythonCommand = args[++i];
        } else if (a == "--json") {
            json = true;
        } else {
            fmt::print(stderr, "quantscope-cli runtimes: unexpected argument '{}'\n", a);
            return 2;
        }
    }
    const auto found = discoverRuntimeAdapters(options);
    bool any = false;
    for (const DiscoveredRuntime& r : found)
        any = any || r.available;
    if (json) {
        nlohmann::json list = nlohmann::json::array();
        for (const DiscoveredRuntime& r : found)
            list.push_back({ { "adapter", r.adapter }, { "available", r.available }, { "location", r.location },
                { "detail", r.detail }, { "verifiedHere", r.verifiedHere }, { "command", r.spec.command } });
        fmt::print("{}\n",
            nlohmann::json { { "adapters", list }, { "adapterDirectory", findAdapterDirectory().string() },
                { "cacheDirectory", defaultOrtCacheDirectory().string() } }
                .dump(2));
        return any ? 0 : 1;
    }
    for (const DiscoveredRuntime& r : found) {
        fmt::print("onnxruntime via {:6}  {}  {}{}\n", r.adapter, r.available ? "found    " : "not found", r.detail,
            r.verifiedHere ? "" : "\n                          (not verified against a real installation here)");
    }
    if (!any)
        fmt::print("\nNo ONNX Runtime found. {}\n", ortInstallHint());
    return any ? 0 : 1;
}

extern const Command kRuntimesCommand { "runtimes", "the ONNX Runtime adapters found on this machine, how to get one",
    runRuntimes, printRuntimesHelp };

} // namespace qs::cli
