// SPDX-License-Identifier: MIT
// `quantscope-cli parity REFERENCE.onnx CANDIDATE.onnx`: how far a quantized model's outputs and intermediate
// tensors stray from its float original on the same inputs, judged by SQNR and cosine (and absolute tolerances).
#include "cancel_progress.h"
#include "command.h"
#include "image_options.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/parity.h>

#include <fmt/format.h>

#include <charconv>
#include <string>

namespace qs::cli {

namespace {

void printHelp()
{
    fmt::print(
        "Usage: quantscope-cli parity REFERENCE.onnx CANDIDATE.onnx [OPTIONS]\n\n"
        "Runs both models on the same inputs and reports, per output and per intermediate tensor the two graphs\n"
        "share (by name, else by op type and shape in graph order): max and mean |difference|, RMSE, cosine\n"
        "similarity and SQNR (10*log10 of signal power over error power, the reference being the signal); for\n"
        "classifier outputs ([N, C]) top-1 and top-5 agreement with the reference's arg max.\n\n"
        "An output passes when SQNR >= 20 dB (error power <= 1 % of the signal's) and cosine >= 0.99; both are\n"
        "independent of the output's scale. --abs-tol / --mean-tol add the write-ups' absolute rules.\n\n"
        "Options:\n"
        "  --inputs DIR|random[:N]   a folder of test_data_set_*/input_K.pb, of .pb/.npy files or of PNG/JPEG\n"
        "                            images (one sample each), or N seeded uniform [0, 1) samples (default random:1)\n"
        "  --input-shape NAME=DIMS   binds a free input dimension (repeatable)\n"
        "  --abs-tol X               also fail when max |difference| > X (e.g. 0.04)\n"
        "  --mean-tol X              also fail when mean |difference| > X (e.g. 0.01)\n"
        "  --min-sqnr DB             SQNR threshold (default 20)\n"
        "  --min-cosine C            cosine threshold (default 0.99)\n"
        "  --no-layers               compare outputs only\n"
        "  --layers N                layers to print, worst first (default 15; JSON lists all)\n"
        "  --mode as-written|optimized  (default as-written: the arithmetic the file specifies)\n"
        "  --threads N               (default 1)\n"
        "  --json                    print the report as JSON\n\n"
        "{}\n"
        "Exit code: 0 all outputs pass, 1 a failure or an error, 2 usage.\n",
        kImageOptionsHelp);
}

bool parseDouble(std::string_view s, double& out)
{
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

int run(std::span<char* const> args)
{
    std::vector<std::string> files;
    std::string inputs = "random:1";
    ParityOptions options;
    ImagePreprocess image;
    bool json = false;
    size_t showLayers = 15;
    auto usage = [](const std::string& msg) {
        fmt::print(stderr, "parity: {}\n", msg);
        return 2;
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        auto value = [&]() -> const char* { return i + 1 < args.size() ? args[++i] : nullptr; };
        auto number = [&](double& out) {
            const char* v = value();
            return v && parseDouble(v, out);
        };
        if (auto imageOption = parseImageOption(args, i, image)) {
            if (!imageOption->isOk())
                return usage(imageOption->message());
        } else if (a == "--inputs") {
            const char* v = value();
            if (!v)
                return usage("--inputs takes a folder or random[:N]");
            inputs = v;
        } else if (a == "--input-shape") {
            const char* v = value();
            auto spec = v ? parseInputShapeSpec(v)
                          : Result<std::pair<std::string, std::vector<int64_t>>>(
                              Status(StatusCode::InvalidArgument, "--input-shape takes NAME=DIMS"));
            if (!spec)
                return usage(spec.status().message());
            options.inputShapes[spec->first] = spec->second;
        } else if (a == "--abs-tol" || a == "--mean-tol" || a == "--min-sqnr" || a == "--min-cosine") {
            double x = 0;
            if (!number(x))
                return usage(fmt::format("{} takes a number", a));
            if (a == "--abs-tol")
                options.thresholds.maxAbsTolerance = x;
            else if (a == "--mean-tol")
                options.thresholds.meanAbsTolerance = x;
            else if (a == "--min-sqnr")
                options.thresholds.minSqnrDb = x;
            else
                options.thresholds.minCosine = x;
        } else if (a == "--no-layers") {
            options.layers = false;
        } else if (a == "--layers") {
            double x = 0;
            if (!number(x) || x < 0)
                return usage("--layers takes a count");
            showLayers = static_cast<size_t>(x);
        } else if (a == "--mode") {
            const char* v = value();
            if (const std::optional<ExecutionMode> mode = v ? parseExecutionMode(v) : std::nullopt)
                options.mode = *mode;
            else
                return usage("--mode takes as-written or optimized");
        } else if (a == "--threads") {
            double x = 0;
            if (!number(x) || x < 1)
                return usage("--threads takes a positive number");
            options.threads = static_cast<int>(x);
        } else if (a == "--json") {
            json = true;
        } else if (!a.empty() && a[0] == '-') {
            return usage(fmt::format("unknown option '{}'", a));
        } else {
            files.emplace_back(a);
        }
    }
    if (files.size() != 2)
        return usage("expected REFERENCE.onnx CANDIDATE.onnx");

    // Ctrl-C cancels from here on: loading, preparing and running the models.
    SigintCancel sigint;
    LoadOptions lo;
    lo.inputShapes = options.inputShapes;
    lo.isCancelled = [] { return SigintCancel::token().isCancelled(); };
    auto reference = loadModel(files[0], lo);
    if (!reference) {
        fmt::print(stderr, "{}\n", reference.status().message());
        return reference.status().isCancelled() ? 130 : 1;
    }
    auto candidate = loadModel(files[1], lo);
    if (!candidate) {
        fmt::print(stderr, "{}\n", candidate.status().message());
        return candidate.status().isCancelled() ? 130 : 1;
    }
    std::string described;
    auto samples = loadSamples(**reference, inputs, options.inputShapes, image, &described);
    if (!samples) {
        fmt::print(stderr, "{}\n", samples.status().message());
        return 1;
    }
    // On stderr: --json keeps stdout for the report alone.
    fmt::print(stderr, "inputs: {}\n", described);
    bindFreeInputShapes(**reference, *samples, options.inputShapes);
    options.cancel = &SigintCancel::token();
    StderrProgress progress("parity");
    if (!json)
        options.progress = &progress;
    auto report = computeParity(*reference, *candidate, *samples, options);
    if (!report) {
        fmt::print(stderr, "{}\n", report.status().message());
        return report.status().isCancelled() ? 130 : 1;
    }
    fmt::print("{}", json ? parityReportJson(*report) : parityReportText(*report, showLayers));
    return report->pass ? 0 : 1;
}

} // namespace

extern const Command kParityCommand { "parity", "compare a quantized model's outputs and layers with its original", run,
    printHelp };

} // namespace qs::cli
