// SPDX-License-Identifier: MIT
// "Quantize...": the quantizer's options (those of `quantscope-cli quantize`) for the open float model, grouped as
// format, types, calibration and scope, each with a tooltip. Combinations the engine refuses
// (validateQuantizeOptions) are shown with its reason while they are chosen, and Quantize is disabled then. The
// choices are remembered in QSettings; the nodes to exclude and the input shapes belong to one model and are not.
#pragma once

#include "workers/quantize_worker.h"

#include <QDialog>

#include <filesystem>
#include <memory>
#include <vector>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QWidget;

namespace qs::ui {

class ImagePreprocessBox;

class QuantizeDialog : public QDialog
{
    Q_OBJECT
public:
    /// `model` is the float model as loaded (null: read from `modelPath` by the worker, and the node and input names
    /// are not checked here).
    QuantizeDialog(const QString& modelPath, std::shared_ptr<const Model> model, QWidget* parent = nullptr);

    /// The options the form describes (no cancel token or progress sink).
    QuantizeOptions options() const;
    /// Fills the form (an advice from the diagnosis); the calibration data and output stay as they are, except that
    /// a default output name follows the options.
    void setOptions(const QuantizeOptions& options);
    /// "random:N" or the folder.
    QString calibrationData() const;
    /// How the calibration folder's images become inputs; the default when the folder holds no images.
    ImagePreprocess imagePreprocess() const;
    void setCalibrationFolder(const QString& folder);
    void setRandomSamples(int count);
    QString outputPath() const;
    void setOutputPath(const QString& path);
    /// The job the form describes.
    QuantizeRequest request() const;

    /// Why Quantize is disabled now (the engine's reason for a refused combination, a missing folder, ...); empty
    /// when the form is complete.
    QString refusal() const { return m_refusal; }
    QPushButton* quantizeButton() const { return m_ok; }

public slots:
    /// Asks before replacing an existing file, remembers the choices, then closes with Accepted.
    void accept() override;

private:
    void buildForm();
    void updateState();
    QString checkForm() const;
    void readSettings();
    void writeSettings() const;
    void browseFolder();
    void browseOutput();
    /// The image files of the chosen calibration folder (static formats, folder chosen and present), or the reason
    /// the folder cannot be used (it mixes images and tensor files).
    Result<std::vector<std::filesystem::path>> calibrationImages() const;

    QString m_modelPath;
    std::shared_ptr<const Model> m_model;
    QString m_refusal;
    bool m_outputEdited = false; ///< the user typed or chose a path: it no longer follows the options
    QString m_confirmedOverwrite; ///< the file dialog already asked about replacing this path

    QComboBox* m_format = nullptr;
    QCheckBox* m_perChannel = nullptr;
    QCheckBox* m_reduceRange = nullptr;
    QComboBox* m_weightType = nullptr;
    QComboBox* m_activationType = nullptr;
    QComboBox* m_weightSymmetry = nullptr;
    QCheckBox* m_symmetricActivations = nullptr;
    QWidget* m_calibrationBox = nullptr;
    QComboBox* m_method = nullptr;
    QDoubleSpinBox* m_percentile = nullptr;
    QRadioButton* m_useRandom = nullptr;
    QRadioButton* m_useFolder = nullptr;
    QSpinBox* m_samples = nullptr;
    QLineEdit* m_folder = nullptr;
    QPushButton* m_browseFolder = nullptr;
    ImagePreprocessBox* m_images = nullptr; ///< shown when the folder holds images
    QSpinBox* m_threads = nullptr;
    QLineEdit* m_opTypes = nullptr;
    QLineEdit* m_excludeNodes = nullptr;
    QLineEdit* m_inputShapes = nullptr;
    QLineEdit* m_output = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace qs::ui
