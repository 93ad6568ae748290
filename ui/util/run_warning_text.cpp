// SPDX-License-Identifier: MIT
#include "run_warning_text.h"

#include "util/qt_convert.h"

#include <variant>

namespace qs::ui {

namespace {
QString argText(const MessageArgs& args, const char* key)
{
    const auto it = args.find(key);
    return it != args.end() && std::holds_alternative<std::string>(it->second)
        ? toQString(std::get<std::string>(it->second))
        : QString();
}
} // namespace

QString RunWarningText::headline(const std::string& kind, const MessageArgs& args, const std::string& message)
{
    if (kind == "target-tables")
        return tr("No deployment-target summaries: the target tables could not be read.");
    if (kind == "parity" && args.count("candidate") && args.count("baseline"))
        return tr("Parity of %1 vs %2 was not checked.").arg(argText(args, "candidate"), argText(args, "baseline"));
    return toQString(message);
}

QString RunWarningText::sentence(const std::string& kind, const MessageArgs& args, const std::string& message)
{
    // The engine report's sentences (report_model.cpp), so the English Markdown is the CLI's byte for byte.
    if (kind == "parity" && args.count("candidate") && args.count("baseline") && args.count("reason"))
        return tr("Parity of %1 vs %2 was not checked: %3")
            .arg(argText(args, "candidate"), argText(args, "baseline"), argText(args, "reason"));
    if (kind == "target-tables" && args.count("reason"))
        return tr("No deployment-target summaries: %1").arg(argText(args, "reason"));
    return toQString(message);
}

QString RunWarningText::count(size_t warnings)
{
    // Spelled out rather than %n: the English text ships without a plural translation file.
    return warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings);
}

} // namespace qs::ui
