// SPDX-License-Identifier: MIT
// A graph input or output, drawn as a pill at the top/bottom of the graph.
#pragma once

#include <QGraphicsItem>

namespace qs::ui {

class TerminalItem : public QGraphicsItem
{
public:
    enum
    {
        Type = UserType + 3
    };

    TerminalItem(const QRectF& rect, const QString& name, bool isInput, const QString& toolTip);

    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_rect.adjusted(-2, -2, 2, 2); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    bool isInput() const { return m_isInput; }

private:
    QRectF m_rect;
    QString m_name;
    bool m_isInput;
};

} // namespace qs::ui
