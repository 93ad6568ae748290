// SPDX-License-Identifier: MIT
// One operator box in the graph scene.
#pragma once

#include "node_style.h"

#include <quantscope/engine/graph.h>

#include <QFont>
#include <QGraphicsItem>

#include <optional>

namespace qs::ui {

class NodeItem : public QGraphicsItem
{
public:
    enum
    {
        Type = UserType + 1
    };

    NodeItem(const Node& node, NodeId id, NodeCategory category, const QRectF& rect, int absorbedQdq,
        int absorbedConstants = 0);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    NodeId nodeId() const { return m_id; }
    NodeCategory category() const { return m_category; }
    int absorbedQdq() const { return m_absorbed; }
    int absorbedConstants() const { return m_absorbedConstants; }
    /// The fill actually painted (overlay colour when an overlay is active); tests read it.
    QColor fillColor() const { return m_overlayFill.value_or(m_style.fill); }
    void setOverlayFill(std::optional<QColor> fill);
    void setDimmed(bool dimmed);
    bool isDimmed() const { return m_dimmed; }
    void setFindMatch(bool match);
    /// A measured-time line under the tooltip's name ("0.12 ms per run · 4.5 % of the total"); empty removes it.
    void setTimeText(const QString& text);
    /// Lines a categorical overlay adds under the tooltip's name (a verdict and its reason); empty removes them.
    void setOverlayNote(const QString& text);
    /// The height in screen pixels of the op type as painted at `lod` with `font` on a device of `dpi` dots per
    /// inch (0 where only a flat box is drawn).
    qreal opTypeScreenPixels(const QFont& font, qreal lod, qreal dpi) const;
    /// The smallest zoom at which every node's op type is painted at 8 px or more on a screen of `dpi`.
    static qreal readableZoom(qreal dpi);
    /// The name (with its "+2 Q/DQ" prefix) as painted at `lod` on a device of `dpi`: wrapped after '/', '.', '_'
    /// or '-' onto as many lines as the box holds at a legible size, elided in the middle of the last line only
    /// where they cannot hold it all; empty where only the op type is drawn. The tooltip always has the full name.
    QStringList nameLines(const QFont& font, qreal lod, qreal dpi) const;
    /// The font the name lines are measured and painted in at `lod`.
    static QFont nameFont(const QFont& base, qreal lod, qreal dpi);

private:
    /// Pixel size in scene units of the op type drawn alone (zoomed out): about 9 px on screen where the box allows.
    qreal zoomedOutOpTypeSize(const QFont& font, qreal lod) const;
    QRectF nameRect() const;
    QString nameText() const;
    void updateToolTip();

    NodeId m_id;
    NodeCategory m_category;
    CategoryStyle m_style;
    QRectF m_rect;
    QString m_opType;
    QString m_name;
    QString m_baseToolTip;
    QString m_timeText;
    QString m_overlayNote;
    int m_absorbed = 0;
    int m_absorbedConstants = 0;
    bool m_dimmed = false;
    bool m_findMatch = false;
    std::optional<QColor> m_overlayFill;
};

} // namespace qs::ui
