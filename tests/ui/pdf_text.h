// SPDX-License-Identifier: MIT
// What a printed PDF says, read back with pdftotext (poppler-utils), for the tests of the report's pages.
#pragma once

#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace qs::ui {

inline bool havePdfToText()
{
    return !QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty();
}

/// The PDF's text (pages separated by form feeds); empty when pdftotext fails, so a check on it fails too.
/// `layout` keeps the printed line layout (pdftotext -layout). Callers QSKIP first when !havePdfToText().
inline QString pdfText(const QString& path, bool layout = false)
{
    QStringList args;
    if (layout)
        args << QStringLiteral("-layout");
    args << path << QStringLiteral("-");
    QProcess p;
    p.start(QStringLiteral("pdftotext"), args);
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

} // namespace qs::ui
