// SPDX-License-Identifier: MIT
#include "graph_view.h"

#include "node_item.h"

#include <QGraphicsItem>
#include <QKeyEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace qs::ui {

namespace {
constexpr qreal kMinZoom = 0.02;
constexpr qreal kMaxZoom = 6.0;
constexpr qreal kStep = 1.25;
/// A large graph starts at this zoom (or the readable zoom, if larger): op types at 9.6 px, names legible.
constexpr qreal kFirstViewZoom = 0.8;
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
    // A scroll bar's actions (not its programmatic moves) are the user's.
    for (QScrollBar* bar : { horizontalScrollBar(), verticalScrollBar() })
        connect(bar, &QScrollBar::actionTriggered, this, [this] { userNavigated(); });
}

qreal GraphView::readableZoom() const
{
    return std::max(kFirstViewZoom, NodeItem::readableZoom(logicalDpiY()));
}

void GraphView::showFirstView(const QRectF& start, bool leftToRight)
{
    m_start = start;
    m_leftToRight = leftToRight;
    m_follow = Follow::FirstView;
    applyFirstView();
}

void GraphView::applyFirstView()
{
    if (!scene())
        return;
    fit();
    m_applying = true;
    if (zoom() < NodeItem::readableZoom(logicalDpiY())) {
        // Fitted whole, the op types would be under 8 px: start at the graph's start instead, readable.
        const qreal z = readableZoom();
        setTransform(QTransform::fromScale(z, z));
        const QSizeF visible = QSizeF(viewport()->size()) / z;
        centerOn(m_leftToRight ? QPointF(m_start.left() + visible.width() / 2 - 40, m_start.center().y())
                               : QPointF(m_start.center().x(), m_start.top() + visible.height() / 2 - 40));
    }
    m_applying = false;
    emit zoomChanged(zoom());
}

QPoint GraphView::scrollPosition() const
{
    return { horizontalScrollBar()->value(), verticalScrollBar()->value() };
}

void GraphView::centerOnByUser(const QPointF& scenePos)
{
    userNavigated();
    centerOn(scenePos);
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
    userNavigated();
    setZoom(zoom() * kStep);
}
void GraphView::zoomOut()
{
    userNavigated();
    setZoom(zoom() / kStep);
}
void GraphView::resetZoom()
{
    userNavigated();
    setZoom(1.0);
}

void GraphView::fitToWindow()
{
    // The user asked for the whole graph: it stays fitted when the window is resized, until they move it.
    m_follow = Follow::Fit;
    fit();
}

void GraphView::fit()
{
    if (!scene())
        return;
    m_applying = true;
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    // A small graph is not blown up: fitting never zooms in beyond 100 %.
    if (zoom() > 1.0)
        setTransform(QTransform());
    m_applying = false;
    emit zoomChanged(zoom());
}

void GraphView::centerOnItem(QGraphicsItem* item)
{
    if (!item)
        return;
    userNavigated();
    if (zoom() < 0.6)
        setZoom(0.9);
    centerOn(item);
    emit viewportMoved();
}

void GraphView::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ShiftModifier) {
        userNavigated();
        QGraphicsView::wheelEvent(event); // Shift+wheel scrolls, as in most graph tools
        return;
    }
    const qreal steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0)
        return;
    userNavigated();
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
    // Maximizing or resizing before the user has moved the view shows the first view (or the fit) for the new size;
    // not while one is applied (its scroll bars appearing resize the viewport).
    if (!m_applying && m_follow == Follow::FirstView)
        applyFirstView();
    else if (!m_applying && m_follow == Follow::Fit)
        fit();
    emit viewportMoved();
}

void GraphView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint before = scrollPosition();
    QGraphicsView::mouseMoveEvent(event);
    if (scrollPosition() != before) // dragged with the hand
        userNavigated();
}

void GraphView::keyPressEvent(QKeyEvent* event)
{
    const QPoint before = scrollPosition();
    const qreal zoomBefore = zoom();
    QGraphicsView::keyPressEvent(event);
    if (scrollPosition() != before || zoom() != zoomBefore) // arrow keys, Page Up/Down
        userNavigated();
}

} // namespace qs::ui
