// SPDX-License-Identifier: MIT
#include "quant_format_text.h"

#include "util/qt_convert.h"

#include <QCoreApplication>

namespace qs::ui {

QString quantFormatText(QuantFormat format)
{
    switch (format) {
    case QuantFormat::Fp32:
        return QCoreApplication::translate("qs::ui::QuantFormat", "fp32");
    case QuantFormat::Dynamic:
        return QCoreApplication::translate("qs::ui::QuantFormat", "dynamic");
    case QuantFormat::Qdq:
        return QCoreApplication::translate("qs::ui::QuantFormat", "qdq");
    case QuantFormat::QOperator:
        return QCoreApplication::translate("qs::ui::QuantFormat", "qoperator");
    case QuantFormat::Mixed:
        return QCoreApplication::translate("qs::ui::QuantFormat", "mixed");
    }
    return toQString(quantFormatName(format));
}

} // namespace qs::ui
