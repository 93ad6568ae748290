// SPDX-License-Identifier: MIT
// Descriptive statistics of latency samples, histograms and bootstrap speedups. Pure functions, thread-safe.
//
// Definitions (stated once, used everywhere the numbers appear):
// - Percentiles use linear interpolation between closest ranks, numpy's default ("linear"): for sorted samples
//   x[0..n-1] and p in [0, 100], rank r = p/100 * (n-1), result = x[floor r] + (r - floor r) * (x[ceil r] - x[floor
//   r]).
// - Standard deviation is the sample standard deviation (divisor n-1); 0 for one sample. CV = stddev / mean.
// - IQR = P75 - P25; Tukey outliers lie below P25 - 1.5 IQR or above P75 + 1.5 IQR.
// - FPS = 1000 / mean latency in milliseconds (single stream, one inference at a time).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace qs {

struct LatencyStats
{
    int64_t count = 0;
    double meanMs = 0;
    double stddevMs = 0;
    double cv = 0; ///< coefficient of variation (stddev / mean), 0 when the mean is 0
    double minMs = 0;
    double maxMs = 0;
    double p25Ms = 0;
    double p50Ms = 0;
    double p75Ms = 0;
    double p90Ms = 0;
    double p95Ms = 0;
    double p99Ms = 0;
    double iqrMs = 0;
    int64_t outliersLow = 0; ///< Tukey, below P25 - 1.5 IQR
    int64_t outliersHigh = 0; ///< Tukey, above P75 + 1.5 IQR
    double fps = 0;
};

/// Percentile p (0..100) of already sorted samples, numpy-linear. Empty input gives 0.
double percentileSorted(std::span<const double> sorted, double p);

/// Statistics of latency samples in milliseconds. Empty input gives a zeroed result with count 0.
LatencyStats computeLatencyStats(std::span<const double> samplesMs);

struct Histogram
{
    double binWidth = 0;
    std::vector<double> edges; ///< bins + 1 edges, from min to max; the last bin is closed on the right
    std::vector<int64_t> counts;
};

/// Histogram with Freedman–Diaconis bin width h = 2 IQR / n^(1/3); bins = ceil((max - min) / h), clamped to
/// [1, maxBins]. One bin when all samples are equal or the IQR is 0. Empty input gives an empty histogram.
Histogram freedmanDiaconisHistogram(std::span<const double> samples, int maxBins = 100);

/// Median ratio baseline / candidate (> 1: the candidate is faster) with a percentile bootstrap interval.
struct SpeedupEstimate
{
    double speedup = 0; ///< median(baseline) / median(candidate)
    double low = 0; ///< lower bound of the confidence interval
    double high = 0;
    double confidence = 0.95;
    int iterations = 0;
    uint64_t seed = 0;
};

/// Resamples both sets independently with replacement `iterations` times (a seeded std::mt19937_64, indices drawn as
/// rng() % n so the result is the same on every standard library) and takes the (1-c)/2 and (1+c)/2 percentiles
/// (numpy-linear) of the resampled median ratios. Returns nullopt when a set is empty or a median is not positive.
std::optional<SpeedupEstimate> bootstrapSpeedup(std::span<const double> baselineMs, std::span<const double> candidateMs,
    int iterations = 2000, double confidence = 0.95, uint64_t seed = 42);

} // namespace qs
