// SPDX-License-Identifier: MIT
// Quantizing as the window offers it: Model > Quantize... and a finding's "Quantize as ..." open the Quantize dialog;
// its job runs on the QuantizeController's thread; the result is handed back as a pair to open (and to measure, for
// a finding's action). The window sees this class only, so the engine's quantize.h stays out of its headers.
#pragma once

#include "workers/loaded_model.h"

#include <QObject>
#include <QPointer>

#include <memory>

class QWidget;

namespace qs {
struct QuantizeOptions;
struct RunRecord;
} // namespace qs

namespace qs::ui {

class QuantizeController;
class QuantizeDialog;
struct QuantizeResult;

class QuantizeCoordinator : public QObject
{
    Q_OBJECT
public:
    /// Dialogs open over `window`.
    explicit QuantizeCoordinator(QWidget* window);
    ~QuantizeCoordinator() override;

    QuantizeController* controller() const { return m_controller; }
    /// The dialog while it is open (null otherwise).
    QuantizeDialog* dialog() const;
    bool isBusy() const;
    /// What the last finished job did ("Quantized 7 Conv; calibrated 13 tensors over 8 samples. Wrote x.onnx.").
    QString lastMessage() const { return m_lastMessage; }

    /// Opens the dialog for a float model the window has loaded.
    void openDialog(const std::shared_ptr<const LoadedModel>& model);
    /// Opens the dialog filled with the advice of `run.findings[findingIndex]` (QuantizeText::advice) for the run's
    /// FP32 model (`loaded` when it is that file, else the worker reads it); the pair is measured once it is open.
    /// False when the finding advises no quantization.
    bool openDialogForFinding(
        const RunRecord& run, size_t findingIndex, const std::shared_ptr<const LoadedModel>& loaded);
    void cancel();

signals:
    void busyChanged(bool busy);
    void progressChanged(int done, int total, const QString& text);
    void statusMessage(const QString& text);
    /// The INT8 model is written: open it beside `floatPath`; `message` says what the quantizer did; `measure`: run
    /// the benchmark of both once they are open.
    void pairReady(const QString& floatPath, const QString& quantizedPath, const QString& message, bool measure);
    /// A failed job; `message` names the file and the problem.
    void failed(const QString& message);

private:
    void showDialog(
        const QString& floatPath, std::shared_ptr<const Model> model, const QuantizeOptions* advice, bool measureAfter);
    void finished(const QuantizeResult& result);

    QWidget* m_window;
    QuantizeController* m_controller;
    QPointer<QuantizeDialog> m_dialog;
    QString m_lastMessage;
    bool m_measureAfter = false;
};

} // namespace qs::ui
