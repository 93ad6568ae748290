// SPDX-License-Identifier: MIT
// A model's quantization format in the UI language.
#pragma once

#include <quantscope/engine/analysis.h>

#include <QString>

namespace qs::ui {

/// "fp32", "dynamic", "qdq", "qoperator", "mixed" in the UI language (English as the engine writes them).
QString quantFormatText(QuantFormat format);

} // namespace qs::ui
