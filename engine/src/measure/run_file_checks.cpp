// SPDX-License-Identifier: MIT
#include "run_file_checks.h"

#include <quantscope/engine/latency_stats.h>

#include <fmt/format.h>

#include <cmath>
#include <numeric>

namespace qs {

namespace {

// About eleven days: longer than any single inference a benchmark waits for, and small enough that sums over a
// million samples stay exact in a double.
constexpr double kMaxMilliseconds = 1e9;

std::optional<std::string> checkMilliseconds(double v, const std::string& where)
{
    if (!std::isfinite(v))
        return fmt::format("{}: {} is not a finite number of milliseconds", where, v);
    if (v < 0)
        return fmt::format("{}: {} ms is negative", where, v);
    if (v > kMaxMilliseconds)
        return fmt::format("{}: {} ms is beyond any measurement ({} ms)", where, v, kMaxMilliseconds);
    return std::nullopt;
}

std::optional<std::string> checkCount(int64_t v, const std::string& where)
{
    if (v < 0)
        return fmt::format("{}: {} is negative", where, v);
    return std::nullopt;
}

// Stored statistics are derived from the samples; they must agree to the last few bits (the writer prints doubles
// so that they read back exactly).
bool close(double stored, double recomputed)
{
    return std::abs(stored - recomputed) <= 1e-9 * std::max(1.0, std::abs(recomputed));
}

std::optional<std::string> checkScenario(const ScenarioRecord& s, const std::string& w)
{
    if (s.threads < 0) // 0 is "as many as the runtime chooses"
        return fmt::format("{}.threads: {} is not a thread count", w, s.threads);
    if (auto e = checkMilliseconds(s.prepareMs, w + ".prepareMs"))
        return e;
    if (s.firstRunMs)
        if (auto e = checkMilliseconds(*s.firstRunMs, w + ".firstRunMs"))
            return e;
    if (auto e = checkCount(s.warmupRuns, w + ".warmupRuns"))
        return e;
    if (s.peakRssBytes)
        if (auto e = checkCount(*s.peakRssBytes, w + ".peakRssBytes"))
            return e;
    if (s.arenaBytes)
        if (auto e = checkCount(*s.arenaBytes, w + ".arenaBytes"))
            return e;
    for (size_t i = 0; i < s.latenciesMs.size(); ++i)
        if (auto e = checkMilliseconds(s.latenciesMs[i], fmt::format("{}.latenciesMs[{}]", w, i)))
            return e;

    const LatencyStats expected = computeLatencyStats(s.latenciesMs);
    if (s.stats.count != expected.count)
        return fmt::format("{}.stats.count: {} but the file holds {} latencies", w, s.stats.count, expected.count);
    if (!close(s.stats.p50Ms, expected.p50Ms))
        return fmt::format(
            "{}.stats.p50Ms: {} but the median of the latencies is {}", w, s.stats.p50Ms, expected.p50Ms);
    if (!close(s.stats.p95Ms, expected.p95Ms))
        return fmt::format("{}.stats.p95Ms: {} but the P95 of the latencies is {}", w, s.stats.p95Ms, expected.p95Ms);

    const Histogram& h = s.histogram;
    for (size_t i = 0; i < h.counts.size(); ++i)
        if (auto e = checkCount(h.counts[i], fmt::format("{}.histogram.counts[{}]", w, i)))
            return e;
    if (!h.counts.empty()) {
        if (h.edges.size() != h.counts.size() + 1)
            return fmt::format("{}.histogram: {} bins need {} edges, the file has {}", w, h.counts.size(),
                h.counts.size() + 1, h.edges.size());
        const int64_t binned = std::accumulate(h.counts.begin(), h.counts.end(), int64_t { 0 });
        if (binned != static_cast<int64_t>(s.latenciesMs.size()))
            return fmt::format("{}.histogram.counts: {} samples binned but the file holds {} latencies", w, binned,
                s.latenciesMs.size());
        for (size_t i = 0; i < h.edges.size(); ++i) {
            if (auto e = checkMilliseconds(h.edges[i], fmt::format("{}.histogram.edges[{}]", w, i)))
                return e;
            if (i > 0 && h.edges[i] < h.edges[i - 1])
                return fmt::format("{}.histogram.edges[{}]: the edges are not ascending", w, i);
        }
    }

    if (s.profile) {
        const ProfileReport& p = *s.profile;
        const std::string pw = w + ".profile";
        if (auto e = checkCount(p.runs, pw + ".runs"))
            return e;
        if (auto e = checkMilliseconds(p.totalMs, pw + ".totalMs"))
            return e;
        if (auto e = checkMilliseconds(p.quantOverheadMs, pw + ".quantOverheadMs"))
            return e;
        for (size_t i = 0; i < p.nodes.size(); ++i) {
            const NodeProfile& n = p.nodes[i];
            const std::string nw = fmt::format("{}.nodes[{}]", pw, i);
            if (auto e = checkCount(n.calls, nw + ".calls"))
                return e;
            if (auto e = checkMilliseconds(n.totalMs, nw + ".totalMs"))
                return e;
            if (auto e = checkMilliseconds(n.meanMs, nw + ".meanMs"))
                return e;
        }
        for (size_t i = 0; i < p.opTypes.size(); ++i) {
            const std::string tw = fmt::format("{}.opTypes[{}]", pw, i);
            if (auto e = checkCount(p.opTypes[i].nodes, tw + ".nodes"))
                return e;
            if (auto e = checkMilliseconds(p.opTypes[i].meanMs, tw + ".meanMs"))
                return e;
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> findRunRecordInconsistency(const RunRecord& record)
{
    for (size_t i = 0; i < record.config.threads.size(); ++i)
        if (record.config.threads[i] < 0)
            return fmt::format("config.threads[{}]: {} is not a thread count", i, record.config.threads[i]);
    if (auto e = checkCount(record.config.warmupRuns, "config.warmupRuns"))
        return e;
    if (auto e = checkCount(record.config.runs, "config.runs"))
        return e;
    for (size_t i = 0; i < record.scenarios.size(); ++i)
        if (auto e = checkScenario(record.scenarios[i], fmt::format("scenarios[{}]", i)))
            return e;
    return std::nullopt;
}

} // namespace qs
