// SPDX-License-Identifier: MIT
// Classifies a model against every deployment-target table (issue 17 part 2) on the thread pool and hands the
// reports back on the GUI thread. Each request gets a number; only the newest request's result is delivered, so a
// slow classification of a previous model never replaces the current one.
#pragma once

#include <quantscope/engine/model.h>
#include <quantscope/engine/targets.h>

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace qs::ui {

/// Everything one classification produced: the tables (for their sources and notes) and one report per table, in
/// the same order. `error` is set instead when the tables could not be found or read.
struct TargetResults
{
    std::shared_ptr<const Model> model;
    QString tablesDirectory;
    QString error;
    std::vector<TargetTable> tables;
    std::vector<TargetReport> reports;

    const TargetTable* table(const std::string& id) const;
};

class TargetClassifier : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    /// Where the tables are read from; empty (the default) means findTargetTablesDirectory().
    void setTablesDirectory(const QString& dir) { m_tablesDir = dir; }
    /// Starts classifying `model`; the result of any earlier request is dropped. A null model only cancels.
    void classify(std::shared_ptr<const Model> model);
    bool isBusy() const { return m_pending > 0; }

    /// The work itself, synchronous (the thread pool runs it; tests may call it).
    static TargetResults run(std::shared_ptr<const Model> model, const QString& tablesDir);

signals:
    void finished(std::shared_ptr<const qs::ui::TargetResults> results);

private:
    QString m_tablesDir;
    quint64 m_request = 0;
    int m_pending = 0;
};

} // namespace qs::ui
