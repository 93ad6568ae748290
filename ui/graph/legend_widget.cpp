// SPDX-License-Identifier: MIT
#include "legend_widget.h"

#include "node_style.h"
#include "util/metric_format.h"

#include <cmath>

namespace qs::ui {

namespace {
QString swatch(const QColor& fill, const QColor& border)
{
    return QStringLiteral("<span style='background-color:%1; color:%2; border:1px solid %2'>&nbsp;&#9608;&nbsp;</span>")
        .arg(fill.name(), border.name());
}

QString nbsp(QString s)
{
    return s.replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
}
} // namespace

LegendWidget::LegendWidget(QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setContentsMargins(8, 4, 8, 4);
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
    if (m_overlay.isCategorical()) {
        parts << QStringLiteral("<b>%1</b>").arg(m_overlay.name().toHtmlEscaped());
        // Only the categories present: the legend has one line to spare under the graph.
        for (const MetricOverlay::Category& c : m_overlay.categories())
            if (c.count > 0)
                parts << swatch(c.color, c.color.darker(150)) + QStringLiteral("&nbsp;") + nbsp(c.label.toHtmlEscaped())
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
        for (NodeCategory c : allCategories()) {
            const auto it = m_counts.find(c);
            const int n = it == m_counts.end() ? 0 : it->second;
            if (n == 0 && (c == NodeCategory::ControlFlow))
                continue;
            const CategoryStyle s = categoryStyle(c);
            QString entry = swatch(s.fill, s.accent) + QStringLiteral("&nbsp;")
                + categoryDisplayName(c).toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
            entry += n > 0 ? QStringLiteral(" <b>%1</b>").arg(n) : QString();
            parts << (n > 0 ? entry : QStringLiteral("<span style='color:#adb5bd'>%1</span>").arg(entry));
        }
    }
    parts << QStringLiteral("<span style='color:%1'><b>&#9548;&#9548;&#9654;</b></span> %2%3")
                 .arg(crossingEdgeColor().name(), tr("float&nbsp;&#8596;&nbsp;integer&nbsp;edge"),
                     m_crossing > 0 ? QStringLiteral(" <b>%1</b>").arg(m_crossing) : QString());
    // Entries wrap as wholes: spaces inside an entry must not break the line.
    for (QString& part : parts)
        part.replace(QStringLiteral("> "), QStringLiteral(">&nbsp;"))
            .replace(QStringLiteral(" <"), QStringLiteral("&nbsp;<"));
    setText(parts.join(QStringLiteral("&nbsp;&nbsp;&nbsp; ")));
}

} // namespace qs::ui
