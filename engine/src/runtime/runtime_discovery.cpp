// SPDX-License-Identifier: MIT
#include "child_process.h"

#include <quantscope/engine/runtime_discovery.h>

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace qs {

namespace fs = std::filesystem;

namespace {

std::string envOr(const char* name, const std::string& fallback = {})
{
    const char* v = std::getenv(name);
    return v && *v ? std::string(v) : fallback;
}

/// Runs a probe command and returns its first stdout line, or the error with the command's stderr.
Result<std::string> probe(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env)
{
    auto child = runtime::ChildProcess::start(argv, env);
    if (!child)
        return child.status();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    auto line = (*child)->readLine([&] { return std::chrono::steady_clock::now() > deadline; });
    if (!line && line.status().isCancelled())
        return Status(StatusCode::IoError, fmt::format("'{}' did not answer within 30 s", argv[0]));
    if (!line) {
        // The interpreter's last stderr line says it best ("ModuleNotFoundError: No module named 'onnxruntime'").
        std::string tail = (*child)->stderrTail();
        while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r'))
            tail.pop_back();
        const size_t nl = tail.rfind('\n');
        return Status(StatusCode::NotFound, tail.empty() ? line.status().message() : tail.substr(nl + 1));
    }
    return line;
}

/// The onnxruntime-node package folder under `candidate` (the package itself or a folder with node_modules/).
std::optional<fs::path> packageFolder(const fs::path& candidate)
{
    std::error_code ec;
    for (const fs::path& p : { candidate, candidate / "node_modules" / "onnxruntime-node" }) {
        std::ifstream pkg(p / "package.json");
        std::string text((std::istreambuf_iterator<char>(pkg)), {});
        if (text.find("\"name\": \"onnxruntime-node\"") != std::string::npos
            || text.find("\"name\":\"onnxruntime-node\"") != std::string::npos)
            return fs::canonical(p, ec);
    }
    return std::nullopt;
}

/// The runtime was found: completes `r` when the adapter script exists too (the interpreter command gets it).
DiscoveredRuntime withScript(DiscoveredRuntime r, const fs::path& script, RuntimeAdapterSpec spec, std::string found)
{
    std::error_code ec;
    if (script.parent_path().empty() || !fs::exists(script, ec)) {
        r.detail = fmt::format(
            "{} (but the adapter script {} was not found; set QS_ADAPTER_DIR)", found, script.filename().string());
        return r;
    }
    spec.command.push_back(script.string());
    r.available = true;
    r.detail = std::move(found);
    r.spec = std::move(spec);
    return r;
}

DiscoveredRuntime probeNode(const RuntimeDiscoveryOptions& options, const fs::path& adapterDir)
{
    DiscoveredRuntime r;
    r.adapter = "node";
    r.verifiedHere = true;
    std::vector<std::pair<fs::path, std::string>> candidates; // folder, where the candidate came from
    const std::string configured = options.nodeModulePath.empty() ? envOr("QS_ORT_NODE") : options.nodeModulePath;
    if (!configured.empty())
        candidates.emplace_back(configured, "configured");
    const std::string nodePath = envOr("NODE_PATH");
    for (size_t start = 0; start < nodePath.size();) {
        const size_t colon = nodePath.find(':', start);
        const std::string entry
            = nodePath.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
        if (!entry.empty())
            candidates.emplace_back(fs::path(entry) / "onnxruntime-node", "NODE_PATH");
        if (colon == std::string::npos)
            break;
        start = colon + 1;
    }
    candidates.emplace_back(defaultOrtCacheDirectory(), "cache folder");

    std::vector<std::string> tried;
    std::optional<fs::path> package;
    for (const auto& [folder, origin] : candidates) {
        package = packageFolder(folder);
        tried.push_back(fmt::format("{} ({})", folder.string(), origin));
        if (package)
            break;
    }
    if (!package) {
        r.detail = fmt::format("onnxruntime-node not found in: {}", fmt::join(tried, ", "));
        return r;
    }
    r.location = package->string();
    const std::map<std::string, std::string> env { { "QS_ORT_NODE_MODULE", r.location } };
    auto version = probe({ options.nodeCommand, "-e",
                             "const p=process.env.QS_ORT_NODE_MODULE;require(p);"
                             "console.log(require(p+'/package.json').version+' (node '+process.version+')')" },
        env);
    if (!version) {
        r.detail = fmt::format("{} could not load {}: {}", options.nodeCommand, r.location, version.status().message());
        return r;
    }
    std::string found = fmt::format("onnxruntime-node {} at {}", *version, r.location);
    return withScript(std::move(r), adapterDir / "ort_adapter.js",
        RuntimeAdapterSpec { "node", { options.nodeCommand }, env }, std::move(found));
}

DiscoveredRuntime probePython(const RuntimeDiscoveryOptions& options, const fs::path& adapterDir)
{
    DiscoveredRuntime r;
    r.adapter = "python";
    r.verifiedHere = false;
    r.location = options.pythonCommand;
    auto version = probe({ options.pythonCommand, "-c",
                             "import onnxruntime, numpy, platform; "
                             "print(onnxruntime.__version__ + ' (python ' + platform.python_version() + ')')" },
        {});
    if (!version) {
        r.detail
            = fmt::format("{} -c \"import onnxruntime\" failed: {}", options.pythonCommand, version.status().message());
        return r;
    }
    std::string found = fmt::format("onnxruntime {} via {}", *version, options.pythonCommand);
    return withScript(std::move(r), adapterDir / "ort_adapter.py",
        RuntimeAdapterSpec { "python", { options.pythonCommand }, {} }, std::move(found));
}

} // namespace

fs::path findAdapterDirectory()
{
    std::error_code ec;
    if (const std::string dir = envOr("QS_ADAPTER_DIR"); !dir.empty())
        return dir;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path().parent_path() / "share" / "quantscope" / "adapters";
        if (fs::exists(installed / "ort_adapter.js", ec))
            return installed;
    }
#ifdef QS_SOURCE_ADAPTER_DIR
    if (fs::exists(fs::path(QS_SOURCE_ADAPTER_DIR) / "ort_adapter.js", ec))
        return QS_SOURCE_ADAPTER_DIR;
#endif
    return {};
}

fs::path defaultOrtCacheDirectory()
{
    if (const std::string dir = envOr("QS_ORT_CACHE"); !dir.empty())
        return dir;
    if (const std::string xdg = envOr("XDG_CACHE_HOME"); !xdg.empty())
        return fs::path(xdg) / "quantscope" / "ort";
    return fs::path(envOr("HOME", "/tmp")) / ".cache" / "quantscope" / "ort";
}

std::vector<DiscoveredRuntime> discoverRuntimeAdapters(const RuntimeDiscoveryOptions& options)
{
    const fs::path dir = options.adapterDirectory.empty() ? findAdapterDirectory() : fs::path(options.adapterDirectory);
    std::vector<DiscoveredRuntime> found;
    if (options.probeNode)
        found.push_back(probeNode(options, dir));
    if (options.probePython)
        found.push_back(probePython(options, dir));
    return found;
}

Result<RuntimeAdapterSpec> findOrtAdapter(const RuntimeDiscoveryOptions& options)
{
    const auto found = discoverRuntimeAdapters(options);
    std::string tried;
    for (const DiscoveredRuntime& r : found) {
        if (r.available)
            return r.spec;
        tried += fmt::format("\n  {}: {}", r.adapter, r.detail);
    }
    return Status(StatusCode::NotFound, fmt::format("no ONNX Runtime found:{}\n{}", tried, ortInstallHint()));
}

std::string ortInstallHint()
{
    return fmt::format(
        "To get one:\n"
        "  Node:   mkdir -p {0} && cd {0} && npm install --ignore-scripts onnxruntime-node@1.30.0\n"
        "          (or point QS_ORT_NODE / --ort-node at an onnxruntime-node folder; NODE_PATH is searched too)\n"
        "  Python: pip install onnxruntime   (the Python adapter has not been verified against a real installation\n"
        "          on Quantscope's build machines)",
        defaultOrtCacheDirectory().string());
}

} // namespace qs
