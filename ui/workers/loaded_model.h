// SPDX-License-Identifier: MIT
// What a finished load produces: the immutable model, its analysis (indexed for the view) and its layout.
#pragma once

#include "graph/graph_layout.h"
#include "graph/node_classification.h"

#include <quantscope/engine/analysis.h>
#include <quantscope/engine/model.h>

#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace qs::ui {

struct LoadedModel
{
    QString path;
    std::shared_ptr<const Model> model;
    std::shared_ptr<const ModelAnalysis> analysis;
    NodeClassification classification;
    GraphLayout layout;
    double loadMs = 0.0;
    double analysisMs = 0.0;

    int boundaryNodeCount() const;
};

/// One model, or an FP32 + quantized pair opened side by side (primary = the float model).
struct LoadResult
{
    std::shared_ptr<const LoadedModel> primary;
    std::shared_ptr<const LoadedModel> secondary; ///< set in pair mode
    bool isPair() const { return secondary != nullptr; }
};

/// Stage progress callback: (done, total, stage). Called on the calling thread.
using StageProgress = std::function<void(int, int, const QString&)>;

/// Loads, analyses, classifies and lays out one model, synchronously (the worker calls this; so do tests).
/// Fails with the engine's message; StatusCode::Cancelled when `cancel` was set between stages or while the engine
/// loaded the model (it polls the flag per initializer and node).
Result<std::shared_ptr<const LoadedModel>> loadAndLayout(const QString& path, const LayoutOptions& options,
    const std::atomic<bool>* cancel = nullptr, const StageProgress& progress = {});

/// A copy of `model` with a new layout.
Result<std::shared_ptr<const LoadedModel>> relayout(
    const LoadedModel& model, const LayoutOptions& options, const std::atomic<bool>* cancel = nullptr);

} // namespace qs::ui
