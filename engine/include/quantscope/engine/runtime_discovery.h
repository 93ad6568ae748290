// SPDX-License-Identifier: MIT
// Finds the ONNX Runtime adapters this machine can run: Node's onnxruntime-node (a configured folder, NODE_PATH,
// or Quantscope's cache folder) and Python's onnxruntime (`python3 -c "import onnxruntime"`).
#pragma once

#include <quantscope/engine/runtime_adapter.h>

#include <filesystem>
#include <string>
#include <vector>

namespace qs {

struct RuntimeDiscoveryOptions
{
    /// A configured onnxruntime-node: the package folder itself or a folder holding node_modules/onnxruntime-node.
    /// Empty: the QS_ORT_NODE environment variable, if set.
    std::string nodeModulePath;
    std::string nodeCommand = "node";
    std::string pythonCommand = "python3";
    /// Where the adapter scripts are; empty: findAdapterDirectory().
    std::string adapterDirectory;
    bool probeNode = true;
    bool probePython = true;
};

struct DiscoveredRuntime
{
    std::string adapter; ///< "node", "python"
    bool available = false;
    RuntimeAdapterSpec spec; ///< how to start it, when available
    std::string location; ///< the onnxruntime-node folder, or the python command
    std::string detail; ///< why it is not available, or what was found
    bool verifiedHere = false; ///< false for the Python adapter: not tested against a real onnxruntime here
};

/// The folder holding ort_adapter.js / ort_adapter.py: $QS_ADAPTER_DIR, else <exe>/../share/quantscope/adapters,
/// else the source tree's resources/adapters (for builds run in place). Empty when none exists.
std::filesystem::path findAdapterDirectory();

/// Quantscope's default cache folder for an npm-installed onnxruntime-node: $QS_ORT_CACHE, else
/// $XDG_CACHE_HOME/quantscope/ort, else ~/.cache/quantscope/ort.
std::filesystem::path defaultOrtCacheDirectory();

/// Probes both adapters (each probe starts the interpreter once to import the package, well under a second).
/// Order: node, then python.
std::vector<DiscoveredRuntime> discoverRuntimeAdapters(const RuntimeDiscoveryOptions& options = {});

/// The first available adapter (node preferred: it is the verified one), or an error that says what was tried and
/// how to get one.
Result<RuntimeAdapterSpec> findOrtAdapter(const RuntimeDiscoveryOptions& options = {});

/// How to get an ONNX Runtime for Quantscope, several lines of English.
std::string ortInstallHint();

} // namespace qs
