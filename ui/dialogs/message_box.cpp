// SPDX-License-Identifier: MIT
#include "message_box.h"

#include <QCoreApplication>

namespace qs::ui {

QString messageTitle()
{
    return QCoreApplication::translate("qs::ui::MessageBox", "Quantscope");
}

QMessageBox* openMessage(QWidget* parent, QMessageBox::Icon icon, const QString& text, const QString& details,
    QMessageBox::StandardButtons buttons)
{
    auto* box = new QMessageBox(icon, messageTitle(), text, buttons, parent);
    box->setInformativeText(details);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}

} // namespace qs::ui
