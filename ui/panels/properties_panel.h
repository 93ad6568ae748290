// SPDX-License-Identifier: MIT
// Details of the selected node: operator documentation, attributes, tensors, quantization parameters, weights.
#pragma once

#include "graph/node_times.h"
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
    /// The measured times of the graph's profile: the shown node's time and share head the panel while set.
    void setNodeTimes(const NodeTimes& times);

private:
    QString nodeHtml(const LoadedModel& model, NodeId id);
    QString timeHtml(NodeId id) const;

    std::shared_ptr<const LoadedModel> m_model;
    NodeId m_node = kNoNode;
    NodeTimes m_times;
};

} // namespace qs::ui
