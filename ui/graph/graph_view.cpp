// SPDX-License-Identifier: MIT
#include "graph_view.h"

#include <QGraphicsItem>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace qs::ui {

namespace {
constexpr qreal kMinZoom = 0.02;
constexpr qreal kMaxZoom = 6.0;
constexpr qreal kStep = 1.25;
} // namespace

GraphView::GraphView(QWidget* parent)
    : QGraphicsView(parent)
{
    setDragMode(QGraphicsView::ScrollHandDrag);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    // Full-viewport updates are cheaper than region bookkeeping with thousands of items while panning.
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontSavePainterState | QGraphicsView::DontAdjustForAntialiasing);
    setTransformationAnchor(QGraphicsView::NoAnchor);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setFrameShape(QFrame::NoFrame);
    setBackgroundBrush(QColor(0xfb, 0xfb, 0xfc));
}

void GraphView::setZoom(qreal z, const QPointF* anchorScenePos)
{
    z = std::clamp(z, kMinZoom, kMaxZoom);
    const QPointF anchor = anchorScenePos ? *anchorScenePos : mapToScene(viewport()->rect().center());
    const QPoint anchorView = mapFromScene(anchor);
    setTransform(QTransform::fromScale(z, z));
    // Keep the scene point under the anchor where it was on screen.
    const QPointF delta = mapToScene(anchorView) - anchor;
    const QPointF center = mapToScene(viewport()->rect().center());
    centerOn(center - delta);
    emit zoomChanged(z);
}

void GraphView::zoomIn()
{
    setZoom(zoom() * kStep);
}
void GraphView::zoomOut()
{
    setZoom(zoom() / kStep);
}
void GraphView::resetZoom()
{
    setZoom(1.0);
}

void GraphView::fitToWindow()
{
    if (!scene())
        return;
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    // A tall graph fitted whole is unreadable; fitting never zooms in beyond 100 %.
    if (zoom() > 1.0)
        setTransform(QTransform());
    emit zoomChanged(zoom());
}

void GraphView::centerOnItem(QGraphicsItem* item)
{
    if (!item)
        return;
    if (zoom() < 0.6)
        setZoom(0.9);
    centerOn(item);
    emit viewportMoved();
}

void GraphView::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ShiftModifier) {
        QGraphicsView::wheelEvent(event); // Shift+wheel scrolls, as in most graph tools
        return;
    }
    const qreal steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0)
        return;
    const QPointF anchor = mapToScene(event->position().toPoint());
    setZoom(zoom() * std::pow(kStep, steps), &anchor);
    event->accept();
}

void GraphView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    emit viewportMoved();
}

void GraphView::setPlaceholderText(const QString& text)
{
    m_placeholder = text;
    viewport()->update();
}

void GraphView::setPlaceholderVisible(bool visible)
{
    m_placeholderVisible = visible;
    viewport()->update();
}

void GraphView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QGraphicsView::drawForeground(painter, rect);
    if (m_placeholder.isEmpty() || !m_placeholderVisible)
        return;
    painter->save();
    painter->resetTransform();
    painter->setPen(QColor(0x86, 0x8e, 0x96));
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    painter->setFont(f);
    painter->drawText(viewport()->rect().adjusted(40, 40, -40, -40), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
    painter->restore();
}

void GraphView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    emit viewportMoved();
}

} // namespace qs::ui
