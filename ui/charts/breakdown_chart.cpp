// SPDX-License-Identifier: MIT
#include "breakdown_chart.h"

#include "chart_common.h"
#include "util/qt_convert.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QHorizontalStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <set>

namespace qs::ui {

QChart* makeBreakdownChart(
    const QString& title, const QString& unit, const std::vector<BreakdownBar>& bars, int maxSegments)
{
    QChart* chart = makeStyledChart(title);
    // A legend below would be one long row that sets the chart's minimum width.
    chart->legend()->setAlignment(Qt::AlignRight);
    std::map<std::string, double> peak;
    for (const BreakdownBar& b : bars)
        for (const auto& [op, v] : b.values)
            peak[op] = std::max(peak[op], v);
    std::vector<std::pair<std::string, double>> ranked(peak.begin(), peak.end());
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    if (static_cast<int>(ranked.size()) > maxSegments + 1)
        ranked.resize(static_cast<size_t>(maxSegments));
    std::set<std::string> named;
    for (const auto& r : ranked)
        named.insert(r.first);

    auto* series = new QHorizontalStackedBarSeries;
    // Bars are listed bottom-up by Qt; reverse so the first bar (FP32) is on top.
    std::vector<const BreakdownBar*> order;
    for (auto it = bars.rbegin(); it != bars.rend(); ++it)
        order.push_back(&*it);
    double widest = 0;
    for (size_t i = 0; i < ranked.size(); ++i) {
        auto* set = new QBarSet(toQString(ranked[i].first));
        set->setColor(seriesColor(static_cast<int>(i)));
        set->setBorderColor(Qt::white);
        for (const BreakdownBar* b : order) {
            const auto it = b->values.find(ranked[i].first);
            *set << (it == b->values.end() ? 0.0 : it->second);
        }
        series->append(set);
    }
    auto* other = new QBarSet(QCoreApplication::translate("qs::ui::Charts", "other"));
    other->setColor(otherColor());
    other->setBorderColor(Qt::white);
    bool anyOther = false;
    for (const BreakdownBar* b : order) {
        double rest = 0, total = 0;
        for (const auto& [op, v] : b->values) {
            total += v;
            if (!named.count(op))
                rest += v;
        }
        anyOther = anyOther || rest > 0;
        *other << rest;
        widest = std::max(widest, total);
    }
    if (anyOther)
        series->append(other);
    else
        delete other;
    series->setBarWidth(0.6);
    chart->addSeries(series);
    QStringList labels;
    for (const BreakdownBar* b : order)
        labels << b->label;
    auto* y = new QBarCategoryAxis;
    y->append(labels);
    auto* x = new QValueAxis;
    x->setTitleText(unit);
    x->setRange(0, widest > 0 ? widest * 1.05 : 1);
    x->applyNiceNumbers();
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(y);
    series->attachAxis(x);
    return chart;
}

std::vector<BreakdownBar> opTimeBars(const std::vector<const ScenarioRecord*>& scenarios)
{
    std::vector<BreakdownBar> bars;
    for (const ScenarioRecord* s : scenarios) {
        if (!s->profile || s->profile->opTypes.empty())
            continue;
        BreakdownBar b;
        b.label = toQString(s->modelId);
        for (const OpTypeProfile& op : s->profile->opTypes)
            b.values[op.opType] += op.meanMs;
        bars.push_back(std::move(b));
    }
    return bars;
}

std::vector<BreakdownBar> opCountBars(const RunRecord& record, const std::vector<const ScenarioRecord*>& scenarios)
{
    std::vector<BreakdownBar> bars;
    std::set<std::string> seen;
    for (const ScenarioRecord* s : scenarios) {
        const ModelRecord* m = record.model(s->modelId);
        if (!m || !seen.insert(m->id).second)
            continue;
        BreakdownBar b;
        b.label = toQString(m->id);
        for (const auto& [op, n] : m->opCounts)
            b.values[op] = static_cast<double>(n);
        bars.push_back(std::move(b));
    }
    return bars;
}

} // namespace qs::ui
