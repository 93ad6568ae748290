// SPDX-License-Identifier: MIT
// An honest "not yet" area: says what will appear here and which work item brings it. Shows no data.
#pragma once

#include <QLabel>

namespace qs::ui {

class PlaceholderPanel : public QLabel
{
    Q_OBJECT
public:
    PlaceholderPanel(const QString& title, const QString& description, QWidget* parent = nullptr);
};

} // namespace qs::ui
