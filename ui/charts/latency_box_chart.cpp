// SPDX-License-Identifier: MIT
#include "latency_box_chart.h"

#include "chart_common.h"
#include "util/qt_convert.h"

#include <QBarCategoryAxis>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QCoreApplication>
#include <QValueAxis>

namespace qs::ui {

QChart* makeLatencyBoxChart(const std::vector<ChartScenario>& scenarios)
{
    QChart* chart = makeStyledChart(QCoreApplication::translate("qs::ui::Charts",
        "Latency<br><span style='font-weight:normal; font-size:small'>box P25\u2013P75 (IQR), line median, "
        "whiskers within 1.5 IQR</span>"));
    chart->legend()->hide(); // one marker for the whole series says nothing; the axis names the boxes
    auto* series = new QBoxPlotSeries;
    QStringList categories;
    double top = 0;
    for (const ChartScenario& cs : scenarios) {
        const LatencyStats& st = cs.scenario->stats;
        // Tukey whiskers: the most extreme runs inside the fences, so one preempted run does not flatten the box.
        const double lowFence = st.p25Ms - 1.5 * st.iqrMs, highFence = st.p75Ms + 1.5 * st.iqrMs;
        double lo = st.p25Ms, hi = st.p75Ms;
        for (double v : cs.scenario->latenciesMs) {
            if (v >= lowFence && v < lo)
                lo = v;
            if (v <= highFence && v > hi)
                hi = v;
        }
        auto* set = new QBoxSet(lo, st.p25Ms, st.p50Ms, st.p75Ms, hi, cs.name);
        QColor c = cs.color;
        set->setPen(QPen(c.darker(140), 1.5));
        c.setAlpha(150);
        set->setBrush(c);
        series->append(set);
        categories << cs.name;
        top = std::max(top, hi);
    }
    series->setBoxWidth(0.45);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    auto* y = new QValueAxis;
    y->setTitleText(QCoreApplication::translate("qs::ui::Charts", "ms"));
    y->setRange(0, top > 0 ? top * 1.08 : 1);
    y->applyNiceNumbers();
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    return chart;
}

} // namespace qs::ui
