// SPDX-License-Identifier: MIT
// Quantizer: writes INT8 versions of a float model in ONNX Runtime's patterns, so results transfer to it.
//
//   qs::QuantizeOptions o;  o.format = qs::QuantFormat::Qdq;  o.perChannel = true;
//   auto samples = qs::loadSamples(*fp32, "calib/");           // calibration data (static formats)
//   auto int8 = qs::quantizeModel(*fp32, o, *samples);         // Result<std::shared_ptr<Model>>
//   qs::saveModel(**int8, "model_int8.onnx");
//
// dynamic:  DynamicQuantizeLinear(x) -> ConvInteger / MatMulInteger -> Cast -> Mul(x_scale * w_scale) [-> Add(bias)]
// qdq:      QuantizeLinear -> DequantizeLinear on every activation a quantized op reads or writes, DequantizeLinear on
//           int8 weights (per channel: axis = output channel) and int32 biases (scale x_scale * w_scale); the
//           pass-through ops' outputs with their input's scale and zero point; a Relu/Clip after a quantized op gone
// qoperator: QLinearConv / QLinearMatMul on the integer tensors, QuantizeLinear where a float tensor enters them and
//           DequantizeLinear (writing the float name) where their output is read as float
#pragma once

#include <quantscope/engine/analysis.h>
#include <quantscope/engine/data_type.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/parity.h>
#include <quantscope/engine/run_control.h>
#include <quantscope/engine/status.h>

#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace qs {

enum class CalibrationMethod
{
    MinMax, ///< the observed range
    Percentile, ///< the p-th percentile of |x| (default 99.999), from a 2048-bin histogram
    Entropy, ///< TensorRT's KL-divergence threshold: 2048-bin |x| histogram (exact zeros left out), 128 quantized
             ///< bins (256 for non-negative tensors in uint8)
};

struct QuantizeOptions
{
    QuantFormat format = QuantFormat::Dynamic; ///< Dynamic, Qdq or QOperator
    bool perChannel = false; ///< one weight scale per output channel (symmetric weights only)
    bool reduceRange = false; ///< 7-bit weights (for CPUs whose u8s8 multiply-add can saturate without VNNI)
    DataType weightType = DataType::Int8;
    DataType activationType = DataType::UInt8;
    /// Defaults as ONNX Runtime's: int8 weights symmetric, uint8 weights asymmetric; activations asymmetric.
    std::optional<bool> symmetricWeights;
    bool symmetricActivations = false;
    CalibrationMethod calibration = CalibrationMethod::MinMax;
    double percentile = 99.999;
    /// Empty: Conv, MatMul (dynamic); qdq: ONNX Runtime's QDQ op set (Conv, MatMul, Gemm; Add, Mul, Concat, Sigmoid,
    /// LeakyRelu, GlobalAveragePool quantized around; MaxPool, AveragePool, Resize, Reshape, Transpose, Squeeze,
    /// Unsqueeze, Slice, Split, Gather on their input's scale; Relu, Clip); qoperator: Conv, MatMul, the com.microsoft
    /// QLinear* ops (Add, Mul, Sigmoid, LeakyRelu, GlobalAveragePool, AveragePool, Concat), the ops that run on 8-bit
    /// tensors as they are (MaxPool, Reshape, Transpose, Squeeze, Unsqueeze), Relu and Clip (vanish after a quantized
    /// op).
    std::vector<std::string> opTypes;
    std::vector<std::string> excludeNodes;
    std::map<std::string, std::vector<int64_t>> inputShapes;
    int threads = 1;
    const CancelToken* cancel = nullptr;
    ProgressSink* progress = nullptr; ///< calibration runs done / total
};

/// Refuses combinations that make no sense or that ONNX Runtime's kernels reject, with the reason.
Status validateQuantizeOptions(const QuantizeOptions& options);

/// What the quantizer did, for the user.
struct QuantizeSummary
{
    std::map<std::string, int> quantizedByOp; ///< "Conv" -> 76
    std::vector<std::string> skipped; ///< "'conv_3' (Conv): weight is not a constant"
    int64_t calibrationSamples = 0;
    int64_t calibratedTensors = 0;
};

/// The observed range of one tensor over the calibration data and the range the method chose.
struct TensorRange
{
    float min = 0;
    float max = 0;
};

/// Runs `model` (as written) over `samples`, capturing `tensors` (value ids of float tensors) and returns the range
/// of each chosen by `method` (two passes for percentile and entropy: min/max, then histograms).
Result<std::map<ValueId, TensorRange>> calibrate(const std::shared_ptr<const Model>& model,
    const std::vector<ValueId>& tensors, std::span<const Sample> samples, const QuantizeOptions& options);

/// Entropy (KL) threshold of a histogram of |x| over [0, binWidth * bins.size()] (exposed for tests).
float entropyThreshold(std::span<const double> bins, float binWidth, int quantizedBins = 128);
/// The smallest t with at least `percentile` % of the histogram's mass in [0, t].
float percentileThreshold(std::span<const double> bins, float binWidth, double percentile);

/// Quantizes `model`. Static formats need `calibration` samples; dynamic ignores them.
Result<std::shared_ptr<Model>> quantizeModel(const std::shared_ptr<const Model>& model, const QuantizeOptions& options,
    std::span<const Sample> calibration = {}, QuantizeSummary* summary = nullptr);

} // namespace qs
