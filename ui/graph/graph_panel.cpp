// SPDX-License-Identifier: MIT
#include "graph_panel.h"

#include "edge_item.h"
#include "graph_scene.h"
#include "graph_view.h"
#include "legend_widget.h"
#include "minimap_view.h"
#include "node_item.h"
#include "util/constant_tensor.h"
#include "util/qt_convert.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace qs::ui {

namespace {
enum OverlayChoice
{
    OverlayNone,
    OverlayMacs,
    OverlayWeights,
    OverlayTime, ///< listed while a profile is attached
    OverlayShare,
    OverlayTarget, ///< listed while a target report is attached
    OverlayParity ///< listed while a parity check of the pair is attached
};
}

GraphPanel::GraphPanel(QWidget* parent)
    : QWidget(parent)
    , m_scene(new GraphScene(this))
{
    m_view = new GraphView(this);
    m_view->setScene(m_scene);
    m_minimap = new MinimapView(m_view, m_view);
    m_minimap->resize(150, 200);
    m_view->viewport()->installEventFilter(this);

    m_toolBar = new QToolBar(tr("Graph"), this);
    m_toolBar->setIconSize(QSize(16, 16));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_legend = new LegendWidget(this);

    createActions();

    m_findBar = new QWidget(this);
    auto* findLayout = new QHBoxLayout(m_findBar);
    findLayout->setContentsMargins(6, 2, 6, 2);
    m_findEdit = new QLineEdit(m_findBar);
    m_findEdit->setPlaceholderText(tr("Find node name, op type or tensor name"));
    m_findEdit->setClearButtonEnabled(true);
    m_findStatus = new QLabel(m_findBar);
    auto* prev = new QToolButton(m_findBar);
    prev->setText(tr("Previous"));
    prev->setToolTip(tr("Previous match (Shift+F3)"));
    auto* next = new QToolButton(m_findBar);
    next->setText(tr("Next"));
    next->setToolTip(tr("Next match (F3, Enter)"));
    auto* close = new QToolButton(m_findBar);
    close->setText(QStringLiteral("\u2715"));
    close->setToolTip(tr("Close the find bar (Esc)"));
    findLayout->addWidget(new QLabel(tr("Find:"), m_findBar));
    findLayout->addWidget(m_findEdit, 1);
    findLayout->addWidget(prev);
    findLayout->addWidget(next);
    findLayout->addWidget(m_findStatus);
    findLayout->addWidget(close);
    m_findBar->hide();
    connect(m_findEdit, &QLineEdit::textChanged, this, [this](const QString& t) { find(t); });
    connect(m_findEdit, &QLineEdit::returnPressed, this, &GraphPanel::findNext);
    connect(next, &QToolButton::clicked, this, &GraphPanel::findNext);
    connect(prev, &QToolButton::clicked, this, &GraphPanel::findPrevious);
    connect(close, &QToolButton::clicked, m_findBar, &QWidget::hide);
    m_findEdit->installEventFilter(this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_findBar);
    layout->addWidget(m_view, 1);
    auto* bottom = new QHBoxLayout;
    bottom->setContentsMargins(0, 0, 6, 0);
    bottom->addWidget(m_legend, 1);
    bottom->addWidget(new QLabel(tr("Colour by:"), this));
    bottom->addWidget(m_overlayChooser);
    layout->addLayout(bottom);

    connect(m_scene, &GraphScene::nodeSelected, this, [this](NodeId id) { emit nodeSelected(m_scene->model(), id); });
    connect(m_view, &GraphView::zoomChanged, this,
        [this](qreal z) { m_zoomLabel->setText(QStringLiteral("%1 %").arg(qRound(z * 100))); });
    m_view->setPlaceholderText(tr("Open an ONNX model (Ctrl+O) or drop one here.\n\nOpen an FP32 and an INT8 model "
                                  "side by side with File \u2192 Open Pair (Ctrl+Shift+O)."));
    m_minimap->hide();
    setEnabled(false);
}

void GraphPanel::createActions()
{
    m_modelChooser = new QComboBox(this);
    m_modelChooser->setToolTip(tr("Which model of the pair the graph shows"));
    m_modelChooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_modelChooser->setMinimumContentsLength(12);
    m_modelChooserAction = m_toolBar->addWidget(m_modelChooser);
    m_modelChooserAction->setVisible(false);
    connect(m_modelChooser, &QComboBox::currentIndexChanged, this, [this](int i) { showModel(i, false); });

    const auto add = [this](const QString& text, const QKeySequence& key, const QString& tip, bool checkable = false) {
        auto* a = new QAction(text, this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WindowShortcut);
        a->setToolTip(key.isEmpty() ? tip : QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        a->setStatusTip(tip);
        a->setCheckable(checkable);
        m_viewActions << a;
        return a;
    };
    QAction* fit = add(tr("&Fit"), QKeySequence(Qt::CTRL | Qt::Key_0), tr("Fit the whole graph in the window"));
    QAction* zoomIn = add(tr("Zoom &In"), QKeySequence::ZoomIn, tr("Zoom in"));
    QAction* zoomOut = add(tr("Zoom &Out"), QKeySequence::ZoomOut, tr("Zoom out"));
    zoomIn->setIconText(QStringLiteral("+"));
    zoomOut->setIconText(QStringLiteral("\u2212"));
    QAction* actual = add(tr("&Actual Size"), QKeySequence(Qt::CTRL | Qt::Key_1), tr("Zoom to 100 %"));
    connect(fit, &QAction::triggered, m_view, &GraphView::fitToWindow);
    connect(zoomIn, &QAction::triggered, m_view, &GraphView::zoomIn);
    connect(zoomOut, &QAction::triggered, m_view, &GraphView::zoomOut);
    connect(actual, &QAction::triggered, m_view, &GraphView::resetZoom);
    m_toolBar->addAction(fit);
    m_toolBar->addAction(zoomIn);
    m_toolBar->addAction(zoomOut);
    m_zoomLabel = new QLabel(QStringLiteral("100 %"), this);
    m_zoomLabel->setMinimumWidth(48);
    m_zoomLabel->setAlignment(Qt::AlignCenter);
    m_toolBar->addWidget(m_zoomLabel);
    m_toolBar->addSeparator();

    m_leftToRight = add(tr("&Left to Right"), QKeySequence(Qt::CTRL | Qt::Key_L),
        tr("Lay the graph out left to right instead of top to bottom"), true);
    m_leftToRight->setIconText(tr("Left\u2192Right"));
    m_collapseQdq = add(tr("&Collapse Q/DQ"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Q),
        tr("Fold QuantizeLinear/DequantizeLinear nodes into the node they feed"), true);
    m_foldConstants = add(tr("&Fold Constants"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K),
        tr("Draw Constant nodes and constant-only subgraphs as inputs of the node they feed"), true);
    m_foldConstants->setChecked(true);
    m_foldConstants->setObjectName(QStringLiteral("foldConstants"));
    m_foldConstants->setIconText(tr("Constants"));
    m_boundariesOnly = add(tr("&Boundaries Only"), QKeySequence(Qt::CTRL | Qt::Key_B),
        tr("Show only quantization boundaries; dim everything else"), true);
    m_edgeLabels = add(
        tr("&Tensor Shapes"), QKeySequence(Qt::CTRL | Qt::Key_T), tr("Show element types and shapes on edges"), true);
    m_minimapAction = add(tr("O&verview"), QKeySequence(Qt::CTRL | Qt::Key_M), tr("Show the overview map"), true);
    m_minimapAction->setChecked(true);
    m_leftToRight->setObjectName(QStringLiteral("leftToRight"));
    m_collapseQdq->setObjectName(QStringLiteral("collapseQdq"));
    m_boundariesOnly->setObjectName(QStringLiteral("boundariesOnly"));
    m_boundariesOnly->setIconText(tr("Boundaries"));
    m_edgeLabels->setObjectName(QStringLiteral("tensorShapes"));
    m_edgeLabels->setIconText(tr("Shapes"));
    m_minimapAction->setObjectName(QStringLiteral("overview"));
    // The overview toggle lives in the View menu only; the toolbar keeps to what changes the drawing.
    for (QAction* a : { m_leftToRight, m_collapseQdq, m_foldConstants, m_boundariesOnly, m_edgeLabels })
        m_toolBar->addAction(a);
    connect(m_leftToRight, &QAction::toggled, this, [this] { emit layoutOptionsChanged(layoutOptions()); });
    connect(m_collapseQdq, &QAction::toggled, this, [this] { emit layoutOptionsChanged(layoutOptions()); });
    connect(m_foldConstants, &QAction::toggled, this, [this] { emit layoutOptionsChanged(layoutOptions()); });
    // Graphviz places the labels, so showing them is a relayout (the graph makes room for them).
    connect(m_edgeLabels, &QAction::toggled, this, [this] { emit layoutOptionsChanged(layoutOptions()); });
    connect(m_boundariesOnly, &QAction::toggled, m_scene, &GraphScene::setBoundariesOnly);
    connect(m_edgeLabels, &QAction::toggled, m_scene, &GraphScene::setEdgeLabelsVisible);
    connect(m_minimapAction, &QAction::toggled, this, [this](bool on) {
        positionMinimap();
        m_minimap->setVisible(on && m_scene->model() != nullptr);
    });

    m_overlayChooser = new QComboBox(this);
    m_overlayChooser->addItem(tr("Node category"), OverlayNone);
    m_overlayChooser->addItem(tr("MACs per node"), OverlayMacs);
    m_overlayChooser->addItem(tr("Weight bytes per node"), OverlayWeights);
    m_overlayChooser->setObjectName(QStringLiteral("overlayChooser"));
    // Not as wide as its longest item (a run's profile, a target): the legend beside it needs the width.
    m_overlayChooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_overlayChooser->setMinimumContentsLength(16);
    m_overlayChooser->setToolTip(tr("Colour nodes by a per-node metric (run profiles and parity reports add more)"));
    connect(m_overlayChooser, &QComboBox::currentIndexChanged, this, &GraphPanel::applyBuiltInOverlay);

    m_find = add(tr("&Find..."), QKeySequence::Find, tr("Find a node by name, op type or tensor name"));
    connect(m_find, &QAction::triggered, this, [this] {
        m_findBar->show();
        m_findEdit->setFocus();
        m_findEdit->selectAll();
    });
    QAction* findNextAction = add(tr("Find &Next"), QKeySequence::FindNext, tr("Next match"));
    QAction* findPrevAction = add(tr("Find Pre&vious"), QKeySequence::FindPrevious, tr("Previous match"));
    connect(findNextAction, &QAction::triggered, this, &GraphPanel::findNext);
    connect(findPrevAction, &QAction::triggered, this, &GraphPanel::findPrevious);

    m_exportPng = new QAction(tr("Export Graph as &PNG..."), this);
    m_exportPng->setStatusTip(tr("Save the whole graph as a PNG image"));
    m_exportSvg = new QAction(tr("Export Graph as &SVG..."), this);
    m_exportSvg->setStatusTip(tr("Save the whole graph as a scalable SVG drawing"));
    addActions(m_viewActions);
}

LayoutOptions GraphPanel::layoutOptions() const
{
    LayoutOptions o;
    o.direction = m_leftToRight->isChecked() ? LayoutDirection::LeftToRight : LayoutDirection::TopToBottom;
    o.collapseQdq = m_collapseQdq->isChecked();
    o.foldConstants = m_foldConstants->isChecked();
    o.edgeLabels = m_edgeLabels->isChecked();
    return o;
}

void GraphPanel::setLayoutOptions(const LayoutOptions& options)
{
    const QSignalBlocker a(m_leftToRight);
    const QSignalBlocker b(m_collapseQdq);
    const QSignalBlocker c(m_foldConstants);
    const QSignalBlocker d(m_edgeLabels);
    m_leftToRight->setChecked(options.direction == LayoutDirection::LeftToRight);
    m_collapseQdq->setChecked(options.collapseQdq);
    m_foldConstants->setChecked(options.foldConstants);
    m_edgeLabels->setChecked(options.edgeLabels);
    m_scene->setEdgeLabelsVisible(options.edgeLabels);
}

void GraphPanel::setResult(const LoadResult& result, bool keepView)
{
    const int previous = m_modelChooser->currentIndex();
    m_result = result;
    setEnabled(result.primary != nullptr);
    {
        const QSignalBlocker blocker(m_modelChooser);
        m_modelChooser->clear();
        if (result.primary)
            m_modelChooser->addItem((result.isPair() ? tr("FP32 \u00b7 %1") : QStringLiteral("%1"))
                                        .arg(displayNameForPath(result.primary->path)));
        if (result.secondary)
            m_modelChooser->addItem(tr("INT8 \u00b7 %1").arg(displayNameForPath(result.secondary->path)));
        const int index
            = keepView && previous >= 0 && previous < m_modelChooser->count() ? previous : m_modelChooser->count() - 1;
        m_modelChooser->setCurrentIndex(index);
    }
    m_modelChooserAction->setVisible(result.isPair());
    showModel(m_modelChooser->currentIndex(), keepView);
}

void GraphPanel::showSide(int index)
{
    if (m_result.isPair() && index >= 0 && index < m_modelChooser->count())
        m_modelChooser->setCurrentIndex(index);
}

int GraphPanel::shownSide() const
{
    return m_result.isPair() ? std::max(0, m_modelChooser->currentIndex()) : 0;
}

void GraphPanel::showModel(int index, bool keepView)
{
    std::shared_ptr<const LoadedModel> model = index == 1 ? m_result.secondary : m_result.primary;
    // A metric overlay is keyed by node ids of one model: it means nothing on another graph.
    if (!keepView) {
        m_externalOverlay = MetricOverlay();
        if (!m_times.isEmpty()) {
            m_times = NodeTimes();
            updateTimeChoices();
            emit nodeTimesChanged(m_times);
        }
        if (m_target) {
            m_targetWanted = m_overlayChooser->currentData().toInt() == OverlayTarget;
            m_target.reset();
            updateTargetChoice();
        }
    }
    const NodeId selected = keepView ? m_scene->selectedNode() : kNoNode;
    const QPointF center = m_view->mapToScene(m_view->viewport()->rect().center());
    m_scene->setModel(model);
    // Extra room around the graph lets any node, even one at the edge, be centred in the view.
    const QRectF sr = m_scene->sceneRect();
    m_view->setSceneRect(sr.adjusted(-sr.width() * 0.5 - 400, -300, sr.width() * 0.5 + 400, 300));
    m_matches.clear();
    m_matchIndex = -1;
    m_findStatus->clear();
    applyBuiltInOverlay(m_overlayChooser->currentIndex());
    updateLegend();
    positionMinimap();
    m_minimap->setVisible(model && m_minimapAction->isChecked());
    m_view->setPlaceholderVisible(!model);
    m_minimap->refit();
    emit modelShown(model);
    if (keepView && selected != kNoNode && m_scene->nodeItem(selected)) {
        m_scene->selectNode(selected);
        m_view->centerOnItem(m_scene->nodeItem(selected));
    } else if (keepView && !m_view->followsResize()) {
        m_view->centerOn(center);
    } else {
        // Also after a relayout the user has not moved the view since its first view: the old centre may be blank
        // in the new layout (left to right), the new first view is not.
        if (model) {
            const QRectF start
                = model->layout.terminals.empty() ? m_scene->sceneRect() : model->layout.terminals.front().rect;
            m_view->showFirstView(start, model->layout.options.direction == LayoutDirection::LeftToRight);
        }
        if (!keepView)
            emit nodeSelected(model, kNoNode);
    }
    if (!keepView && !m_findEdit->text().isEmpty() && m_findBar->isVisible())
        find(m_findEdit->text());
}

void GraphPanel::updateLegend()
{
    std::map<NodeCategory, int> counts;
    for (NodeItem* n : m_scene->nodeItems())
        ++counts[n->category()];
    int crossing = 0;
    for (EdgeItem* e : m_scene->edgeItems())
        crossing += e->isCrossing() ? 1 : 0;
    m_legend->setCategoryCounts(counts, crossing);
    m_legend->setOverlay(m_scene->overlay());
}

void GraphPanel::setOverlay(const MetricOverlay& overlay)
{
    m_externalOverlay = overlay;
    m_scene->setOverlay(overlay);
    m_legend->setOverlay(overlay);
    if (!overlay.isEmpty()) {
        const QSignalBlocker blocker(m_overlayChooser);
        m_overlayChooser->setCurrentIndex(OverlayNone);
    }
}

void GraphPanel::setProfile(std::shared_ptr<const ProfileReport> profile, const QString& label, bool colour)
{
    m_times = NodeTimes(std::move(profile), label);
    updateTimeChoices();
    if (colour && !m_times.isEmpty())
        m_overlayChooser->setCurrentIndex(m_overlayChooser->findData(OverlayTime));
    emit nodeTimesChanged(m_times);
}

void GraphPanel::setTargetReport(
    std::shared_ptr<const TargetReport> report, std::shared_ptr<const Model> model, const QString& title, bool colour)
{
    const auto& shown = m_scene->model();
    if (report && (!shown || shown->model != model))
        return;
    m_target = std::move(report);
    m_targetTitle = title;
    updateTargetChoice();
    if (!m_target)
        return;
    if (colour || m_targetWanted)
        m_overlayChooser->setCurrentIndex(m_overlayChooser->findData(OverlayTarget));
    m_targetWanted = false;
}

void GraphPanel::updateTargetChoice()
{
    const QSignalBlocker blocker(m_overlayChooser);
    const int current = m_overlayChooser->currentData().toInt();
    const int index = m_overlayChooser->findData(OverlayTarget);
    if (index >= 0)
        m_overlayChooser->removeItem(index);
    if (m_target) {
        m_overlayChooser->addItem(tr("Verdict on target"), OverlayTarget);
        m_overlayChooser->setItemData(m_overlayChooser->count() - 1,
            tr("Colour nodes by where they run on %1 (chosen in the Targets view)").arg(m_targetTitle),
            Qt::ToolTipRole);
    }
    const int now = m_overlayChooser->findData(current);
    m_overlayChooser->setCurrentIndex(now >= 0 ? now : m_overlayChooser->findData(OverlayNone));
    // Also when the choice stays: another target changes the colours.
    applyBuiltInOverlay(m_overlayChooser->currentIndex());
}

void GraphPanel::setParity(std::shared_ptr<const ParityReport> report, std::shared_ptr<const Model> reference,
    std::shared_ptr<const Model> candidate, bool colour)
{
    m_parity = std::move(report);
    m_parityReference = std::move(reference);
    m_parityCandidate = std::move(candidate);
    updateParityChoice();
    if (colour && m_parity)
        m_overlayChooser->setCurrentIndex(m_overlayChooser->findData(OverlayParity));
}

void GraphPanel::updateParityChoice()
{
    const QSignalBlocker blocker(m_overlayChooser);
    const int current = m_overlayChooser->currentData().toInt();
    if (const int index = m_overlayChooser->findData(OverlayParity); index >= 0)
        m_overlayChooser->removeItem(index);
    if (m_parity) {
        // Before the verdict entry, which stays last.
        const int target = m_overlayChooser->findData(OverlayTarget);
        const int at = target >= 0 ? target : m_overlayChooser->count();
        m_overlayChooser->insertItem(at, tr("SQNR per layer"), OverlayParity);
        m_overlayChooser->setItemData(at,
            tr("Colour nodes by the SQNR of the tensor each computes, quantized against FP32 (the Parity panel's "
               "check); low is hot"),
            Qt::ToolTipRole);
    }
    const int now = m_overlayChooser->findData(current);
    m_overlayChooser->setCurrentIndex(now >= 0 ? now : m_overlayChooser->findData(OverlayNone));
    applyBuiltInOverlay(m_overlayChooser->currentIndex());
}

void GraphPanel::updateTimeChoices()
{
    const QSignalBlocker blocker(m_overlayChooser);
    const int current = m_overlayChooser->currentData().toInt();
    for (int i = m_overlayChooser->count() - 1; i >= 0; --i)
        if (m_overlayChooser->itemData(i).toInt() == OverlayTime
            || m_overlayChooser->itemData(i).toInt() == OverlayShare)
            m_overlayChooser->removeItem(i);
    if (!m_times.isEmpty()) {
        // Before the verdict entry, which stays last: the time entries keep their places whatever the targets do.
        const int target = m_overlayChooser->findData(OverlayTarget);
        const int at = target >= 0 ? target : m_overlayChooser->count();
        m_overlayChooser->insertItem(at, tr("Time per node"), OverlayTime);
        m_overlayChooser->insertItem(at + 1, tr("Share of time per node"), OverlayShare);
    }
    const int index = m_overlayChooser->findData(current);
    m_overlayChooser->setCurrentIndex(index >= 0 ? index : m_overlayChooser->findData(OverlayNone));
    m_scene->setNodeTimes(m_times);
    // Also when the choice stays: a new profile changes the time colouring.
    applyBuiltInOverlay(m_overlayChooser->currentIndex());
}

void GraphPanel::showNode(NodeId id)
{
    if (!m_scene->nodeItem(id))
        return;
    m_scene->selectNode(id);
    m_view->centerOnItem(m_scene->nodeItem(id));
}

void GraphPanel::applyBuiltInOverlay(int index)
{
    const auto& model = m_scene->model();
    const int choice = m_overlayChooser->itemData(index).toInt();
    if (!model || choice == OverlayNone) {
        m_scene->setOverlay(m_externalOverlay);
        m_legend->setOverlay(m_externalOverlay);
        return;
    }
    if (choice == OverlayTarget && m_target) {
        const MetricOverlay overlay = targetVerdictOverlay(*m_target, m_targetTitle);
        m_scene->setOverlay(overlay);
        m_legend->setOverlay(overlay);
        return;
    }
    if (choice == OverlayParity && m_parity) {
        // Both models of the pair compute the compared tensors: the overlay follows the side shown.
        const bool candidate = model->model == m_parityCandidate;
        const MetricOverlay overlay = candidate || model->model == m_parityReference
            ? MetricOverlay::fromParity(*m_parity, model->model->graph(), candidate)
            : MetricOverlay();
        m_scene->setOverlay(overlay);
        m_legend->setOverlay(overlay);
        return;
    }
    if (choice == OverlayTime || choice == OverlayShare) {
        const MetricOverlay overlay = MetricOverlay::fromProfile(*m_times.profile(),
            choice == OverlayTime ? MetricOverlay::ProfileMetric::MeanTime : MetricOverlay::ProfileMetric::ShareOfTime);
        m_scene->setOverlay(overlay);
        m_legend->setOverlay(overlay);
        return;
    }
    std::unordered_map<NodeId, double> values;
    const Graph& g = model->model->graph();
    if (choice == OverlayMacs) {
        const auto& nodes = model->analysis->nodes;
        for (size_t i = 0; i < nodes.size(); ++i)
            if (nodes[i].macs)
                values.emplace(static_cast<NodeId>(i), static_cast<double>(*nodes[i].macs));
        if (values.empty())
            emit statusMessage(tr("The analysis reports no per-node MACs for this model yet."));
    } else if (choice == OverlayWeights) {
        for (NodeId id = 0; id < static_cast<NodeId>(g.nodes().size()); ++id) {
            double bytes = 0;
            for (ValueId v : g.node(id).inputs)
                if (const Tensor* t = constantTensor(g, v))
                    bytes += static_cast<double>(t->byteSize());
            if (bytes > 0)
                values.emplace(id, bytes);
        }
    }
    const QString name = m_overlayChooser->itemText(index);
    MetricOverlay overlay(name, choice == OverlayWeights ? QStringLiteral("B") : QString(), std::move(values), true,
        MetricOverlay::Scale::Log);
    m_scene->setOverlay(overlay);
    m_legend->setOverlay(overlay);
}

int GraphPanel::find(const QString& text)
{
    m_matches = m_scene->findNodes(text);
    m_scene->setFindMatches(m_matches);
    m_matchIndex = m_matches.empty() ? -1 : 0;
    if (m_findEdit->text() != text) {
        const QSignalBlocker blocker(m_findEdit);
        m_findEdit->setText(text);
    }
    showMatch();
    return static_cast<int>(m_matches.size());
}

void GraphPanel::findNext()
{
    if (m_matches.empty())
        return;
    m_matchIndex = (m_matchIndex + 1) % static_cast<int>(m_matches.size());
    showMatch();
}

void GraphPanel::findPrevious()
{
    if (m_matches.empty())
        return;
    const int n = static_cast<int>(m_matches.size());
    m_matchIndex = (m_matchIndex - 1 + n) % n;
    showMatch();
}

void GraphPanel::showMatch()
{
    if (m_matchIndex < 0) {
        m_findStatus->setText(m_findEdit->text().isEmpty() ? QString() : tr("No match"));
        return;
    }
    m_findStatus->setText(tr("%1 of %2").arg(m_matchIndex + 1).arg(m_matches.size()));
    const NodeId id = m_matches[static_cast<size_t>(m_matchIndex)];
    m_scene->selectNode(id);
    m_view->centerOnItem(m_scene->nodeItem(id));
}

bool GraphPanel::exportImage(const QString& path, QString* error)
{
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
        return m_scene->exportSvg(path, error);
    return m_scene->exportPng(path, 2.0, error);
}

void GraphPanel::positionMinimap()
{
    // The overview sits in a margin the view reserves beside its viewport, so it never covers a node: a column at
    // the right for a tall graph, a strip at the bottom for a wide one, whichever costs the graph less room.
    if (!m_minimapAction->isChecked() || !m_scene->model()) {
        m_view->setOverviewMargins({});
        return;
    }
    constexpr int kGap = 6;
    const QRectF sr = m_scene->sceneRect();
    const double aspect = sr.height() > 0 ? sr.width() / sr.height() : 1.0;
    const QMargins margins = m_view->overviewMargins();
    // The viewport's size without the margin: the margin must not depend on itself.
    const QSize area = m_view->viewport()->size().grownBy(margins);
    if (aspect < 1.0) {
        const int h = area.height() - 2 * kGap;
        const int w = qBound(40, static_cast<int>(h * aspect), std::max(40, area.width() / 6));
        m_view->setOverviewMargins(QMargins(0, 0, w + 2 * kGap, 0));
        const QRect r = m_view->viewport()->geometry();
        m_minimap->setGeometry(r.right() + 1 + kGap, r.top() + kGap, w, h);
    } else {
        const int w = area.width() - 2 * kGap;
        const int h = qBound(40, static_cast<int>(w / aspect), std::max(40, area.height() / 5));
        m_view->setOverviewMargins(QMargins(0, 0, 0, h + 2 * kGap));
        const QRect r = m_view->viewport()->geometry();
        m_minimap->setGeometry(r.left() + kGap, r.bottom() + 1 + kGap, w, h);
    }
}

bool GraphPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        positionMinimap();
    if (watched == m_findEdit && event->type() == QEvent::KeyPress
        && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        m_findBar->hide();
        m_view->setFocus();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace qs::ui
