// SPDX-License-Identifier: MIT
#include "minimap_view.h"

#include "graph_view.h"

#include <QMouseEvent>

namespace qs::ui {

MinimapView::MinimapView(GraphView* mainView, QWidget* parent)
    : QGraphicsView(parent)
    , m_main(mainView)
{
    setScene(mainView->scene());
    setInteractive(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setFrameShape(QFrame::Box);
    setStyleSheet(QStringLiteral("qs--ui--MinimapView { border: 1px solid #adb5bd; background: white; }"));
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view"));
    connect(mainView, &GraphView::viewportMoved, viewport(), qOverload<>(&QWidget::update));
    connect(mainView, &GraphView::zoomChanged, viewport(), qOverload<>(&QWidget::update));
}

void MinimapView::refit()
{
    if (scene())
        fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    viewport()->update();
}

void MinimapView::drawForeground(QPainter* painter, const QRectF&)
{
    if (!m_main)
        return;
    const QRectF visible = m_main->mapToScene(m_main->viewport()->rect()).boundingRect();
    painter->setPen(QPen(QColor(0x1c, 0x7e, 0xd6), 0)); // cosmetic pen: 1 px at any scale
    painter->setBrush(QColor(0x1c, 0x7e, 0xd6, 40));
    painter->drawRect(visible.intersected(sceneRect()));
}

void MinimapView::moveMainViewTo(const QPoint& pos)
{
    if (m_main)
        m_main->centerOnByUser(mapToScene(pos));
}

void MinimapView::mousePressEvent(QMouseEvent* event)
{
    moveMainViewTo(event->position().toPoint());
}

void MinimapView::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton)
        moveMainViewTo(event->position().toPoint());
}

void MinimapView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    refit();
}

void MinimapView::wheelEvent(QWheelEvent* event)
{
    event->ignore();
}

} // namespace qs::ui
