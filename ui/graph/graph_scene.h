// SPDX-License-Identifier: MIT
// The scene of one model's graph: builds node/edge/terminal items from a finished layout, applies filters,
// overlays and find highlights, and exports itself.
#pragma once

#include "metric_overlay.h"
#include "node_times.h"
#include "workers/loaded_model.h"

#include <QGraphicsScene>

#include <memory>
#include <vector>

namespace qs::ui {

class NodeItem;
class EdgeItem;

class GraphScene : public QGraphicsScene
{
    Q_OBJECT
public:
    explicit GraphScene(QObject* parent = nullptr);
    ~GraphScene() override;

    void setModel(std::shared_ptr<const LoadedModel> model);
    const std::shared_ptr<const LoadedModel>& model() const { return m_model; }

    /// Node items in NodeId order of those shown (collapsed Q/DQ nodes have none).
    const std::vector<NodeItem*>& nodeItems() const { return m_nodeItems; }
    const std::vector<EdgeItem*>& edgeItems() const { return m_edgeItems; }
    NodeItem* nodeItem(NodeId id) const;

    void setEdgeLabelsVisible(bool visible);
    bool edgeLabelsVisible() const { return m_edgeLabels; }
    /// Dims everything that is not a quantization boundary (and edges not touching one).
    void setBoundariesOnly(bool only);
    bool boundariesOnly() const { return m_boundariesOnly; }
    void setOverlay(const MetricOverlay& overlay);
    const MetricOverlay& overlay() const { return m_overlay; }
    /// Measured times shown in the nodes' tooltips; an empty NodeTimes removes them.
    void setNodeTimes(const NodeTimes& times);
    const NodeTimes& nodeTimes() const { return m_times; }

    /// Shown nodes matching `text` (case-insensitive): first those whose op type equals it ("Conv" finds Conv, not
    /// ConvInteger), then those whose name contains it, then those with a matching input/output tensor name; each
    /// group in topological order.
    std::vector<NodeId> findNodes(const QString& text) const;
    void setFindMatches(const std::vector<NodeId>& ids);

    NodeId selectedNode() const;
    void selectNode(NodeId id);

    /// Renders the whole graph. `scale` multiplies scene points to pixels for PNG. Returns false and sets
    /// `error` on failure.
    bool exportPng(const QString& path, qreal scale, QString* error) const;
    bool exportSvg(const QString& path, QString* error) const;

signals:
    void nodeSelected(qs::NodeId id); ///< kNoNode when the selection is cleared

private:
    void render(QPainter* painter, const QRectF& target) const;

    std::shared_ptr<const LoadedModel> m_model;
    std::vector<NodeItem*> m_nodeItems;
    std::vector<NodeItem*> m_byId; ///< indexed by NodeId
    std::vector<EdgeItem*> m_edgeItems;
    std::vector<NodeId> m_findMatches;
    MetricOverlay m_overlay;
    NodeTimes m_times;
    bool m_edgeLabels = false;
    bool m_boundariesOnly = false;
};

} // namespace qs::ui
