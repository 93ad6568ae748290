// SPDX-License-Identifier: MIT
// Reads run files on the thread pool and hands the parsed runs back on the GUI thread. Results of a generation that
// was reset (the list was cleared) are dropped.
#pragma once

#include "metatypes.h"

#include <QObject>
#include <QStringList>

namespace qs::ui {

class RunFileLoader : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    /// Reads each file in the background; emits loaded() or failed() per file, then finished().
    void load(const QStringList& paths);
    /// Results of loads started before this call are ignored.
    void reset() { ++m_generation; }
    bool isBusy() const { return m_pending > 0; }

signals:
    void loaded(const QString& path, std::shared_ptr<const qs::RunRecord> record);
    /// `message` names the file and the problem (the engine's run-file reader says which field or byte).
    void failed(const QString& path, const QString& message);
    void finished();

private:
    quint64 m_generation = 1;
    int m_pending = 0;
};

} // namespace qs::ui
