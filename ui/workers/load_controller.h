// SPDX-License-Identifier: MIT
// GUI-thread side of model loading: owns the worker thread, numbers jobs and drops stale results.
#pragma once

#include "load_worker.h"

#include <QObject>
#include <QThread>

namespace qs::ui {

class LoadController : public QObject
{
    Q_OBJECT
public:
    explicit LoadController(QObject* parent = nullptr);
    ~LoadController() override;

    /// Starts loading (a pair when `pairPath` is set); any running job is cancelled and its result dropped.
    void load(const QString& path, const QString& pairPath, const LayoutOptions& options);
    void relayout(const LoadResult& current, const LayoutOptions& options);
    /// Direct (not queued): the worker's event loop is busy while it runs.
    void cancel();
    bool isBusy() const { return m_currentJob != 0; }

signals:
    void started(bool isRelayout);
    void progressChanged(int done, int total, const QString& stage);
    void resultReady(const qs::ui::LoadResult& result, bool isRelayout);
    void failed(const QString& message);
    void cancelled();

private:
    quint64 beginJob(bool isRelayout);

    QThread m_thread;
    LoadWorker* m_worker = nullptr;
    quint64 m_nextJob = 1;
    quint64 m_currentJob = 0; ///< 0: idle; results of other jobs are stale and dropped
    bool m_currentIsRelayout = false;
    LoadWorker::CancelFlag m_cancel;
};

} // namespace qs::ui
