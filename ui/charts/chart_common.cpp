// SPDX-License-Identifier: MIT
#include "chart_common.h"

#include <QAbstractAxis>
#include <QChart>
#include <QCoreApplication>
#include <QFontMetrics>
#include <QGraphicsScene>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>

#include <array>

namespace qs::ui {

QColor scenarioColor(const RunRecord& record, const ScenarioRecord& scenario, int indexAmongSameKind)
{
    const ModelRecord* m = record.model(scenario.modelId);
    const bool quantized = m && m->isQuantized();
    QColor c = quantized ? QColor(0xf7, 0x67, 0x07) : QColor(0x1c, 0x7e, 0xd6);
    return indexAmongSameKind == 0 ? c : c.darker(100 + 35 * indexAmongSameKind);
}

std::vector<ChartScenario> chartScenarios(const RunRecord& record, const std::vector<const ScenarioRecord*>& scenarios)
{
    std::vector<ChartScenario> out;
    int floats = 0, quants = 0;
    for (const ScenarioRecord* s : scenarios) {
        if (!s->hasSamples())
            continue;
        const bool quantized = record.model(s->modelId) && record.model(s->modelId)->isQuantized();
        QString name = QString::fromStdString(s->modelId);
        if (s->status == ScenarioStatus::Partial)
            name += QCoreApplication::translate("qs::ui::Charts", " (partial)");
        out.push_back({ s, name, scenarioColor(record, *s, quantized ? quants++ : floats++) });
    }
    return out;
}

QColor seriesColor(int index)
{
    static const std::array<QColor, 10> kColors { QColor(0x4c, 0x6e, 0xf5), QColor(0xf5, 0x9f, 0x00),
        QColor(0x37, 0xb2, 0x4d), QColor(0xe6, 0x49, 0x80), QColor(0x15, 0xaa, 0xbf), QColor(0xae, 0x3e, 0xc9),
        QColor(0xfa, 0x52, 0x52), QColor(0x82, 0xc9, 0x1e), QColor(0x74, 0x8f, 0xfc), QColor(0xff, 0xa9, 0x4d) };
    return kColors[static_cast<size_t>(index) % kColors.size()];
}

QColor otherColor()
{
    return QColor(0xad, 0xb5, 0xbd);
}

QChart* makeStyledChart(const QString& title)
{
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    // Axis labels in the UI locale, like the tables beside the charts ("0,080" under German).
    chart->setLocalizeNumbers(true);
    QFont f = chart->titleFont();
    f.setBold(true);
    chart->setTitleFont(f);
    return chart;
}

QImage renderChartImage(QChart* chart, const QSize& size)
{
    QGraphicsScene scene; // owns and deletes the chart
    // On paper nothing can be hovered for the full text: model names under the plot are shown whole (the labels
    // below take the room they need; labels at the side would be cut at the image's edge instead), and a legend below
    // that would elide them lists its entries at the right.
    for (QAbstractAxis* axis : chart->axes(Qt::Horizontal))
        axis->setTruncateLabels(false);
    if (chart->legend()->isVisible() && chart->legend()->alignment() == Qt::AlignBottom) {
        const QFontMetrics metrics(chart->legend()->font());
        int row = 0;
        for (QLegendMarker* marker : chart->legend()->markers())
            row += metrics.horizontalAdvance(marker->label()) + 3 * metrics.height();
        if (row > size.width())
            chart->legend()->setAlignment(Qt::AlignRight);
    }
    scene.addItem(chart);
    chart->resize(size);
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2.0);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), size), scene.sceneRect());
    return image;
}

} // namespace qs::ui
