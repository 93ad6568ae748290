// SPDX-License-Identifier: MIT
// `quantscope-cli quantize IN.onnx OUT.onnx --format dynamic|qdq`: writes an INT8 model in ONNX Runtime's patterns,
// checks it with libonnx's checker and loads and prepares it in the engine before reporting success.
#include "cancel_progress.h"
#include "command.h"
#include "image_options.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/model_writer.h>
#include <quantscope/engine/quantize.h>
#include <quantscope/engine/session.h>

#include <fmt/format.h>

#include <charconv>
#include <cstdio>
#include <sstream>

namespace qs::cli {

namespace {

void printHelp()
{
    fmt::print(
        "Usage: quantscope-cli quantize IN.onnx OUT.onnx --format dynamic|qdq|qoperator [OPTIONS]\n\n"
        "Writes an INT8 version of a float model the way ONNX Runtime's quantizer does:\n"
        "  dynamic  DynamicQuantizeLinear -> ConvInteger/MatMulInteger -> Cast -> Mul (+ Add bias)\n"
        "  qdq      QuantizeLinear/DequantizeLinear pairs on the activations quantized ops read and write,\n"
        "           DequantizeLinear on the weights and int32 biases; ranges from a calibration pass of the engine.\n"
        "           ONNX Runtime's QDQ op set: Conv/MatMul/Gemm, pairs around Add, Mul, Concat, Sigmoid, LeakyRelu,\n"
        "           GlobalAveragePool; 8-bit pass-through ops (MaxPool, AveragePool, Resize, Reshape, Transpose,\n"
        "           Squeeze, Unsqueeze, Slice, Split, Gather) share their input's scale; Relu/Clip after a\n"
        "           quantized op vanish into its range\n"
        "  qoperator QLinearConv/QLinearMatMul and the com.microsoft QLinear* ops (Add, Mul, Sigmoid, LeakyRelu,\n"
        "            GlobalAveragePool, AveragePool, Concat) on the integer tensors, Q/DQ only where float ops meet "
        "them\n\n"
        "Options:\n"
        "  --per-channel               one weight scale per output channel (symmetric weights)\n"
        "  --reduce-range              7-bit weights (no VNNI: avoids u8s8 saturation)\n"
        "  --weight-type int8|uint8    (default int8; int8 is symmetric, uint8 asymmetric unless told)\n"
        "  --activation-type uint8|int8  (default uint8; int8 for the static formats)\n"
        "  --symmetric-weights / --asymmetric-weights / --symmetric-activations\n"
        "  --calibration minmax|percentile[:P]|entropy   (static; default minmax, P 99.999)\n"
        "  --calibration-data DIR|random[:N]  test_data_set_*/ folders, .pb/.npy files or PNG/JPEG images\n"
        "                              (default random:8)\n"
        "  --op-types Conv,MatMul,...  op types to quantize (default Conv,MatMul; qdq and qoperator: the ops\n"
        "                              above; qoperator also MaxPool, Reshape, Transpose, Squeeze, Unsqueeze,\n"
        "                              Relu, Clip)\n"
        "  --exclude-nodes A,B         node names to leave in float\n"
        "  --input-shape NAME=DIMS     binds a free input dimension (repeatable)\n"
        "  --threads N                 threads for calibration (default 1)\n\n"
        "{}\n"
        "Combinations ONNX Runtime cannot run or that make no sense are refused with the reason.\n"
        "Check the result with: quantscope-cli parity IN.onnx OUT.onnx\n",
        kImageOptionsHelp);
}

std::vector<std::string> splitList(std::string_view s)
{
    std::vector<std::string> out;
    std::stringstream ss { std::string(s) };
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty())
            out.push_back(item);
    return out;
}

int run(std::span<char* const> args)
{
    std::vector<std::string> files;
    QuantizeOptions o;
    bool formatGiven = false;
    bool calibrationGiven = false;
    std::string calibrationData;
    ImagePreprocess image;
    auto usage = [](const std::string& msg) {
        fmt::print(stderr, "quantize: {}\n", msg);
        return 2;
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        auto value = [&]() -> std::string_view { return i + 1 < args.size() ? args[++i] : std::string_view(); };
        if (auto imageOption = parseImageOption(args, i, image)) {
            if (!imageOption->isOk())
                return usage(imageOption->message());
        } else if (a == "--format") {
            const auto v = value();
            formatGiven = true;
            // The analysis' words; fp32 and mixed describe a model but are no quantization to ask for.
            const std::optional<QuantFormat> format = parseQuantFormat(v);
            if (!format || *format == QuantFormat::Fp32 || *format == QuantFormat::Mixed)
                return usage("--format takes dynamic, qdq or qoperator");
            o.format = *format;
        } else if (a == "--per-channel") {
            o.perChannel = true;
        } else if (a == "--reduce-range") {
            o.reduceRange = true;
        } else if (a == "--weight-type" || a == "--activation-type") {
            const auto v = value();
            DataType t = v == "int8" ? DataType::Int8 : v == "uint8" ? DataType::UInt8 : DataType::Undefined;
            if (t == DataType::Undefined)
                return usage(fmt::format("{} takes int8 or uint8", a));
            (a == "--weight-type" ? o.weightType : o.activationType) = t;
        } else if (a == "--symmetric-weights") {
            o.symmetricWeights = true;
        } else if (a == "--asymmetric-weights") {
            o.symmetricWeights = false;
        } else if (a == "--symmetric-activations") {
            o.symmetricActivations = true;
        } else if (a == "--calibration") {
            const auto v = value();
            calibrationGiven = true;
            if (v == "minmax")
                o.calibration = CalibrationMethod::MinMax;
            else if (v == "entropy")
                o.calibration = CalibrationMethod::Entropy;
            else if (v.rfind("percentile", 0) == 0) {
                o.calibration = CalibrationMethod::Percentile;
                if (v.size() > 10) {
                    const auto p = v.substr(v[10] == ':' ? 11 : 10);
                    auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), o.percentile);
                    if (v[10] != ':' || ec != std::errc() || end != p.data() + p.size())
                        return usage("--calibration percentile takes percentile or percentile:P (e.g. 99.99)");
                }
            } else
                return usage("--calibration takes minmax, percentile[:P] or entropy");
        } else if (a == "--calibration-data") {
            calibrationData = std::string(value());
            if (calibrationData.empty())
                return usage("--calibration-data takes a folder or random[:N]");
        } else if (a == "--op-types") {
            o.opTypes = splitList(value());
        } else if (a == "--exclude-nodes") {
            o.excludeNodes = splitList(value());
        } else if (a == "--input-shape") {
            auto spec = parseInputShapeSpec(value());
            if (!spec)
                return usage(spec.status().message());
            o.inputShapes[spec->first] = spec->second;
        } else if (a == "--threads") {
            const auto v = value();
            auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), o.threads);
            if (ec != std::errc() || end != v.data() + v.size() || o.threads < 1)
                return usage("--threads takes a positive number");
        } else if (!a.empty() && a[0] == '-') {
            return usage(fmt::format("unknown option '{}'", a));
        } else {
            files.emplace_back(a);
        }
    }
    if (files.size() != 2)
        return usage("expected IN.onnx OUT.onnx");
    if (!formatGiven)
        return usage("--format dynamic|qdq|qoperator is required");
    if (o.format == QuantFormat::Dynamic
        && (calibrationGiven || !calibrationData.empty() || image != ImagePreprocess {}))
        return usage("dynamic quantization has no calibration (ranges are measured at run time); --calibration, "
                     "--calibration-data and the --image-* options apply to qdq and qoperator");
    if (Status st = validateQuantizeOptions(o); !st) {
        fmt::print(stderr, "quantize: {}\n", st.message());
        return 2;
    }

    // Ctrl-C cancels from here on: loading, calibration, writing the model and checking it (exit 130).
    SigintCancel sigint;
    const auto interrupted = [] { return SigintCancel::token().isCancelled(); };
    LoadOptions lo;
    lo.inputShapes = o.inputShapes;
    lo.isCancelled = interrupted;
    auto model = loadModel(files[0], lo);
    if (!model) {
        fmt::print(stderr, "{}\n", model.status().message());
        return model.status().isCancelled() ? 130 : 1;
    }
    std::vector<Sample> samples;
    if (o.format != QuantFormat::Dynamic) {
        if (calibrationData.empty()) {
            calibrationData = "random:8";
            fmt::print(stderr,
                "quantize: no --calibration-data; calibrating on 8 seeded uniform [0, 1) samples, which only suits "
                "inputs of that distribution\n");
        }
        std::string described;
        auto loaded = loadSamples(**model, calibrationData, o.inputShapes, image, &described);
        if (!loaded) {
            fmt::print(stderr, "{}\n", loaded.status().message());
            return 1;
        }
        samples = std::move(*loaded);
        fmt::print("calibrating on {}\n", described);
        std::fflush(stdout); // before the progress on stderr
        bindFreeInputShapes(**model, samples, o.inputShapes);
    }
    QuantizeSummary summary;
    Result<std::shared_ptr<Model>> quantized = Status(StatusCode::Internal, "not run");
    {
        StderrProgress progress("calibration");
        o.cancel = &SigintCancel::token();
        o.progress = &progress;
        quantized = quantizeModel(*model, o, samples, &summary);
    }
    if (!quantized) {
        fmt::print(stderr, "quantize: {}\n", quantized.status().message());
        return quantized.status().isCancelled() ? 130 : 1;
    }
    if (Status st = saveModel(**quantized, files[1], interrupted); !st) {
        fmt::print(stderr, "quantize: {}\n", st.message());
        return st.isCancelled() ? 130 : 1;
    }
    // The written file, read back as any user's file would be, must load and prepare in the engine.
    auto written = loadModel(files[1], lo);
    if (!written) {
        fmt::print(stderr, "quantize: the written model does not load: {}\n", written.status().message());
        return written.status().isCancelled() ? 130 : 1;
    }
    SessionOptions so;
    so.inputShapes = o.inputShapes;
    RunControl rc;
    rc.cancel = &SigintCancel::token();
    auto session = Session::create(*written, so, rc);
    if (!session) {
        fmt::print(
            stderr, "quantize: the written model does not prepare in the engine: {}\n", session.status().message());
        return session.status().isCancelled() ? 130 : 1;
    }
    fmt::print("wrote {} ({})\n", files[1], (*written)->docString);
    for (const auto& [op, n] : summary.quantizedByOp)
        fmt::print("  quantized {} {}\n", n, op);
    if (summary.calibrationSamples)
        fmt::print("  calibrated {} tensors over {} samples\n", summary.calibratedTensors, summary.calibrationSamples);
    for (const std::string& s : summary.skipped)
        fmt::print("  left in float: {}\n", s);
    return 0;
}

} // namespace

extern const Command kQuantizeCommand { "quantize",
    "write an INT8 model (dynamic, QDQ, QOperator) in ONNX Runtime's patterns", run, printHelp };

} // namespace qs::cli
