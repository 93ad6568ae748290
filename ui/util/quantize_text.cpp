// SPDX-License-Identifier: MIT
#include "quantize_text.h"

#include "util/qt_convert.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

namespace qs::ui {

QString QuantizeText::summary(const QuantizeSummary& s)
{
    QStringList ops;
    for (const auto& [op, n] : s.quantizedByOp)
        ops << QStringLiteral("%1 %2").arg(QLocale().toString(n), toQString(op));
    QStringList parts;
    parts << (ops.isEmpty() ? tr("No node was quantized") : tr("Quantized %1").arg(ops.join(QStringLiteral(", "))));
    if (s.calibrationSamples > 0)
        parts << tr("calibrated %1 tensors over %2 samples")
                     .arg(QLocale().toString(qlonglong(s.calibratedTensors)),
                         QLocale().toString(qlonglong(s.calibrationSamples)));
    if (!s.skipped.empty())
        parts << tr("%n node(s) left in float", nullptr, int(s.skipped.size()));
    return parts.join(QStringLiteral("; ")) + QLatin1Char('.');
}

QString QuantizeText::optionsText(const QuantizeOptions& o)
{
    QStringList parts;
    switch (o.format) {
    case QuantFormat::Qdq:
        parts << tr("static QDQ");
        break;
    case QuantFormat::QOperator:
        parts << tr("static QOperator");
        break;
    default:
        parts << tr("dynamic");
    }
    if (o.perChannel)
        parts << tr("per channel");
    if (o.reduceRange)
        parts << tr("7-bit weights");
    const auto type = [](DataType t) { return t == DataType::Int8 ? QStringLiteral("int8") : QStringLiteral("uint8"); };
    parts << tr("%1 weights").arg(type(o.weightType)) << tr("%1 activations").arg(type(o.activationType));
    if (o.format != QuantFormat::Dynamic) {
        switch (o.calibration) {
        case CalibrationMethod::Percentile:
            parts << tr("percentile %1 calibration").arg(QLocale().toString(o.percentile, 'g', 6));
            break;
        case CalibrationMethod::Entropy:
            parts << tr("entropy calibration");
            break;
        default:
            parts << tr("min/max calibration");
        }
    }
    return parts.join(QStringLiteral(", "));
}

QString QuantizeText::defaultOutputPath(const QString& floatPath, const QuantizeOptions& o)
{
    const QFileInfo fi(floatPath);
    QString base = fi.completeBaseName();
    base.remove(QRegularExpression(
        QStringLiteral("[_.-](fp32|float32|float|f32)$"), QRegularExpression::CaseInsensitiveOption));
    QString tag = QStringLiteral("int8_");
    tag += o.format == QuantFormat::Qdq      ? QStringLiteral("qdq")
        : o.format == QuantFormat::QOperator ? QStringLiteral("qoperator")
                                             : QStringLiteral("dynamic");
    if (o.perChannel)
        tag += QStringLiteral("_per_channel");
    if (o.reduceRange)
        tag += QStringLiteral("_reduce_range");
    if (o.weightType != DataType::Int8)
        tag += QStringLiteral("_u8_weights");
    if (o.activationType != DataType::UInt8)
        tag += QStringLiteral("_s8_activations");
    if (o.format != QuantFormat::Dynamic && o.calibration == CalibrationMethod::Percentile)
        tag += QStringLiteral("_percentile");
    if (o.format != QuantFormat::Dynamic && o.calibration == CalibrationMethod::Entropy)
        tag += QStringLiteral("_entropy");
    return fi.dir().filePath(base + QLatin1Char('_') + tag + QStringLiteral(".onnx"));
}

std::optional<QuantizeAdvice> QuantizeText::advice(const Finding& finding, const RunRecord& run)
{
    // Both findings' advice (engine diagnosis.cpp) is ONNX Runtime's: static quantization with calibration data, QDQ
    // format, per-channel int8 weights and uint8 activations (U8S8, what x86-64 integer kernels multiply).
    if (finding.id != "dynamic-quantized-convolutions" && finding.id != "qoperator-signed-activations")
        return std::nullopt;
    const ModelRecord* fp32 = nullptr;
    for (const ModelRecord& m : run.models)
        if (!m.isQuantized() && !fp32)
            fp32 = &m;
    if (!fp32)
        return std::nullopt;
    QuantizeAdvice a;
    a.floatModelPath = toQString(fp32->path);
    a.options.format = QuantFormat::Qdq;
    a.options.perChannel = true;
    a.options.weightType = DataType::Int8;
    a.options.activationType = DataType::UInt8;
    a.label = tr("Quantize as static QDQ, per channel...");
    return a;
}

} // namespace qs::ui
