// SPDX-License-Identifier: MIT
// Calibration: the engine runs the float model over the calibration samples with the tensors to quantize made graph
// outputs, and each tensor's range is chosen by min/max, a percentile of |x|, or TensorRT's entropy (KL) method.
#include <quantscope/engine/quantize.h>
#include <quantscope/engine/session.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs {

namespace {

constexpr int kHistogramBins = 2048;

struct Stats
{
    float min = std::numeric_limits<float>::infinity();
    float max = -std::numeric_limits<float>::infinity();
    std::vector<double> hist; // of |x| over [0, absMax]
    float binWidth = 0;
};

// MXNet/TensorRT smoothing: zero bins get eps, taken from the non-zero ones, so the KL divergence stays finite.
bool smooth(std::vector<double>& p, double eps = 0.0001)
{
    size_t zeros = 0;
    for (double v : p)
        zeros += v == 0;
    const size_t nonZeros = p.size() - zeros;
    if (nonZeros == 0)
        return false;
    const double take = eps * static_cast<double>(zeros) / static_cast<double>(nonZeros);
    for (double& v : p)
        v = v == 0 ? eps : v - take;
    return true;
}

} // namespace

float percentileThreshold(std::span<const double> bins, float binWidth, double percentile)
{
    double total = 0;
    for (double b : bins)
        total += b;
    if (total <= 0)
        return 0;
    const double target = total * percentile / 100.0;
    double cum = 0;
    for (size_t i = 0; i < bins.size(); ++i) {
        cum += bins[i];
        if (cum >= target)
            return binWidth * static_cast<float>(i + 1);
    }
    return binWidth * static_cast<float>(bins.size());
}

float entropyThreshold(std::span<const double> bins, float binWidth, int quantizedBins)
{
    const size_t n = bins.size();
    const size_t nq = static_cast<size_t>(quantizedBins);
    if (n <= nq)
        return binWidth * static_cast<float>(n);
    double bestKl = std::numeric_limits<double>::infinity();
    size_t bestI = n;
    std::vector<double> p;
    std::vector<double> q;
    double tail = 0;
    for (size_t k = nq; k < n; ++k)
        tail += bins[k];
    for (size_t i = nq; i <= n; ++i) {
        // P: the first i bins, the clipped outliers folded into the last one.
        p.assign(bins.begin(), bins.begin() + static_cast<std::ptrdiff_t>(i));
        p[i - 1] += tail;
        if (i < n)
            tail -= bins[i];
        // Q: the first i bins merged into nq levels, each level's mass spread back over its non-empty bins.
        q.assign(i, 0.0);
        const size_t merged = i / nq;
        for (size_t j = 0; j < nq; ++j) {
            const size_t start = j * merged;
            const size_t stop = j == nq - 1 ? i : start + merged;
            double sum = 0;
            size_t nonEmpty = 0;
            for (size_t k = start; k < stop; ++k) {
                sum += bins[k];
                nonEmpty += bins[k] != 0;
            }
            if (nonEmpty == 0)
                continue;
            for (size_t k = start; k < stop; ++k)
                if (bins[k] != 0)
                    q[k] = sum / static_cast<double>(nonEmpty);
        }
        // Smoothed as counts (eps is relative to a count, as in MXNet's calibrator), then normalised.
        if (!smooth(p) || !smooth(q))
            continue;
        double ps = 0;
        double qs = 0;
        for (size_t k = 0; k < i; ++k) {
            ps += p[k];
            qs += q[k];
        }
        if (ps <= 0 || qs <= 0)
            continue;
        for (size_t k = 0; k < i; ++k) {
            p[k] /= ps;
            q[k] /= qs;
        }
        double kl = 0;
        for (size_t k = 0; k < i; ++k)
            kl += p[k] * std::log(p[k] / q[k]);
        if (kl < bestKl) {
            bestKl = kl;
            bestI = i;
        }
    }
    return binWidth * (static_cast<float>(bestI) + 0.5f);
}

Result<std::map<ValueId, TensorRange>> calibrate(const std::shared_ptr<const Model>& model,
    const std::vector<ValueId>& tensors, std::span<const Sample> samples, const QuantizeOptions& options)
{
    if (samples.empty())
        return Status(StatusCode::InvalidArgument, "calibration needs at least one sample");
    auto copy = std::make_shared<Model>(*model);
    const size_t realOutputs = copy->graph().outputs().size();
    std::vector<size_t> column; // output index of each tensor
    for (ValueId v : tensors) {
        const Value& value = copy->graph().value(v);
        if (value.isGraphOutput) {
            const auto& outs = copy->graph().outputs();
            column.push_back(static_cast<size_t>(std::find(outs.begin(), outs.end(), v) - outs.begin()));
        } else if (value.isGraphInput) {
            column.push_back(SIZE_MAX); // read from the sample itself
        } else {
            column.push_back(copy->graph().outputs().size());
            copy->mutableGraph().addOutput(v);
        }
    }
    (void)realOutputs;
    SessionOptions so;
    so.mode = ExecutionMode::AsWritten;
    so.threads = options.threads;
    so.inputShapes = options.inputShapes;
    RunControl prepareControl;
    prepareControl.cancel = options.cancel;
    auto session = Session::create(copy, so, prepareControl);
    if (!session)
        return Status(session.status().code(),
            fmt::format("calibration of {}: {}", model->displayName(), session.status().message()));
    const auto& graphInputs = model->graph().inputs();

    const bool histograms = options.calibration != CalibrationMethod::MinMax;
    const int passes = histograms ? 2 : 1;
    const int64_t total = static_cast<int64_t>(samples.size()) * passes;
    int64_t done = 0;
    std::vector<Stats> stats(tensors.size());
    RunControl rc;
    rc.cancel = options.cancel;
    for (int pass = 0; pass < passes; ++pass) {
        if (pass == 1)
            for (Stats& s : stats) {
                const float absMax = std::max(std::abs(s.min), std::abs(s.max));
                s.hist.assign(kHistogramBins, 0.0);
                s.binWidth = absMax > 0 ? absMax / kHistogramBins : 1.0f;
            }
        for (const Sample& sample : samples) {
            if (options.cancel && options.cancel->isCancelled())
                return Status(StatusCode::Cancelled, "calibration cancelled");
            auto outputs = (*session)->run(sample, rc);
            if (!outputs)
                return Status(outputs.status().code(),
                    fmt::format("calibration of {}: {}", model->displayName(), outputs.status().message()));
            for (size_t t = 0; t < tensors.size(); ++t) {
                const HostTensor* h = nullptr;
                if (column[t] == SIZE_MAX) {
                    const size_t k = static_cast<size_t>(
                        std::find(graphInputs.begin(), graphInputs.end(), tensors[t]) - graphInputs.begin());
                    h = &sample.at(k);
                } else
                    h = &(*outputs)[column[t]];
                if (h->dataType() != DataType::Float)
                    continue;
                Stats& s = stats[t];
                if (pass == 0) {
                    for (float x : h->data<float>())
                        if (std::isfinite(x)) {
                            s.min = std::min(s.min, x);
                            s.max = std::max(s.max, x);
                        }
                } else {
                    const float inv = 1.0f / s.binWidth;
                    // Exact zeros (half of every ReLU output) are represented exactly by the zero point; as a
                    // spike in bin 0 they would dominate the KL divergence and drive the threshold far too low.
                    for (float x : h->data<float>())
                        if (std::isfinite(x) && x != 0.0f) {
                            const int b = std::min(kHistogramBins - 1, static_cast<int>(std::abs(x) * inv));
                            s.hist[static_cast<size_t>(b)] += 1;
                        }
                }
            }
            if (options.progress)
                options.progress->progress(++done, total);
        }
    }

    std::map<ValueId, TensorRange> ranges;
    for (size_t t = 0; t < tensors.size(); ++t) {
        const Stats& s = stats[t];
        if (!(s.min <= s.max))
            continue; // never observed (non-float or all non-finite)
        TensorRange r { s.min, s.max };
        if (histograms) {
            const float threshold = options.calibration == CalibrationMethod::Percentile
                ? percentileThreshold(s.hist, s.binWidth, options.percentile)
                : entropyThreshold(
                    s.hist, s.binWidth, s.min >= 0 && options.activationType == DataType::UInt8 ? 256 : 128);
            r.min = std::max(s.min, -threshold);
            r.max = std::min(s.max, threshold);
        }
        ranges[tensors[t]] = r;
    }
    return ranges;
}

} // namespace qs
