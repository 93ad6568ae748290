// SPDX-License-Identifier: MIT
#include "latency_histogram_chart.h"

#include "chart_common.h"
#include "util/qt_convert.h"

#include <QAreaSeries>
#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace qs::ui {

QChart* makeLatencyHistogramChart(const std::vector<ChartScenario>& scenarios)
{
    QChart* chart = makeStyledChart(QCoreApplication::translate("qs::ui::Charts", "Latency distribution"));
    auto* y = new QValueAxis;
    y->setTitleText(QCoreApplication::translate("qs::ui::Charts", "runs"));
    // "%.0f", not "%d": with localised numbers (QChart::localizeNumbers) Qt 6.4 reads only "%.Nx" formats.
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(y, Qt::AlignLeft);

    // Every run is drawn. The runs inside the Tukey fences are binned the Freedman-Diaconis way (a few slow runs
    // would otherwise squeeze all bins into one); each run beyond them is a marked point of its own at its latency,
    // and when they reach far beyond the body the axis turns logarithmic so body and tail both stay readable.
    struct Drawn
    {
        const ChartScenario* cs;
        Histogram body;
        double pad = 0;
        std::vector<double> outliers;
    };
    std::vector<Drawn> drawn;
    double bodyLo = 0, bodyHi = 0, lo = 0, hi = 0;
    int64_t top = 0, outlierCount = 0;
    bool first = true;
    for (const ChartScenario& cs : scenarios) {
        const ScenarioRecord* s = cs.scenario;
        if (s->latenciesMs.empty())
            continue;
        Drawn d { &cs, s->histogram, 0, {} };
        if (s->stats.outliersLow + s->stats.outliersHigh > 0) {
            const double lowFence = s->stats.p25Ms - 1.5 * s->stats.iqrMs;
            const double highFence = s->stats.p75Ms + 1.5 * s->stats.iqrMs;
            std::vector<double> inside;
            for (double v : s->latenciesMs)
                (v >= lowFence && v <= highFence ? inside : d.outliers).push_back(v);
            d.body = freedmanDiaconisHistogram(inside);
        } else if (d.body.counts.empty()) {
            d.body = freedmanDiaconisHistogram(s->latenciesMs);
        }
        if (d.body.counts.empty())
            continue;
        // With all samples equal the one bin has no width; give it a visible sliver around the value.
        d.pad = d.body.binWidth > 0 ? 0 : std::max(0.01, d.body.edges.front() * 0.01);
        const double bl = d.body.edges.front() - d.pad, bh = d.body.edges.back() + d.pad;
        double l = bl, h = bh;
        for (double v : d.outliers) {
            l = std::min(l, v);
            h = std::max(h, v);
        }
        bodyLo = first ? bl : std::min(bodyLo, bl);
        bodyHi = first ? bh : std::max(bodyHi, bh);
        lo = first ? l : std::min(lo, l);
        hi = first ? h : std::max(hi, h);
        first = false;
        for (int64_t c : d.body.counts)
            top = std::max(top, c);
        outlierCount += static_cast<int64_t>(d.outliers.size());
        drawn.push_back(std::move(d));
    }
    const bool logAxis = lo > 0 && hi - lo > 4.0 * std::max(1e-9, bodyHi - bodyLo);
    QAbstractAxis* x = nullptr;
    if (logAxis) {
        auto* lx = new QLogValueAxis;
        lx->setBase(10);
        lx->setMinorTickCount(8);
        lx->setLabelFormat(QStringLiteral("%.3g"));
        lx->setRange(lo * 0.95, hi * 1.05);
        x = lx;
    } else {
        auto* vx = new QValueAxis;
        const double margin = std::max(1e-3, (hi - lo) * 0.05);
        vx->setRange(std::max(0.0, lo - margin), hi + margin);
        vx->applyNiceNumbers();
        x = vx;
    }
    x->setTitleText(logAxis ? QCoreApplication::translate("qs::ui::Charts", "latency per inference (ms, logarithmic)")
                            : QCoreApplication::translate("qs::ui::Charts", "latency per inference (ms)"));
    chart->addAxis(x, Qt::AlignBottom);

    for (const Drawn& d : drawn) {
        const Histogram& h = d.body;
        auto* upper = new QLineSeries;
        upper->append(h.edges.front() - d.pad, 0);
        for (size_t i = 0; i < h.counts.size(); ++i) {
            const double c = static_cast<double>(h.counts[i]);
            upper->append(h.edges[i] - (i == 0 ? d.pad : 0), c);
            upper->append(h.edges[i + 1] + (i + 1 == h.counts.size() ? d.pad : 0), c);
        }
        upper->append(h.edges.back() + d.pad, 0);
        auto* area = new QAreaSeries(upper);
        QColor c = d.cs->color;
        area->setPen(QPen(c, 1.5));
        c.setAlpha(110);
        area->setColor(c);
        area->setName(d.cs->name);
        chart->addSeries(area);
        area->attachAxis(x);
        area->attachAxis(y);
        if (d.outliers.empty())
            continue;
        // One point per run; runs that would overlap (within 0.5 % of the axis) stack upwards.
        auto* points = new QScatterSeries;
        points->setObjectName(QStringLiteral("outliers"));
        points->setName(QCoreApplication::translate("qs::ui::Charts", "%1: %2 outliers (> 1.5 IQR)")
                            .arg(d.cs->name)
                            .arg(d.outliers.size()));
        points->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
        points->setMarkerSize(10);
        points->setColor(d.cs->color);
        points->setBorderColor(d.cs->color.darker(140));
        std::vector<double> sorted = d.outliers;
        std::sort(sorted.begin(), sorted.end());
        const double near = (logAxis ? std::log10(hi / lo) : (hi - lo)) * 0.005;
        for (size_t i = 0; i < sorted.size(); ++i) {
            int stack = 1;
            for (size_t j = 0; j < i; ++j) {
                const double dist = logAxis ? std::log10(sorted[i] / sorted[j]) : sorted[i] - sorted[j];
                if (dist <= near)
                    ++stack;
            }
            points->append(sorted[i], stack);
            top = std::max<int64_t>(top, stack);
        }
        chart->addSeries(points);
        points->attachAxis(x);
        points->attachAxis(y);
    }
    if (outlierCount > 0)
        chart->setTitle(QCoreApplication::translate("qs::ui::Charts",
            "Latency distribution<br><span style='font-weight:normal; font-size:small'>all runs drawn; %1 beyond "
            "1.5 IQR marked \u25b2 (max %2 ms)</span>")
                            .arg(outlierCount)
                            .arg(formatDecimal(hi, 2)));
    y->setRange(0, std::max<int64_t>(1, top + 1));
    y->applyNiceNumbers();
    return chart;
}

} // namespace qs::ui
