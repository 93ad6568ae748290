// SPDX-License-Identifier: MIT
#include "edge_item.h"

#include "node_style.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>
#include <QtMath>

namespace qs::ui {

namespace {
QFont labelFont()
{
    QFont f;
    f.setPointSizeF(6.5);
    return f;
}
} // namespace

EdgeItem::EdgeItem(const LayoutEdge& edge, const QString& label, const QString& toolTip)
    : m_edge(edge)
    , m_label(label)
{
    setZValue(edge.crossing ? 1.5 : 1);
    setToolTip(toolTip);
    const auto& b = edge.bezier;
    if (!b.empty()) {
        m_path.moveTo(b[0]);
        for (size_t i = 1; i + 2 < b.size(); i += 3)
            m_path.cubicTo(b[i], b[i + 1], b[i + 2]);
        const QPointF tip = edge.arrowTip;
        const QPointF from = b.back();
        QLineF dir(tip, from);
        if (dir.length() < 0.1 && b.size() >= 2)
            dir = QLineF(tip, b[b.size() - 2]);
        m_path.lineTo(tip);
        const qreal angle = qDegreesToRadians(dir.angle());
        const qreal len = 7.0;
        const auto side
            = [&](qreal delta) { return tip + QPointF(qCos(angle + delta) * len, -qSin(angle + delta) * len); };
        m_arrow << tip << side(0.42) << side(-0.42);
        // Where Graphviz placed the label (it reserved room for it, so it overlaps no node and no other label);
        // without a placement, near the middle of the spline, beside the line.
        const QSizeF size = QFontMetricsF(labelFont()).size(0, m_label) + QSizeF(6, 2);
        if (edge.labelRect) {
            m_labelRect = QRectF(edge.labelRect->center() - QPointF(size.width() / 2, size.height() / 2), size);
        } else {
            const QPointF mid = m_path.pointAtPercent(0.5);
            m_labelRect = QRectF(mid + QPointF(4, -size.height() / 2), size);
        }
    }
    m_bounds = m_path.boundingRect().united(m_arrow.boundingRect()).adjusted(-3, -3, 3, 3);
    m_bounds = m_bounds.united(m_labelRect);
}

QPainterPath EdgeItem::shape() const
{
    QPainterPathStroker stroker;
    stroker.setWidth(6);
    return stroker.createStroke(m_path);
}

void EdgeItem::setLabelVisible(bool visible)
{
    m_labelVisible = visible;
    update();
}

void EdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QColor color = m_edge.crossing ? crossingEdgeColor() : edgeColor();
    painter->setRenderHint(QPainter::Antialiasing, lod > 0.3);
    QPen pen(color, m_edge.crossing ? 2.4 : 1.1);
    pen.setCosmetic(lod < 0.3);
    if (m_edge.crossing)
        pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    if (lod < 0.3)
        return;
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(m_arrow);
    if (m_labelVisible && lod > 0.55 && !m_label.isEmpty()) {
        painter->setFont(labelFont());
        painter->setPen(m_edge.crossing ? crossingEdgeColor().darker(130) : QColor(0x49, 0x50, 0x57));
        painter->setBrush(QColor(255, 255, 255, 215));
        painter->drawText(m_labelRect, Qt::AlignCenter, m_label);
    }
}

} // namespace qs::ui
