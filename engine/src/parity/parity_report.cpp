// SPDX-License-Identifier: MIT
// A parity report as JSON (for scripts and run files) and as text (for the terminal).
#include <quantscope/engine/parity.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>

namespace qs {

namespace {

using Json = nlohmann::ordered_json;

// JSON has no infinity: identical tensors have SQNR null (and "identical": true beside it).
Json number(double v)
{
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

Json diffJson(const TensorDiff& d)
{
    Json j = { { "elements", d.count }, { "maxAbs", d.maxAbs }, { "meanAbs", d.meanAbs }, { "rmse", d.rmse },
        { "cosine", d.cosine }, { "sqnrDb", number(d.sqnrDb) } };
    if (std::isinf(d.sqnrDb) && d.sqnrDb > 0)
        j["identical"] = true;
    if (d.nonFinite)
        j["nonFinite"] = d.nonFinite;
    return j;
}

std::string db(double v)
{
    return std::isinf(v) ? (v > 0 ? std::string("identical") : std::string("-inf")) : fmt::format("{:.1f} dB", v);
}

} // namespace

std::string parityReportJson(const ParityReport& r, size_t maxLayers)
{
    Json outputs = Json::array();
    for (const OutputParity& o : r.outputs) {
        Json j = { { "name", o.name }, { "candidateName", o.candidateName }, { "dims", o.dims } };
        j.update(diffJson(o.diff));
        if (o.classes) {
            j["top1Agreement"] = static_cast<double>(o.classes->top1) / static_cast<double>(o.classes->rows);
            j["top5Agreement"] = o.classes->hasTop5
                ? Json(static_cast<double>(o.classes->top5) / static_cast<double>(o.classes->rows))
                : Json(nullptr);
            j["rows"] = o.classes->rows;
        }
        j["pass"] = o.pass;
        j["failures"] = o.failures;
        outputs.push_back(std::move(j));
    }
    Json layers = Json::array();
    for (size_t i = 0; i < r.layers.size() && i < maxLayers; ++i) {
        const LayerParity& l = r.layers[i];
        Json j = { { "tensor", l.referenceTensor }, { "candidateTensor", l.candidateTensor }, { "opType", l.opType },
            { "node", l.referenceNode }, { "matchedBy", l.matchedBy }, { "dims", l.dims } };
        j.update(diffJson(l.diff));
        layers.push_back(std::move(j));
    }
    const ParityThresholds& t = r.thresholds;
    Json thresholds = { { "minSqnrDb", t.minSqnrDb }, { "minCosine", t.minCosine },
        { "maxAbs", t.maxAbsTolerance ? Json(*t.maxAbsTolerance) : Json(nullptr) },
        { "meanAbs", t.meanAbsTolerance ? Json(*t.meanAbsTolerance) : Json(nullptr) } };
    Json j = { { "reference", r.referenceName }, { "candidate", r.candidateName }, { "samples", r.samples },
        { "thresholds", thresholds }, { "pass", r.pass }, { "outputs", outputs }, { "layersCompared", r.layers.size() },
        { "referenceFloatTensors", r.referenceFloatTensors }, { "layers", layers } };
    return j.dump(2) + "\n";
}

std::string parityReportText(const ParityReport& r, size_t maxLayers)
{
    std::string s = fmt::format("Parity of {} against {} ({} sample{})\n", r.candidateName, r.referenceName, r.samples,
        r.samples == 1 ? "" : "s");
    const ParityThresholds& t = r.thresholds;
    s += fmt::format("Pass when SQNR >= {} dB and cosine >= {}", t.minSqnrDb, t.minCosine);
    if (t.maxAbsTolerance)
        s += fmt::format(" and max |Δ| <= {}", *t.maxAbsTolerance);
    if (t.meanAbsTolerance)
        s += fmt::format(" and mean |Δ| <= {}", *t.meanAbsTolerance);
    s += "\n\n";
    for (const OutputParity& o : r.outputs) {
        const TensorDiff& d = o.diff;
        s += fmt::format("output {} [{}]: {}\n", o.name, formatDims(o.dims), o.pass ? "PASS" : "FAIL");
        s += fmt::format("  max |Δ| {:.4g}  mean |Δ| {:.4g}  RMSE {:.4g}  cosine {:.6f}  SQNR {}\n", d.maxAbs,
            d.meanAbs, d.rmse, d.cosine, db(d.sqnrDb));
        if (o.classes) {
            s += fmt::format("  top-1 agreement {}/{}", o.classes->top1, o.classes->rows);
            if (o.classes->hasTop5)
                s += fmt::format("  top-5 agreement {}/{}", o.classes->top5, o.classes->rows);
            s += "\n";
        }
        for (const std::string& f : o.failures)
            s += fmt::format("  fails: {}\n", f);
    }
    if (!r.layers.empty()) {
        s += fmt::format("\n{} of {} intermediate float tensors compared; the {} worst by SQNR:\n", r.layers.size(),
            r.referenceFloatTensors, std::min(maxLayers, r.layers.size()));
        for (size_t i = 0; i < r.layers.size() && i < maxLayers; ++i) {
            const LayerParity& l = r.layers[i];
            s += fmt::format("  {:>12}  cos {:.5f}  max |Δ| {:<10.4g} {} ({}){}\n", db(l.diff.sqnrDb), l.diff.cosine,
                l.diff.maxAbs, l.referenceTensor, l.opType,
                l.matchedBy == "name" ? std::string() : fmt::format(" ~ {}", l.candidateTensor));
        }
    }
    s += fmt::format("\n{}\n", r.pass ? "PASS" : "FAIL");
    return s;
}

} // namespace qs
