// SPDX-License-Identifier: MIT
// The app's German catalogue (QS_GERMAN_QM, built with the app) for one test function: install() in the test,
// remove() in cleanup(), so the next function starts in English.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QTranslator>

namespace qs::test {

class GermanCatalogue
{
public:
    /// False when the catalogue does not load (the app was not built) or cannot be installed.
    bool install()
    {
        if (!m_translator.load(QStringLiteral(QS_GERMAN_QM)))
            return false;
        m_installed = QCoreApplication::installTranslator(&m_translator);
        return m_installed;
    }

    void remove()
    {
        if (m_installed)
            QCoreApplication::removeTranslator(&m_translator);
        m_installed = false;
    }

private:
    QTranslator m_translator;
    bool m_installed = false;
};

} // namespace qs::test
