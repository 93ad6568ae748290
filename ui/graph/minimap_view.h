// SPDX-License-Identifier: MIT
// An overview of the whole scene with the main view's visible area; click or drag to move there.
#pragma once

#include <QGraphicsView>
#include <QPointer>

namespace qs::ui {

class GraphView;

class MinimapView : public QGraphicsView
{
    Q_OBJECT
public:
    explicit MinimapView(GraphView* mainView, QWidget* parent = nullptr);

public slots:
    void refit();

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void moveMainViewTo(const QPoint& pos);
    QPointer<GraphView> m_main;
};

} // namespace qs::ui
