// SPDX-License-Identifier: MIT
#include "target_classifier.h"

#include "util/qt_convert.h"

#include <QDir>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace qs::ui {

const TargetTable* TargetResults::table(const std::string& id) const
{
    for (const TargetTable& t : tables)
        if (t.id == id)
            return &t;
    return nullptr;
}

TargetResults TargetClassifier::run(std::shared_ptr<const Model> model, const QString& tablesDir)
{
    TargetResults out;
    out.model = model;
    const std::filesystem::path dir
        = tablesDir.isEmpty() ? findTargetTablesDirectory() : std::filesystem::path(tablesDir.toStdString());
    out.tablesDirectory = QDir::toNativeSeparators(toQString(dir.string()));
    if (dir.empty()) {
        out.error = tr("No deployment-target tables were found: Quantscope looks in $QS_TARGETS_DIR, next to the "
                       "program in ../share/quantscope/targets, and in the source tree's resources/targets.");
        return out;
    }
    auto tables = loadTargetTables(dir);
    if (!tables) {
        out.error = tr("The deployment-target tables could not be read: %1").arg(toQString(tables.status().message()));
        return out;
    }
    out.tables = std::move(*tables);
    if (model)
        out.reports = classifyModel(*model, out.tables);
    return out;
}

void TargetClassifier::classify(std::shared_ptr<const Model> model)
{
    const quint64 request = ++m_request;
    if (!model)
        return;
    ++m_pending;
    // A child of this object: if the classifier goes away first, the result is discarded with the watcher.
    auto* watcher = new QFutureWatcher<TargetResults>(this);
    connect(watcher, &QFutureWatcher<TargetResults>::finished, this, [this, watcher, request] {
        watcher->deleteLater();
        --m_pending;
        if (request != m_request)
            return;
        emit finished(std::make_shared<const TargetResults>(watcher->result()));
    });
    watcher->setFuture(QtConcurrent::run([model = std::move(model), dir = m_tablesDir] { return run(model, dir); }));
}

} // namespace qs::ui
