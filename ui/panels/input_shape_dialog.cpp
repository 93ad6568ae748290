// SPDX-License-Identifier: MIT
#include "input_shape_dialog.h"

#include "util/qt_convert.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QVBoxLayout>

namespace qs::ui {

std::vector<FreeInput> freeInputs(const Model& model)
{
    std::vector<FreeInput> out;
    const Graph& g = model.graph();
    for (ValueId id : g.inputs()) {
        const Value& v = g.value(id);
        if (!v.type.hasShape || v.type.isFullyKnown())
            continue;
        QStringList dims;
        const size_t rank = v.type.dims.size();
        for (size_t i = 0; i < rank; ++i) {
            const Dim& d = v.type.dims[i];
            if (d.isKnown()) {
                dims << QString::number(d.value);
                continue;
            }
            // Batch first; the last two of an NCHW image are height and width; anything else is a length.
            const qint64 guess = i == 0 ? 1 : (rank == 4 && i >= 2) ? 224 : 128;
            dims << QString::number(guess);
        }
        out.push_back({ toQString(v.name), toQString(v.type.shapeString()), dims.join(QLatin1Char('x')) });
    }
    return out;
}

QStringList suggestedShapes(const Model& model)
{
    QStringList specs;
    for (const FreeInput& in : freeInputs(model))
        specs << in.name + QLatin1Char('=') + in.suggested;
    return specs;
}

InputShapeDialog::InputShapeDialog(
    const QString& modelName, std::vector<FreeInput> inputs, const QStringList& current, QWidget* parent)
    : QDialog(parent)
    , m_inputs(std::move(inputs))
{
    setObjectName(QStringLiteral("inputShapeDialog"));
    setWindowTitle(tr("Input Shapes of %1").arg(modelName));
    auto* intro = new QLabel(tr("This model has inputs with free dimensions. Choose the sizes to measure with; they "
                                "are remembered for this model file and can be changed in the Runs panel."),
        this);
    intro->setWordWrap(true);
    auto* form = new QFormLayout;
    const QRegularExpression dimsPattern(QStringLiteral("^[0-9]+(x[0-9]+)*$"));
    for (const FreeInput& in : m_inputs) {
        auto* field = new QLineEdit(this);
        field->setObjectName(QStringLiteral("shape_") + in.name);
        field->setValidator(new QRegularExpressionValidator(dimsPattern, field));
        QString value = in.suggested;
        for (const QString& spec : current)
            if (spec.startsWith(in.name + QLatin1Char('=')))
                value = spec.mid(in.name.size() + 1);
        field->setText(value);
        field->setToolTip(tr("Declared shape: %1").arg(in.declared));
        form->addRow(tr("%1 (%2):").arg(in.name, in.declared), field);
        m_fields.push_back(field);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

QStringList InputShapeDialog::shapes() const
{
    QStringList out;
    for (size_t i = 0; i < m_inputs.size(); ++i)
        if (!m_fields[i]->text().isEmpty())
            out << m_inputs[i].name + QLatin1Char('=') + m_fields[i]->text();
    return out;
}

void InputShapeDialog::setShape(const QString& input, const QString& dims)
{
    for (size_t i = 0; i < m_inputs.size(); ++i)
        if (m_inputs[i].name == input)
            m_fields[i]->setText(dims);
}

} // namespace qs::ui
