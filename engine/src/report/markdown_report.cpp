// SPDX-License-Identifier: MIT
#include "report/report_cells.h"

#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/verdict.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <variant>

namespace qs {

namespace {

// Two decimals below 2x: "1.2x faster" beside a 95% CI of 1.15-1.19x read as a contradiction.
std::string factor(double x)
{
    return x < 1.995 ? fmt::format("{:.2f}x", x) : fmt::format("{:.1f}x", x);
}

std::string_view unitSuffix(ReportUnit unit)
{
    switch (unit) {
    case ReportUnit::Percent:
        return "%";
    case ReportUnit::Factor:
        return "x";
    case ReportUnit::Decibel:
        return " dB";
    default:
        return "";
    }
}

std::string numberText(const ReportCell& c)
{
    const double v = c.unit == ReportUnit::Percent ? c.number * 100.0 : c.number;
    switch (c.style) {
    case ReportNumberStyle::Significant:
        return fmt::format("{:.{}g}", v, c.precision) + std::string(unitSuffix(c.unit));
    case ReportNumberStyle::Signed:
        // A difference: plain zero when it rounds to nothing (no "+0.00" or "-0.00").
        if (std::abs(v) < 0.5 * std::pow(10.0, -c.precision))
            return fmt::format("{:.{}f}", 0.0, c.precision) + std::string(unitSuffix(c.unit));
        return fmt::format("{:+.{}f}", v, c.precision) + std::string(unitSuffix(c.unit));
    case ReportNumberStyle::Fixed:
        break;
    }
    return fmt::format("{:.{}f}", v, c.precision) + std::string(unitSuffix(c.unit));
}

std::string settingText(const ReportCell& c)
{
    std::vector<std::string> parts;
    if (c.model)
        parts.push_back(*c.model);
    if (c.threads)
        parts.push_back(threadsText(*c.threads));
    if (c.mode)
        parts.emplace_back(executionModeName(*c.mode));
    if (c.runtime != Runtime::Quantscope)
        parts.emplace_back(runtimeName(c.runtime));
    return fmt::format("{}", fmt::join(parts, " · "));
}

// The Markdown around a cell's words: escaped where they are text, code in backticks, bold when strong.
std::string cellMarkdown(const ReportCell& c, const ReportWords& words)
{
    if (c.kind == ReportCell::Kind::Empty)
        return {};
    std::string text = words.cell(c);
    if (c.kind == ReportCell::Kind::Code)
        text = "`" + text + "`";
    else if (c.kind == ReportCell::Kind::Phrase || c.kind == ReportCell::Kind::Setting)
        text = report::escapeCell(text);
    return c.strong ? "**" + text + "**" : text;
}

void row(std::string& out, const std::vector<std::string>& cells)
{
    out += "|";
    for (const std::string& c : cells)
        out += c.empty() ? " |" : " " + c + " |";
    out += "\n";
}

void table(std::string& out, const ReportTable& t, const ReportWords& words)
{
    std::vector<std::string> header;
    for (const ReportPhrase& h : t.header)
        header.push_back(report::escapeCell(words.phrase(h)));
    row(out, header);
    out += "|";
    for (size_t i = 0; i < t.header.size(); ++i)
        out += i < t.numeric.size() && t.numeric[i] ? "---:|" : "---|";
    out += "\n";
    for (const std::vector<ReportCell>& cells : t.rows) {
        std::vector<std::string> text;
        for (const ReportCell& c : cells)
            text.push_back(cellMarkdown(c, words));
        row(out, text);
    }
    out += "\n";
}

void findings(std::string& out, const ReportBlock& b, const ReportWords& words)
{
    if (b.findings.empty())
        out += words.phrase(b.phrase) + "\n\n";
    for (const ReportFinding& f : b.findings) {
        const ReportWords::FindingWords text = words.finding(f);
        out += fmt::format("### [{}] {}\n\n", text.severity, text.title);
        for (const std::string& e : text.evidence)
            out += fmt::format("- {}\n", e);
        out += fmt::format("\n{}\n\n", text.advice);
    }
}

void block(std::string& out, const ReportBlock& b, const ReportWords& words)
{
    switch (b.kind) {
    case ReportBlock::Kind::Heading:
        out += std::string(size_t(b.level), '#') + " " + words.phrase(b.phrase) + "\n\n";
        break;
    case ReportBlock::Kind::Paragraph: {
        std::string text = b.phrase.kind == "verdict" ? words.verdict(b.phrase) : words.phrase(b.phrase);
        if (b.strong)
            text = "**" + text + "**";
        out += (b.quote ? "> " : "") + text + "\n\n";
        break;
    }
    case ReportBlock::Kind::List:
        for (const ReportPhrase& item : b.items)
            out += "- " + words.phrase(item) + "\n";
        out += "\n";
        break;
    case ReportBlock::Kind::KeyValues:
        for (size_t i = 0; i < b.items.size(); ++i)
            out += "- " + words.phrase(b.keys[i]) + ": " + words.phrase(b.items[i]) + "\n";
        out += "\n";
        break;
    case ReportBlock::Kind::Table:
        table(out, b.table, words);
        break;
    case ReportBlock::Kind::Findings:
        findings(out, b, words);
        break;
    }
}

} // namespace

std::string verdictSentence(const RunRecord& record)
{
    const Verdict v = verdictOf(record);
    auto text = [&](const char* key) {
        auto it = v.args.find(key);
        return it != v.args.end() && std::holds_alternative<std::string>(it->second) ? std::get<std::string>(it->second)
                                                                                     : std::string();
    };
    if (v.id == "different-networks")
        return fmt::format("No INT8-vs-FP32 verdict: {} and {} are not the same network (see the finding "
                           "'different-networks'; --allow-different-networks compares them anyway).",
            text("baseline"), text("candidate"));
    if (v.id == "run-failed") {
        const auto threads = std::get<int64_t>(v.args.at("threads"));
        return fmt::format("No INT8-vs-FP32 verdict: the run failed ({} · {} · {}): {}", text("model"),
            threadsText(static_cast<int32_t>(threads)), text("mode"), text("error"));
    }
    if (!v.comparison)
        return "No INT8-vs-FP32 verdict: the run needs an FP32 and a quantized model of the same network, both "
               "measured.";
    const ComparisonRecord* c = v.comparison;
    const SpeedupEstimate& s = c->speedup;
    const std::string where = fmt::format("{} vs {}, median latency, {}, {}{}, 95% CI {:.2f}-{:.2f}x",
        c->candidateModel, c->baselineModel, threadsText(c->threads), executionModeName(c->mode),
        c->runtime == Runtime::Quantscope ? std::string() : fmt::format(", measured by {}", runtimeName(c->runtime)),
        std::get<double>(v.args.at("factor_low")), std::get<double>(v.args.at("factor_high")));
    if (v.id == "equal")
        return fmt::format(
            "INT8 and FP32 are equally fast here within the noise (median speedup {}; {}).", factor(s.speedup), where);
    if (v.id == "faster")
        return fmt::format("INT8 is {} faster here ({}).", factor(s.speedup), where);
    if (!v.cause)
        return fmt::format("INT8 is {} slower here ({}); no known cause matched, see the time per op type below.",
            factor(1.0 / s.speedup), where);
    return fmt::format("INT8 is {} slower here, because {} ({}).", factor(1.0 / s.speedup), v.cause->title, where);
}

std::string ReportWords::phrase(const ReportPhrase& phrase) const
{
    return phrase.english;
}

std::string ReportWords::verdict(const ReportPhrase& phrase) const
{
    return phrase.english;
}

std::string ReportWords::cell(const ReportCell& c) const
{
    switch (c.kind) {
    case ReportCell::Kind::Empty:
        return {};
    case ReportCell::Kind::Missing:
        return "-";
    case ReportCell::Kind::Phrase:
    case ReportCell::Kind::Code:
        return phrase(c.phrase);
    case ReportCell::Kind::Number:
        return numberText(c);
    case ReportCell::Kind::Count:
        return fmt::format("{}", c.count);
    case ReportCell::Kind::Range:
        return fmt::format("{:.{}f}-{:.{}f}{}", c.number, c.precision, c.high, c.precision, unitSuffix(c.unit));
    case ReportCell::Kind::Setting:
        break;
    }
    return settingText(c);
}

ReportWords::FindingWords ReportWords::finding(const ReportFinding& f) const
{
    std::string severity(findingSeverityName(f.finding.severity));
    std::transform(
        severity.begin(), severity.end(), severity.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return { severity, f.finding.title, f.finding.evidence, f.finding.advice };
}

std::string renderMarkdownReport(const ReportDocument& doc, const ReportWords& words)
{
    std::string out;
    for (const ReportSection& section : doc.sections) {
        if (section.id == ReportSectionId::KeyNumbers) // the INT8-vs-FP32 table says the same
            continue;
        for (const ReportBlock& b : section.blocks)
            block(out, b, words);
    }
    // Every block ends in a blank line but the last.
    if (out.size() >= 2 && out.ends_with("\n\n"))
        out.pop_back();
    return out;
}

std::string buildMarkdownReport(const RunRecord& r, const ReportLimits& limits)
{
    return renderMarkdownReport(buildReportModel(r, limits), ReportWords());
}

} // namespace qs
