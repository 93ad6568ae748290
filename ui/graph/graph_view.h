// SPDX-License-Identifier: MIT
// QGraphicsView with wheel zoom around the cursor, drag panning, fit and a zoom-changed signal.
#pragma once

#include <QGraphicsView>

namespace qs::ui {

class GraphView : public QGraphicsView
{
    Q_OBJECT
public:
    explicit GraphView(QWidget* parent = nullptr);

    qreal zoom() const { return transform().m11(); }

public slots:
    void zoomIn();
    void zoomOut();
    void resetZoom();
    void fitToWindow();
    void centerOnItem(QGraphicsItem* item);

signals:
    void zoomChanged(qreal zoom);
    void viewportMoved();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void setZoom(qreal zoom, const QPointF* anchorScenePos = nullptr);
};

} // namespace qs::ui
