// SPDX-License-Identifier: MIT
// The benchmark report as data, built once from a run: sections of headings, paragraphs, lists, key/value lines,
// tables with typed cells and findings. Words are the engine's English terms (a front end translates them by that
// key), sentences with values carry a kind and their values (as findings do), numbers keep their value, precision
// and unit. The engine's Markdown renderer (markdown_report.h) prints it in English; the GUI prints the same model in
// the user's language and locale.
#pragma once

#include <quantscope/engine/run_record.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

/// A piece of text. `kind` empty: `english` is one of reportTerms(), a fixed word or sentence a front end translates
/// by it. "name": `english` is a name (model, op type, path) that is never translated. Any other kind is a sentence
/// with values (`args`), listed with its values at reportPhraseKinds(); `english` is the engine's wording of it.
struct ReportPhrase
{
    std::string kind;
    MessageArgs args;
    std::string english;

    static ReportPhrase term(std::string english) { return { {}, {}, std::move(english) }; }
    static ReportPhrase name(std::string text) { return { "name", {}, std::move(text) }; }
};

/// How a number reads: its unit (the suffix "%", "x", " dB"; milliseconds and MiB are named by the column header),
/// and whether it is written with a fixed number of decimals, with significant digits or with a sign.
enum class ReportUnit
{
    None,
    Milliseconds,
    MiB,
    Percent, ///< the value is a share (0.276 reads "27.6%")
    Factor, ///< "2.00x"
    Decibel
};

enum class ReportNumberStyle
{
    Fixed, ///< `precision` decimals
    Significant, ///< `precision` significant digits ("%g")
    Signed ///< fixed, with "+" before a positive value and a plain zero when it rounds to nothing
};

struct ReportCell
{
    enum class Kind
    {
        Empty,
        Missing, ///< "-": no value
        Phrase, ///< a term, a name or a sentence (`phrase`)
        Code, ///< a name set as code (a hash)
        Number, ///< `number` with `precision`, `unit`, `style`
        Count, ///< `count`
        Range, ///< `number` to `high`, with `precision` and `unit` (a confidence interval)
        Setting ///< what a scenario held fixed: those of `model`, `threads`, `mode` present, and a runtime not ours
    };
    Kind kind = Kind::Empty;
    bool strong = false; ///< a total or a failure: set in bold
    ReportPhrase phrase;
    double number = 0;
    double high = 0;
    int precision = 2;
    ReportUnit unit = ReportUnit::None;
    ReportNumberStyle style = ReportNumberStyle::Fixed;
    int64_t count = 0;
    std::optional<std::string> model;
    std::optional<int32_t> threads;
    std::optional<ExecutionMode> mode;
    Runtime runtime = Runtime::Quantscope;
};

struct ReportTable
{
    std::vector<ReportPhrase> header;
    std::vector<bool> numeric; ///< by column: right-aligned
    std::vector<std::vector<ReportCell>> rows;
};

/// A finding as the run holds it; `storedText` when it has only the English text of a run file older than format 1.1
/// (no values to phrase it from).
struct ReportFinding
{
    Finding finding;
    bool storedText = false;
};

struct ReportBlock
{
    enum class Kind
    {
        Heading, ///< `phrase` at `level` (1 the title, 2 a section, 3 a subsection)
        Paragraph, ///< `phrase`; `strong` in bold, `quote` as a quoted notice
        List, ///< `items`, one bullet each
        KeyValues, ///< `items` as "key: value" lines (`keys` beside them)
        Table, ///< `table`
        Findings ///< `findings`, or `phrase` when there are none
    };
    Kind kind = Kind::Paragraph;
    int level = 2;
    bool strong = false;
    bool quote = false;
    ReportPhrase phrase;
    std::vector<ReportPhrase> keys;
    std::vector<ReportPhrase> items;
    ReportTable table;
    std::vector<ReportFinding> findings;
};

/// What a section holds, so a front end may place or leave out whole sections (the PDF puts KeyNumbers on its first
/// page; the Markdown reports leave KeyNumbers out, their Comparisons table says the same).
enum class ReportSectionId
{
    Title,
    Verdict,
    Warnings, ///< what the run went on without (RunRecord::warnings); only when there are some
    KeyNumbers,
    Comparisons,
    Parity,
    Latency,
    Preparation,
    Models,
    OpCounts,
    Profiles,
    OpTypeDeltas,
    Findings,
    Environment,
    Method
};

struct ReportSection
{
    ReportSectionId id = ReportSectionId::Title;
    std::vector<ReportBlock> blocks;
};

struct ReportDocument
{
    std::vector<ReportSection> sections;

    const ReportSection* section(ReportSectionId id) const;
};

/// How many rows the long tables keep (a row "(N more)" stands for the rest); 0 keeps every row.
struct ReportLimits
{
    int maxOpTypeRows = 15; ///< per profiled scenario and per FP32-vs-quantized comparison
    int maxOpCountRows = 40;
    int maxNodeRows = 10; ///< slowest nodes per profiled scenario
};

/// The report of a run, in the order the Markdown report prints it. Uses record.findings as they are (run
/// diagnoseRun first to fill them) and verdictSentence() for the verdict.
ReportDocument buildReportModel(const RunRecord& record, const ReportLimits& limits = {});

/// Every fixed word and sentence (ReportPhrase::term) the model uses, for front ends that check they translate
/// each.
const std::vector<std::string_view>& reportTerms();

/// The kinds of sentences with values and the names of their values, for the same check.
struct ReportPhraseKind
{
    std::string_view kind;
    std::vector<std::string_view> args;
};
const std::vector<ReportPhraseKind>& reportPhraseKinds();

} // namespace qs
