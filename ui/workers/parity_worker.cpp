// SPDX-License-Identifier: MIT
#include "parity_worker.h"

#include "throttled_progress.h"
#include "util/qt_convert.h"

#include <QThread>

#include <new>

namespace qs::ui {

void ParityWorker::run(quint64 jobId, const ParityRequest& request, const std::shared_ptr<CancelToken>& cancel)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (!request.reference || !request.candidate)
        return emit failed(jobId, tr("Parity needs an FP32 and a quantized model open as a pair."));
    emit progressChanged(jobId, 0, 0, tr("Reading the inputs"));
    auto samples = loadSamples(*request.reference, request.inputs.toStdString());
    if (!samples)
        return emit failed(jobId, tr("Inputs '%1': %2").arg(request.inputs, toQString(samples.status().message())));
    if (cancel->isCancelled())
        return emit cancelled(jobId);

    ThrottledProgress<ParityWorker> progress(this, jobId, tr("Comparing"));
    ParityOptions options;
    options.thresholds = request.thresholds;
    options.cancel = cancel.get();
    options.progress = &progress;
    Result<ParityReport> report = Status(StatusCode::Internal, "not run");
    try {
        report = computeParity(request.reference, request.candidate, *samples, options);
    } catch (const std::bad_alloc& e) {
        report = Status(StatusCode::OutOfMemory, e.what());
    }
    if (!report) {
        if (report.status().isCancelled())
            return emit cancelled(jobId);
        return emit failed(jobId, tr("Could not check parity: %1").arg(toQString(report.status().message())));
    }
    ParityResult result;
    result.report = std::make_shared<const ParityReport>(std::move(*report));
    result.reference = request.reference;
    result.candidate = request.candidate;
    result.inputs = request.inputs;
    emit resultReady(jobId, result);
}

} // namespace qs::ui
