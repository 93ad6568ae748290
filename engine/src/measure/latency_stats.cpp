// SPDX-License-Identifier: MIT
#include <quantscope/engine/latency_stats.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace qs {

double percentileSorted(std::span<const double> sorted, double p)
{
    if (sorted.empty())
        return 0;
    const double rank = std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(sorted.size() - 1);
    const auto lo = static_cast<size_t>(std::floor(rank));
    const auto hi = static_cast<size_t>(std::ceil(rank));
    return sorted[lo] + (rank - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

LatencyStats computeLatencyStats(std::span<const double> samplesMs)
{
    LatencyStats s;
    if (samplesMs.empty())
        return s;
    std::vector<double> sorted(samplesMs.begin(), samplesMs.end());
    std::sort(sorted.begin(), sorted.end());
    const auto n = static_cast<double>(sorted.size());
    s.count = static_cast<int64_t>(sorted.size());
    s.meanMs = std::accumulate(sorted.begin(), sorted.end(), 0.0) / n;
    if (sorted.size() > 1) {
        double sq = 0;
        for (double x : sorted)
            sq += (x - s.meanMs) * (x - s.meanMs);
        s.stddevMs = std::sqrt(sq / (n - 1));
    }
    s.cv = s.meanMs != 0 ? s.stddevMs / s.meanMs : 0;
    s.minMs = sorted.front();
    s.maxMs = sorted.back();
    s.p25Ms = percentileSorted(sorted, 25);
    s.p50Ms = percentileSorted(sorted, 50);
    s.p75Ms = percentileSorted(sorted, 75);
    s.p90Ms = percentileSorted(sorted, 90);
    s.p95Ms = percentileSorted(sorted, 95);
    s.p99Ms = percentileSorted(sorted, 99);
    s.iqrMs = s.p75Ms - s.p25Ms;
    const double lowFence = s.p25Ms - 1.5 * s.iqrMs;
    const double highFence = s.p75Ms + 1.5 * s.iqrMs;
    for (double x : sorted) {
        s.outliersLow += x < lowFence ? 1 : 0;
        s.outliersHigh += x > highFence ? 1 : 0;
    }
    s.fps = s.meanMs > 0 ? 1000.0 / s.meanMs : 0;
    return s;
}

Histogram freedmanDiaconisHistogram(std::span<const double> samples, int maxBins)
{
    Histogram h;
    if (samples.empty())
        return h;
    std::vector<double> sorted(samples.begin(), samples.end());
    std::sort(sorted.begin(), sorted.end());
    const double lo = sorted.front();
    const double hi = sorted.back();
    const double iqr = percentileSorted(sorted, 75) - percentileSorted(sorted, 25);
    int bins = 1;
    if (hi > lo && iqr > 0) {
        const double width = 2.0 * iqr / std::cbrt(static_cast<double>(sorted.size()));
        bins = static_cast<int>(
            std::clamp(std::ceil((hi - lo) / width), 1.0, static_cast<double>(std::max(1, maxBins))));
    }
    h.binWidth = (hi - lo) / bins;
    h.edges.resize(static_cast<size_t>(bins) + 1);
    for (int i = 0; i <= bins; ++i)
        h.edges[static_cast<size_t>(i)] = i == bins ? hi : lo + h.binWidth * i;
    h.counts.assign(static_cast<size_t>(bins), 0);
    for (double x : sorted) {
        int b = h.binWidth > 0 ? static_cast<int>((x - lo) / h.binWidth) : 0;
        b = std::clamp(b, 0, bins - 1); // the maximum belongs to the last, right-closed bin
        ++h.counts[static_cast<size_t>(b)];
    }
    return h;
}

namespace {

double medianOf(std::vector<double>& v)
{
    std::sort(v.begin(), v.end());
    return percentileSorted(v, 50);
}

} // namespace

std::optional<SpeedupEstimate> bootstrapSpeedup(std::span<const double> baselineMs, std::span<const double> candidateMs,
    int iterations, double confidence, uint64_t seed)
{
    if (baselineMs.empty() || candidateMs.empty())
        return std::nullopt;
    std::vector<double> a(baselineMs.begin(), baselineMs.end());
    std::vector<double> b(candidateMs.begin(), candidateMs.end());
    const double ma = medianOf(a);
    const double mb = medianOf(b);
    if (ma <= 0 || mb <= 0)
        return std::nullopt;
    SpeedupEstimate e;
    e.speedup = ma / mb;
    e.confidence = confidence;
    e.iterations = std::max(1, iterations);
    e.seed = seed;
    std::mt19937_64 rng(seed);
    std::vector<double> ratios;
    ratios.reserve(static_cast<size_t>(e.iterations));
    std::vector<double> ra(a.size());
    std::vector<double> rb(b.size());
    for (int i = 0; i < e.iterations; ++i) {
        for (double& x : ra)
            x = a[rng() % a.size()];
        for (double& x : rb)
            x = b[rng() % b.size()];
        const double mb2 = medianOf(rb);
        if (mb2 > 0)
            ratios.push_back(medianOf(ra) / mb2);
    }
    std::sort(ratios.begin(), ratios.end());
    e.low = percentileSorted(ratios, (1.0 - confidence) / 2.0 * 100.0);
    e.high = percentileSorted(ratios, (1.0 + confidence) / 2.0 * 100.0);
    return e;
}

} // namespace qs
