// SPDX-License-Identifier: MIT
#include "node_item.h"

#include "util/qt_convert.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QPainter>
#include <QScreen>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace qs::ui {

namespace {
// Below kFlatBoxBelow a node is a flat box; up to kFullDrawingFrom only its op type, about kZoomedOutTextPixels high
// on screen where the box allows (the full drawing's 9 pt type would be under 7 px there).
constexpr qreal kFlatBoxBelow = 0.16;
constexpr qreal kFullDrawingFrom = 0.6;
constexpr qreal kZoomedOutTextPixels = 9.0;
constexpr qreal kOpTypePoints = 9.0; ///< the full drawing's op type
constexpr qreal kReadablePixels = 8.0;
// The name: 6.8 pt at 100 % (9 px at 96 dpi); zoomed in further it stays about 10 px on screen, so the box that grows
// on screen holds more of it instead of larger letters, on up to kMaxNameLines lines.
constexpr qreal kNamePoints = 6.8;
constexpr qreal kNameScreenPixels = 10.0;
constexpr int kMaxNameLines = 3;

// Where a long ONNX name may break: after a path separator or a word joint ("/model.22/cv3.0/conv/Conv").
bool isBreakAfter(QChar c)
{
    return c == QLatin1Char('/') || c == QLatin1Char('.') || c == QLatin1Char('_') || c == QLatin1Char('-')
        || c == QLatin1Char(':') || c == QLatin1Char(' ');
}

// The longest start of `text` that fits `width`, ending after a break character where one is in the second half.
int fittingPrefix(const QString& text, const QFontMetricsF& fm, qreal width)
{
    int fit = 0;
    while (fit < text.size() && fm.horizontalAdvance(text.left(fit + 1)) <= width)
        ++fit;
    if (fit == text.size() || fit == 0)
        return std::max(fit, 1);
    for (int i = fit; i > fit / 2; --i)
        if (isBreakAfter(text[i - 1]))
            return i;
    return fit;
}

QFont opTypeFont(const QFont& base)
{
    QFont f = base;
    f.setBold(true);
    return f;
}
} // namespace

qreal NodeItem::readableZoom(qreal dpi)
{
    return std::max(kFullDrawingFrom, kReadablePixels / (kOpTypePoints * dpi / 72.0));
}

QFont NodeItem::nameFont(const QFont& base, qreal lod, qreal dpi)
{
    QFont f = base;
    f.setBold(false);
    f.setPointSizeF(std::min(kNamePoints, kNameScreenPixels * 72.0 / dpi / std::max<qreal>(lod, 0.01)));
    // Scaled up by the view: hinting for the tiny scene size would misplace the letters on screen.
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

QRectF NodeItem::nameRect() const
{
    const QRectF text = m_rect.adjusted(9, 3, -5, -3);
    return QRectF(text.left(), text.top() + text.height() * 0.52, text.width(), text.height() * 0.48);
}

QString NodeItem::nameText() const
{
    QString name = m_name;
    if (m_absorbed > 0)
        name = QStringLiteral("+%1 Q/DQ  ").arg(m_absorbed) + name;
    if (m_absorbedConstants > 0)
        name = QStringLiteral("+%1 \u25c6  ").arg(m_absorbedConstants) + name; // a diamond per folded constant
    return name;
}

QStringList NodeItem::nameLines(const QFont& font, qreal lod, qreal dpi) const
{
    if (lod < kFullDrawingFrom)
        return {};
    // Font metrics are in pixels of the application's default dpi; the device paints its points at `dpi`.
    const QFont f = nameFont(font, lod, dpi);
    const QFontMetricsF fm(f);
    const QScreen* screen = QGuiApplication::primaryScreen();
    const qreal scale = dpi / (screen ? screen->logicalDotsPerInchY() : 96.0);
    const QRectF area = nameRect();
    const qreal lineHeight = fm.lineSpacing() * scale;
    const int maxLines = std::clamp(static_cast<int>(area.height() / lineHeight), 1, kMaxNameLines);
    const qreal width = area.width() / scale;
    QString rest = nameText();
    QStringList lines;
    while (!rest.isEmpty() && lines.size() < maxLines - 1) {
        if (fm.horizontalAdvance(rest) <= width)
            break;
        const int n = fittingPrefix(rest, fm, width);
        lines << rest.left(n);
        rest = rest.mid(n);
    }
    if (!rest.isEmpty())
        lines << fm.elidedText(rest, lines.isEmpty() ? Qt::ElideMiddle : Qt::ElideLeft, width);
    return lines;
}

qreal NodeItem::zoomedOutOpTypeSize(const QFont& font, qreal lod) const
{
    QFont f = opTypeFont(font);
    f.setPixelSize(100); // measured at a size where rounding does not matter, then scaled
    const qreal wanted = kZoomedOutTextPixels / lod;
    const qreal fitWidth
        = 100 * (m_rect.width() - 12) / std::max<qreal>(1, QFontMetricsF(f).horizontalAdvance(m_opType));
    return std::max<qreal>(1, qRound(std::min({ wanted, fitWidth, m_rect.height() - 6 })));
}

qreal NodeItem::opTypeScreenPixels(const QFont& font, qreal lod, qreal dpi) const
{
    if (lod < kFlatBoxBelow)
        return 0;
    if (lod < kFullDrawingFrom)
        return zoomedOutOpTypeSize(font, lod) * lod;
    return kOpTypePoints * dpi / 72.0 * lod;
}

NodeItem::NodeItem(
    const Node& node, NodeId id, NodeCategory category, const QRectF& rect, int absorbedQdq, int absorbedConstants)
    : m_id(id)
    , m_category(category)
    , m_style(categoryStyle(category))
    , m_rect(rect)
    , m_opType(toQString(node.opType))
    , m_name(toQString(node.name))
    , m_absorbed(absorbedQdq)
    , m_absorbedConstants(absorbedConstants)
{
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(false);
    setZValue(2);
    QString tip = QStringLiteral("<b>%1</b> %2<br/>%3")
                      .arg(m_opType.toHtmlEscaped(),
                          node.domain.empty() ? QString() : QStringLiteral("(%1)").arg(toQString(node.domain)),
                          m_name.toHtmlEscaped());
    if (m_absorbed > 0)
        tip += QStringLiteral("<br/><i>%1</i>")
                   .arg(QCoreApplication::translate(
                       "qs::ui::NodeItem", "%n Q/DQ node(s) collapsed into this one", "", m_absorbed));
    if (m_absorbedConstants > 0)
        tip += QStringLiteral("<br/><i>%1</i>")
                   .arg(QCoreApplication::translate("qs::ui::NodeItem",
                       "%n constant input(s) folded into this node (see Properties)", "", m_absorbedConstants));
    m_baseToolTip = tip;
    setToolTip(tip);
}

void NodeItem::setTimeText(const QString& text)
{
    m_timeText = text;
    updateToolTip();
}

void NodeItem::setOverlayNote(const QString& text)
{
    m_overlayNote = text;
    updateToolTip();
}

void NodeItem::updateToolTip()
{
    QString tip = m_baseToolTip;
    // One unbroken line: Qt wraps rich-text tooltips at a narrow width, which split "of the | total".
    if (!m_timeText.isEmpty())
        tip += QStringLiteral("<p style='white-space:pre; margin:0'>%1</p>").arg(m_timeText.toHtmlEscaped());
    // A reason can be long: it wraps, at a readable width.
    if (!m_overlayNote.isEmpty())
        tip += QStringLiteral("<p style='margin:0; max-width:36em'>%1</p>")
                   .arg(m_overlayNote.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br/>")));
    setToolTip(tip);
}

QRectF NodeItem::boundingRect() const
{
    return m_rect.adjusted(-3, -3, 3, 3);
}

void NodeItem::setOverlayFill(std::optional<QColor> fill)
{
    m_overlayFill = std::move(fill);
    update();
}

void NodeItem::setDimmed(bool dimmed)
{
    m_dimmed = dimmed;
    setOpacity(dimmed ? 0.18 : 1.0);
}

void NodeItem::setFindMatch(bool match)
{
    m_findMatch = match;
    update();
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QColor fill = fillColor();
    const QColor accent = m_overlayFill ? m_overlayFill->darker(170) : m_style.accent;
    if (lod < kFlatBoxBelow) {
        // Far out (overview, minimap): a flat box is all the eye can resolve and keeps panning cheap.
        painter->fillRect(m_rect, isSelected() ? selectionColor() : accent);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing, true);
    QPen pen(isSelected() ? selectionColor() : accent, isSelected() ? 2.6 : 1.0);
    if (m_findMatch && !isSelected())
        pen = QPen(QColor(0xf0, 0x8c, 0x00), 2.4);
    painter->setPen(pen);
    painter->setBrush(fill);
    painter->drawRoundedRect(m_rect, 5, 5);
    // Category accent bar on the left, kept even under an overlay so the kind of node stays visible.
    const QRectF bar(m_rect.left() + 1, m_rect.top() + 4, 4, m_rect.height() - 8);
    painter->fillRect(bar, m_style.accent);
    // Dark overlay colours (the hot end of the ramp) need light text to stay readable. Perceived brightness, not HSL
    // lightness: a saturated orange has low lightness but reads best with dark text.
    const bool darkFill = qGray(fill.rgb()) < 128;
    if (lod < kFullDrawingFrom) {
        // Zoomed out: the op type alone, in a font that stays about 8 px on screen, shrunk only to fit the box.
        QFont f = opTypeFont(painter->font());
        f.setPixelSize(qRound(zoomedOutOpTypeSize(painter->font(), lod)));
        painter->setFont(f);
        painter->setPen(darkFill ? QColor(Qt::white) : QColor(0x21, 0x25, 0x29));
        painter->drawText(m_rect.adjusted(8, 0, -3, 0), Qt::AlignCenter, m_opType);
        return;
    }

    QFont bold = opTypeFont(painter->font());
    bold.setPointSizeF(kOpTypePoints);
    painter->setFont(bold);
    painter->setPen(darkFill ? QColor(Qt::white) : QColor(0x21, 0x25, 0x29));
    const QRectF text = m_rect.adjusted(9, 3, -5, -3);
    painter->drawText(QRectF(text.left(), text.top(), text.width(), text.height() * 0.56),
        Qt::AlignHCenter | Qt::AlignVCenter, m_opType);
    const qreal dpi = painter->device() ? painter->device()->logicalDpiY() : 96.0;
    const QStringList lines = nameLines(painter->font(), lod, dpi);
    painter->setFont(nameFont(painter->font(), lod, dpi));
    painter->setPen(darkFill ? QColor(0xf1, 0xf3, 0xf5) : QColor(0x5c, 0x63, 0x6a));
    painter->drawText(nameRect(), Qt::AlignHCenter | Qt::AlignVCenter, lines.join(QLatin1Char('\n')));
}

} // namespace qs::ui
