// SPDX-License-Identifier: MIT
// The graph area: toolbar, find bar, view with overview, legend. Owns one scene per shown model.
#pragma once

#include "graph_layout.h"
#include "metric_overlay.h"
#include "node_times.h"
#include "target_overlay.h"
#include "workers/loaded_model.h"

#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QToolBar;

namespace qs::ui {

class GraphScene;
class GraphView;
class LegendWidget;
class MinimapView;

class GraphPanel : public QWidget
{
    Q_OBJECT
public:
    explicit GraphPanel(QWidget* parent = nullptr);

    /// Shows `result` (the quantized side of a pair by default, since that is where the boundaries are).
    void setResult(const LoadResult& result, bool keepView);
    GraphScene* scene() const { return m_scene; }
    GraphView* view() const { return m_view; }
    LayoutOptions layoutOptions() const;
    void setLayoutOptions(const LayoutOptions& options);
    /// The mechanism part 2 feeds with run profiles and parity reports; empty overlay: category colours.
    void setOverlay(const MetricOverlay& overlay);
    /// Shows the float (0) or quantized (1) model of a pair; an overlay set for the other model is dropped.
    void showSide(int index);
    /// 0 or 1: which model of the pair is shown (0 for a single model).
    int shownSide() const;
    /// Attaches a run's per-node profile of the shown model: "Colour by" then lists time and share of time, and the
    /// nodes' tooltips and the Properties panel show each node's measured time. `colour` also selects the time
    /// colouring. Dropped when another model is shown, since node ids belong to one model.
    void setProfile(std::shared_ptr<const ProfileReport> profile, const QString& label, bool colour = true);
    const NodeTimes& nodeTimes() const { return m_times; }
    /// Attaches a deployment target's verdicts on the shown model (`model` must be the one shown, else it is
    /// ignored): "Colour by" then lists the verdict on `title`. `colour` also selects it. Dropped with the model.
    void setTargetReport(std::shared_ptr<const TargetReport> report, std::shared_ptr<const Model> model,
        const QString& title, bool colour = false);
    const std::shared_ptr<const TargetReport>& targetReport() const { return m_target; }
    /// Attaches a parity check of the pair (null: drops it): "Colour by" then lists the SQNR per layer, on whichever
    /// of `reference` and `candidate` is shown. `colour` also selects it.
    void setParity(std::shared_ptr<const ParityReport> report, std::shared_ptr<const Model> reference,
        std::shared_ptr<const Model> candidate, bool colour = false);
    /// Selects a node and centres the view on it.
    void showNode(NodeId id);

    /// Actions for the main window's menus (zoom, fit, find, toggles, export).
    QList<QAction*> viewActions() const { return m_viewActions; }
    QAction* exportPngAction() const { return m_exportPng; }
    QAction* exportSvgAction() const { return m_exportSvg; }
    QAction* findAction() const { return m_find; }

    /// Find: selects the first match and returns the number of matches.
    int find(const QString& text);
    void findNext();
    void findPrevious();
    int currentMatchIndex() const { return m_matchIndex; }

    bool exportImage(const QString& path, QString* error);

signals:
    void layoutOptionsChanged(const qs::ui::LayoutOptions& options);
    void nodeSelected(std::shared_ptr<const qs::ui::LoadedModel> model, qs::NodeId id);
    void statusMessage(const QString& text);
    /// The graph now shows this model (a new result, or the other side of a pair).
    void modelShown(std::shared_ptr<const qs::ui::LoadedModel> model);
    /// A profile was attached to the shown model or dropped (empty times).
    void nodeTimesChanged(const qs::ui::NodeTimes& times);

private:
    void createActions();
    void showModel(int index, bool keepView);
    void showMatch();
    void updateLegend();
    void applyBuiltInOverlay(int index);
    void updateTimeChoices();
    void updateTargetChoice();
    void updateParityChoice();
    void positionMinimap();
    bool eventFilter(QObject* watched, QEvent* event) override;

    LoadResult m_result;
    GraphScene* m_scene = nullptr;
    GraphView* m_view = nullptr;
    MinimapView* m_minimap = nullptr;
    LegendWidget* m_legend = nullptr;
    QToolBar* m_toolBar = nullptr;
    QComboBox* m_modelChooser = nullptr;
    QAction* m_modelChooserAction = nullptr;
    QComboBox* m_overlayChooser = nullptr;
    QWidget* m_findBar = nullptr;
    QLineEdit* m_findEdit = nullptr;
    QLabel* m_findStatus = nullptr;
    QLabel* m_zoomLabel = nullptr;
    QList<QAction*> m_viewActions;
    QAction* m_leftToRight = nullptr;
    QAction* m_edgeLabels = nullptr;
    QAction* m_boundariesOnly = nullptr;
    QAction* m_collapseQdq = nullptr;
    QAction* m_foldConstants = nullptr;
    QAction* m_minimapAction = nullptr;
    QAction* m_exportPng = nullptr;
    QAction* m_exportSvg = nullptr;
    QAction* m_find = nullptr;
    std::vector<NodeId> m_matches;
    int m_matchIndex = -1;
    MetricOverlay m_externalOverlay;
    NodeTimes m_times;
    std::shared_ptr<const TargetReport> m_target;
    QString m_targetTitle;
    std::shared_ptr<const ParityReport> m_parity;
    std::shared_ptr<const Model> m_parityReference;
    std::shared_ptr<const Model> m_parityCandidate;
    /// The verdict colouring was chosen when its report was dropped with the model: choose it again when the report
    /// of the next model arrives, so switching the side of a pair keeps the colouring.
    bool m_targetWanted = false;
};

} // namespace qs::ui
