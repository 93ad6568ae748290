// SPDX-License-Identifier: MIT
#include "load_worker.h"

#include <QThread>

namespace qs::ui {

void LoadWorker::finish(quint64 jobId, const Status& status, const LoadResult& result)
{
    if (status.isCancelled())
        emit cancelled(jobId);
    else if (!status.isOk())
        emit failed(jobId, QString::fromStdString(status.toString()));
    else
        emit resultReady(jobId, result);
}

void LoadWorker::load(
    quint64 jobId, const QString& path, const QString& pairPath, const LayoutOptions& options, const CancelFlag& cancel)
{
    Q_ASSERT(QThread::currentThread() == thread());
    const int models = pairPath.isEmpty() ? 1 : 2;
    LoadResult result;
    std::shared_ptr<const LoadedModel> loaded[2];
    const QString paths[2] = { path, pairPath };
    for (int i = 0; i < models; ++i) {
        auto r = loadAndLayout(paths[i], options, cancel.get(), [&](int done, int total, const QString& stage) {
            emit progressChanged(jobId, i * total + done, models * total, stage);
        });
        if (!r)
            return finish(jobId, r.status(), result);
        loaded[i] = *r;
    }
    result.primary = loaded[0];
    if (models == 2) {
        // The float model is the reference side of a pair, whichever order the user picked the files in.
        if (loaded[0]->boundaryNodeCount() > loaded[1]->boundaryNodeCount())
            std::swap(loaded[0], loaded[1]);
        result.primary = loaded[0];
        result.secondary = loaded[1];
    }
    finish(jobId, Status::ok(), result);
}

void LoadWorker::relayout(
    quint64 jobId, const LoadResult& current, const LayoutOptions& options, const CancelFlag& cancel)
{
    Q_ASSERT(QThread::currentThread() == thread());
    LoadResult result;
    const int total = current.isPair() ? 2 : 1;
    emit progressChanged(jobId, 0, total, tr("Laying out the graph"));
    auto a = qs::ui::relayout(*current.primary, options, cancel.get());
    if (!a)
        return finish(jobId, a.status(), result);
    result.primary = *a;
    if (current.isPair()) {
        emit progressChanged(jobId, 1, total, tr("Laying out the graph"));
        auto b = qs::ui::relayout(*current.secondary, options, cancel.get());
        if (!b)
            return finish(jobId, b.status(), result);
        result.secondary = *b;
    }
    finish(jobId, Status::ok(), result);
}

} // namespace qs::ui
