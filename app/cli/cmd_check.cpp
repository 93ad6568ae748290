// SPDX-License-Identifier: MIT
// `quantscope-cli check CASE_DIR...`: runs ONNX backend-test-style cases through a Session and compares the outputs
// with the stored expectations (ONNX's conformance data, ONNX Runtime's outputs in ../shared/models).
#include "command.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace qs::cli {

namespace {

namespace fs = std::filesystem;

// Documented defaults (README, --help): the ONNX backend tests use rtol 1e-3 / atol 1e-7; activations of real
// models pass through dozens of layers, so the absolute floor is 1e-4.
constexpr double kDefaultRtol = 1e-3;
constexpr double kDefaultAtol = 1e-4;

struct Options
{
    std::vector<fs::path> cases;
    ExecutionMode mode = ExecutionMode::Optimized;
    int threads = 1;
    Int8KernelOptions int8; ///< from the environment's A/B switches (int8_kernel_options.h)
    bool json = false;
    double rtol = kDefaultRtol;
    double atol = kDefaultAtol;
    fs::path expectedFailures;
};

enum class Verdict
{
    Pass,
    Fail,
    Unsupported,
    ExpectedFail,
    UnexpectedPass
};

struct CaseResult
{
    std::string name;
    Verdict verdict = Verdict::Pass;
    std::string detail;
    std::string output;
    double maxAbs = 0.0;
    double maxRel = 0.0;
    double maxExpected = 0.0; ///< largest |expected| value: puts atol into perspective
    std::vector<std::string> unsupportedOps;
};

std::vector<fs::path> numberedFiles(const fs::path& dir, const std::string& prefix)
{
    std::vector<std::pair<int, fs::path>> files;
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.rfind(prefix, 0) == 0 && e.path().extension() == ".pb")
            files.emplace_back(std::atoi(name.c_str() + prefix.size()), e.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<fs::path> out;
    for (auto& f : files)
        out.push_back(f.second);
    return out;
}

/// Compares one output; returns "" when within tolerance, else a description. Updates max errors.
std::string compare(const HostTensor& actual, const Tensor& expected, double rtol, double atol, double& maxAbs,
    double& maxRel, double& maxExpected)
{
    if (actual.dataType() != expected.dataType())
        return fmt::format(
            "type {} but expected {}", dataTypeName(actual.dataType()), dataTypeName(expected.dataType()));
    if (actual.dims() != expected.dims())
        return fmt::format("shape {} but expected {}", formatDims(actual.dims()), formatDims(expected.dims()));
    const bool isFloat = isFloatingPoint(expected.dataType());
    int64_t bad = 0;
    int64_t firstBad = -1;
    for (int64_t i = 0; i < expected.elementCount(); ++i) {
        const double a = actual.valueAsDouble(i);
        const double b = expected.valueAsDouble(i);
        if (isFloat) {
            if (std::isnan(a) && std::isnan(b))
                continue;
            if (std::isinf(a) || std::isinf(b)) {
                if (a != b && ++bad == 1)
                    firstBad = i;
                continue;
            }
            const double diff = std::fabs(a - b);
            maxExpected = std::max(maxExpected, std::fabs(b));
            maxAbs = std::max(maxAbs, diff);
            if (b != 0.0)
                maxRel = std::max(maxRel, diff / std::fabs(b));
            if (!(diff <= atol + rtol * std::fabs(b)) && ++bad == 1)
                firstBad = i;
        } else if (a != b) {
            maxAbs = std::max(maxAbs, std::fabs(a - b));
            if (++bad == 1)
                firstBad = i;
        }
    }
    if (!bad)
        return {};
    return fmt::format("{} of {} elements differ (first at {}: {} vs expected {})", bad, expected.elementCount(),
        firstBad, actual.valueAsDouble(firstBad), expected.valueAsDouble(firstBad));
}

CaseResult runCase(const fs::path& dir, const Options& opt)
{
    CaseResult r;
    r.name = dir.filename().string();
    if (r.name.empty())
        r.name = dir.parent_path().filename().string();
    auto fail = [&](std::string detail) {
        r.verdict = Verdict::Fail;
        r.detail = std::move(detail);
        return r;
    };
    auto model = loadModel(dir / "model.onnx");
    if (!model)
        return fail(model.status().toString());
    const Graph& g = (*model)->graph();
    auto unsupportedCase = [&](std::string what) {
        r.verdict = Verdict::Unsupported;
        r.unsupportedOps.push_back(what);
        r.detail = std::move(what);
        return r;
    };
    for (ValueId id : g.inputs()) {
        const Value& v = g.value(id);
        if (v.type.elementType == DataType::Undefined || v.type.elementType == DataType::String)
            return unsupportedCase(fmt::format("input '{}' of type {} (only numeric tensors)", v.name,
                v.type.elementType == DataType::String ? "string" : "sequence/map"));
    }

    std::vector<fs::path> sets;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.is_directory() && e.path().filename().string().rfind("test_data_set_", 0) == 0)
            sets.push_back(e.path());
    std::sort(sets.begin(), sets.end());
    if (sets.empty())
        return fail("no test_data_set_* directory");

    std::unique_ptr<Session> session;
    std::string preparedKey;
    bool boundFloats = false;
    for (const fs::path& set : sets) {
        std::vector<HostTensor> inputs;
        std::map<std::string, std::vector<int64_t>> shapes;
        std::map<std::string, Tensor> constants;
        std::map<std::string, Tensor> floatConstants; // small float inputs, bound only if shapes depend on data
        std::vector<std::string> inputNames;
        std::string key; // shapes and constant-input values the session was prepared for
        const auto inputFiles = numberedFiles(set, "input_");
        if (inputFiles.size() != g.inputs().size())
            return fail(fmt::format("{}: {} input files for {} graph inputs", set.filename().string(),
                inputFiles.size(), g.inputs().size()));
        for (size_t i = 0; i < inputFiles.size(); ++i) {
            auto t = loadTensorFile(inputFiles[i]);
            if (!t) // sequence and optional test data are other protos than TensorProto
                return unsupportedCase(fmt::format("input data that is not a plain tensor ({})", t.status().message()));
            auto host = HostTensor::fromTensor(*t);
            if (!host)
                return unsupportedCase(host.status().message());
            const std::string& name = g.value(g.inputs()[i]).name;
            key += name + "=" + formatDims(t->dims()) + ";";
            // Small integer inputs are shape-like (Reshape's shape, Slice's starts, TopK's k): the engine plans
            // for static shapes, so they are bound at preparation like any constant.
            if ((t->dataType() == DataType::Int64 || t->dataType() == DataType::Int32) && t->elementCount() <= 64) {
                for (int64_t k = 0; k < t->elementCount(); ++k)
                    key += std::to_string(t->valueAsDouble(k)) + ",";
                constants[name] = *t;
                continue;
            }
            if (t->elementCount() <= 64 && isFloatingPoint(t->dataType()))
                floatConstants[name] = *t;
            shapes[name] = t->dims();
            inputs.push_back(std::move(host).value());
            inputNames.push_back(name);
        }
        if (!session || key != preparedKey) {
            SessionOptions so;
            so.threads = opt.threads;
            so.mode = opt.mode;
            so.int8 = opt.int8;
            so.inputShapes = shapes;
            so.constantInputs = constants;
            std::vector<UnsupportedNode> unsupported;
            auto created = Session::create(*model, so, &unsupported);
            const bool dataDependent
                = std::any_of(unsupported.begin(), unsupported.end(), [](const UnsupportedNode& u) {
                      return u.reason.find("data-dependent") != std::string::npos
                          || u.reason.find("must be constant") != std::string::npos;
                  });
            if (!created && dataDependent && !floatConstants.empty()) {
                // Small float inputs (Resize scales, Clip bounds) may also decide shapes: prepare with them fixed.
                for (auto& [name, t] : floatConstants) {
                    so.inputShapes.erase(name);
                    so.constantInputs[name] = t;
                }
                unsupported.clear();
                created = Session::create(*model, so, &unsupported);
                if (created)
                    boundFloats = true;
            }
            if (!created) {
                if (created.status().code() == StatusCode::Unsupported) {
                    r.verdict = Verdict::Unsupported;
                    std::set<std::string> ops;
                    for (const UnsupportedNode& u : unsupported)
                        ops.insert(fmt::format("{} ({})", u.qualifiedOpType, u.reason));
                    r.unsupportedOps.assign(ops.begin(), ops.end());
                    r.detail = created.status().message();
                    return r;
                }
                return fail(created.status().toString());
            }
            session = std::move(created).value();
            preparedKey = key;
        }
        if (boundFloats) { // the session no longer takes the inputs it holds as constants
            std::vector<HostTensor> kept;
            for (size_t i = 0; i < inputs.size(); ++i)
                if (!floatConstants.count(inputNames[i]))
                    kept.push_back(std::move(inputs[i]));
            inputs = std::move(kept);
        }
        auto outputs = session->run(inputs);
        if (!outputs)
            return fail(outputs.status().toString());
        const auto outputFiles = numberedFiles(set, "output_");
        if (outputFiles.size() != outputs->size())
            return fail(fmt::format("{} outputs, {} expected", outputs->size(), outputFiles.size()));
        for (size_t o = 0; o < outputFiles.size(); ++o) {
            auto expected = loadTensorFile(outputFiles[o]);
            if (!expected)
                return unsupportedCase(
                    fmt::format("expected output that is not a plain tensor ({})", expected.status().message()));
            const std::string problem
                = compare((*outputs)[o], *expected, opt.rtol, opt.atol, r.maxAbs, r.maxRel, r.maxExpected);
            if (!problem.empty()) {
                r.output = session->outputs()[o].name;
                return fail(fmt::format("{}: output '{}': {}", set.filename().string(), r.output, problem));
            }
        }
    }
    return r;
}

/// "case_name  # reason" per line; '#' starts a comment.
std::map<std::string, std::string> readExpectedFailures(const fs::path& file, std::string& error)
{
    std::map<std::string, std::string> out;
    std::ifstream in(file);
    if (!in) {
        error = fmt::format("cannot read {}", file.string());
        return out;
    }
    std::string line;
    while (std::getline(in, line)) {
        const size_t hash = line.find('#');
        std::string name = line.substr(0, hash);
        name.erase(name.find_last_not_of(" \t\r") + 1);
        name.erase(0, name.find_first_not_of(" \t"));
        if (name.empty())
            continue;
        out[name] = hash == std::string::npos ? "" : line.substr(hash + 1);
    }
    return out;
}

std::string_view verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return "PASS";
    case Verdict::Fail:
        return "FAIL";
    case Verdict::Unsupported:
        return "UNSUPPORTED";
    case Verdict::ExpectedFail:
        return "XFAIL";
    case Verdict::UnexpectedPass:
        return "XPASS";
    }
    return "?";
}

int runCheck(std::span<char* const> args)
{
    Options opt;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        auto next = [&]() -> const char* { return i + 1 < args.size() ? args[++i] : nullptr; };
        if (a == "--mode") {
            const char* v = next();
            if (const std::optional<ExecutionMode> mode = v ? parseExecutionMode(v) : std::nullopt)
                opt.mode = *mode;
            else {
                fmt::print(stderr, "check: --mode takes as-written or optimized\n");
                return 2;
            }
        } else if (a == "--threads") {
            const char* v = next();
            opt.threads = v ? std::atoi(v) : 0;
            if (opt.threads < 1) {
                fmt::print(stderr, "check: --threads takes a positive number\n");
                return 2;
            }
        } else if (a == "--json") {
            opt.json = true;
        } else if (a == "--rtol" || a == "--atol") {
            const char* v = next();
            if (!v) {
                fmt::print(stderr, "check: {} takes a number\n", a);
                return 2;
            }
            (a == "--rtol" ? opt.rtol : opt.atol) = std::atof(v);
        } else if (a == "--expected-failures") {
            const char* v = next();
            if (!v) {
                fmt::print(stderr, "check: --expected-failures takes a file\n");
                return 2;
            }
            opt.expectedFailures = v;
        } else if (a.starts_with("--")) {
            fmt::print(stderr, "check: unknown option {}\n", a);
            return 2;
        } else {
            opt.cases.emplace_back(std::string(a));
        }
    }
    if (opt.cases.empty()) {
        fmt::print(stderr, "check: no case directories given\n");
        return 2;
    }
    auto int8 = int8KernelOptionsFromEnvironment();
    if (!int8) {
        fmt::print(stderr, "check: {}\n", int8.status().message());
        return 2;
    }
    opt.int8 = *int8;
    std::map<std::string, std::string> expected;
    if (!opt.expectedFailures.empty()) {
        std::string error;
        expected = readExpectedFailures(opt.expectedFailures, error);
        if (!error.empty()) {
            fmt::print(stderr, "check: {}\n", error);
            return 2;
        }
    }

    int passed = 0, failed = 0, skipped = 0, xfailed = 0;
    nlohmann::json cases = nlohmann::json::array();
    for (const fs::path& dir : opt.cases) {
        CaseResult r = runCase(dir, opt);
        const auto ex = expected.find(r.name);
        if (ex != expected.end()) {
            if (r.verdict == Verdict::Fail)
                r.verdict = Verdict::ExpectedFail;
            else if (r.verdict == Verdict::Pass)
                r.verdict = Verdict::UnexpectedPass;
        }
        switch (r.verdict) {
        case Verdict::Pass:
            ++passed;
            break;
        case Verdict::Fail:
        case Verdict::UnexpectedPass:
            ++failed;
            break;
        case Verdict::ExpectedFail:
            ++xfailed;
            break;
        case Verdict::Unsupported:
            ++skipped;
            break;
        }
        if (opt.json) {
            cases.push_back({ { "case", r.name }, { "verdict", verdictName(r.verdict) }, { "detail", r.detail },
                { "output", r.output }, { "max_abs_error", r.maxAbs }, { "max_rel_error", r.maxRel },
                { "max_abs_expected", r.maxExpected }, { "unsupported_ops", r.unsupportedOps } });
            continue;
        }
        switch (r.verdict) {
        case Verdict::Pass:
            fmt::print("PASS {} (max abs error {:.3g}, max rel error {:.3g}, max |expected| {:.3g})\n", r.name,
                r.maxAbs, r.maxRel, r.maxExpected);
            break;
        case Verdict::Fail:
            fmt::print("FAIL {}: {} (max abs error {:.3g}, max rel error {:.3g}, max |expected| {:.3g})\n", r.name,
                r.detail, r.maxAbs, r.maxRel, r.maxExpected);
            break;
        case Verdict::Unsupported:
            fmt::print("UNSUPPORTED {}: {}\n", r.name, fmt::join(r.unsupportedOps, ", "));
            break;
        case Verdict::ExpectedFail:
            fmt::print("XFAIL {}: {} (expected:{})\n", r.name, r.detail, ex->second);
            break;
        case Verdict::UnexpectedPass:
            fmt::print("XPASS {}: passes but is listed as an expected failure; remove it from {}\n", r.name,
                opt.expectedFailures.string());
            break;
        }
    }
    if (opt.json) {
        nlohmann::json out { { "mode", executionModeName(opt.mode) }, { "threads", opt.threads }, { "rtol", opt.rtol },
            { "atol", opt.atol }, { "cases", cases }, { "passed", passed }, { "failed", failed },
            { "skipped", skipped }, { "expected_failures", xfailed } };
        fmt::print("{}\n", out.dump(2));
    } else {
        if (xfailed)
            fmt::print("{} expected failure(s) not counted\n", xfailed);
        fmt::print("{} passed, {} failed, {} skipped\n", passed, failed, skipped);
    }
    return failed ? 1 : 0;
}

void printCheckHelp()
{
    fmt::print(
        "Usage: quantscope-cli check CASE_DIR... [--mode as-written|optimized] [--threads N] [--json]\n"
        "                          [--rtol R] [--atol A] [--expected-failures FILE]\n\n"
        "Runs ONNX backend-test-style cases (CASE_DIR/model.onnx, CASE_DIR/test_data_set_*/input_*.pb and\n"
        "output_*.pb) and compares every output with the stored one. Floats pass when\n"
        "|actual - expected| <= atol + rtol * |expected| (defaults: rtol {}, atol {}); integers and bools must\n"
        "match exactly. Prints PASS, FAIL (with max abs/rel error and the output) or UNSUPPORTED (with the ops)\n"
        "per case and a last line 'N passed, N failed, N skipped'. Exit status 1 on any failure.\n\n"
        "  --mode MODE                 as-written or optimized (default optimized)\n"
        "  --threads N                 intra-op threads (default 1)\n"
        "  --json                      machine-readable output\n"
        "  --expected-failures FILE    case names (one per line, '# reason') whose failure is expected:\n"
        "                              reported as XFAIL; a listed case that passes is an error (XPASS)\n\n"
        "The int8 kernels' A/B switches QS_INT8_OWN_AVX2, QS_INT8_UNSPLIT, QS_INT8_QUAD_GROUPS and\n"
        "QS_CHANNEL_PAIRING are read from the environment (engine/include/quantscope/engine/int8_kernel_options.h).\n",
        kDefaultRtol, kDefaultAtol);
}

} // namespace

extern const Command kCheckCommand { "check", "run ONNX test cases and compare outputs with the expected ones",
    runCheck, printCheckHelp };

} // namespace qs::cli
