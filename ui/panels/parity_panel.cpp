// SPDX-License-Identifier: MIT
#include "parity_panel.h"

#include "graph/metric_overlay.h"
#include "util/node_rows.h"
#include "util/parity_table.h"
#include "util/qt_convert.h"
#include "workers/parity_controller.h"

#include <quantscope/engine/benchmark_plan.h>

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace qs::ui {

namespace {
constexpr int kNodeIdRole = Qt::UserRole + 1;

enum LayerColumn
{
    LayerTensor,
    LayerOp,
    LayerSqnr,
    LayerCosine,
    LayerMaxAbs,
    LayerMatched,
    LayerColumnCount
};
} // namespace

ParityPanel::ParityPanel(QWidget* parent)
    : QWidget(parent)
    , m_controller(new ParityController(this))
{
    m_checkAction = new QAction(tr("Check &Parity"), this);
    m_checkAction->setToolTip(tr("Run the FP32 and the quantized model of the open pair on the same inputs and "
                                 "compare their outputs and every tensor they share"));
    m_checkAction->setStatusTip(m_checkAction->toolTip());
    connect(m_checkAction, &QAction::triggered, this, &ParityPanel::check);

    m_source = new QComboBox(this);
    m_source->addItem(tr("Random inputs"));
    m_source->addItem(tr("Folder of samples"));
    m_source->setToolTip(tr("Seeded uniform [0, 1) inputs, or a folder with test_data_set_*/input_0.pb, .pb or .npy "
                            "files (one sample each)"));
    m_samples = new QSpinBox(this);
    m_samples->setRange(1, 256);
    m_samples->setValue(4);
    m_samples->setSuffix(tr(" samples"));
    m_samples->setToolTip(tr("How many random samples both models run (two model runs each)"));
    m_folder = new QLineEdit(this);
    m_folder->setPlaceholderText(tr("Folder of samples"));
    m_folder->setToolTip(m_source->itemData(1, Qt::ToolTipRole).toString());
    m_browse = new QToolButton(this);
    m_browse->setText(QStringLiteral("\u2026"));
    m_browse->setToolTip(tr("Choose the folder of samples"));
    connect(m_browse, &QToolButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder of Samples"), m_folder->text());
        if (!dir.isEmpty())
            m_folder->setText(dir);
    });
    const auto sourceChanged = [this](int i) {
        m_samples->setVisible(i == 0);
        m_folder->setVisible(i == 1);
        m_browse->setVisible(i == 1);
    };
    connect(m_source, &QComboBox::currentIndexChanged, this, sourceChanged);
    sourceChanged(0);

    m_check = new QPushButton(tr("Check Parity"), this);
    m_check->setObjectName(QStringLiteral("checkParityButton"));
    m_check->setToolTip(m_checkAction->toolTip());
    connect(m_check, &QPushButton::clicked, this, &ParityPanel::check);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the check; the previous result stays"));
    connect(m_cancel, &QPushButton::clicked, this, &ParityPanel::cancel);
    m_progress = new QProgressBar(this);
    m_progress->setTextVisible(true);

    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("parityVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rule = new QLabel(this);
    m_rule->setWordWrap(true);
    m_rule->setStyleSheet(QStringLiteral("QLabel { color: #495057; }"));

    m_outputs = new QTableWidget(this);
    m_outputs->setObjectName(QStringLiteral("parityOutputs"));
    ParityTable::setup(m_outputs);
    // One pair: the model and reference columns would repeat the window's title on every row.
    m_outputs->setColumnHidden(ParityTable::Model, true);
    m_outputs->setColumnHidden(ParityTable::Reference, true);

    m_layers = new QTableWidget(this);
    m_layers->setObjectName(QStringLiteral("parityLayers"));
    m_layers->setColumnCount(LayerColumnCount);
    m_layers->setHorizontalHeaderLabels(
        { tr("Tensor"), tr("Op"), tr("SQNR"), tr("Cosine"), tr("Max |\u0394|"), tr("Matched by") });
    m_layers->horizontalHeaderItem(LayerTensor)
        ->setToolTip(tr("An intermediate tensor both models compute, worst SQNR first: where the error enters"));
    m_layers->horizontalHeaderItem(LayerMatched)
        ->setToolTip(tr("By name (ONNX Runtime's quantizer keeps the float names) or by structure (same op type and "
                        "shape in graph order, for files that rename everything)"));
    m_layers->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_layers->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_layers->setSelectionMode(QAbstractItemView::SingleSelection);
    m_layers->setAlternatingRowColors(true);
    m_layers->verticalHeader()->hide();
    m_layers->verticalHeader()->setDefaultSectionSize(20);
    m_layers->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_layers->horizontalHeader()->setSectionResizeMode(LayerTensor, QHeaderView::Stretch);
    m_layers->setToolTip(tr("Select a row to show the node that computes the tensor in the graph"));
    followNodeRows(m_layers, kNodeIdRole, [this](NodeId id) { emit nodeRequested(id); });

    m_colour = new QPushButton(tr("Colour Graph by SQNR"), this);
    m_colour->setObjectName(QStringLiteral("parityColourButton"));
    m_colour->setToolTip(tr("Colour the graph's nodes by the SQNR of the tensor each computes (low is hot)"));
    connect(m_colour, &QPushButton::clicked, this, &ParityPanel::colourRequested);
    m_save = new QPushButton(tr("Save JSON\u2026"), this);
    m_save->setToolTip(tr("Write the whole report, every layer included, as quantscope-cli parity --json does"));
    connect(m_save, &QPushButton::clicked, this, &ParityPanel::saveJson);

    auto* inputs = new QHBoxLayout;
    inputs->addWidget(new QLabel(tr("Inputs:"), this));
    inputs->addWidget(m_source);
    inputs->addWidget(m_samples);
    inputs->addWidget(m_folder, 1);
    inputs->addWidget(m_browse);
    inputs->addWidget(m_check);
    inputs->addWidget(m_cancel);
    inputs->addWidget(m_progress);
    inputs->addStretch();
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_verdict, 1);
    actions->addWidget(m_colour, 0, Qt::AlignTop);
    actions->addWidget(m_save, 0, Qt::AlignTop);
    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* outputsBox = new QWidget(split);
    auto* outputsLayout = new QVBoxLayout(outputsBox);
    outputsLayout->setContentsMargins(0, 0, 0, 0);
    outputsLayout->addWidget(m_outputs, 1);
    outputsLayout->addWidget(m_rule);
    split->addWidget(outputsBox);
    split->addWidget(m_layers);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(inputs);
    layout->addLayout(actions);
    layout->addWidget(split, 1);

    connect(m_controller, &ParityController::progressChanged, this, [this](int done, int total, const QString& stage) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_progress->setFormat(total > 0 ? tr("%1: %2 of %3 runs").arg(stage).arg(done).arg(total) : stage);
    });
    connect(m_controller, &ParityController::resultReady, this, [this](const ParityResult& r) {
        setBusy(false);
        // The pair may have changed while the check ran.
        if (!m_models.isPair() || r.reference != m_models.primary->model || r.candidate != m_models.secondary->model)
            return;
        show(r);
        emit parityChanged(m_result);
        emit statusMessage(QTextDocumentFragment::fromHtml(m_verdict->text()).toPlainText());
    });
    connect(m_controller, &ParityController::failed, this, [this](const QString& message) {
        setBusy(false);
        m_verdict->setText(message);
        emit statusMessage(message);
    });
    connect(m_controller, &ParityController::cancelled, this, [this] {
        setBusy(false);
        emit statusMessage(tr("Parity check cancelled."));
    });
    setBusy(false);
    show({});
}

ParityPanel::~ParityPanel() = default;

void ParityPanel::setModels(const LoadResult& result)
{
    m_models = result;
    const bool same = result.isPair() && m_result.report && m_result.reference == result.primary->model
        && m_result.candidate == result.secondary->model;
    if (!same) {
        if (isBusy())
            cancel();
        const bool dropped = m_result.report != nullptr;
        show({}); // also the prompt, which says whether a pair is open
        if (dropped)
            emit parityChanged(m_result);
    }
    setBusy(isBusy());
}

void ParityPanel::setShownModel(std::shared_ptr<const LoadedModel> model)
{
    m_shown = std::move(model);
    fillLayers();
}

void ParityPanel::setInputs(const QString& spec)
{
    if (spec.startsWith(QLatin1String("random"))) {
        m_source->setCurrentIndex(0);
        const int colon = int(spec.indexOf(QLatin1Char(':')));
        m_samples->setValue(colon > 0 ? spec.mid(colon + 1).toInt() : 1);
    } else {
        m_source->setCurrentIndex(1);
        m_folder->setText(spec);
    }
}

QString ParityPanel::inputs() const
{
    return m_source->currentIndex() == 0 ? QStringLiteral("random:%1").arg(m_samples->value()) : m_folder->text();
}

void ParityPanel::check()
{
    if (!m_models.isPair()) {
        emit statusMessage(tr("Open an FP32 and a quantized model as a pair (File \u2192 Open Pair) to check parity."));
        return;
    }
    if (m_source->currentIndex() == 1 && m_folder->text().isEmpty()) {
        emit statusMessage(tr("Choose a folder of samples, or use random inputs."));
        return;
    }
    ParityRequest request;
    request.reference = m_models.primary->model;
    request.candidate = m_models.secondary->model;
    request.inputs = inputs();
    setBusy(true);
    m_progress->setRange(0, 0);
    m_progress->setFormat(tr("Starting"));
    m_controller->start(request);
}

void ParityPanel::cancel()
{
    m_controller->cancel();
}

bool ParityPanel::isBusy() const
{
    return m_controller->isBusy();
}

void ParityPanel::setBusy(bool busy)
{
    m_check->setEnabled(!busy && m_models.isPair());
    m_checkAction->setEnabled(!busy && m_models.isPair());
    m_cancel->setVisible(busy);
    m_progress->setVisible(busy);
    for (QWidget* w : std::initializer_list<QWidget*> { m_source, m_samples, m_folder, m_browse })
        w->setEnabled(!busy);
}

void ParityPanel::show(const ParityResult& result)
{
    m_result = result;
    const ParityReport* r = result.report.get();
    m_colour->setEnabled(r);
    m_save->setEnabled(r);
    if (!r) {
        ParityTable::fill(m_outputs, {});
        m_rule->setText(ParityTable::ruleText(ParityThresholds {}));
        m_verdict->setText(m_models.isPair()
                ? tr("Check how far the quantized model's outputs stray from the FP32 model's.")
                : tr("Open an FP32 and a quantized model as a pair to check parity."));
        fillLayers();
        return;
    }
    ParityTable::fill(m_outputs, ParityTable::rows(*r));
    m_rule->setText(ParityTable::ruleText(r->thresholds));
    int failed = 0;
    for (const OutputParity& o : r->outputs)
        failed += o.pass ? 0 : 1;
    // Two strings, not %n: the catalogue is German only, and English would read "sample(s)".
    const QString samples = r->samples == 1 ? tr("1 sample") : tr("%1 samples").arg(r->samples);
    m_verdict->setText(failed == 0
            ? tr("<b style='color:#2b8a3e'>Pass</b>: every output of %1 is within the thresholds against %2 (%3, %4).")
                  .arg(toQString(r->candidateName).toHtmlEscaped(), toQString(r->referenceName).toHtmlEscaped(),
                      samples, result.inputs.toHtmlEscaped())
            : tr("<b style='color:#c92a2a'>Fail</b>: %1 of %2 outputs of %3 are below the thresholds against %4 (%5, "
                 "%6).")
                  .arg(failed)
                  .arg(r->outputs.size())
                  .arg(toQString(r->candidateName).toHtmlEscaped(), toQString(r->referenceName).toHtmlEscaped(),
                      samples, result.inputs.toHtmlEscaped()));
    fillLayers();
}

void ParityPanel::fillLayers()
{
    const ParityReport* r = m_result.report.get();
    m_layers->setRowCount(r ? int(r->layers.size()) : 0);
    if (!r)
        return;
    const Graph* graph = m_shown ? &m_shown->model->graph() : nullptr;
    const bool candidate = m_shown && m_shown->model == m_result.candidate;
    if (m_shown && !candidate && m_shown->model != m_result.reference)
        graph = nullptr;
    for (int i = 0; i < int(r->layers.size()); ++i) {
        const LayerParity& l = r->layers[size_t(i)];
        const QString sqnr
            = std::isfinite(l.diff.sqnrDb) ? tr("%1 dB").arg(formatDecimal(l.diff.sqnrDb, 1)) : tr("identical");
        const QString cells[LayerColumnCount] = { toQString(candidate ? l.candidateTensor : l.referenceTensor),
            toQString(l.opType), sqnr, formatDecimal(l.diff.cosine, 5), QLocale().toString(l.diff.maxAbs, 'g', 4),
            l.matchedBy == "name" ? tr("name") : tr("structure") };
        for (int c = 0; c < LayerColumnCount; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= LayerSqnr && c <= LayerMaxAbs)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_layers->setItem(i, c, item);
        }
        const NodeId node
            = graph ? MetricOverlay::parityNode(*graph, candidate ? l.candidateTensor : l.referenceTensor) : kNoNode;
        m_layers->item(i, LayerTensor)->setData(kNodeIdRole, QVariant::fromValue<qint64>(node));
        m_layers->item(i, LayerTensor)
            ->setToolTip(tr("FP32: %1\nQuantized: %2").arg(toQString(l.referenceTensor), toQString(l.candidateTensor)));
    }
}

std::shared_ptr<const RunRecord> ParityPanel::withCheck(std::shared_ptr<const RunRecord> run) const
{
    if (!run || !m_result.report || !m_models.isPair())
        return run;
    const auto idOf = [&run](const QString& path) {
        const QString wanted = QFileInfo(path).canonicalFilePath();
        for (const ModelRecord& m : run->models)
            if (!wanted.isEmpty() && QFileInfo(toQString(m.path)).canonicalFilePath() == wanted)
                return m.id;
        return std::string();
    };
    const std::string reference = idOf(m_models.primary->path);
    const std::string candidate = idOf(m_models.secondary->path);
    if (reference.empty() || candidate.empty())
        return run;
    for (const ParityRecord& p : run->parity)
        if (p.modelId == candidate && p.reference == reference)
            return run; // the run's own check (bench --parity) stays what its report says
    auto merged = std::make_shared<RunRecord>(*run);
    for (ParityRecord& p : parityRecords(*m_result.report, candidate, reference))
        merged->parity.push_back(std::move(p));
    return merged;
}

void ParityPanel::saveJson()
{
    if (!m_result.report)
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Parity Report"), QStringLiteral("parity.json"), tr("JSON files (*.json)"));
    if (path.isEmpty())
        return;
    QSaveFile file(path);
    const std::string json = parityReportJson(*m_result.report);
    if (!file.open(QIODevice::WriteOnly) || file.write(json.data(), qint64(json.size())) != qint64(json.size())
        || !file.commit()) {
        emit statusMessage(tr("Could not write %1: %2").arg(path, file.errorString()));
        return;
    }
    emit statusMessage(tr("Parity report written to %1.").arg(path));
}

} // namespace qs::ui
