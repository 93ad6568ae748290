// SPDX-License-Identifier: MIT
// What a run went on without (RunRecord::warnings) in the UI language: a short headline per warning for the Results
// tab and the status bar, the engine's message with the reason for tooltips, and one sentence for the reports.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QCoreApplication>
#include <QString>

namespace qs::ui {

class RunWarningText
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::RunWarningText)

public:
    /// What was left out, in the UI language ("Parity of b vs a was not checked."); a kind this version does not know
    /// is said by its English message.
    static QString headline(const std::string& kind, const MessageArgs& args, const std::string& message);
    static QString headline(const RunWarning& warning) { return headline(warning.kind, warning.args, warning.message); }
    /// What was left out and the engine's reason, for the reports, as the engine's report says it in English (a kind
    /// not known here, or one without its values: the message alone).
    static QString sentence(const std::string& kind, const MessageArgs& args, const std::string& message);
    /// "1 warning", "3 warnings".
    static QString count(size_t warnings);
};

} // namespace qs::ui
