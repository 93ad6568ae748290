// SPDX-License-Identifier: MIT
// computeParity: both models run on the same samples, with the shared intermediate tensors made graph outputs of
// private copies of the two models (the executor then keeps them and never fuses them away).
#include <quantscope/engine/parity.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

std::vector<float> asFloats(const HostTensor& t)
{
    if (t.dataType() == DataType::Float) {
        auto d = t.data<float>();
        return { d.begin(), d.end() };
    }
    std::vector<float> out(static_cast<size_t>(t.elementCount()));
    for (int64_t i = 0; i < t.elementCount(); ++i)
        out[static_cast<size_t>(i)] = static_cast<float>(t.valueAsDouble(i));
    return out;
}

std::string fmtDb(double db)
{
    return std::isinf(db) ? (db > 0 ? std::string("inf") : std::string("-inf")) : fmt::format("{:.1f}", db);
}

void judge(OutputParity& o, const ParityThresholds& t)
{
    const TensorDiff& d = o.diff;
    if (d.nonFinite > 0)
        o.failures.push_back(fmt::format("{} non-finite values", d.nonFinite));
    if (d.sqnrDb < t.minSqnrDb)
        o.failures.push_back(fmt::format("SQNR {} dB < {} dB", fmtDb(d.sqnrDb), t.minSqnrDb));
    if (d.cosine < t.minCosine)
        o.failures.push_back(fmt::format("cosine {:.5f} < {}", d.cosine, t.minCosine));
    if (t.maxAbsTolerance && d.maxAbs > *t.maxAbsTolerance)
        o.failures.push_back(fmt::format("max |Δ| {:.4g} > {}", d.maxAbs, *t.maxAbsTolerance));
    if (t.meanAbsTolerance && d.meanAbs > *t.meanAbsTolerance)
        o.failures.push_back(fmt::format("mean |Δ| {:.4g} > {}", d.meanAbs, *t.meanAbsTolerance));
    o.pass = o.failures.empty();
}

Result<std::unique_ptr<Session>> prepare(
    const std::shared_ptr<const Model>& model, const ParityOptions& options, const char* role)
{
    SessionOptions so;
    so.threads = options.threads;
    so.mode = options.mode;
    so.inputShapes = options.inputShapes;
    std::vector<UnsupportedNode> unsupported;
    RunControl rc;
    rc.cancel = options.cancel;
    auto session = Session::create(model, so, rc, &unsupported);
    if (!session)
        return Status(session.status().code(),
            fmt::format("{} model {}: {}", role, model->displayName(), session.status().message()));
    return session;
}

// "resnet18_fp32/model.onnx": the folder tells apart the many files called model.onnx.
std::string shownName(const Model& m)
{
    if (m.path.empty())
        return m.displayName();
    const auto parent = m.path.parent_path().filename();
    return parent.empty() ? m.displayName() : (parent / m.path.filename()).string();
}

} // namespace

Result<ParityReport> computeParity(const std::shared_ptr<const Model>& reference,
    const std::shared_ptr<const Model>& candidate, std::span<const Sample> samples, const ParityOptions& options)
{
    if (samples.empty())
        return Status(StatusCode::InvalidArgument, "parity needs at least one input sample");
    ParityReport report;
    report.referenceName = shownName(*reference);
    report.candidateName = shownName(*candidate);
    report.thresholds = options.thresholds;

    const Graph& rg = reference->graph();
    const Graph& cg = candidate->graph();
    std::vector<TensorMatch> matches;
    if (options.layers)
        matches = matchIntermediateTensors(rg, cg);
    for (const Value& v : rg.values())
        if (v.producer != kNoNode && !v.isGraphOutput && !v.isConstant() && v.type.elementType == DataType::Float)
            ++report.referenceFloatTensors;

    // Private copies with the matched intermediates appended as outputs (after the real ones).
    auto refCopy = std::make_shared<Model>(*reference);
    auto candCopy = std::make_shared<Model>(*candidate);
    for (const TensorMatch& m : matches) {
        refCopy->mutableGraph().addOutput(m.reference);
        candCopy->mutableGraph().addOutput(m.candidate);
    }
    auto refSession = prepare(refCopy, options, "reference");
    if (!refSession)
        return refSession.status();
    auto candSession = prepare(candCopy, options, "candidate");
    if (!candSession)
        return candSession.status();
    Session& rs = **refSession;
    Session& cs = **candSession;

    // The candidate's inputs by the reference's input names.
    std::vector<size_t> candInputFrom;
    for (const IoInfo& ci : cs.inputs()) {
        auto it = std::find_if(
            rs.inputs().begin(), rs.inputs().end(), [&](const IoInfo& ri) { return ri.name == ci.name; });
        if (it == rs.inputs().end()) {
            if (cs.inputs().size() == 1 && rs.inputs().size() == 1)
                it = rs.inputs().begin(); // a renamed single input
            else
                return Status(StatusCode::InvalidArgument,
                    fmt::format("candidate model {} has input '{}', which the reference {} does not have",
                        report.candidateName, ci.name, report.referenceName));
        }
        const size_t from = static_cast<size_t>(it - rs.inputs().begin());
        if (it->dims != ci.dims || it->type != ci.type)
            return Status(StatusCode::InvalidArgument,
                fmt::format("input '{}': the reference takes {} {}, the candidate {} {}", ci.name,
                    dataTypeName(it->type), formatDims(it->dims), dataTypeName(ci.type), formatDims(ci.dims)));
        candInputFrom.push_back(from);
    }

    // Real outputs: by name, else by position.
    const size_t refOutputs = rg.outputs().size();
    const size_t candOutputs = cg.outputs().size();
    std::vector<std::pair<size_t, size_t>> outputPairs;
    for (size_t i = 0; i < refOutputs; ++i) {
        const std::string& name = rs.outputs()[i].name;
        size_t j = candOutputs;
        for (size_t k = 0; k < candOutputs; ++k)
            if (cs.outputs()[k].name == name)
                j = k;
        if (j == candOutputs && i < candOutputs)
            j = i;
        if (j < candOutputs)
            outputPairs.emplace_back(i, j);
    }
    if (outputPairs.empty())
        return Status(StatusCode::InvalidArgument,
            fmt::format("{} and {} share no output to compare", report.referenceName, report.candidateName));

    std::vector<DiffAccumulator> outAcc(outputPairs.size());
    std::vector<ClassAgreement> outClasses(outputPairs.size());
    std::vector<std::vector<int64_t>> outDims(outputPairs.size());
    std::vector<DiffAccumulator> layerAcc(matches.size());
    const int64_t total = static_cast<int64_t>(samples.size()) * 2;
    int64_t done = 0;
    RunControl rc;
    rc.cancel = options.cancel;
    for (size_t s = 0; s < samples.size(); ++s) {
        const Sample& sample = samples[s];
        if (sample.size() != rs.inputs().size())
            return Status(StatusCode::InvalidArgument,
                fmt::format("sample {} has {} inputs, the model takes {}", s, sample.size(), rs.inputs().size()));
        if (options.cancel && options.cancel->isCancelled())
            return Status(StatusCode::Cancelled, "parity cancelled");
        auto refOut = rs.run(sample, rc);
        if (!refOut)
            return Status(refOut.status().code(),
                fmt::format("reference model {}: {}", report.referenceName, refOut.status().message()));
        if (options.progress)
            options.progress->progress(++done, total);
        std::vector<HostTensor> candIn;
        for (size_t from : candInputFrom)
            candIn.push_back(sample[from].clone());
        auto candOut = cs.run(candIn, rc);
        if (!candOut)
            return Status(candOut.status().code(),
                fmt::format("candidate model {}: {}", report.candidateName, candOut.status().message()));
        if (options.progress)
            options.progress->progress(++done, total);

        for (size_t k = 0; k < outputPairs.size(); ++k) {
            const HostTensor& a = (*refOut)[outputPairs[k].first];
            const HostTensor& b = (*candOut)[outputPairs[k].second];
            if (a.dims() != b.dims())
                return Status(StatusCode::InvalidArgument,
                    fmt::format("output '{}': the reference computes {}, the candidate {}",
                        rs.outputs()[outputPairs[k].first].name, formatDims(a.dims()), formatDims(b.dims())));
            const auto fa = asFloats(a);
            const auto fb = asFloats(b);
            outAcc[k].add(fa, fb);
            addClassAgreement(outClasses[k], a.dims(), fa, fb);
            outDims[k] = a.dims();
        }
        for (size_t m = 0; m < matches.size(); ++m) {
            const HostTensor& a = (*refOut)[refOutputs + m];
            const HostTensor& b = (*candOut)[candOutputs + m];
            if (a.dims() == b.dims() && a.dataType() == DataType::Float && b.dataType() == DataType::Float)
                layerAcc[m].add(a.data<float>(), b.data<float>());
        }
    }

    report.samples = static_cast<int64_t>(samples.size());
    for (size_t k = 0; k < outputPairs.size(); ++k) {
        OutputParity o;
        o.name = rs.outputs()[outputPairs[k].first].name;
        o.candidateName = cs.outputs()[outputPairs[k].second].name;
        o.dims = outDims[k];
        o.diff = outAcc[k].result();
        if (outClasses[k].rows > 0)
            o.classes = outClasses[k];
        judge(o, options.thresholds);
        report.pass = report.pass && o.pass;
        report.outputs.push_back(std::move(o));
    }
    for (size_t m = 0; m < matches.size(); ++m) {
        LayerParity l;
        const Value& rv = rg.value(matches[m].reference);
        l.referenceTensor = rv.name;
        l.candidateTensor = cg.value(matches[m].candidate).name;
        l.referenceNode = rg.node(rv.producer).name;
        l.opType = rg.node(rv.producer).opType;
        l.matchedBy = matches[m].byName ? "name" : "structure";
        l.dims = rv.type.knownDims().value_or(std::vector<int64_t> {});
        l.diff = layerAcc[m].result();
        if (l.diff.count > 0)
            report.layers.push_back(std::move(l));
    }
    std::stable_sort(report.layers.begin(), report.layers.end(),
        [](const LayerParity& a, const LayerParity& b) { return a.diff.sqnrDb < b.diff.sqnrDb; });
    return report;
}

} // namespace qs
