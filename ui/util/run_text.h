// SPDX-License-Identifier: MIT
// The words around the numbers of a run: how it was measured, the verdict and findings, number formatting.
#pragma once

#include <quantscope/engine/run_record.h>

#include <QString>

namespace qs::ui {

/// Milliseconds with three decimals below 10 ms and two above ("0.512", "127.00").
QString formatMs(double ms);

/// Rich text: when, with what, on which machine (CPU, cores, the ISA features that decide INT8 speed, oneDNN's
/// dispatch), threads, mode, warm-up and measured runs, how each latency was timed, whether profiling was on.
QString measuredHowHtml(const RunRecord& record);

/// Rich text: the verdict sentence, then every finding with severity, evidence and advice, in the UI language.
/// With `actions`, a finding whose advice is to quantize again (QuantizeText::advice) ends in a link
/// "quantize:INDEX" (INDEX into record.findings) that does it.
QString findingsHtml(const RunRecord& record, bool actions = false);

/// The verdict sentence in the UI language (FindingText::verdict).
QString verdictText(const RunRecord& record);

} // namespace qs::ui
