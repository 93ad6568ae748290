// SPDX-License-Identifier: MIT
// The GUI walkthrough's screenshot settings, shared by the UI tests that write screenshots: English and German, each
// at 1920x1080 and 1366x768. Screenshots are written only when QS_UI_SCREENSHOT_DIR names a folder; they are looked
// at by a person, not compared.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QLocale>
#include <QSize>
#include <QString>
#include <QTranslator>

namespace qs::test {

/// The folder named by QS_UI_SCREENSHOT_DIR; empty when it is unset (the caller then QSKIPs).
inline QString screenshotDir()
{
    return QString::fromLocal8Bit(qgetenv("QS_UI_SCREENSHOT_DIR"));
}

/// Calls shoot(lang, size) for "en" and "de" at both sizes, with the German translation (germanQm) and locale
/// installed around the German calls. False when the German translation does not load.
template <typename Shoot> bool forEachScreenshotSetting(const QString& germanQm, Shoot&& shoot)
{
    for (const char* lang : { "en", "de" }) {
        QTranslator translator;
        const bool german = QByteArray(lang) == "de";
        if (german) {
            if (!translator.load(germanQm))
                return false;
            QCoreApplication::installTranslator(&translator);
            QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        }
        for (const QSize size : { QSize(1920, 1080), QSize(1366, 768) })
            shoot(lang, size);
        if (german) {
            QCoreApplication::removeTranslator(&translator);
            QLocale::setDefault(QLocale::c());
        }
    }
    return true;
}

} // namespace qs::test
