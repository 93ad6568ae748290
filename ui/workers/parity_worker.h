// SPDX-License-Identifier: MIT
// Lives on the parity controller's QThread: reads or makes the input samples and runs the engine's parity check of the
// open FP32/INT8 pair (both models as written, every shared intermediate tensor compared). No widgets here.
#pragma once

#include <quantscope/engine/parity.h>

#include <QMetaType>
#include <QObject>
#include <QString>

#include <memory>

namespace qs::ui {

/// Everything the worker needs, snapshotted on the GUI thread.
struct ParityRequest
{
    std::shared_ptr<const Model> reference; ///< the FP32 model of the pair
    std::shared_ptr<const Model> candidate; ///< the quantized one
    QString inputs = QStringLiteral("random:4"); ///< loadSamples' spec: "random:N" or a folder
    ParityThresholds thresholds;
};

struct ParityResult
{
    std::shared_ptr<const ParityReport> report;
    std::shared_ptr<const Model> reference;
    std::shared_ptr<const Model> candidate;
    QString inputs;
};

class ParityWorker : public QObject
{
    Q_OBJECT
public:
    /// Called on the worker thread; blocks it until the report is made, a step failed or `cancel` fired (polled
    /// between model runs and inside them).
    void run(quint64 jobId, const ParityRequest& request, const std::shared_ptr<CancelToken>& cancel);

signals:
    /// Model runs `done` of `total` (two per sample); `total` 0 while the inputs are read.
    void progressChanged(quint64 jobId, int done, int total, const QString& stage);
    void resultReady(quint64 jobId, const qs::ui::ParityResult& result);
    void failed(quint64 jobId, const QString& message);
    void cancelled(quint64 jobId);
};

} // namespace qs::ui

Q_DECLARE_METATYPE(qs::ui::ParityResult)
