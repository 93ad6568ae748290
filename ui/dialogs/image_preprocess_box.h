// SPDX-License-Identifier: MIT
// The Quantize dialog's "Image preprocessing" group, shown when the calibration folder holds PNG/JPEG images: size,
// resize, scale, mean/std, layout and channel order (the CLI's --image-* options), each left to the model's input
// shape where it can say, and a line stating what the images become (or why they cannot become an input).
#pragma once

#include <quantscope/engine/image_samples.h>
#include <quantscope/engine/model.h>

#include <QGroupBox>

#include <map>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QSettings;
class QSpinBox;

namespace qs::ui {

class ImagePreprocessBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit ImagePreprocessBox(QWidget* parent = nullptr);

    /// The choices; nullopt when a field does not parse (`why` gets the reason).
    std::optional<ImagePreprocess> preprocess(QString* why = nullptr) const;
    void setPreprocess(const ImagePreprocess& p);

    /// Settles the choices against `model`'s input for `imageCount` images and states the result (or the reason) in
    /// the group; returns the reason, empty when the images can feed the model. Without a model nothing is checked.
    QString updatePlan(
        const Model* model, int imageCount, const std::map<std::string, std::vector<int64_t>>& inputShapes);
    /// The statement shown ("2 images, resized to 64×64 ...") or the reason.
    QString planText() const;

    void readSettings(const QSettings& settings);
    void writeSettings(QSettings& settings) const;

signals:
    void changed();

private:
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QComboBox* m_resize = nullptr;
    QLineEdit* m_scale = nullptr;
    QLineEdit* m_mean = nullptr;
    QLineEdit* m_std = nullptr;
    QComboBox* m_layout = nullptr;
    QComboBox* m_channels = nullptr;
    QLabel* m_plan = nullptr;
};

} // namespace qs::ui
