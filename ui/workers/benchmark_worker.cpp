// SPDX-License-Identifier: MIT
#include "benchmark_worker.h"

#include "util/qt_convert.h"
#include "util/scenario_groups.h"

#include <quantscope/engine/benchmark_plan.h>
#include <quantscope/engine/ort_target.h>
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/runtime_discovery.h>
#include <quantscope/engine/session_target.h>

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRegularExpression>
#include <QThread>

#include <algorithm>
#include <new>
#include <optional>

namespace qs::ui {

namespace {
QString phaseText(BenchmarkControl::Phase phase)
{
    switch (phase) {
    case BenchmarkControl::Phase::Preparing:
        return BenchmarkWorker::tr("preparing");
    case BenchmarkControl::Phase::WarmingUp:
        return BenchmarkWorker::tr("warming up");
    case BenchmarkControl::Phase::Measuring:
        return BenchmarkWorker::tr("measuring");
    }
    return {};
}
} // namespace

QString BenchmarkWorker::runFilePath(const QString& folder, const RunRecord& record)
{
    QStringList ids;
    for (const ModelRecord& m : record.models)
        ids << toQString(m.id);
    QString stem = QStringLiteral("run-%1-%2")
                       .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")),
                           ids.join(QStringLiteral("-vs-")));
    stem.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    const QDir dir(folder);
    QString path = dir.filePath(stem + QStringLiteral(".json"));
    for (int i = 2; QFileInfo::exists(path); ++i)
        path = dir.filePath(QStringLiteral("%1-%2.json").arg(stem).arg(i));
    return path;
}

void BenchmarkWorker::run(quint64 jobId, const BenchmarkRequest& request, const std::shared_ptr<CancelToken>& cancel)
{
    Q_ASSERT(QThread::currentThread() == thread());
    const BenchmarkPlan& plan = request.plan;

    // Progress state lives on this thread only; the GUI gets throttled copies through queued signals.
    size_t scenarioIndex = 0, scenarioCount = 1;
    QString scenarioLabel;
    QElapsedTimer sinceEmit;
    sinceEmit.start();
    int lastPhase = -1;
    const int64_t perScenario = std::max<int64_t>(1, plan.config.warmupRuns + plan.config.runs);
    const auto report = [&](int phase, int64_t runsDone, const QString& text, bool force) {
        // Don't flood the GUI thread's event queue: a few updates per second are enough for a progress bar.
        if (!force && phase == lastPhase && sinceEmit.elapsed() < 100)
            return;
        lastPhase = phase;
        sinceEmit.restart();
        const double within = std::clamp(static_cast<double>(runsDone) / perScenario, 0.0, 1.0);
        const int permille = static_cast<int>(1000.0 * (scenarioIndex + within) / scenarioCount);
        emit progressChanged(jobId, permille, 1000,
            tr("[%1/%2] %3: %4").arg(scenarioIndex + 1).arg(scenarioCount).arg(scenarioLabel, text));
    };

    BenchmarkControl control;
    control.isCancelled = [cancel] { return cancel->isCancelled(); };
    control.onProgress = [&](BenchmarkControl::Phase phase, int64_t done, int64_t total) {
        const int64_t runsDone = phase == BenchmarkControl::Phase::Measuring ? plan.config.warmupRuns + done
            : phase == BenchmarkControl::Phase::WarmingUp                    ? done
                                                                             : 0;
        const QString count = total >= 0 ? QStringLiteral(" %1/%2").arg(done).arg(total) : QString();
        report(static_cast<int>(phase), runsDone, phaseText(phase) + count, done == total);
    };
    PlanObserver observer;
    observer.onScenarioStart = [&](size_t index, size_t total, const ScenarioRecord& s) {
        scenarioIndex = index;
        scenarioCount = std::max<size_t>(1, total);
        scenarioLabel = qs::ui::scenarioLabel(s);
        report(-1, 0, tr("starting"), true);
    };

    // ONNX Runtime is looked up here, off the GUI thread (discovery starts node/python once each). When none is
    // found, its scenarios fail with the message that says how to get one; the engine's still run.
    std::optional<Result<RuntimeAdapterSpec>> ortAdapter;
    if (std::find(plan.runtimes.begin(), plan.runtimes.end(), Runtime::OnnxRuntime) != plan.runtimes.end())
        ortAdapter = request.ortAdapter ? Result<RuntimeAdapterSpec>(*request.ortAdapter) : findOrtAdapter();
    const auto factory = [&plan, &ortAdapter](const std::shared_ptr<const Model>& model,
                             const ScenarioSpec& spec) -> Result<std::unique_ptr<BenchmarkTarget>> {
        const auto shapes = inputShapesOf(*model, plan.inputShapes);
        if (spec.runtime == Runtime::OnnxRuntime) {
            if (!ortAdapter || !*ortAdapter)
                return ortAdapter ? ortAdapter->status() : Status(StatusCode::NotFound, "no ONNX Runtime adapter");
            return createOrtTarget(model, spec, shapes, **ortAdapter);
        }
        return createSessionTarget(model, spec, shapes);
    };
    // The engine turns memory failures into a failed scenario; this catch is the last line, so that nothing a model
    // does takes the application (open models, unsaved comparisons) down with std::bad_alloc.
    Result<RunRecord> record = Status(StatusCode::Internal, "not run");
    try {
        record = runBenchmarkPlan(plan, factory, control, observer);
    } catch (const std::bad_alloc& e) {
        record = Status(StatusCode::OutOfMemory, e.what());
    }
    if (!record) {
        if (record.status().isCancelled())
            emit cancelled(jobId);
        else
            emit failed(jobId, toQString(record.status().toString()));
        return;
    }
    bool anySamples = false;
    for (const ScenarioRecord& s : record->scenarios)
        anySamples = anySamples || s.hasSamples();
    if (cancel->isCancelled() && !anySamples) {
        emit cancelled(jobId);
        return;
    }

    auto shared = std::make_shared<const RunRecord>(std::move(*record));
    QString saveError;
    QString path;
    if (!QDir().mkpath(request.outputFolder)) {
        saveError = tr("Could not create the run folder %1.").arg(request.outputFolder);
    } else {
        path = runFilePath(request.outputFolder, *shared);
        if (Status st = writeRunFile(path.toStdString(), *shared); !st) {
            saveError = toQString(st.toString());
            path.clear();
        }
    }
    emit resultReady(jobId, shared, path, saveError);
}

} // namespace qs::ui
