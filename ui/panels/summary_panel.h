// SPDX-License-Identifier: MIT
// Model summary: file, format, inputs/outputs, size, parameters, MACs, opsets; both models for a pair.
#pragma once

#include "workers/loaded_model.h"

#include <QTextBrowser>

namespace qs::ui {

class SummaryPanel : public QTextBrowser
{
    Q_OBJECT
public:
    explicit SummaryPanel(QWidget* parent = nullptr);
    void setResult(const LoadResult& result);
};

} // namespace qs::ui
