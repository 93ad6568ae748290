// SPDX-License-Identifier: MIT
#include "node_style.h"

#include <QCoreApplication>

namespace qs::ui {

CategoryStyle categoryStyle(NodeCategory category)
{
    // Boundary kinds get saturated, mutually distinct hues; ordinary float work stays calm blue, shape work grey.
    switch (category) {
    case NodeCategory::FloatCompute:
        return { QColor(0xdd, 0xe8, 0xf6), QColor(0x3b, 0x6e, 0xb0) };
    case NodeCategory::ShapeLayout:
        return { QColor(0xee, 0xef, 0xf1), QColor(0x8a, 0x90, 0x99) };
    case NodeCategory::Quantize:
        return { QColor(0xff, 0xe0, 0xc2), QColor(0xe8, 0x59, 0x0c) };
    case NodeCategory::Dequantize:
        return { QColor(0xd3, 0xf4, 0xdb), QColor(0x2b, 0x8a, 0x3e) };
    case NodeCategory::DynamicQuantize:
        return { QColor(0xff, 0xd4, 0xd4), QColor(0xc9, 0x2a, 0x2a) };
    case NodeCategory::QLinear:
        return { QColor(0xe8, 0xdf, 0xff), QColor(0x67, 0x41, 0xd9) };
    case NodeCategory::IntegerCompute:
        return { QColor(0xff, 0xf0, 0xb3), QColor(0xb0, 0x7d, 0x00) };
    case NodeCategory::ControlFlow:
        return { QColor(0xc8, 0xf1, 0xf5), QColor(0x0b, 0x72, 0x85) };
    }
    return { Qt::white, Qt::black };
}

QString categoryDisplayName(NodeCategory category)
{
    const char* text = "";
    switch (category) {
    case NodeCategory::FloatCompute:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "Float compute");
        break;
    case NodeCategory::ShapeLayout:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "Shape / layout");
        break;
    case NodeCategory::Quantize:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "QuantizeLinear");
        break;
    case NodeCategory::Dequantize:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "DequantizeLinear");
        break;
    case NodeCategory::DynamicQuantize:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "DynamicQuantizeLinear");
        break;
    case NodeCategory::QLinear:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "QLinear* / QGemm");
        break;
    case NodeCategory::IntegerCompute:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "*Integer compute");
        break;
    case NodeCategory::ControlFlow:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "Control flow");
        break;
    }
    return QCoreApplication::translate("qs::ui::NodeStyle", text);
}

QString categoryShortName(NodeCategory category)
{
    const char* text = "";
    switch (category) {
    case NodeCategory::FloatCompute:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "Float");
        break;
    case NodeCategory::ShapeLayout:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "Shape");
        break;
    case NodeCategory::Quantize:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "Quantize");
        break;
    case NodeCategory::Dequantize:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "Dequantize");
        break;
    case NodeCategory::DynamicQuantize:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "DynQuant");
        break;
    case NodeCategory::QLinear:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "QLinear");
        break;
    case NodeCategory::IntegerCompute:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "Integer");
        break;
    case NodeCategory::ControlFlow:
        text = QT_TRANSLATE_NOOP("qs::ui::NodeStyle", "Control");
        break;
    }
    return QCoreApplication::translate("qs::ui::NodeStyle", text);
}

const std::vector<NodeCategory>& allCategories()
{
    static const std::vector<NodeCategory> kAll { NodeCategory::FloatCompute, NodeCategory::ShapeLayout,
        NodeCategory::Quantize, NodeCategory::Dequantize, NodeCategory::DynamicQuantize, NodeCategory::QLinear,
        NodeCategory::IntegerCompute, NodeCategory::ControlFlow };
    return kAll;
}

QColor edgeColor()
{
    return QColor(0x84, 0x8c, 0x96);
}
QColor crossingEdgeColor()
{
    return QColor(0xd6, 0x33, 0x6c);
}
QColor selectionColor()
{
    return QColor(0x1c, 0x7e, 0xd6);
}

} // namespace qs::ui
