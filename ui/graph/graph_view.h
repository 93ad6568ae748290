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
    /// Shown centred in the view while the scene is empty.
    void setPlaceholderText(const QString& text);
    void setPlaceholderVisible(bool visible);

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
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    QString m_placeholder;
    bool m_placeholderVisible = true;
    void setZoom(qreal zoom, const QPointF* anchorScenePos = nullptr);
};

} // namespace qs::ui
