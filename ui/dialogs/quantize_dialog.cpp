// SPDX-License-Identifier: MIT
#include "quantize_dialog.h"

#include "dialogs/message_box.h"
#include "image_preprocess_box.h"
#include "panels/input_shape_dialog.h"
#include "panels/runs_panel.h"
#include "util/qt_convert.h"
#include "util/quantize_text.h"
#include "workers/benchmark_request.h"

#include <quantscope/engine/model_loader.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace qs::ui {

namespace {

QString key(const char* name)
{
    return QStringLiteral("quantize/") + QLatin1String(name);
}

// Settings name formats and methods by word, not by enum value, so a reordered enum does not change a user's choice.
const char* formatWord(QuantFormat f)
{
    return f == QuantFormat::Qdq ? "qdq" : f == QuantFormat::QOperator ? "qoperator" : "dynamic";
}
const char* methodWord(CalibrationMethod m)
{
    return m == CalibrationMethod::Percentile ? "percentile" : m == CalibrationMethod::Entropy ? "entropy" : "minmax";
}

void selectData(QComboBox* box, int value)
{
    const int index = box->findData(value);
    if (index >= 0)
        box->setCurrentIndex(index);
}

QStringList splitList(const QString& text)
{
    QStringList out;
    for (const QString& item : text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
        out << item;
    return out;
}

std::vector<std::string> toStd(const QStringList& list)
{
    std::vector<std::string> out;
    for (const QString& s : list)
        out.push_back(s.toStdString());
    return out;
}

// Weight symmetry: the type's default (ONNX Runtime's: int8 symmetric, uint8 asymmetric) or forced.
enum Symmetry
{
    SymmetryDefault,
    SymmetryOn,
    SymmetryOff
};

} // namespace

QuantizeDialog::QuantizeDialog(const QString& modelPath, std::shared_ptr<const Model> model, QWidget* parent)
    : QDialog(parent)
    , m_modelPath(modelPath)
    , m_model(std::move(model))
{
    setObjectName(QStringLiteral("QuantizeDialog"));
    setWindowTitle(tr("Quantize %1").arg(displayNameForPath(modelPath)));
    buildForm();
    readSettings();
    // Input shapes belong to the model file: those the Runs panel remembers for it, else the suggested bindings of
    // its free dimensions (none for a model whose inputs are fully known).
    QStringList shapes = RunsPanel::rememberedShapes(modelPath);
    if (shapes.isEmpty() && m_model)
        shapes = suggestedShapes(*m_model);
    m_inputShapes->setText(shapes.join(QLatin1Char(' ')));
    updateState();
}

void QuantizeDialog::buildForm()
{
    auto* intro = new QLabel(tr("Writes an INT8 version of <b>%1</b> in the node patterns of ONNX Runtime's quantizer "
                                "and opens it beside the original.")
                                 .arg(displayNameForPath(m_modelPath).toHtmlEscaped()),
        this);
    intro->setWordWrap(true);
    intro->setToolTip(m_modelPath);

    // Format
    auto* formatBox = new QGroupBox(tr("Format"), this);
    m_format = new QComboBox(formatBox);
    m_format->setObjectName(QStringLiteral("format"));
    m_format->addItem(tr("Static QDQ"), int(QuantFormat::Qdq));
    m_format->setItemData(0,
        tr("QuantizeLinear/DequantizeLinear pairs around the quantized ops; ranges come from a calibration pass. "
           "Runtimes fuse each group into an integer kernel."),
        Qt::ToolTipRole);
    m_format->addItem(tr("Static QOperator"), int(QuantFormat::QOperator));
    m_format->setItemData(1,
        tr("QLinearConv/QLinearMatMul on the integer tensors, QuantizeLinear/DequantizeLinear only where float ops "
           "meet them; ranges come from a calibration pass."),
        Qt::ToolTipRole);
    m_format->addItem(tr("Dynamic"), int(QuantFormat::Dynamic));
    m_format->setItemData(2,
        tr("DynamicQuantizeLinear before ConvInteger/MatMulInteger: activation ranges are measured on every run, "
           "so no calibration data is needed. Meant for MatMul-heavy models."),
        Qt::ToolTipRole);
    m_format->setToolTip(tr("How the INT8 model is written (quantscope-cli quantize --format)"));
    m_perChannel = new QCheckBox(tr("Per-channel weights"), formatBox);
    m_perChannel->setObjectName(QStringLiteral("perChannel"));
    m_perChannel->setToolTip(tr("One weight scale per output channel instead of one per tensor: more accurate, and "
                                "needs symmetric weights"));
    m_reduceRange = new QCheckBox(tr("Reduce range (7-bit weights)"), formatBox);
    m_reduceRange->setObjectName(QStringLiteral("reduceRange"));
    m_reduceRange->setToolTip(tr("Weights in 7 bits, for CPUs without VNNI whose u8*s8 multiply-add sums pairs into "
                                 "saturating 16-bit integers"));
    auto* formatForm = new QFormLayout(formatBox);
    formatForm->addRow(tr("Format:"), m_format);
    formatForm->addRow(m_perChannel);
    formatForm->addRow(m_reduceRange);

    // Types
    auto* typesBox = new QGroupBox(tr("Types"), this);
    m_weightType = new QComboBox(typesBox);
    m_weightType->setObjectName(QStringLiteral("weightType"));
    m_weightType->addItem(QStringLiteral("int8"), int(DataType::Int8));
    m_weightType->addItem(QStringLiteral("uint8"), int(DataType::UInt8));
    m_weightType->setToolTip(tr("The type of the quantized weights; x86-64 integer kernels multiply uint8 "
                                "activations by int8 weights"));
    m_activationType = new QComboBox(typesBox);
    m_activationType->setObjectName(QStringLiteral("activationType"));
    m_activationType->addItem(QStringLiteral("uint8"), int(DataType::UInt8));
    m_activationType->addItem(QStringLiteral("int8"), int(DataType::Int8));
    m_activationType->setToolTip(
        tr("The type of the quantized activations; int8 needs a static format and int8 weights"));
    m_weightSymmetry = new QComboBox(typesBox);
    m_weightSymmetry->setObjectName(QStringLiteral("weightSymmetry"));
    m_weightSymmetry->addItem(tr("By type (int8 symmetric, uint8 not)"), int(SymmetryDefault));
    m_weightSymmetry->addItem(tr("Symmetric"), int(SymmetryOn));
    m_weightSymmetry->addItem(tr("Asymmetric"), int(SymmetryOff));
    m_weightSymmetry->setToolTip(tr("Symmetric weights have zero point 0 (or 128 for uint8); asymmetric ones use "
                                    "the whole range from the smallest to the largest weight"));
    m_symmetricActivations = new QCheckBox(tr("Symmetric activations"), typesBox);
    m_symmetricActivations->setObjectName(QStringLiteral("symmetricActivations"));
    m_symmetricActivations->setToolTip(
        tr("Activation ranges centred on zero; only the static formats choose activation ranges in advance"));
    auto* typesForm = new QFormLayout(typesBox);
    typesForm->addRow(tr("Weights:"), m_weightType);
    typesForm->addRow(tr("Activations:"), m_activationType);
    typesForm->addRow(tr("Weight range:"), m_weightSymmetry);
    typesForm->addRow(m_symmetricActivations);

    // Calibration
    auto* calibrationBox = new QGroupBox(tr("Calibration (static formats)"), this);
    m_calibrationBox = calibrationBox;
    m_method = new QComboBox(calibrationBox);
    m_method->setObjectName(QStringLiteral("method"));
    m_method->addItem(tr("Min/max"), int(CalibrationMethod::MinMax));
    m_method->addItem(tr("Percentile"), int(CalibrationMethod::Percentile));
    m_method->addItem(tr("Entropy (KL divergence)"), int(CalibrationMethod::Entropy));
    m_method->setToolTip(tr("How each activation's range is chosen from the calibration runs: the observed range, "
                            "a percentile of |x| (ignores rare outliers), or TensorRT's entropy threshold"));
    m_percentile = new QDoubleSpinBox(calibrationBox);
    m_percentile->setObjectName(QStringLiteral("percentile"));
    m_percentile->setDecimals(3);
    m_percentile->setRange(0.001, 100.0);
    m_percentile->setValue(99.999);
    m_percentile->setSuffix(QStringLiteral(" %"));
    m_percentile->setToolTip(tr("The share of |x| values the range keeps (percentile calibration)"));
    m_useRandom = new QRadioButton(tr("Random samples:"), calibrationBox);
    m_useRandom->setObjectName(QStringLiteral("useRandom"));
    m_useRandom->setToolTip(tr("Seeded uniform [0, 1) inputs: only right for models whose inputs have that "
                               "distribution (images scaled to [0, 1])"));
    m_samples = new QSpinBox(calibrationBox);
    m_samples->setObjectName(QStringLiteral("samples"));
    m_samples->setRange(1, 100000);
    m_samples->setValue(8);
    m_samples->setToolTip(tr("How many random inputs the calibration runs the model on"));
    m_useFolder = new QRadioButton(tr("Folder:"), calibrationBox);
    m_useFolder->setObjectName(QStringLiteral("useFolder"));
    m_useFolder->setToolTip(tr("Real inputs: test_data_set_*/input_K.pb folders, a folder of .pb or .npy files, or "
                               "a folder of PNG/JPEG images (one sample per file)"));
    m_folder = new QLineEdit(calibrationBox);
    m_folder->setObjectName(QStringLiteral("folder"));
    m_folder->setToolTip(m_useFolder->toolTip());
    m_browseFolder = new QPushButton(tr("Browse..."), calibrationBox);
    connect(m_browseFolder, &QPushButton::clicked, this, &QuantizeDialog::browseFolder);
    m_threads = new QSpinBox(calibrationBox);
    m_threads->setObjectName(QStringLiteral("threads"));
    m_threads->setRange(1, std::max(1, QThread::idealThreadCount()));
    m_threads->setToolTip(tr("Threads for the calibration runs"));
    auto* grid = new QGridLayout(calibrationBox);
    grid->addWidget(new QLabel(tr("Method:"), calibrationBox), 0, 0);
    grid->addWidget(m_method, 0, 1);
    grid->addWidget(m_percentile, 0, 2, 1, 2);
    grid->addWidget(m_useRandom, 1, 0);
    grid->addWidget(m_samples, 1, 1);
    grid->addWidget(m_useFolder, 2, 0);
    grid->addWidget(m_folder, 2, 1, 1, 2);
    grid->addWidget(m_browseFolder, 2, 3);
    grid->addWidget(new QLabel(tr("Threads:"), calibrationBox), 3, 0);
    grid->addWidget(m_threads, 3, 1);
    grid->setColumnStretch(2, 1);
    m_useRandom->setChecked(true);

    // Scope
    auto* scopeBox = new QGroupBox(tr("Nodes"), this);
    m_opTypes = new QLineEdit(scopeBox);
    m_opTypes->setObjectName(QStringLiteral("opTypes"));
    m_opTypes->setPlaceholderText(tr("the format's default"));
    m_opTypes->setToolTip(tr("The op types to quantize, separated by commas. Empty: the format's default, as ONNX "
                             "Runtime's quantizer has it:\n"
                             "dynamic: Conv, MatMul;\n"
                             "QDQ: also Gemm, Add, Mul, Concat, Sigmoid, LeakyRelu, GlobalAveragePool and the 8-bit\n"
                             "pass-through ops (MaxPool, AveragePool, Resize, Reshape, Transpose, Squeeze, Unsqueeze,\n"
                             "Slice, Split, Gather);\n"
                             "QOperator: the com.microsoft QLinear ops and the pass-through ops."));
    m_excludeNodes = new QLineEdit(scopeBox);
    m_excludeNodes->setObjectName(QStringLiteral("excludeNodes"));
    m_excludeNodes->setPlaceholderText(tr("none"));
    m_excludeNodes->setToolTip(tr("Names of nodes to leave in float (sensitive layers), separated by commas"));
    m_inputShapes = new QLineEdit(scopeBox);
    m_inputShapes->setObjectName(QStringLiteral("inputShapes"));
    m_inputShapes->setPlaceholderText(tr("NAME=1x3x224x224"));
    m_inputShapes->setToolTip(tr("Binds free input dimensions for the calibration runs, separated by spaces"));
    auto* scopeForm = new QFormLayout(scopeBox);
    scopeForm->addRow(tr("Op types:"), m_opTypes);
    scopeForm->addRow(tr("Leave in float:"), m_excludeNodes);
    scopeForm->addRow(tr("Input shapes:"), m_inputShapes);

    // Output
    m_output = new QLineEdit(this);
    m_output->setObjectName(QStringLiteral("output"));
    m_output->setToolTip(tr("Where the INT8 model is written; an existing file is replaced only after asking"));
    connect(m_output, &QLineEdit::textEdited, this, [this] { m_outputEdited = true; });
    auto* browseOutput = new QPushButton(tr("Browse..."), this);
    connect(browseOutput, &QPushButton::clicked, this, &QuantizeDialog::browseOutput);
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(new QLabel(tr("Write to:"), this));
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(browseOutput);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("refusal"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setMinimumHeight(2 * fontMetrics().lineSpacing());
    m_status->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("&Quantize"));
    m_ok->setToolTip(tr("Quantize on a background thread; the result opens as a pair beside the original"));
    // Named here, not left to Qt's own catalogue, which a system may not have installed.
    buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QuantizeDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    m_images = new ImagePreprocessBox(this);
    m_images->setVisible(false);
    connect(m_images, &ImagePreprocessBox::changed, this, &QuantizeDialog::updateState);

    auto* columns = new QGridLayout;
    columns->addWidget(formatBox, 0, 0);
    columns->addWidget(typesBox, 1, 0);
    columns->addWidget(calibrationBox, 0, 1);
    columns->addWidget(scopeBox, 1, 1);
    columns->addWidget(m_images, 2, 0, 1, 2);
    columns->setColumnStretch(0, 2);
    columns->setColumnStretch(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(columns);
    layout->addLayout(outputRow);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    for (QComboBox* box : { m_format, m_weightType, m_activationType, m_weightSymmetry, m_method })
        connect(box, &QComboBox::currentIndexChanged, this, &QuantizeDialog::updateState);
    for (QAbstractButton* b : std::initializer_list<QAbstractButton*> {
             m_perChannel, m_reduceRange, m_symmetricActivations, m_useRandom, m_useFolder })
        connect(b, &QAbstractButton::toggled, this, &QuantizeDialog::updateState);
    for (QLineEdit* e : { m_folder, m_opTypes, m_excludeNodes, m_inputShapes, m_output })
        connect(e, &QLineEdit::textChanged, this, &QuantizeDialog::updateState);
    connect(m_samples, &QSpinBox::valueChanged, this, &QuantizeDialog::updateState);
    connect(m_percentile, &QDoubleSpinBox::valueChanged, this, &QuantizeDialog::updateState);
}

QuantizeOptions QuantizeDialog::options() const
{
    QuantizeOptions o;
    o.format = QuantFormat(m_format->currentData().toInt());
    o.perChannel = m_perChannel->isChecked();
    o.reduceRange = m_reduceRange->isChecked();
    o.weightType = DataType(m_weightType->currentData().toInt());
    o.activationType = DataType(m_activationType->currentData().toInt());
    const int symmetry = m_weightSymmetry->currentData().toInt();
    if (symmetry != SymmetryDefault)
        o.symmetricWeights = symmetry == SymmetryOn;
    o.symmetricActivations = m_symmetricActivations->isChecked();
    o.calibration = CalibrationMethod(m_method->currentData().toInt());
    o.percentile = m_percentile->value();
    o.opTypes = toStd(splitList(m_opTypes->text()));
    o.excludeNodes = toStd(splitList(m_excludeNodes->text()));
    for (const QString& spec : m_inputShapes->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
        if (auto parsed = parseInputShapeSpec(spec.toStdString()))
            o.inputShapes[parsed->first] = parsed->second;
    o.threads = m_threads->value();
    return o;
}

void QuantizeDialog::setOptions(const QuantizeOptions& o)
{
    selectData(m_format, int(o.format));
    m_perChannel->setChecked(o.perChannel);
    m_reduceRange->setChecked(o.reduceRange);
    selectData(m_weightType, int(o.weightType));
    selectData(m_activationType, int(o.activationType));
    selectData(m_weightSymmetry,
        !o.symmetricWeights       ? SymmetryDefault
            : *o.symmetricWeights ? SymmetryOn
                                  : SymmetryOff);
    m_symmetricActivations->setChecked(o.symmetricActivations);
    selectData(m_method, int(o.calibration));
    m_percentile->setValue(o.percentile);
    QStringList ops, excluded;
    for (const std::string& s : o.opTypes)
        ops << toQString(s);
    for (const std::string& s : o.excludeNodes)
        excluded << toQString(s);
    m_opTypes->setText(ops.join(QStringLiteral(", ")));
    m_excludeNodes->setText(excluded.join(QStringLiteral(", ")));
    updateState();
}

QString QuantizeDialog::calibrationData() const
{
    return m_useFolder->isChecked() ? m_folder->text().trimmed() : QStringLiteral("random:%1").arg(m_samples->value());
}

void QuantizeDialog::setCalibrationFolder(const QString& folder)
{
    m_folder->setText(folder);
    m_useFolder->setChecked(true);
}

void QuantizeDialog::setRandomSamples(int count)
{
    m_samples->setValue(count);
    m_useRandom->setChecked(true);
}

ImagePreprocess QuantizeDialog::imagePreprocess() const
{
    auto images = calibrationImages();
    if (!images || images->empty())
        return {};
    return m_images->preprocess().value_or(ImagePreprocess {});
}

Result<std::vector<std::filesystem::path>> QuantizeDialog::calibrationImages() const
{
    const QString folder = m_folder->text().trimmed();
    if (QuantFormat(m_format->currentData().toInt()) == QuantFormat::Dynamic || !m_useFolder->isChecked()
        || folder.isEmpty() || !QFileInfo(folder).isDir())
        return std::vector<std::filesystem::path> {};
    return listImageFiles(std::filesystem::path(folder.toStdString()));
}

QString QuantizeDialog::outputPath() const
{
    return m_output->text().trimmed();
}

void QuantizeDialog::setOutputPath(const QString& path)
{
    m_outputEdited = true; // first: setText runs updateState, which would put the default name back
    m_output->setText(path);
}

QuantizeRequest QuantizeDialog::request() const
{
    QuantizeRequest r;
    r.sourcePath = m_modelPath;
    r.model = m_model;
    r.options = options();
    r.calibrationData = calibrationData();
    r.image = imagePreprocess();
    r.outputPath = QFileInfo(outputPath()).absoluteFilePath();
    return r;
}

void QuantizeDialog::updateState()
{
    const QuantizeOptions o = options();
    const bool isStatic = o.format != QuantFormat::Dynamic;
    // Dynamic quantization measures ranges on every run: it has nothing to calibrate.
    m_calibrationBox->setEnabled(isStatic);
    m_percentile->setEnabled(o.calibration == CalibrationMethod::Percentile);
    m_samples->setEnabled(m_useRandom->isChecked());
    m_folder->setEnabled(m_useFolder->isChecked());
    m_browseFolder->setEnabled(m_useFolder->isChecked());
    const auto images = calibrationImages();
    const bool showImages = images && !images->empty();
    if (showImages == m_images->isHidden()) {
        m_images->setVisible(showImages);
        adjustSize(); // grow to hold the group, shrink back without it
    }
    if (!m_outputEdited) {
        const QSignalBlocker block(m_output);
        m_output->setText(QDir::toNativeSeparators(QuantizeText::defaultOutputPath(m_modelPath, o)));
    }
    m_refusal = checkForm();
    m_status->setText(m_refusal);
    m_status->setStyleSheet(m_refusal.isEmpty() ? QString() : QStringLiteral("QLabel { color: #c92a2a; }"));
    if (m_refusal.isEmpty())
        m_status->setText(tr("Will write: %1.").arg(QuantizeText::optionsText(o)));
    m_ok->setEnabled(m_refusal.isEmpty());
}

QString QuantizeDialog::checkForm() const
{
    const QuantizeOptions o = options();
    if (Status st = validateQuantizeOptions(o); !st)
        return tr("Refused: %1").arg(toQString(st.message()));
    if (o.format != QuantFormat::Dynamic && m_useFolder->isChecked()) {
        const QString folder = m_folder->text().trimmed();
        if (folder.isEmpty())
            return tr("Choose the folder of calibration inputs, or use random samples.");
        if (!QFileInfo(folder).isDir())
            return tr("The calibration folder %1 does not exist.").arg(folder);
        const auto images = calibrationImages();
        if (!images)
            return tr("The calibration folder cannot be used: %1").arg(toQString(images.status().message()));
        if (!images->empty()) {
            const QString why = m_images->updatePlan(m_model.get(), int(images->size()), o.inputShapes);
            if (!why.isEmpty())
                return why;
        }
    }
    for (const QString& spec : m_inputShapes->text().split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        auto parsed = parseInputShapeSpec(spec.toStdString());
        if (!parsed)
            return tr("Input shape '%1': %2").arg(spec, toQString(parsed.status().message()));
        if (m_model && inputShapesOf(*m_model, { spec.toStdString() }).empty())
            return tr("Input shape '%1': '%2' is not an input of this model.").arg(spec, toQString(parsed->first));
    }
    if (m_model)
        for (const std::string& name : o.excludeNodes)
            if (!m_model->graph().findNode(name))
                return tr("'%1' (leave in float) is not a node of this model.").arg(toQString(name));
    const QString out = outputPath();
    if (out.isEmpty())
        return tr("Choose where to write the INT8 model.");
    if (QFileInfo(out).absoluteFilePath() == QFileInfo(m_modelPath).absoluteFilePath())
        return tr("The INT8 model would replace the FP32 model it is made from; choose another file.");
    if (QFileInfo(out).isDir())
        return tr("%1 is a folder; choose a file name.").arg(out);
    return {};
}

void QuantizeDialog::browseFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Calibration Data Folder"),
        m_folder->text().isEmpty() ? QFileInfo(m_modelPath).absolutePath() : m_folder->text());
    if (!dir.isEmpty())
        setCalibrationFolder(dir);
}

void QuantizeDialog::browseOutput()
{
    // The file dialog asks before choosing an existing file; accept() does not ask again for that path.
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Write the INT8 Model to"), outputPath(), tr("ONNX models (*.onnx);;All files (*)"));
    if (path.isEmpty())
        return;
    m_confirmedOverwrite = QFileInfo(path).absoluteFilePath();
    setOutputPath(path);
}

void QuantizeDialog::accept()
{
    updateState();
    if (!m_refusal.isEmpty())
        return;
    const QString out = QFileInfo(outputPath()).absoluteFilePath();
    if (QFileInfo::exists(out) && out != m_confirmedOverwrite) {
        QMessageBox ask(QMessageBox::Question, messageTitle(),
            tr("%1 exists. Replace it with the new INT8 model?").arg(QDir::toNativeSeparators(out)),
            QMessageBox::NoButton, this);
        QPushButton* replace = ask.addButton(tr("&Replace"), QMessageBox::AcceptRole);
        ask.setDefaultButton(ask.addButton(tr("Cancel"), QMessageBox::RejectRole));
        ask.exec();
        if (ask.clickedButton() != replace)
            return;
    }
    writeSettings();
    QDialog::accept();
}

void QuantizeDialog::readSettings()
{
    QSettings s;
    QuantizeOptions o;
    const QString format = s.value(key("format"), QLatin1String(formatWord(QuantFormat::Qdq))).toString();
    for (QuantFormat f : { QuantFormat::Dynamic, QuantFormat::Qdq, QuantFormat::QOperator })
        if (format == QLatin1String(formatWord(f)))
            o.format = f;
    o.perChannel = s.value(key("perChannel"), true).toBool();
    o.reduceRange = s.value(key("reduceRange"), false).toBool();
    o.weightType = s.value(key("weightType"), QStringLiteral("int8")).toString() == QLatin1String("uint8")
        ? DataType::UInt8
        : DataType::Int8;
    o.activationType = s.value(key("activationType"), QStringLiteral("uint8")).toString() == QLatin1String("int8")
        ? DataType::Int8
        : DataType::UInt8;
    const QString symmetry = s.value(key("weightSymmetry")).toString();
    if (symmetry == QLatin1String("symmetric") || symmetry == QLatin1String("asymmetric"))
        o.symmetricWeights = symmetry == QLatin1String("symmetric");
    o.symmetricActivations = s.value(key("symmetricActivations"), false).toBool();
    const QString method = s.value(key("calibration")).toString();
    for (CalibrationMethod m : { CalibrationMethod::MinMax, CalibrationMethod::Percentile, CalibrationMethod::Entropy })
        if (method == QLatin1String(methodWord(m)))
            o.calibration = m;
    o.percentile = s.value(key("percentile"), 99.999).toDouble();
    for (const QString& op : s.value(key("opTypes")).toStringList())
        o.opTypes.push_back(op.toStdString());
    setOptions(o);
    m_threads->setValue(s.value(key("threads"), 1).toInt());
    m_samples->setValue(s.value(key("randomSamples"), 8).toInt());
    m_folder->setText(s.value(key("calibrationFolder")).toString());
    if (s.value(key("useFolder"), false).toBool())
        m_useFolder->setChecked(true);
    m_images->readSettings(s);
}

void QuantizeDialog::writeSettings() const
{
    QSettings s;
    const QuantizeOptions o = options();
    s.setValue(key("format"), QLatin1String(formatWord(o.format)));
    s.setValue(key("perChannel"), o.perChannel);
    s.setValue(key("reduceRange"), o.reduceRange);
    s.setValue(key("weightType"), o.weightType == DataType::UInt8 ? QStringLiteral("uint8") : QStringLiteral("int8"));
    s.setValue(
        key("activationType"), o.activationType == DataType::Int8 ? QStringLiteral("int8") : QStringLiteral("uint8"));
    s.setValue(key("weightSymmetry"),
        !o.symmetricWeights       ? QStringLiteral("default")
            : *o.symmetricWeights ? QStringLiteral("symmetric")
                                  : QStringLiteral("asymmetric"));
    s.setValue(key("symmetricActivations"), o.symmetricActivations);
    s.setValue(key("calibration"), QLatin1String(methodWord(o.calibration)));
    s.setValue(key("percentile"), o.percentile);
    s.setValue(key("opTypes"), splitList(m_opTypes->text()));
    s.setValue(key("threads"), m_threads->value());
    s.setValue(key("randomSamples"), m_samples->value());
    s.setValue(key("calibrationFolder"), m_folder->text().trimmed());
    s.setValue(key("useFolder"), m_useFolder->isChecked());
    m_images->writeSettings(s);
}

} // namespace qs::ui
