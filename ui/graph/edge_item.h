// SPDX-License-Identifier: MIT
// One tensor edge (a spline from Graphviz) with an optional shape/type label.
#pragma once

#include "graph_layout.h"

#include <QGraphicsItem>
#include <QPainterPath>

namespace qs::ui {

class EdgeItem : public QGraphicsItem
{
public:
    enum
    {
        Type = UserType + 2
    };

    EdgeItem(const LayoutEdge& edge, const QString& label, const QString& toolTip);

    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    const LayoutEdge& edge() const { return m_edge; }
    bool isCrossing() const { return m_edge.crossing; }
    void setLabelVisible(bool visible);
    /// Where the label is drawn when visible (scene coordinates).
    QRectF labelRect() const { return m_labelRect; }
    void setDimmed(bool dimmed) { setOpacity(dimmed ? 0.12 : 1.0); }

private:
    LayoutEdge m_edge;
    QPainterPath m_path;
    QPolygonF m_arrow;
    QString m_label;
    QRectF m_labelRect;
    QRectF m_bounds;
    bool m_labelVisible = false;
};

} // namespace qs::ui
