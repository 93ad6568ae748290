// SPDX-License-Identifier: MIT
// The application's messages: a short window title ("Quantscope") and the whole message in the dialog's text. Window
// managers cut long titles on narrow dialogs ("Modell konnte ni… geöffnet werden"); the text wraps and is never cut.
#pragma once

#include <QMessageBox>

namespace qs::ui {

/// The window title every message box uses.
QString messageTitle();

/// A non-modal message (the window, and a test, keep running), deleted when closed: `text` is the full sentence of
/// what happened, `details` the reason (the engine's or the system's message), shown under it.
QMessageBox* openMessage(QWidget* parent, QMessageBox::Icon icon, const QString& text, const QString& details = {},
    QMessageBox::StandardButtons buttons = QMessageBox::Ok);

} // namespace qs::ui
