// SPDX-License-Identifier: MIT
#include "quantize_worker.h"

#include "throttled_progress.h"
#include "util/qt_convert.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/model_writer.h>
#include <quantscope/engine/parity.h>

#include <QThread>

#include <new>

namespace qs::ui {

void QuantizeWorker::run(quint64 jobId, const QuantizeRequest& request, const std::shared_ptr<CancelToken>& cancel)
{
    Q_ASSERT(QThread::currentThread() == thread());
    QuantizeOptions options = request.options;
    options.cancel = nullptr;
    options.progress = nullptr;
    if (Status st = validateQuantizeOptions(options); !st)
        return emit failed(jobId, tr("These quantization options are refused: %1").arg(toQString(st.message())));

    std::shared_ptr<const Model> model = request.model;
    if (!model || !options.inputShapes.empty()) {
        // Bound input dimensions are applied while loading (before shape inference), as the CLI does.
        emit progressChanged(jobId, 0, 0, tr("Reading %1").arg(displayNameForPath(request.sourcePath)));
        LoadOptions lo;
        lo.inputShapes = options.inputShapes;
        auto loaded = loadModel(request.sourcePath.toStdString(), lo);
        if (!loaded)
            return emit failed(jobId, toQString(loaded.status().toString()));
        model = *loaded;
    }

    std::vector<Sample> samples;
    if (options.format != QuantFormat::Dynamic) {
        emit progressChanged(jobId, 0, 0, tr("Reading the calibration data"));
        auto loaded = loadSamples(*model, request.calibrationData.toStdString(), options.inputShapes, request.image);
        if (!loaded)
            return emit failed(jobId,
                tr("Calibration data '%1': %2").arg(request.calibrationData, toQString(loaded.status().message())));
        samples = std::move(*loaded);
        bindFreeInputShapes(*model, samples, options.inputShapes); // an image folder gives free dims a size
    }
    if (cancel->isCancelled())
        return emit cancelled(jobId);

    ThrottledProgress<QuantizeWorker> progress(this, jobId, tr("Calibrating"));
    options.cancel = cancel.get();
    options.progress = &progress;
    QuantizeSummary summary;
    Result<std::shared_ptr<Model>> quantized = Status(StatusCode::Internal, "not run");
    try {
        quantized = quantizeModel(model, options, samples, &summary);
    } catch (const std::bad_alloc& e) {
        quantized = Status(StatusCode::OutOfMemory, e.what());
    }
    if (!quantized) {
        if (quantized.status().isCancelled())
            return emit cancelled(jobId);
        return emit failed(
            jobId, tr("Could not quantize %1: %2").arg(request.sourcePath, toQString(quantized.status().message())));
    }
    // The last point where Cancel keeps the disk as it was; saveModel then writes a temporary file and renames it.
    if (cancel->isCancelled())
        return emit cancelled(jobId);
    emit progressChanged(jobId, 0, 0, tr("Writing %1").arg(displayNameForPath(request.outputPath)));
    if (Status st = saveModel(**quantized, request.outputPath.toStdString()); !st)
        return emit failed(jobId, tr("Could not write %1: %2").arg(request.outputPath, toQString(st.message())));

    QuantizeResult result;
    result.sourcePath = request.sourcePath;
    result.outputPath = request.outputPath;
    options.cancel = nullptr;
    options.progress = nullptr;
    result.options = options;
    result.summary = std::move(summary);
    emit resultReady(jobId, result);
}

} // namespace qs::ui
