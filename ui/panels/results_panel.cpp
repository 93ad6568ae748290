// SPDX-License-Identifier: MIT
#include "results_panel.h"

#include "charts/breakdown_chart.h"
#include "charts/chart_common.h"
#include "charts/latency_box_chart.h"
#include "charts/latency_histogram_chart.h"
#include "models/scenario_stats_model.h"
#include "util/finding_text.h"
#include "util/parity_table.h"
#include "util/qt_convert.h"
#include "util/quantize_text.h"
#include "util/run_text.h"
#include "util/run_warning_text.h"
#include "util/scenario_groups.h"

#include <quantscope/engine/verdict.h>

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <array>

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

// "Parity" over its table of per-output verdicts and the rule they were judged by. Beside the charts (`compact`) the
// rule is the heading's tooltip: its wrapped lines under the table raised the window's minimum height beyond a 768 px
// screen.
QWidget* makeParityBox(QWidget* parent, QTableWidget*& table, QLabel*& rule, bool compact)
{
    auto* box = new QWidget(parent);
    auto* heading = new QLabel(ResultsPanel::tr("<b>Parity</b>"), box);
    heading->setProperty("about",
        ResultsPanel::tr("How far the quantized model's outputs stray from the FP32 model's on the "
                         "same inputs (bench --parity, or Check Parity in the Parity panel)"));
    heading->setToolTip(heading->property("about").toString());
    table = new QTableWidget(box);
    table->setObjectName(QStringLiteral("parityTable"));
    ParityTable::setup(table);
    // A header and two rows: what the splitter may shrink it to.
    table->setMinimumHeight(table->horizontalHeader()->sizeHint().height() + 2 * 20 + 4);
    rule = compact ? heading : new QLabel(box);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 2, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(heading);
    layout->addWidget(table, 1);
    if (!compact) {
        rule->setWordWrap(true);
        rule->setStyleSheet(QStringLiteral("QLabel { color: #495057; }"));
        layout->addWidget(rule);
    }
    box->hide();
    return box;
}

// A chart's smallest readable height: one row of charts is this tall.
constexpr int kChartHeight = 220;

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
    auto* emptyPage = new QWidget(this);
    auto* emptyLayout = new QVBoxLayout(emptyPage);
    emptyLayout->addWidget(empty, 1);
    m_emptyParityBox = makeParityBox(emptyPage, m_emptyParity, m_emptyParityRule, false);
    emptyLayout->addWidget(m_emptyParityBox, 1);
    m_stack->addWidget(emptyPage);

    auto* page = new QWidget(this);
    m_title = new QLabel(page);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_groupChooser = new QComboBox(page);
    m_groupChooser->setObjectName(QStringLiteral("groupChooser"));
    m_groupChooser->setToolTip(tr("Which setting (threads \u00b7 mode) the charts show"));
    connect(m_groupChooser, &QComboBox::currentIndexChanged, this, &ResultsPanel::setGroup);
    m_overlayButton = new QPushButton(tr("Colour Graph by &Time"), page);
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
    m_compareAnyway = new QPushButton(tr("Compare Anyway"), page);
    m_compareAnyway->setObjectName(QStringLiteral("compareAnywayButton"));
    m_compareAnyway->setToolTip(tr("Compare these two models although they are not the same network"));
    m_compareAnyway->hide();
    connect(m_compareAnyway, &QPushButton::clicked, this, &ResultsPanel::compareAnywayRequested);
    auto* verdictRow = new QHBoxLayout;
    m_verdictRow = verdictRow;
    verdictRow->addWidget(m_verdict, 1);
    verdictRow->addWidget(m_compareAnyway, 0, Qt::AlignTop);
    // The first finding that advises quantizing again, as a button beside the verdict (the findings list its link).
    m_quantizeAdvice = new QPushButton(page);
    m_quantizeAdvice->setObjectName(QStringLiteral("quantizeAdviceButton"));
    m_quantizeAdvice->hide();
    connect(m_quantizeAdvice, &QPushButton::clicked, this,
        [this] { emit quantizeRequested(m_quantizeAdvice->property("finding").toInt()); });
    verdictRow->addWidget(m_quantizeAdvice, 0, Qt::AlignTop);

    // What the run went on without: under the verdict it qualifies, one line per warning, the reason on hover.
    auto* warnings = new QFrame(page);
    m_warnings = warnings;
    warnings->setObjectName(QStringLiteral("runWarnings"));
    warnings->setStyleSheet(QStringLiteral("QFrame#runWarnings { background: #fff3bf; border: 1px solid #f59f00; "
                                           "border-radius: 3px; } QLabel { color: #5c3c00; }"));
    auto* warningIcon = new QLabel(warnings);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    warningIcon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
    m_warningsTitle = new QLabel(warnings);
    m_warningsTitle->setObjectName(QStringLiteral("runWarningsTitle"));
    m_warningLines = new QWidget(warnings);
    auto* lines = new QVBoxLayout(m_warningLines);
    lines->setContentsMargins(0, 0, 0, 0);
    lines->setSpacing(0);
    auto* warningRow = new QHBoxLayout(warnings);
    warningRow->setContentsMargins(4, 2, 4, 2);
    warningRow->addWidget(warningIcon, 0, Qt::AlignTop);
    warningRow->addWidget(m_warningsTitle, 0, Qt::AlignTop);
    warningRow->addWidget(m_warningLines, 1);
    warnings->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    warnings->hide();

    m_histogram = makeChartView(page, QStringLiteral("histogramChart"));
    m_box = makeChartView(page, QStringLiteral("boxChart"));
    m_opTime = makeChartView(page, QStringLiteral("opTimeChart"));
    m_opCount = makeChartView(page, QStringLiteral("opCountChart"));
    m_measured = new QLabel(page);
    m_measured->setObjectName(QStringLiteral("measuredHow"));
    m_measured->setWordWrap(true);
    m_measured->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_measured->setStyleSheet(QStringLiteral("QLabel { color: #495057; padding: 2px 4px; }"));

    m_statsModel = new ScenarioStatsModel(this);
    m_stats = new QTableView(page);
    m_stats->setModel(m_statsModel);
    m_stats->setObjectName(QStringLiteral("statsTable"));
    m_stats->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_stats->verticalHeader()->setDefaultSectionSize(20);
    m_stats->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // Long model ids keep both ends readable ("yolov5nu…from_seed") instead of losing both; the tooltip has all.
    m_stats->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
    m_stats->setTextElideMode(Qt::ElideMiddle);
    m_stats->setMinimumWidth(300);
    m_stats->setToolTip(tr("Statistics of the measured runs as stored in the run file; percentiles interpolate "
                           "linearly between closest ranks (numpy's default), IQR = P75 \u2212 P25"));
    m_findings = new QTextBrowser(page);
    m_findings->setObjectName(QStringLiteral("findings"));
    m_findings->setOpenExternalLinks(false);
    m_findings->setOpenLinks(false); // the only links are the findings' actions, handled here
    connect(m_findings, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (!m_record || url.scheme() != QLatin1String("quantize"))
            return;
        bool ok = false;
        const size_t index = url.path().toULongLong(&ok);
        if (!ok || index >= m_record->findings.size())
            return;
        if (QuantizeText::advice(m_record->findings[index], *m_record))
            emit quantizeRequested(int(index));
    });

    // Charts on the left, the numbers beside them: at 1366x768 a grid above a table left about 100 px of chart in
    // view. The charts scroll only when the window is smaller than two rows of readable charts; the user can move
    // both splitters.
    auto* content = new QWidget(page);
    m_chartGrid = new QGridLayout(content);
    m_chartGrid->setContentsMargins(0, 0, 0, 0);
    placeCharts(2);
    for (QChartView* v : { m_histogram, m_box, m_opTime, m_opCount })
        v->setMinimumSize(240, kChartHeight);
    auto* scroll = new QScrollArea(page);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Wrapped labels change height with width; a horizontal bar would only flicker by a few pixels.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* numbers = new QSplitter(Qt::Vertical, page);
    numbers->setObjectName(QStringLiteral("numbersSplitter"));
    numbers->addWidget(m_stats);
    numbers->addWidget(m_findings);
    m_parityBox = makeParityBox(numbers, m_parity, m_parityRule, true);
    numbers->addWidget(m_parityBox);
    numbers->setStretchFactor(0, 1);
    numbers->setStretchFactor(1, 1);
    numbers->setStretchFactor(2, 1);
    auto* split = new QSplitter(Qt::Horizontal, page);
    split->setObjectName(QStringLiteral("resultsSplitter"));
    split->addWidget(scroll);
    split->addWidget(numbers);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    // The verdict takes the height of its text, never more.
    m_verdict->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addLayout(verdictRow);
    layout->addWidget(warnings);
    layout->addWidget(split, 1);
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
    fillParity();
    if (!m_record) {
        emit profilesChanged();
        return;
    }
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
    m_findings->setHtml(findingsHtml(*m_record, true));
    m_quantizeAdvice->hide();
    for (size_t i = 0; i < m_record->findings.size(); ++i)
        if (const auto advice = QuantizeText::advice(m_record->findings[i], *m_record)) {
            m_quantizeAdvice->setText(advice->label);
            m_quantizeAdvice->setToolTip(tr("Quantize %1 as the findings advise, open the result beside it and "
                                            "measure both")
                                             .arg(QDir::toNativeSeparators(advice->floatModelPath)));
            m_quantizeAdvice->setProperty("finding", int(i));
            m_quantizeAdvice->show();
            break;
        }
    m_measured->setText(measuredHowHtml(*m_record));
    fillWarnings();
    m_group = 0;
    rebuild();
    emit profilesChanged();
}

// The page's layout gives a wrapped label the height of its first pass, which cut longer (German) verdicts to one
// line; the verdict is the sentence the user came for, so it takes the height its current width needs.
void ResultsPanel::fitVerdict()
{
    // Exactly that height: a wrapped label's size hint is computed for a narrow width, and as a minimum only the
    // layout gave the verdict about 200 px of empty space above and below one line.
    // QLabel::heightForWidth kept answering for the narrow width of its first layout; the font's metrics do not.
    // Hidden (before the Results tab is first shown) the label has a width no layout gave it, 92 px at start-up: its
    // height for that width raised the window's minimum to 847 px, taller than a 768 px screen. It is fitted when
    // shown.
    if (!m_verdict->isVisible())
        return;
    const int padding = 2 * 4 + 2 * m_verdict->margin(); // the style sheet's 4 px padding on each side
    const QRect text = m_verdict->fontMetrics().boundingRect(
        QRect(0, 0, std::max(60, m_verdict->width() - padding), 100000), Qt::TextWordWrap, m_verdict->text());
    const int height = text.height() + padding + 2;
    if (height > 0 && height != m_verdict->maximumHeight()) {
        m_verdict->setFixedHeight(height);
        // The row caches its minimum; when the page is hidden before the next layout pass (a new pair clears the
        // results) nothing refreshes it, and the stale height of the label's narrow first layout (104 px instead of
        // 42) raised the window's minimum beyond a 768 px screen.
        m_verdictRow->invalidate();
    }
}

// The charts beside the numbers, in two columns when there is room (a 1920 px window) and in one when the central
// area is narrow (1366 px with the side docks open). Two columns there were cut off, and the charts stacked above the
// numbers kept 153 of a chart's 220 px in view: a 768 px screen has the height for one row, not for a row and a table.
void ResultsPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    placeCharts(width() < 1000 ? 1 : 2);
}

void ResultsPanel::placeCharts(int columns)
{
    if (columns == m_chartColumns && m_chartGrid->count() > 0)
        return;
    m_chartColumns = columns;
    const std::array<QWidget*, 4> charts { m_histogram, m_box, m_opTime, m_opCount };
    for (QWidget* w : charts)
        m_chartGrid->removeWidget(w);
    m_chartGrid->removeWidget(m_measured);
    for (int r = 0; r < 4; ++r) // rows a previous placement used: none keeps a minimum height while empty
        m_chartGrid->setRowMinimumHeight(r, 0);
    for (size_t i = 0; i < charts.size(); ++i) {
        const int row = int(i) / columns;
        m_chartGrid->addWidget(charts[i], row, int(i) % columns);
        m_chartGrid->setRowMinimumHeight(row, kChartHeight);
    }
    m_chartGrid->addWidget(m_measured, 4 / columns, 0, 1, columns);
}

bool ResultsPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_verdict && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fitVerdict();
    return QWidget::eventFilter(watched, event);
}

void ResultsPanel::setComputedParity(std::shared_ptr<const ParityReport> report)
{
    m_computedParity = std::move(report);
    fillParity();
}

QTableWidget* ResultsPanel::parityTable() const
{
    return m_record ? m_parity : m_emptyParity;
}

void ResultsPanel::fillParity()
{
    std::vector<ParityRow> rows;
    if (m_record)
        rows = ParityTable::rows(*m_record);
    const size_t fromRun = rows.size();
    if (m_computedParity)
        for (ParityRow& r : ParityTable::rows(*m_computedParity))
            rows.push_back(std::move(r));
    QString rule = ParityTable::ruleText(m_computedParity ? m_computedParity->thresholds : ParityThresholds {});
    if (fromRun > 0 && rows.size() > fromRun)
        rule += QLatin1Char(' ') + tr("The last rows are the check of the open pair made here, not the run file's.");
    for (auto [box, table, label] : { std::tuple { m_parityBox, m_parity, m_parityRule },
             std::tuple { m_emptyParityBox, m_emptyParity, m_emptyParityRule } }) {
        ParityTable::fill(table, rows);
        if (label == m_parityRule) // the heading: the rule goes into its tooltip
            label->setToolTip(label->property("about").toString() + QStringLiteral("\n\n") + rule);
        else
            label->setText(rule);
        box->setVisible(!rows.empty());
    }
}

void ResultsPanel::fillWarnings()
{
    // At most this many lines: at 1366x768 every line is taken from the charts; the rest are one line's tooltip.
    constexpr size_t kShown = 3;
    QLayout* lines = m_warningLines->layout();
    while (QLayoutItem* item = lines->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const std::vector<RunWarning>& warnings = m_record->warnings;
    m_warnings->setVisible(!warnings.empty());
    if (warnings.empty())
        return;
    m_warningsTitle->setText(tr("<b>%1:</b>").arg(RunWarningText::count(warnings.size())));
    m_warnings->setToolTip(tr("The run went on without what these warnings name; the run file and the report keep "
                              "them. Hover over one for the reason."));
    const auto addLine = [&](const QString& text, const QString& tip) {
        auto* line = new QLabel(text, m_warningLines);
        line->setObjectName(QStringLiteral("runWarning"));
        line->setTextFormat(Qt::PlainText);
        line->setWordWrap(true);
        line->setToolTip(tip);
        line->setTextInteractionFlags(Qt::TextSelectableByMouse);
        lines->addWidget(line);
    };
    const size_t shown = warnings.size() > kShown ? kShown - 1 : warnings.size();
    for (size_t i = 0; i < shown; ++i)
        addLine(RunWarningText::headline(warnings[i]), toQString(warnings[i].message));
    if (shown < warnings.size()) {
        QStringList rest;
        for (size_t i = shown; i < warnings.size(); ++i)
            rest << RunWarningText::headline(warnings[i]) + QLatin1Char('\n') + toQString(warnings[i].message);
        addLine(tr("(%1 more: hover here, or see the report)").arg(warnings.size() - shown),
            rest.join(QStringLiteral("\n\n")));
    }
}

QList<QLabel*> ResultsPanel::warningLabels() const
{
    return m_warningLines->findChildren<QLabel*>(QStringLiteral("runWarning"), Qt::FindDirectChildrenOnly);
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
    emit profilesChanged();
}

void ResultsPanel::rebuild()
{
    const auto groups = scenarioGroups(*m_record);
    const std::vector<const ScenarioRecord*> scenarios
        = m_group < static_cast<int>(groups.size()) ? groups[m_group].scenarios : std::vector<const ScenarioRecord*> {};
    const auto series = chartScenarios(*m_record, scenarios);
    // The headline speaks about the setting shown, not always about the first one.
    const Verdict verdict = m_group < static_cast<int>(groups.size())
        ? verdictOf(*m_record, groups[m_group].threads, groups[m_group].mode, groups[m_group].runtime)
        : verdictOf(*m_record);
    m_verdict->setText(FindingText::verdict(verdict));
    m_verdict->setStyleSheet(verdict.id == "run-failed" || verdict.id == "different-networks"
            ? QStringLiteral("QLabel { font-size: 10pt; font-weight: bold; padding: 4px; color: #c92a2a; }")
            : QStringLiteral("QLabel { font-size: 10pt; font-weight: bold; padding: 4px; }"));
    m_compareAnyway->setVisible(verdict.id == "different-networks");
    fitVerdict();
    bool failed = false;
    for (const ScenarioRecord* s : scenarios)
        failed = failed || s->status == ScenarioStatus::Failed;
    const QString noSamples
        = failed ? tr("the run failed: see the message above") : tr("no scenario of this setting has samples");
    if (series.empty()) {
        replaceChart(m_histogram, emptyChart(tr("Latency distribution"), noSamples));
        replaceChart(m_box, emptyChart(tr("Latency"), noSamples));
    } else {
        replaceChart(m_histogram, makeLatencyHistogramChart(series));
        replaceChart(m_box, makeLatencyBoxChart(series));
    }
    const auto timeBars = opTimeBars(scenarios);
    // "Not profiled" only when profiling was off; a profiled run without times failed or measured nothing.
    const QString whyNoTimes = !m_record->config.profile ? tr("not profiled: run with \u201cPer-node profile\u201d on")
        : failed                                         ? tr("no times: the run failed before it was profiled")
                                                         : tr("no times: nothing of this setting was measured");
    replaceChart(m_opTime,
        timeBars.empty() ? emptyChart(tr("Time per op type"), whyNoTimes)
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
    m_statsModel->setScenarios(*m_record, groups.at(m_group).scenarios);
}

std::vector<const ScenarioRecord*> ResultsPanel::profiledScenarios() const
{
    std::vector<const ScenarioRecord*> profiled;
    if (!m_record)
        return profiled;
    const auto groups = scenarioGroups(*m_record);
    if (m_group < 0 || m_group >= static_cast<int>(groups.size()))
        return profiled;
    for (const ScenarioRecord* s : groups[static_cast<size_t>(m_group)].scenarios)
        if (s->profile && !s->profile->nodes.empty())
            profiled.push_back(s);
    return profiled;
}

void ResultsPanel::requestOverlay()
{
    if (!m_record)
        return;
    QMenu menu(this);
    for (const ScenarioRecord* s : profiledScenarios()) {
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

QString ResultsPanel::verdictText() const
{
    return m_verdict->text();
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
    // Fresh charts (not the on-screen ones, which the view owns) so rendering never disturbs the panel. Each caption
    // names the setting and what was measured, so a chart read on paper on its own says what it shows.
    for (int g = 0; g < static_cast<int>(groups.size()); ++g) {
        const auto& scenarios = groups[g].scenarios;
        const auto series = chartScenarios(*m_record, scenarios);
        QStringList measured;
        for (const ScenarioRecord* s : scenarios)
            measured << tr("%1 (%2 runs)").arg(toQString(s->modelId)).arg(s->latenciesMs.size());
        const QString setting = groups[g].label;
        if (!series.empty()) {
            out.append({ tr("Latency distribution, %1: %2").arg(setting, measured.join(QStringLiteral(", "))),
                renderChartImage(makeLatencyHistogramChart(series), size) });
            out.append({ tr("Latency box plot, %1: %2").arg(setting, measured.join(QStringLiteral(", "))),
                renderChartImage(makeLatencyBoxChart(series), size) });
        }
        const auto timeBars = opTimeBars(scenarios);
        if (!timeBars.empty())
            out.append({ tr("Kernel time per op type, %1, from the per-node profiles").arg(setting),
                renderChartImage(
                    makeBreakdownChart(tr("Time per op type (ms per run)"), tr("ms per run"), timeBars), size) });
        if (g == 0)
            out.append({ tr("Operators by type in each model (the same in every setting)"),
                renderChartImage(
                    makeBreakdownChart(tr("Operators by type"), tr("nodes"), opCountBars(*m_record, scenarios)),
                    size) });
    }
    return out;
}

} // namespace qs::ui
