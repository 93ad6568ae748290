// SPDX-License-Identifier: MIT
#include "run_file_loader.h"

#include "util/qt_convert.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/run_file.h>

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace qs::ui {

namespace {
struct Loaded
{
    QString path;
    std::shared_ptr<const RunRecord> record;
    QString error;
};
} // namespace

void RunFileLoader::load(const QStringList& paths)
{
    if (paths.isEmpty())
        return;
    registerMetaTypes();
    ++m_pending;
    const quint64 generation = m_generation;
    // The watcher is a child of this object: if the loader goes away first, the result is simply discarded.
    auto* watcher = new QFutureWatcher<QList<Loaded>>(this);
    connect(watcher, &QFutureWatcher<QList<Loaded>>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        --m_pending;
        if (generation != m_generation)
            return;
        for (const Loaded& l : watcher->result()) {
            if (l.record)
                emit loaded(l.path, l.record);
            else
                emit failed(l.path, l.error);
        }
        emit finished();
    });
    watcher->setFuture(QtConcurrent::run([paths] {
        QList<Loaded> out;
        for (const QString& path : paths) {
            auto record = readRunFile(path.toStdString());
            // Findings of files older than format 1.1 are English text only: derived again from the file's
            // measurements, they can be shown in the UI language (the report says so).
            if (record)
                rederiveFindingsStoredAsText(*record);
            if (record)
                out.append({ path, std::make_shared<const RunRecord>(std::move(*record)), {} });
            else
                out.append({ path, nullptr, toQString(record.status().message()) });
        }
        return out;
    }));
}

} // namespace qs::ui
