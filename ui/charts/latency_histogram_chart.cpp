// SPDX-License-Identifier: MIT
#include "latency_histogram_chart.h"

#include "chart_common.h"
#include "util/qt_convert.h"

#include <QAreaSeries>
#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>

namespace qs::ui {

QChart* makeLatencyHistogramChart(const std::vector<ChartScenario>& scenarios)
{
    QChart* chart = makeStyledChart(QCoreApplication::translate("qs::ui::Charts", "Latency distribution"));
    auto* x = new QValueAxis;
    x->setTitleText(QCoreApplication::translate("qs::ui::Charts", "latency per inference (ms)"));
    auto* y = new QValueAxis;
    y->setTitleText(QCoreApplication::translate("qs::ui::Charts", "runs"));
    // "%.0f", not "%d": with localised numbers (QChart::localizeNumbers) Qt 6.4 reads only "%.Nx" formats.
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double lo = 0, hi = 0;
    int64_t top = 0;
    bool first = true;
    int64_t hidden = 0;
    double hiddenMax = 0;
    for (const ChartScenario& cs : scenarios) {
        const ScenarioRecord* s = cs.scenario;
        // A few slow runs (a preempted core) would squeeze every other bin into one: draw the runs inside the
        // Tukey fences, binned the same Freedman-Diaconis way, and say how many are left out.
        Histogram h = s->histogram;
        if (s->stats.outliersLow + s->stats.outliersHigh > 0) {
            const double lowFence = s->stats.p25Ms - 1.5 * s->stats.iqrMs;
            const double highFence = s->stats.p75Ms + 1.5 * s->stats.iqrMs;
            std::vector<double> inside;
            for (double v : s->latenciesMs) {
                if (v >= lowFence && v <= highFence)
                    inside.push_back(v);
                else
                    hiddenMax = std::max(hiddenMax, v);
            }
            hidden += static_cast<int64_t>(s->latenciesMs.size() - inside.size());
            h = freedmanDiaconisHistogram(inside);
        } else if (h.counts.empty()) {
            h = freedmanDiaconisHistogram(s->latenciesMs);
        }
        if (h.counts.empty())
            continue;
        auto* upper = new QLineSeries;
        // With all samples equal the one bin has no width; give it a visible sliver around the value.
        const double pad = h.binWidth > 0 ? 0 : std::max(0.01, h.edges.front() * 0.01);
        upper->append(h.edges.front() - pad, 0);
        for (size_t i = 0; i < h.counts.size(); ++i) {
            const double c = static_cast<double>(h.counts[i]);
            upper->append(h.edges[i] - (i == 0 ? pad : 0), c);
            upper->append(h.edges[i + 1] + (i + 1 == h.counts.size() ? pad : 0), c);
            top = std::max(top, h.counts[i]);
        }
        upper->append(h.edges.back() + pad, 0);
        auto* area = new QAreaSeries(upper);
        QColor c = cs.color;
        area->setPen(QPen(c, 1.5));
        c.setAlpha(110);
        area->setColor(c);
        area->setName(cs.name);
        chart->addSeries(area);
        area->attachAxis(x);
        area->attachAxis(y);
        if (first) {
            lo = h.edges.front() - pad;
            hi = h.edges.back() + pad;
            first = false;
        } else {
            lo = std::min(lo, h.edges.front() - pad);
            hi = std::max(hi, h.edges.back() + pad);
        }
    }
    if (hidden > 0)
        chart->setTitle(QCoreApplication::translate("qs::ui::Charts",
            "Latency distribution<br><span style='font-weight:normal; font-size:small'>runs beyond 1.5 IQR "
            "not drawn: %1 (max %2 ms)</span>")
                            .arg(hidden)
                            .arg(formatDecimal(hiddenMax, 2)));
    const double margin = std::max(1e-3, (hi - lo) * 0.05);
    x->setRange(std::max(0.0, lo - margin), hi + margin);
    x->applyNiceNumbers();
    y->setRange(0, std::max<int64_t>(1, top + 1));
    y->applyNiceNumbers();
    return chart;
}

} // namespace qs::ui
