// SPDX-License-Identifier: MIT
#include "placeholder_panel.h"

namespace qs::ui {

PlaceholderPanel::PlaceholderPanel(const QString& title, const QString& description, QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setAlignment(Qt::AlignCenter);
    setMargin(16);
    setText(QStringLiteral("<p style='font-size:large; color:#495057'><b>%1</b></p><p style='color:#868e96'>%2</p>")
                .arg(title.toHtmlEscaped(), description.toHtmlEscaped()));
}

} // namespace qs::ui
