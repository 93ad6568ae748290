// SPDX-License-Identifier: MIT
// QGraphicsView with wheel zoom around the cursor, drag panning, fit, a readable first view and a zoom-changed signal.
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
    /// The first view of a graph: fitted whole if its op types are readable so (8 px or more), else at a readable
    /// zoom from `start` along the graph's direction, for the user to scroll along. Until the user zooms or scrolls,
    /// a resize (maximizing) shows the first view again.
    void showFirstView(const QRectF& start, bool leftToRight);
    /// True while resizing re-applies the first view or the fit (the user has not zoomed or scrolled since).
    bool followsResize() const { return m_follow != Follow::None; }
    /// The zoom of the first view chosen when the graph does not fit readably.
    qreal readableZoom() const;
    /// Reserves room beside the viewport (for the overview), so that nothing drawn in the viewport is covered.
    void setOverviewMargins(const QMargins& margins) { setViewportMargins(margins); }
    QMargins overviewMargins() const { return viewportMargins(); }

public slots:
    /// Called by the overview when the user moves the view with it.
    void centerOnByUser(const QPointF& scenePos);
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
    void mouseMoveEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    enum class Follow
    {
        None,
        FirstView,
        Fit
    };
    void applyFirstView();
    void fit();
    /// The user moved the view: a resize keeps what they chose.
    void userNavigated() { m_follow = Follow::None; }
    QPoint scrollPosition() const;

    Follow m_follow = Follow::None;
    QRectF m_start;
    bool m_leftToRight = false;
    bool m_applying = false;
    QString m_placeholder;
    bool m_placeholderVisible = true;
    void setZoom(qreal zoom, const QPointF* anchorScenePos = nullptr);
};

} // namespace qs::ui
