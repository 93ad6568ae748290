// SPDX-License-Identifier: MIT
// Lives on the controller's QThread; loads, analyses and lays out models. No widgets here.
#pragma once

#include "metatypes.h"

#include <QObject>

#include <atomic>
#include <memory>

namespace qs::ui {

class LoadWorker : public QObject
{
    Q_OBJECT
public:
    using CancelFlag = std::shared_ptr<std::atomic<bool>>;

    /// Called on the worker thread. `pairPath` empty: a single model.
    void load(quint64 jobId, const QString& path, const QString& pairPath, const LayoutOptions& options,
        const CancelFlag& cancel);
    /// Called on the worker thread: new layout for the models already loaded.
    void relayout(quint64 jobId, const LoadResult& current, const LayoutOptions& options, const CancelFlag& cancel);

signals:
    void progressChanged(quint64 jobId, int done, int total, const QString& stage);
    void resultReady(quint64 jobId, const qs::ui::LoadResult& result);
    void failed(quint64 jobId, const QString& message);
    void cancelled(quint64 jobId);

private:
    void finish(quint64 jobId, const Status& status, const LoadResult& result);
};

} // namespace qs::ui
