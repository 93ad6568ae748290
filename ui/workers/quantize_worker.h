// SPDX-License-Identifier: MIT
// Lives on the quantize controller's QThread: reads the calibration data, runs the engine's quantizer and writes the
// INT8 model. No widgets here.
#pragma once

#include <quantscope/engine/model.h>
#include <quantscope/engine/quantize.h>
#include <quantscope/engine/run_control.h>

#include <QMetaType>
#include <QObject>
#include <QString>

#include <memory>

namespace qs::ui {

/// Everything the worker needs, snapshotted on the GUI thread (the worker reads no settings or widgets).
struct QuantizeRequest
{
    QString sourcePath; ///< the float model
    /// The float model as the window loaded it; null (or input shapes to bind) makes the worker read sourcePath.
    std::shared_ptr<const Model> model;
    QuantizeOptions options; ///< cancel and progress are the worker's own; whatever is set here is replaced
    QString calibrationData; ///< "random:N" or a folder (loadSamples' spec); ignored for dynamic quantization
    ImagePreprocess image; ///< how a folder of images becomes inputs (the default for any other data)
    QString outputPath;
};

/// What a finished job wrote.
struct QuantizeResult
{
    QString sourcePath;
    QString outputPath;
    QuantizeOptions options; ///< as used (cancel and progress cleared)
    QuantizeSummary summary;
};

class QuantizeWorker : public QObject
{
    Q_OBJECT
public:
    /// Called on the worker thread; blocks it until the model is written, a step failed or `cancel` fired.
    /// Cancellation is polled between calibration runs (and between the executor's steps inside one); a cancelled or
    /// failed job writes nothing, and saveModel's atomic rename leaves a previous file at the path as it was.
    void run(quint64 jobId, const QuantizeRequest& request, const std::shared_ptr<CancelToken>& cancel);

signals:
    /// Throttled (at most about 20 per second): calibration runs `done` of `total`, and the stage. `total` 0: a stage
    /// of unknown length (reading, writing).
    void progressChanged(quint64 jobId, int done, int total, const QString& stage);
    void resultReady(quint64 jobId, const qs::ui::QuantizeResult& result);
    void failed(quint64 jobId, const QString& message);
    void cancelled(quint64 jobId);
};

} // namespace qs::ui

Q_DECLARE_METATYPE(qs::ui::QuantizeResult)
