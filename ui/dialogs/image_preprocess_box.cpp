// SPDX-License-Identifier: MIT
#include "image_preprocess_box.h"

#include "util/qt_convert.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace qs::ui {

namespace {

QString key(const char* name)
{
    return QStringLiteral("quantize/image/") + QLatin1String(name);
}

// Numbers are read with a decimal point in every language: the comma separates the channels' values.
bool parseNumber(const QString& text, double& out)
{
    bool ok = false;
    out = text.trimmed().toDouble(&ok);
    return ok;
}

std::optional<std::vector<double>> parseList(const QString& text)
{
    std::vector<double> out;
    for (const QString& item : text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        double v = 0;
        if (!parseNumber(item, v))
            return std::nullopt;
        out.push_back(v);
    }
    return out;
}

QString listText(const std::vector<double>& values)
{
    QStringList parts;
    for (double v : values)
        parts << QString::number(v, 'g', 10);
    return parts.join(QStringLiteral(", "));
}

QString scaleText(double scale)
{
    const double inverse = 1.0 / scale;
    if (std::abs(inverse - std::round(inverse)) < 1e-6 * inverse)
        return QStringLiteral("1/%1").arg(std::round(inverse));
    return QString::number(scale, 'g', 10);
}

// (x/255 − m) / s with the values: symbols, not words, so the statement reads the same in every language.
QString formulaText(const ImageInputPlan& plan)
{
    if (plan.type == DataType::UInt8)
        return QStringLiteral("x");
    const bool noMean = std::all_of(plan.mean.begin(), plan.mean.end(), [](double v) { return v == 0; });
    const bool noStd = std::all_of(plan.std.begin(), plan.std.end(), [](double v) { return v == 1; });
    QString x = plan.scale == 1.0                               ? QStringLiteral("x")
        : scaleText(plan.scale).startsWith(QLatin1String("1/")) ? QStringLiteral("x/") + scaleText(plan.scale).mid(2)
                                                                : QStringLiteral("x·") + scaleText(plan.scale);
    if (!noMean)
        x = QStringLiteral("%1 − m").arg(x);
    if (!noStd)
        x = (noMean ? x : QStringLiteral("(%1)").arg(x)) + QStringLiteral(" / s");
    QString out = x;
    if (!noMean)
        out += QStringLiteral(", m = ") + listText(plan.mean);
    if (!noStd)
        out += QStringLiteral(", s = ") + listText(plan.std);
    return out;
}

} // namespace

ImagePreprocessBox::ImagePreprocessBox(QWidget* parent)
    : QGroupBox(tr("Image preprocessing"), parent)
{
    setObjectName(QStringLiteral("imagePreprocess"));
    setToolTip(tr("How each image of the calibration folder becomes an input tensor: resized, scaled, normalized "
                  "and laid out as the model was trained. Unset fields follow the model's input shape."));
    const QString modelSize = tr("model's");
    auto sizeBox = [&](const char* name, const QString& tip) {
        auto* box = new QSpinBox(this);
        box->setObjectName(QLatin1String(name));
        box->setRange(0, 16384);
        box->setSpecialValueText(modelSize);
        box->setToolTip(tip);
        connect(box, &QSpinBox::valueChanged, this, &ImagePreprocessBox::changed);
        return box;
    };
    m_width = sizeBox("imageWidth", tr("Width the images are resized to; \"model's\": the input's width"));
    m_height = sizeBox("imageHeight", tr("Height the images are resized to; \"model's\": the input's height"));
    m_resize = new QComboBox(this);
    m_resize->setObjectName(QStringLiteral("imageResize"));
    m_resize->addItem(tr("Stretch"), int(ImageResize::Stretch));
    m_resize->addItem(tr("Centre crop"), int(ImageResize::CenterCrop));
    m_resize->setToolTip(tr("Stretch: the whole image to the size, its aspect ratio may change. Centre crop: scaled "
                            "with its aspect ratio until it covers the size, the centre kept. Both bilinear, "
                            "averaging every pixel when shrinking."));
    m_scale = new QLineEdit(QStringLiteral("1/255"), this);
    m_scale->setObjectName(QStringLiteral("imageScale"));
    m_scale->setToolTip(tr("Multiplies the 0-255 pixel values: 1/255 gives values in [0, 1], 1 keeps 0-255"));
    m_mean = new QLineEdit(this);
    m_mean->setObjectName(QStringLiteral("imageMean"));
    m_mean->setPlaceholderText(QStringLiteral("0"));
    m_mean->setToolTip(tr("Subtracted after scaling: one value, or one per channel separated by commas (decimal "
                          "point, e.g. 0.485, 0.456, 0.406)"));
    m_std = new QLineEdit(this);
    m_std->setObjectName(QStringLiteral("imageStd"));
    m_std->setPlaceholderText(QStringLiteral("1"));
    m_std->setToolTip(tr("Then divided by: one value, or one per channel separated by commas (decimal point, e.g. "
                         "0.229, 0.224, 0.225)"));
    auto* imagenet = new QPushButton(tr("ImageNet"), this);
    imagenet->setObjectName(QStringLiteral("imagenet"));
    imagenet->setToolTip(tr("Fills in the mean and std of torchvision's ImageNet models (RGB, scale 1/255)"));
    connect(imagenet, &QPushButton::clicked, this, [this] {
        m_scale->setText(QStringLiteral("1/255"));
        m_mean->setText(QStringLiteral("0.485, 0.456, 0.406"));
        m_std->setText(QStringLiteral("0.229, 0.224, 0.225"));
    });
    m_layout = new QComboBox(this);
    m_layout->setObjectName(QStringLiteral("imageLayout"));
    m_layout->addItem(tr("From the model"), -1);
    m_layout->addItem(QStringLiteral("NCHW"), int(ImageLayout::Nchw));
    m_layout->addItem(QStringLiteral("NHWC"), int(ImageLayout::Nhwc));
    m_layout->setToolTip(tr("Channels first (NCHW, PyTorch) or last (NHWC, TensorFlow); from the model: where its "
                            "input has 1 or 3 channels"));
    m_channels = new QComboBox(this);
    m_channels->setObjectName(QStringLiteral("imageChannels"));
    m_channels->addItem(tr("From the model"), -1);
    m_channels->addItem(QStringLiteral("RGB"), int(ImageChannels::Rgb));
    m_channels->addItem(QStringLiteral("BGR"), int(ImageChannels::Bgr));
    m_channels->addItem(tr("Gray"), int(ImageChannels::Gray));
    m_channels->setToolTip(tr("Channel order: RGB, BGR (models trained with OpenCV) or gray (0.299 R + 0.587 G + "
                              "0.114 B); from the model: RGB for 3 channels, gray for 1"));
    m_plan = new QLabel(this);
    m_plan->setObjectName(QStringLiteral("imagePlan"));
    m_plan->setWordWrap(true);
    m_plan->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Room for a two-line statement (ImageNet's mean and std) without the dialog changing size as it is edited.
    m_plan->setMinimumHeight(2 * fontMetrics().lineSpacing());
    m_plan->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto* size = new QHBoxLayout;
    size->addWidget(m_width);
    size->addWidget(new QLabel(QStringLiteral("×"), this));
    size->addWidget(m_height);
    size->addStretch();
    auto* grid = new QGridLayout(this);
    grid->addWidget(new QLabel(tr("Size:"), this), 0, 0);
    grid->addLayout(size, 0, 1);
    grid->addWidget(new QLabel(tr("Resize:"), this), 0, 2);
    grid->addWidget(m_resize, 0, 3);
    grid->addWidget(new QLabel(tr("Scale:"), this), 1, 0);
    grid->addWidget(m_scale, 1, 1);
    grid->addWidget(new QLabel(tr("Layout:"), this), 1, 2);
    grid->addWidget(m_layout, 1, 3);
    grid->addWidget(new QLabel(tr("Mean:"), this), 2, 0);
    grid->addWidget(m_mean, 2, 1);
    grid->addWidget(new QLabel(tr("Channels:"), this), 2, 2);
    grid->addWidget(m_channels, 2, 3);
    grid->addWidget(new QLabel(tr("Std:"), this), 3, 0);
    grid->addWidget(m_std, 3, 1);
    grid->addWidget(imagenet, 3, 3);
    grid->addWidget(m_plan, 4, 0, 1, 4);
    grid->setColumnStretch(1, 1);

    for (QComboBox* box : { m_resize, m_layout, m_channels })
        connect(box, &QComboBox::currentIndexChanged, this, &ImagePreprocessBox::changed);
    for (QLineEdit* edit : { m_scale, m_mean, m_std })
        connect(edit, &QLineEdit::textChanged, this, &ImagePreprocessBox::changed);
}

std::optional<ImagePreprocess> ImagePreprocessBox::preprocess(QString* why) const
{
    auto fail = [why](const QString& reason) {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    ImagePreprocess p;
    p.width = m_width->value();
    p.height = m_height->value();
    if ((p.width == 0) != (p.height == 0))
        return fail(tr("Give both the width and the height of the images, or neither."));
    p.resize = ImageResize(m_resize->currentData().toInt());
    const QString scale = m_scale->text().trimmed();
    double s = 0;
    if (scale.startsWith(QLatin1String("1/")) && parseNumber(scale.mid(2), s) && s > 0)
        p.scale = 1.0 / s;
    else if (parseNumber(scale, s) && s > 0)
        p.scale = s;
    else
        return fail(tr("The image scale '%1' is not a positive number or 1/N.").arg(scale));
    if (*p.scale == 1.0 / 255.0)
        p.scale.reset(); // the default: uint8 inputs accept it
    const auto mean = parseList(m_mean->text());
    if (!mean)
        return fail(tr("The image mean '%1' is not a list of numbers.").arg(m_mean->text()));
    const auto deviation = parseList(m_std->text());
    if (!deviation)
        return fail(tr("The image std '%1' is not a list of numbers.").arg(m_std->text()));
    p.mean = *mean;
    p.std = *deviation;
    if (const int layout = m_layout->currentData().toInt(); layout >= 0)
        p.layout = ImageLayout(layout);
    if (const int channels = m_channels->currentData().toInt(); channels >= 0)
        p.channels = ImageChannels(channels);
    return p;
}

void ImagePreprocessBox::setPreprocess(const ImagePreprocess& p)
{
    m_width->setValue(int(p.width));
    m_height->setValue(int(p.height));
    m_resize->setCurrentIndex(std::max(0, m_resize->findData(int(p.resize))));
    m_scale->setText(scaleText(p.scale.value_or(1.0 / 255.0)));
    m_mean->setText(listText(p.mean));
    m_std->setText(listText(p.std));
    m_layout->setCurrentIndex(std::max(0, m_layout->findData(p.layout ? int(*p.layout) : -1)));
    m_channels->setCurrentIndex(std::max(0, m_channels->findData(p.channels ? int(*p.channels) : -1)));
}

QString ImagePreprocessBox::updatePlan(
    const Model* model, int imageCount, const std::map<std::string, std::vector<int64_t>>& inputShapes)
{
    QString why;
    const auto p = preprocess(&why);
    const QString images = imageCount == 1 ? tr("1 image") : tr("%1 images").arg(imageCount);
    if (p && model) {
        auto plan = planImageInput(*model, *p, inputShapes);
        if (plan) {
            const QString channels
                = plan->channels == ImageChannels::Gray ? tr("gray") : QLatin1String(imageChannelsName(plan->channels));
            m_plan->setText(
                tr("%1, resized to %2×%3 (%4), %5, %6 %7[%8] = %9")
                    .arg(images)
                    .arg(plan->width)
                    .arg(plan->height)
                    .arg(plan->resize == ImageResize::CenterCrop ? tr("centre crop") : tr("stretch"))
                    .arg(channels, QLatin1String(imageLayoutName(plan->layout)), toQString(dataTypeName(plan->type)),
                        toQString(formatDims(plan->dims)), formulaText(*plan)));
            m_plan->setStyleSheet(QString());
            return {};
        }
        why = tr("The images cannot feed this model: %1").arg(toQString(plan.status().message()));
    } else if (p) {
        m_plan->setText(images);
        m_plan->setStyleSheet(QString());
        return {};
    }
    m_plan->setText(why);
    m_plan->setStyleSheet(QStringLiteral("QLabel { color: #c92a2a; }"));
    return why;
}

QString ImagePreprocessBox::planText() const
{
    return m_plan->text();
}

void ImagePreprocessBox::readSettings(const QSettings& s)
{
    ImagePreprocess p;
    p.width = s.value(key("width"), 0).toInt();
    p.height = s.value(key("height"), 0).toInt();
    if (auto r = parseImageResize(s.value(key("resize")).toString().toStdString()))
        p.resize = *r;
    m_scale->setText(s.value(key("scale"), QStringLiteral("1/255")).toString());
    p.layout = parseImageLayout(s.value(key("layout")).toString().toStdString());
    p.channels = parseImageChannels(s.value(key("channels")).toString().toStdString());
    const QString scale = m_scale->text();
    setPreprocess(p);
    m_scale->setText(scale);
    m_mean->setText(s.value(key("mean")).toString());
    m_std->setText(s.value(key("std")).toString());
}

void ImagePreprocessBox::writeSettings(QSettings& s) const
{
    s.setValue(key("width"), m_width->value());
    s.setValue(key("height"), m_height->value());
    s.setValue(key("resize"), QLatin1String(imageResizeName(ImageResize(m_resize->currentData().toInt()))));
    s.setValue(key("scale"), m_scale->text().trimmed());
    s.setValue(key("mean"), m_mean->text().trimmed());
    s.setValue(key("std"), m_std->text().trimmed());
    const int layout = m_layout->currentData().toInt();
    s.setValue(key("layout"), layout < 0 ? QString() : QLatin1String(imageLayoutName(ImageLayout(layout))));
    const int channels = m_channels->currentData().toInt();
    s.setValue(key("channels"), channels < 0 ? QString() : QLatin1String(imageChannelsName(ImageChannels(channels))));
}

} // namespace qs::ui
