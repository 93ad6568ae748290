// SPDX-License-Identifier: MIT
// Parity: how far a candidate model's outputs (an INT8 file) stray from a reference model's (its FP32 original) on the
// same inputs, per output and per intermediate tensor the two graphs share.
//
//   auto samples = qs::loadSamples("calib/", session inputs...);     // or qs::randomSamples(...)
//   qs::ParityOptions options;                                         // thresholds: SQNR >= 20 dB, cosine >= 0.99
//   auto report = qs::computeParity(fp32, int8, *samples, options);   // Result<ParityReport>
//   report->pass;                                                      // every output within the thresholds
#pragma once

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/image_samples.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/run_control.h>
#include <quantscope/engine/session.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace qs {

/// Agreement of two float tensors (accumulated over any number of samples). The reference is the signal.
struct TensorDiff
{
    int64_t count = 0; ///< elements compared
    double maxAbs = 0;
    double meanAbs = 0;
    double rmse = 0;
    /// Σ ref·cand / (|ref| |cand|); 1 when both are all zero, 0 when only one is.
    double cosine = 1;
    /// 10·log10(Σ ref² / Σ (ref − cand)²); +infinity when the two are identical.
    double sqnrDb = 0;
    int64_t nonFinite = 0; ///< elements where either side is NaN or infinite (not in the sums above)
};

/// Sums that a TensorDiff is made of; add() as many tensor pairs as needed, then result().
class DiffAccumulator
{
public:
    void add(std::span<const float> reference, std::span<const float> candidate);
    TensorDiff result() const;

private:
    int64_t m_count = 0;
    int64_t m_nonFinite = 0;
    double m_maxAbs = 0;
    double m_sumAbs = 0;
    double m_sumSqDiff = 0;
    double m_sumRefSq = 0;
    double m_sumCandSq = 0;
    double m_sumDot = 0;
};

/// Top-1/top-5 agreement for classifier-shaped outputs ([N, C] or [N, C, 1, 1] with C >= 2): the reference's arg max
/// is taken as the label; top-1 counts rows where the candidate's arg max is the same class, top-5 rows where the
/// label is among the candidate's five largest (only when C > 5).
struct ClassAgreement
{
    int64_t rows = 0;
    int64_t top1 = 0;
    int64_t top5 = 0;
    bool hasTop5 = false;
};
/// Number of classes when `dims` is classifier-shaped, else 0.
int64_t classifierClasses(const std::vector<int64_t>& dims) noexcept;
void addClassAgreement(ClassAgreement& agreement, const std::vector<int64_t>& dims, std::span<const float> reference,
    std::span<const float> candidate);

/// Pass/fail rule. SQNR and cosine are scale-free, so they judge outputs in pixels and logits of 1e-9 alike; the
/// absolute tolerances (the write-ups' max |Δ| <= 0.04, mean |Δ| <= 0.01) are checked only when given.
struct ParityThresholds
{
    /// 20 dB: the error's power is at most 1 % of the signal's (relative RMS error <= 10 %). One 8-bit quantization
    /// step alone gives ~50 dB on a full-range signal; a network of tens of quantized layers typically lands at
    /// 25-40 dB when the quantization is sound and below 15 dB when a layer is broken (clipped range, wrong scale).
    double minSqnrDb = 20.0;
    /// 0.99 (the diagnosis' parity warning): for small errors 1 − cos ≈ 1 / (2·SNR), so 0.99 ≈ 17 dB — the two
    /// rules agree, cosine also catching a pure scale error that SQNR alone would weigh the same as noise.
    double minCosine = 0.99;
    std::optional<double> maxAbsTolerance;
    std::optional<double> meanAbsTolerance;
};

struct OutputParity
{
    std::string name; ///< the reference's output name
    std::string candidateName;
    std::vector<int64_t> dims;
    TensorDiff diff;
    std::optional<ClassAgreement> classes;
    bool pass = true;
    std::vector<std::string> failures; ///< "SQNR 12.3 dB < 20 dB", one per violated threshold
};

/// One intermediate tensor both graphs compute.
struct LayerParity
{
    std::string referenceTensor;
    std::string candidateTensor;
    std::string opType; ///< the reference node producing it
    std::string referenceNode;
    std::string matchedBy; ///< "name" (same tensor name) or "structure" (same op type and shape, in graph order)
    std::vector<int64_t> dims;
    TensorDiff diff;
};

struct ParityReport
{
    std::string referenceName; ///< display names of the two files
    std::string candidateName;
    int64_t samples = 0;
    ParityThresholds thresholds;
    std::vector<OutputParity> outputs;
    std::vector<LayerParity> layers; ///< sorted by SQNR, worst first
    int64_t referenceFloatTensors = 0; ///< intermediate float tensors of the reference (what layers could cover)
    bool pass = true;
};

struct ParityOptions
{
    ParityThresholds thresholds;
    bool layers = true; ///< also compare the intermediate tensors both graphs share
    /// As written by default: the arithmetic the ONNX spec defines, which is what the reference outputs in ../shared
    /// hold for the quantized files; the intermediate tensors are graph outputs then and never fused away.
    ExecutionMode mode = ExecutionMode::AsWritten;
    int threads = 1;
    std::map<std::string, std::vector<int64_t>> inputShapes;
    const CancelToken* cancel = nullptr;
    /// Called after each model run: `done` of `total` runs (2 per sample).
    ProgressSink* progress = nullptr;
};

/// One set of inputs, in the reference session's input order.
using Sample = std::vector<HostTensor>;

/// The intermediate tensors of `reference` matched to tensors of `candidate`: first by equal name (ONNX Runtime's
/// quantizer keeps the float names), then the remaining float ops in graph order by op type and static shape (PyTorch
/// QDQ exports rename everything). Pairs of value ids; graph inputs and outputs are not included.
struct TensorMatch
{
    ValueId reference = kNoValue;
    ValueId candidate = kNoValue;
    bool byName = true;
};
std::vector<TensorMatch> matchIntermediateTensors(const Graph& reference, const Graph& candidate);

/// Runs both models on every sample and compares. Inputs are fed by the reference's input names (the candidate must
/// have the same inputs); outputs are paired by name, else by position. Fails naming the model and problem.
Result<ParityReport> computeParity(const std::shared_ptr<const Model>& reference,
    const std::shared_ptr<const Model>& candidate, std::span<const Sample> samples, const ParityOptions& options);

/// Samples for the inputs of `model` (shapes bound by `inputShapes` where free):
///  - "random" or "random:N": N (default 1) seeded uniform [0, 1) samples (the distribution of ../shared's inputs);
///  - a folder with test_data_set_*/input_K.pb: one sample per data set;
///  - a folder with input_K.pb: one sample;
///  - a folder of .pb (onnx.TensorProto) or .npy files (float32/uint8/int8/int64, C order): one sample per file, in
///    name order, for a single-input model; a missing leading batch dimension of 1 is added;
///  - a folder of PNG/JPEG images: one sample per image, in name order, for a single-input model, made as `image`
///    and the input's shape say (planImageInput); every unreadable image is named. A folder mixing images with tensor
///    files is refused, and so are image options for anything but an image folder.
/// `description`, when given, receives what was loaded: "16 images from DIR, resized to 224x224 (bilinear stretch),
/// RGB, NCHW float[1x3x224x224] = x/255", "8 seeded uniform [0, 1) samples", "3 tensor files from DIR", ...
Result<std::vector<Sample>> loadSamples(const Model& model, const std::string& spec,
    const std::map<std::string, std::vector<int64_t>>& inputShapes = {}, const ImagePreprocess& image = {},
    std::string* description = nullptr);

/// Binds each input of `model` whose declared shape has free dimensions, and that `inputShapes` does not bind yet, to
/// the dims of the first sample (Session::create needs concrete shapes; an image folder gives them).
void bindFreeInputShapes(
    const Model& model, std::span<const Sample> samples, std::map<std::string, std::vector<int64_t>>& inputShapes);

/// Reads a NumPy .npy file (format 1.0/2.0, little-endian, C order; f4, f8 (converted to float), u1, i1, i4, i8).
Result<HostTensor> loadNpyFile(const std::filesystem::path& path);

/// The report as JSON text (schema in engine/RUN_FILE_FORMAT.md, "parity report").
std::string parityReportJson(const ParityReport& report, size_t maxLayers = SIZE_MAX);
/// A readable summary (outputs, then the `maxLayers` worst layers).
std::string parityReportText(const ParityReport& report, size_t maxLayers = 15);

} // namespace qs
