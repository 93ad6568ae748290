// SPDX-License-Identifier: MIT
// Details of the selected node: operator documentation, attributes, tensors, quantization parameters, weights.
#pragma once

#include "util/constant_tensor.h"
#include "workers/loaded_model.h"

#include <QTextBrowser>

#include <memory>

namespace qs::ui {

class PropertiesPanel : public QTextBrowser
{
    Q_OBJECT
public:
    explicit PropertiesPanel(QWidget* parent = nullptr);

    void showNode(std::shared_ptr<const LoadedModel> model, NodeId id);
    NodeId node() const { return m_node; }

private:
    QString nodeHtml(const LoadedModel& model, NodeId id);

    std::shared_ptr<const LoadedModel> m_model;
    NodeId m_node = kNoNode;
};

} // namespace qs::ui
