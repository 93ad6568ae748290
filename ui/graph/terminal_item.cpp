// SPDX-License-Identifier: MIT
#include "terminal_item.h"

#include <QFontMetricsF>
#include <QPainter>

namespace qs::ui {

TerminalItem::TerminalItem(const QRectF& rect, const QString& name, bool isInput, const QString& toolTip)
    : m_rect(rect)
    , m_name(name)
    , m_isInput(isInput)
{
    setZValue(2);
    setToolTip(toolTip);
}

void TerminalItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(QColor(0x34, 0x3a, 0x40), 1.0));
    painter->setBrush(m_isInput ? QColor(0xe7, 0xf5, 0xff) : QColor(0xf3, 0xf0, 0xff));
    painter->drawRoundedRect(m_rect, m_rect.height() / 2, m_rect.height() / 2);
    QFont f = painter->font();
    f.setPointSizeF(8);
    painter->setFont(f);
    painter->drawText(
        m_rect, Qt::AlignCenter, QFontMetricsF(f).elidedText(m_name, Qt::ElideMiddle, m_rect.width() - 14));
}

} // namespace qs::ui
