// SPDX-License-Identifier: MIT
// Asks for a model's free input dimensions when it is opened: one field per graph input with a free dimension,
// named as the model names it and filled with a default (batch 1, image height and width 224, other sizes 128).
#pragma once

#include <quantscope/engine/model.h>

#include <QDialog>
#include <QString>
#include <QStringList>

#include <vector>

class QLineEdit;
class QLabel;

namespace qs::ui {

/// A graph input with at least one free dimension.
struct FreeInput
{
    QString name;
    QString declared; ///< "?x3x48x?" or with the model's dimension names
    QString suggested; ///< "1x3x48x224"
};

/// The inputs of a model whose shape is not fully known, with a suggested binding.
std::vector<FreeInput> freeInputs(const Model& model);

/// "NAME=DIMS" specs of every free input with its suggested binding.
QStringList suggestedShapes(const Model& model);

class InputShapeDialog : public QDialog
{
    Q_OBJECT
public:
    /// `modelName` names the model in the title; `current` pre-fills fields from "NAME=DIMS" specs.
    InputShapeDialog(
        const QString& modelName, std::vector<FreeInput> inputs, const QStringList& current, QWidget* parent = nullptr);

    /// The specs as entered ("x=1x3x48x320"); fields left empty are left out.
    QStringList shapes() const;
    /// For tests: sets the field of an input.
    void setShape(const QString& input, const QString& dims);

private:
    std::vector<FreeInput> m_inputs;
    std::vector<QLineEdit*> m_fields;
};

} // namespace qs::ui
