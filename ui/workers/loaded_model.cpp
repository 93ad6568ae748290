// SPDX-License-Identifier: MIT
#include "loaded_model.h"

#include <quantscope/engine/model_loader.h>

#include <QCoreApplication>
#include <QElapsedTimer>

namespace qs::ui {

int LoadedModel::boundaryNodeCount() const
{
    return static_cast<int>(analysis->boundaryNodeCount);
}

Result<std::shared_ptr<const LoadedModel>> loadAndLayout(
    const QString& path, const LayoutOptions& options, const std::atomic<bool>* cancel, const StageProgress& progress)
{
    const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const auto report = [&progress](int done, const char* stage) {
        if (progress)
            progress(done, 3, QCoreApplication::translate("qs::ui::LoadWorker", stage));
    };
    auto loaded = std::make_shared<LoadedModel>();
    loaded->path = path;
    QElapsedTimer timer;

    report(0, QT_TRANSLATE_NOOP("qs::ui::LoadWorker", "Reading and checking the model"));
    timer.start();
    LoadOptions loadOptions; // the loader polls the flag while reading and per initializer and node
    loadOptions.isCancelled = cancelled;
    auto model = loadModel(path.toStdString(), loadOptions);
    if (!model)
        return model.status();
    loaded->model = *model;
    loaded->loadMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    if (cancelled())
        return Status(StatusCode::Cancelled, "loading cancelled");

    report(1, QT_TRANSLATE_NOOP("qs::ui::LoadWorker", "Analysing quantization"));
    timer.restart();
    loaded->analysis = std::make_shared<const ModelAnalysis>(analyzeModel(*loaded->model));
    loaded->classification = classifyNodes(loaded->analysis);
    loaded->analysisMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    if (cancelled())
        return Status(StatusCode::Cancelled, "loading cancelled");

    report(2, QT_TRANSLATE_NOOP("qs::ui::LoadWorker", "Laying out the graph"));
    auto layout = computeGraphLayout(*loaded->model, loaded->classification, options, cancel);
    if (!layout)
        return layout.status();
    loaded->layout = std::move(*layout);
    report(3, QT_TRANSLATE_NOOP("qs::ui::LoadWorker", "Done"));
    return std::shared_ptr<const LoadedModel>(std::move(loaded));
}

Result<std::shared_ptr<const LoadedModel>> relayout(
    const LoadedModel& model, const LayoutOptions& options, const std::atomic<bool>* cancel)
{
    auto layout = computeGraphLayout(*model.model, model.classification, options, cancel);
    if (!layout)
        return layout.status();
    auto copy = std::make_shared<LoadedModel>(model);
    copy->layout = std::move(*layout);
    return std::shared_ptr<const LoadedModel>(std::move(copy));
}

} // namespace qs::ui
