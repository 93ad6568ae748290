// SPDX-License-Identifier: MIT
#include "quantize_coordinator.h"

#include "dialogs/message_box.h"
#include "dialogs/quantize_dialog.h"
#include "util/qt_convert.h"
#include "util/quantize_text.h"
#include "workers/quantize_controller.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QStringList>
#include <QWidget>

namespace qs::ui {

QuantizeCoordinator::QuantizeCoordinator(QWidget* window)
    : QObject(window)
    , m_window(window)
    , m_controller(new QuantizeController(this))
{
    connect(m_controller, &QuantizeController::started, this, [this] { emit busyChanged(true); });
    connect(
        m_controller, &QuantizeController::progressChanged, this, [this](int done, int total, const QString& stage) {
            emit progressChanged(done, total, total > 0 ? tr("%1 %2/%3").arg(stage).arg(done).arg(total) : stage);
        });
    connect(m_controller, &QuantizeController::resultReady, this, &QuantizeCoordinator::finished);
    connect(m_controller, &QuantizeController::failed, this, [this](const QString& message) {
        m_measureAfter = false;
        emit busyChanged(false);
        emit failed(message);
    });
    connect(m_controller, &QuantizeController::cancelled, this, [this] {
        m_measureAfter = false;
        emit busyChanged(false);
        emit statusMessage(tr("Quantizing cancelled; nothing was written."));
    });
}

QuantizeCoordinator::~QuantizeCoordinator() = default;

QuantizeDialog* QuantizeCoordinator::dialog() const
{
    return m_dialog;
}

bool QuantizeCoordinator::isBusy() const
{
    return m_controller->isBusy();
}

void QuantizeCoordinator::cancel()
{
    m_controller->cancel();
}

void QuantizeCoordinator::openDialog(const std::shared_ptr<const LoadedModel>& model)
{
    if (model && !m_controller->isBusy())
        showDialog(model->path, model->model, nullptr, false);
}

bool QuantizeCoordinator::openDialogForFinding(
    const RunRecord& run, size_t findingIndex, const std::shared_ptr<const LoadedModel>& loaded)
{
    if (findingIndex >= run.findings.size())
        return false;
    const auto advice = QuantizeText::advice(run.findings[findingIndex], run);
    if (!advice)
        return false;
    if (m_controller->isBusy()) {
        emit statusMessage(tr("A model is being quantized; wait for it or cancel it first."));
        return true;
    }
    if (!QFileInfo::exists(advice->floatModelPath)) {
        emit failed(tr("The FP32 model %1 of this run is not there any more.").arg(advice->floatModelPath));
        return true;
    }
    // The model already in memory when it is that file; otherwise the worker reads it.
    std::shared_ptr<const Model> model;
    if (loaded && QFileInfo(loaded->path).canonicalFilePath() == QFileInfo(advice->floatModelPath).canonicalFilePath())
        model = loaded->model;
    showDialog(advice->floatModelPath, std::move(model), &advice->options, true);
    return true;
}

void QuantizeCoordinator::showDialog(
    const QString& floatPath, std::shared_ptr<const Model> model, const QuantizeOptions* advice, bool measureAfter)
{
    if (m_dialog)
        m_dialog->close();
    m_dialog = new QuantizeDialog(floatPath, std::move(model), m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (advice)
        m_dialog->setOptions(*advice);
    connect(m_dialog, &QDialog::accepted, this, [this, measureAfter, dialog = m_dialog.data()] {
        m_measureAfter = measureAfter;
        const QuantizeRequest request = dialog->request();
        emit statusMessage(tr("Quantizing %1...").arg(displayNameForPath(request.sourcePath)));
        m_controller->start(request);
    });
    // Window-modal but not blocking: the event loop (and a test driving the dialog) keeps running.
    m_dialog->open();
}

void QuantizeCoordinator::finished(const QuantizeResult& result)
{
    emit busyChanged(false);
    // Short enough for the status bar beside the model label; the options are in the file's default name.
    m_lastMessage
        = tr("%1 Wrote %2.").arg(QuantizeText::summary(result.summary), QFileInfo(result.outputPath).fileName());
    if (!result.summary.skipped.empty()) {
        // The nodes left in float and why: too long for the status bar, and what a user checks first.
        auto* box = new QMessageBox(QMessageBox::Information, messageTitle(),
            tr("Wrote %1 (%2).")
                .arg(QDir::toNativeSeparators(result.outputPath), QuantizeText::optionsText(result.options)),
            QMessageBox::Ok, m_window);
        QStringList lines;
        for (const std::string& s : result.summary.skipped)
            lines << toQString(s);
        box->setInformativeText(
            QuantizeText::summary(result.summary) + QLatin1Char(' ') + tr("The details say which nodes and why."));
        box->setDetailedText(lines.join(QLatin1Char('\n')));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
    const bool measure = m_measureAfter;
    m_measureAfter = false;
    emit pairReady(result.sourcePath, result.outputPath, m_lastMessage, measure);
}

} // namespace qs::ui
