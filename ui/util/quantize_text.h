// SPDX-License-Identifier: MIT
// What the GUI says about quantizing: the result's summary, the default file name of a quantized model, and the
// findings whose advice is "quantize again like this", turned into options the Quantize dialog can be filled with.
#pragma once

#include <quantscope/engine/quantize.h>
#include <quantscope/engine/run_record.h>

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace qs::ui {

/// A finding's advice as an action: quantize `floatModelPath` with `options`.
struct QuantizeAdvice
{
    QString floatModelPath;
    QuantizeOptions options;
    QString label; ///< "Quantize as static QDQ, per channel..." (short: it is a button beside the verdict)
};

class QuantizeText
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::QuantizeText)

public:
    /// "Quantized 7 Conv, 2 MatMul; calibrated 14 tensors over 8 samples; 1 node left in float."
    static QString summary(const QuantizeSummary& summary);
    /// "static QDQ, per channel, int8 weights, uint8 activations, MinMax calibration"
    static QString optionsText(const QuantizeOptions& options);

    /// Beside the float model: "demo_fp32.onnx" -> "demo_int8_qdq_per_channel.onnx" (a trailing _fp32/_float is
    /// dropped; non-default choices are named so two variants do not overwrite each other).
    static QString defaultOutputPath(const QString& floatPath, const QuantizeOptions& options);

    /// The action a finding advises, when its advice is to quantize the run's FP32 model again (dynamic-quantized
    /// convolutions, QOperator with int8 activations: static QDQ, per channel, uint8 activations). nullopt for other
    /// findings, and for runs without an FP32 model to quantize.
    static std::optional<QuantizeAdvice> advice(const Finding& finding, const RunRecord& run);
};

} // namespace qs::ui
