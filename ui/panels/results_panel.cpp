// SPDX-License-Identifier: MIT
#include "results_panel.h"

#include "charts/breakdown_chart.h"
#include "charts/chart_common.h"
#include "charts/latency_box_chart.h"
#include "charts/latency_histogram_chart.h"
#include "util/qt_convert.h"
#include "util/run_text.h"
#include "util/scenario_groups.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace qs::ui {

namespace {
QChartView* makeChartView(QWidget* parent, const QString& name)
{
    auto* v = new QChartView(parent);
    v->setObjectName(name);
    v->setRenderHint(QPainter::Antialiasing);
    v->setMinimumSize(260, 260);
    return v;
}

void replaceChart(QChartView* view, QChart* chart)
{
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

QChart* emptyChart(const QString& title, const QString& why)
{
    QChart* c = makeStyledChart(title);
    c->setTitle(QStringLiteral("%1<br><span style='font-weight:normal; color:#868e96'>%2</span>")
                    .arg(title.toHtmlEscaped(), why.toHtmlEscaped()));
    c->legend()->hide();
    return c;
}
} // namespace

ResultsPanel::ResultsPanel(QWidget* parent)
    : QWidget(parent)
{
    m_stack = new QStackedWidget(this);
    auto* empty = new QLabel(tr("<p style='font-size:large; color:#495057'><b>No run selected</b></p>"
                                "<p style='color:#868e96'>Measure FP32 against INT8 in the Runs panel (Ctrl+R), or "
                                "open a run file (Ctrl+Shift+R) or drop one on the window.</p>"),
        this);
    empty->setAlignment(Qt::AlignCenter);
    empty->setWordWrap(true);
    m_stack->addWidget(empty);

    auto* page = new QWidget(this);
    m_title = new QLabel(page);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_groupChooser = new QComboBox(page);
    m_groupChooser->setObjectName(QStringLiteral("groupChooser"));
    m_groupChooser->setToolTip(tr("Which setting (threads \u00b7 mode) the charts show"));
    connect(m_groupChooser, &QComboBox::currentIndexChanged, this, &ResultsPanel::setGroup);
    m_overlayButton = new QPushButton(tr("Colour &Graph by Time"), page);
    m_overlayButton->setObjectName(QStringLiteral("overlayButton"));
    m_overlayButton->setToolTip(tr("Colour the graph's nodes by the mean time per node this run measured"));
    connect(m_overlayButton, &QPushButton::clicked, this, &ResultsPanel::requestOverlay);
    auto* top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(new QLabel(tr("Setting:"), page));
    top->addWidget(m_groupChooser);
    top->addWidget(m_overlayButton);

    m_verdict = new QLabel(page);
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setStyleSheet(QStringLiteral("QLabel { font-size: 10pt; font-weight: bold; padding: 4px; }"));
    m_verdict->installEventFilter(this);

    m_histogram = makeChartView(page, QStringLiteral("histogramChart"));
    m_box = makeChartView(page, QStringLiteral("boxChart"));
    m_opTime = makeChartView(page, QStringLiteral("opTimeChart"));
    m_opCount = makeChartView(page, QStringLiteral("opCountChart"));
    m_measured = new QLabel(page);
    m_measured->setObjectName(QStringLiteral("measuredHow"));
    m_measured->setWordWrap(true);
    m_measured->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_measured->setStyleSheet(QStringLiteral("QLabel { color: #495057; padding: 2px 4px; }"));

    m_stats = new QTableWidget(page);
    m_stats->setObjectName(QStringLiteral("statsTable"));
    m_stats->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_stats->verticalHeader()->setDefaultSectionSize(20);
    m_stats->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_stats->setMinimumWidth(300);
    m_stats->setToolTip(tr("Statistics of the measured runs as stored in the run file; percentiles interpolate "
                           "linearly between closest ranks (numpy's default), IQR = P75 \u2212 P25"));
    m_findings = new QTextBrowser(page);
    m_findings->setObjectName(QStringLiteral("findings"));
    m_findings->setOpenExternalLinks(false);

    // Charts in a grid above the numbers; the page scrolls rather than squeezing charts into unreadable sizes.
    auto* content = new QWidget(page);
    auto* grid = new QGridLayout(content);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_histogram, 0, 0);
    grid->addWidget(m_box, 0, 1);
    grid->addWidget(m_opTime, 1, 0);
    grid->addWidget(m_opCount, 1, 1);
    grid->addWidget(m_measured, 2, 0, 1, 2);
    auto* numbers = new QHBoxLayout;
    numbers->addWidget(m_stats, 2);
    numbers->addWidget(m_findings, 3);
    grid->addLayout(numbers, 3, 0, 1, 2);
    for (int r : { 0, 1 })
        grid->setRowMinimumHeight(r, 290);
    grid->setRowMinimumHeight(3, 330);
    auto* scroll = new QScrollArea(page);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Wrapped labels change height with width; a horizontal bar would only flicker by a few pixels.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_verdict);
    layout->addWidget(scroll, 1);
    m_stack->addWidget(page);

    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_stack);
}

void ResultsPanel::setRun(std::shared_ptr<const RunRecord> record, const QString& path)
{
    m_record = std::move(record);
    m_path = path;
    m_stack->setCurrentIndex(m_record ? 1 : 0);
    if (!m_record)
        return;
    m_title->setText(
        path.isEmpty() ? tr("<b>Unsaved run</b>") : tr("<b>%1</b>").arg(QFileInfo(path).fileName().toHtmlEscaped()));
    m_title->setToolTip(path);
    {
        const QSignalBlocker blocker(m_groupChooser);
        m_groupChooser->clear();
        for (const ScenarioGroup& g : scenarioGroups(*m_record))
            m_groupChooser->addItem(g.label);
        m_groupChooser->setCurrentIndex(0);
    }
    m_groupChooser->setEnabled(m_groupChooser->count() > 1);
    m_verdict->setText(verdictText(*m_record));
    fitVerdict();
    m_findings->setHtml(findingsHtml(*m_record));
    m_measured->setText(measuredHowHtml(*m_record));
    m_group = 0;
    rebuild();
}

// The page's layout gives a wrapped label the height of its first pass, which cut longer (German) verdicts to one
// line; the verdict is the sentence the user came for, so it asks for the height its current width needs.
void ResultsPanel::fitVerdict()
{
    const int height = m_verdict->heightForWidth(m_verdict->width());
    if (height > 0 && height != m_verdict->minimumHeight())
        m_verdict->setMinimumHeight(height);
}

bool ResultsPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_verdict && event->type() == QEvent::Resize)
        fitVerdict();
    return QWidget::eventFilter(watched, event);
}

int ResultsPanel::groupCount() const
{
    return m_groupChooser->count();
}

void ResultsPanel::setGroup(int index)
{
    if (!m_record || index < 0 || index >= groupCount())
        return;
    m_group = index;
    if (m_groupChooser->currentIndex() != index)
        m_groupChooser->setCurrentIndex(index); // re-enters once through the signal
    rebuild();
}

void ResultsPanel::rebuild()
{
    const auto groups = scenarioGroups(*m_record);
    const std::vector<const ScenarioRecord*> scenarios
        = m_group < static_cast<int>(groups.size()) ? groups[m_group].scenarios : std::vector<const ScenarioRecord*> {};
    const auto series = chartScenarios(*m_record, scenarios);
    if (series.empty()) {
        replaceChart(
            m_histogram, emptyChart(tr("Latency distribution"), tr("no scenario of this setting has samples")));
        replaceChart(m_box, emptyChart(tr("Latency"), tr("no scenario of this setting has samples")));
    } else {
        replaceChart(m_histogram, makeLatencyHistogramChart(series));
        replaceChart(m_box, makeLatencyBoxChart(series));
    }
    const auto timeBars = opTimeBars(scenarios);
    replaceChart(m_opTime,
        timeBars.empty()
            ? emptyChart(tr("Time per op type"), tr("not profiled: run with \u201cPer-node profile\u201d on"))
            : makeBreakdownChart(tr("Time per op type (ms per run)"), tr("ms per run"), timeBars));
    replaceChart(
        m_opCount, makeBreakdownChart(tr("Operators by type"), tr("nodes"), opCountBars(*m_record, scenarios)));
    bool profiled = false;
    for (const ScenarioRecord* s : scenarios)
        profiled = profiled || (s->profile && !s->profile->nodes.empty());
    m_overlayButton->setEnabled(profiled);
    fillStats();
}

void ResultsPanel::fillStats()
{
    const auto groups = scenarioGroups(*m_record);
    const auto& scenarios = groups.at(m_group).scenarios;
    m_stats->clear();
    m_stats->setRowCount(StatRowCount);
    m_stats->setColumnCount(static_cast<int>(scenarios.size()));
    const QStringList rows { tr("Measured runs"), tr("Median (P50) ms"), tr("P95 ms"), tr("IQR ms"), tr("Mean ms"),
        tr("Std dev ms"), tr("CV"), tr("Min ms"), tr("Max ms"), tr("P99 ms"), tr("FPS"), tr("First run ms"),
        tr("Preparation ms"), tr("Status") };
    m_stats->setVerticalHeaderLabels(rows);
    int floats = 0, quants = 0;
    for (int c = 0; c < static_cast<int>(scenarios.size()); ++c) {
        const ScenarioRecord& s = *scenarios[c];
        auto* header = new QTableWidgetItem(toQString(s.modelId));
        const bool isFloat = isFloatScenario(*m_record, s);
        header->setForeground(scenarioColor(*m_record, s, isFloat ? floats++ : quants++));
        header->setToolTip(scenarioLabel(s));
        m_stats->setHorizontalHeaderItem(c, header);
        const LatencyStats& st = s.stats;
        const auto set = [&](int row, const QString& text, const QVariant& raw) {
            auto* item = new QTableWidgetItem(text);
            item->setData(Qt::UserRole, raw);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_stats->setItem(row, c, item);
        };
        const bool has = s.hasSamples();
        const auto ms = [&](int row, double v) { set(row, has ? formatMs(v) : QStringLiteral("\u2013"), v); };
        set(RunsRow, QString::number(st.count), QVariant::fromValue<qint64>(st.count));
        ms(MedianRow, st.p50Ms);
        ms(P95Row, st.p95Ms);
        ms(IqrRow, st.iqrMs);
        ms(MeanRow, st.meanMs);
        ms(StddevRow, st.stddevMs);
        set(CvRow, has ? QStringLiteral("%1%").arg(formatDecimal(st.cv * 100.0, 1)) : QStringLiteral("\u2013"), st.cv);
        ms(MinRow, st.minMs);
        ms(MaxRow, st.maxMs);
        ms(P99Row, st.p99Ms);
        set(FpsRow, has ? formatDecimal(st.fps, 1) : QStringLiteral("\u2013"), st.fps);
        set(FirstRunRow, s.firstRunMs ? formatMs(*s.firstRunMs) : QStringLiteral("\u2013"),
            s.firstRunMs ? QVariant(*s.firstRunMs) : QVariant());
        set(PrepareRow, formatMs(s.prepareMs), s.prepareMs);
        QString status = toQString(s.status);
        if (s.status == "failed")
            status += QStringLiteral(": ") + toQString(s.error);
        else if (s.status == "partial")
            status += QStringLiteral(": ") + toQString(s.partialReason);
        set(StatusRow, status, toQString(s.status));
        m_stats->item(StatusRow, c)->setToolTip(status);
    }
}

void ResultsPanel::requestOverlay()
{
    if (!m_record)
        return;
    const auto groups = scenarioGroups(*m_record);
    QMenu menu(this);
    for (const ScenarioRecord* s : groups.at(m_group).scenarios) {
        if (!s->profile || s->profile->nodes.empty())
            continue;
        const ModelRecord* m = m_record->model(s->modelId);
        const QString path = m ? toQString(m->path) : QString();
        QAction* a = menu.addAction(tr("Mean time per node of %1").arg(scenarioLabel(*s)));
        connect(a, &QAction::triggered, this,
            [this, s, path] { emit overlayRequested(*s->profile, path, scenarioLabel(*s)); });
    }
    if (menu.actions().size() == 1)
        menu.actions().front()->trigger();
    else if (!menu.isEmpty())
        menu.exec(m_overlayButton->mapToGlobal(QPoint(0, m_overlayButton->height())));
}

QString ResultsPanel::findingsText() const
{
    return m_findings->toPlainText();
}

QString ResultsPanel::measuredText() const
{
    return m_measured->text();
}

QList<QPair<QString, QImage>> ResultsPanel::chartImages(const QSize& size) const
{
    QList<QPair<QString, QImage>> out;
    if (!m_record)
        return out;
    const auto groups = scenarioGroups(*m_record);
    // Fresh charts (not the on-screen ones, which the view owns) so rendering never disturbs the panel.
    for (int g = 0; g < static_cast<int>(groups.size()); ++g) {
        const auto& scenarios = groups[g].scenarios;
        const auto series = chartScenarios(*m_record, scenarios);
        const QString suffix = groups.size() > 1 ? QStringLiteral(" (%1)").arg(groups[g].label) : QString();
        if (!series.empty()) {
            out.append(
                { tr("Latency distribution") + suffix, renderChartImage(makeLatencyHistogramChart(series), size) });
            out.append({ tr("Latency box plot") + suffix, renderChartImage(makeLatencyBoxChart(series), size) });
        }
        const auto timeBars = opTimeBars(scenarios);
        if (!timeBars.empty())
            out.append({ tr("Time per op type") + suffix,
                renderChartImage(
                    makeBreakdownChart(tr("Time per op type (ms per run)"), tr("ms per run"), timeBars), size) });
        if (g == 0)
            out.append({ tr("Operators by type"),
                renderChartImage(
                    makeBreakdownChart(tr("Operators by type"), tr("nodes"), opCountBars(*m_record, scenarios)),
                    size) });
    }
    return out;
}

} // namespace qs::ui
