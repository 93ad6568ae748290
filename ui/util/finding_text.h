// SPDX-License-Identifier: MIT
// The verdict and the findings in the user's language: phrased from the engine's rule ids and values through tr(),
// numbers in the UI locale; the engine's English text where an id, a wording or a value is unknown (run files
// written before format 1.1, rules newer than this build).
#pragma once

#include <quantscope/engine/run_record.h>
#include <quantscope/engine/verdict.h>

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <string_view>

namespace qs::ui {

class FindingText
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::FindingText)

public:
    struct Rendered
    {
        QString title;
        QStringList evidence;
        QString advice;
        bool translatedTitle = false; ///< false: the engine's English title (unknown id or missing values)
        int translatedEvidence = 0; ///< lines phrased from values; the others are the engine's English
    };

    /// One finding, every part phrased from its values where possible.
    static Rendered render(const Finding& finding);

    /// The verdict sentence (verdictOf in verdict.h), with the cause finding's title phrased like render() does.
    static QString verdict(const RunRecord& record);
    /// The verdict of one setting (threads · mode), as the Results tab's Setting selector shows it.
    static QString verdict(const RunRecord& record, int32_t threads, ExecutionMode mode);
    static QString verdict(const Verdict& verdict);

    /// "critical", "warning", "info" in the UI language.
    static QString severityName(FindingSeverity severity);

    // The phrasings themselves, for tests. With `probe`, missing values are replaced by placeholders so a test can
    // ask whether a rule id, variant or line kind has a phrasing at all; nullopt when it has none.
    static std::optional<QString> title(std::string_view id, const MessageArgs& args, bool probe = false);
    static std::optional<QString> advice(std::string_view id, const MessageArgs& args, bool probe = false);
    static std::optional<QString> evidence(std::string_view id, const EvidenceLine& line, bool probe = false);
};

} // namespace qs::ui
