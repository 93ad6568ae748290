// SPDX-License-Identifier: MIT
#include "legend_widget.h"

#include "node_style.h"
#include "util/metric_format.h"

#include <cmath>

namespace qs::ui {

namespace {
QString swatch(const QColor& fill, const QColor& border)
{
    return QStringLiteral("<span style='background-color:%1; color:%2; border:1px solid %2'>&#9608;</span>")
        .arg(fill.name(), border.name());
}

QString nbsp(QString s)
{
    return s.replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
}

// A label that wraps only as a whole: no break at its spaces or its hyphens ("*Integer-Rechnung" broke after the
// hyphen in German).
QString keepTogether(const QString& label)
{
    return nbsp(label.toHtmlEscaped()).replace(QLatin1Char('-'), QChar(0x2011));
}
} // namespace

LegendWidget::LegendWidget(QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setContentsMargins(8, 2, 8, 2);
    // A key, not text to read: a size smaller, so that it takes one line more rarely than two.
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    setFont(f);
    setAutoFillBackground(true);
    rebuild();
}

void LegendWidget::setCategoryCounts(const std::map<NodeCategory, int>& counts, int crossingEdges)
{
    m_counts = counts;
    m_crossing = crossingEdges;
    rebuild();
}

void LegendWidget::setOverlay(const MetricOverlay& overlay)
{
    m_overlay = overlay;
    rebuild();
}

void LegendWidget::rebuild()
{
    QStringList parts;
    setToolTip(QString());
    if (m_overlay.isCategorical()) {
        parts << QStringLiteral("<b>%1</b>").arg(m_overlay.name().toHtmlEscaped());
        // Only the categories present: the legend has one line to spare under the graph.
        for (const MetricOverlay::Category& c : m_overlay.categories())
            if (c.count > 0)
                parts << swatch(c.color, c.color.darker(150)) + QStringLiteral("&nbsp;") + keepTogether(c.label)
                        + QStringLiteral(" <b>%1</b>").arg(c.count);
    } else if (!m_overlay.isEmpty()) {
        QString ramp;
        for (int i = 0; i <= 8; ++i) {
            const QColor c = MetricOverlay::rampColor(i / 8.0);
            ramp += QStringLiteral("<span style='background-color:%1; color:%1'>&#9608;&#9608;</span>").arg(c.name());
        }
        // The ends of the scale carry their unit ("0.012 ms", "45.1 %"), in the UI locale's notation.
        const auto end = [this](double v) { return formatMetricValue(v, m_overlay.unit()).toHtmlEscaped(); };
        const QString lo = end(m_overlay.higherIsWorse() ? m_overlay.minimum() : m_overlay.maximum());
        const QString hi = end(m_overlay.higherIsWorse() ? m_overlay.maximum() : m_overlay.minimum());
        parts << QStringLiteral("<b>%1</b>%2")
                     .arg(m_overlay.name().toHtmlEscaped(),
                         m_overlay.scale() == MetricOverlay::Scale::Log ? QStringLiteral(" (%1)").arg(tr("log scale"))
                                                                        : QString())
              << QStringLiteral("%1&nbsp;%2&nbsp;%3").arg(nbsp(lo), ramp, nbsp(hi))
              << swatch(MetricOverlay::noDataColor(), QColor(0xad, 0xb5, 0xbd)) + QStringLiteral("&nbsp;")
                + nbsp(tr("no data"));
    } else {
        // The categories in the graph; the whole key is in the tooltip. Listing the absent ones greyed out made the
        // legend three or four lines high at 1366x768 (in German), taken from the graph.
        QStringList key;
        for (NodeCategory c : allCategories()) {
            const auto it = m_counts.find(c);
            const int n = it == m_counts.end() ? 0 : it->second;
            const CategoryStyle s = categoryStyle(c);
            const QString entry
                = swatch(s.fill, s.accent) + QStringLiteral("&nbsp;") + keepTogether(categoryDisplayName(c));
            key << entry;
            if (n > 0)
                parts << entry + QStringLiteral(" <b>%1</b>").arg(n);
        }
        setToolTip(QStringLiteral("<p style='white-space:pre'>%1</p>").arg(key.join(QStringLiteral("<br/>"))));
    }
    parts << QStringLiteral("<span style='color:%1'><b>&#9548;&#9548;&#9654;</b></span> %2%3")
                 .arg(crossingEdgeColor().name(),
                     tr("float&nbsp;&#8596;&nbsp;integer&nbsp;edge").replace(QLatin1Char('-'), QChar(0x2011)),
                     m_crossing > 0 ? QStringLiteral(" <b>%1</b>").arg(m_crossing) : QString());
    // Entries wrap as wholes: spaces inside an entry must not break the line.
    for (QString& part : parts)
        part.replace(QStringLiteral("> "), QStringLiteral(">&nbsp;"))
            .replace(QStringLiteral(" <"), QStringLiteral("&nbsp;<"));
    // Two no-break spaces and a space between entries: the one place a line may break.
    setText(parts.join(QStringLiteral("&nbsp;&nbsp; ")));
}

} // namespace qs::ui
