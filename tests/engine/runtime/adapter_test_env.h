// SPDX-License-Identifier: MIT
// Where the runtime adapter tests find their adapters: onnxruntime-node from QS_ORT_NODE (ctest sets it to the
// cache folder the ort_node_setup test fills with npm), Python with numpy plus the fake onnxruntime module.
#pragma once

#include <quantscope/engine/runtime_discovery.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace qs::test {

/// The node adapter when onnxruntime-node is installed, else nullopt and `why`.
inline std::optional<RuntimeAdapterSpec> nodeAdapter(std::string* why = nullptr)
{
    RuntimeDiscoveryOptions o;
    o.probePython = false;
    o.adapterDirectory = QS_ADAPTER_DIR;
    const char* env = std::getenv("QS_ORT_NODE");
    if (!env || !*env) {
        if (why)
            *why = "QS_ORT_NODE is not set (ctest sets it to the folder the ort_node_setup test installs into)";
        return std::nullopt;
    }
    o.nodeModulePath = env;
    const auto found = discoverRuntimeAdapters(o);
    if (found.empty() || !found[0].available) {
        if (why)
            *why = found.empty() ? "no node probe" : found[0].detail;
        return std::nullopt;
    }
    return found[0].spec;
}

/// The Python adapter on the fake onnxruntime module, with the first interpreter that has numpy.
inline std::optional<RuntimeAdapterSpec> fakePythonAdapter(std::string* why = nullptr)
{
    std::string candidates[]
        = { std::getenv("QS_TEST_PYTHON") ? std::getenv("QS_TEST_PYTHON") : "", "python3", "/usr/bin/python3" };
    for (const std::string& py : candidates) {
        if (py.empty())
            continue;
        const std::string cmd = "'" + py + "' -c 'import numpy' >/dev/null 2>&1";
        if (std::system(cmd.c_str()) == 0)
            return RuntimeAdapterSpec { "python", { py, std::string(QS_ADAPTER_DIR) + "/ort_adapter.py" },
                { { "PYTHONPATH", QS_FAKE_ORT_DIR } } };
    }
    if (why)
        *why = "no python3 with numpy (Debian: apt-get install python3-numpy; .ci/install-deps does)";
    return std::nullopt;
}

} // namespace qs::test
