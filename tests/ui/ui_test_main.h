// SPDX-License-Identifier: MIT
// A QTest main that forces the offscreen platform (hotspot's HOTSPOT_TEST_MAIN idea) and isolates QSettings.
#pragma once

#include <QApplication>
#include <QStandardPaths>
#include <QTest>

#define QS_UI_TEST_MAIN(TestClass)                                                                                     \
    int main(int argc, char** argv)                                                                                    \
    {                                                                                                                  \
        qputenv("QT_QPA_PLATFORM", "offscreen");                                                                       \
        QStandardPaths::setTestModeEnabled(true);                                                                      \
        QApplication app(argc, argv);                                                                                  \
        QApplication::setOrganizationName(QStringLiteral("QuantscopeTests"));                                          \
        QApplication::setApplicationName(QStringLiteral(#TestClass));                                                  \
        TestClass tc;                                                                                                  \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }

#include "shared_data.h"

#include <QString>

namespace qs::test {
/// Path of a shared model as QString; empty when ../shared is absent (the caller QSKIPs).
inline QString sharedModelPath(const char* caseName)
{
    const auto p = sharedModel(caseName);
    return std::filesystem::exists(p) ? QString::fromStdString(p.string()) : QString();
}
} // namespace qs::test

#define QS_REQUIRE_SHARED_MODEL(var, caseName)                                                                         \
    const QString var = qs::test::sharedModelPath(caseName);                                                           \
    if (var.isEmpty())                                                                                                 \
        QSKIP("shared data absent: ../shared/models/" caseName " (../shared is not beside the checkout)");
