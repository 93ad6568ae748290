// SPDX-License-Identifier: MIT
// The verdict of a run in structured form: which sentence it is and its values, so the engine's English sentence
// (verdictSentence in markdown_report.h) and a front end's translation say the same thing.
#pragma once

#include <quantscope/engine/run_record.h>

#include <string>

namespace qs {

struct Verdict
{
    /// "no-comparison", "equal" (the interval holds 1), "faster", "slower" (a finding explains it) or
    /// "slower-unexplained".
    std::string id;
    /// From the primary comparison: candidate, baseline, speedup, low, high, threads, mode, runtime; and factor
    /// (speedup for "faster" and "equal", 1 / speedup when slower). Empty for "no-comparison".
    MessageArgs args;
    const ComparisonRecord* comparison = nullptr; ///< into the record; null for "no-comparison"
    const Finding* cause = nullptr; ///< into the record's findings; set for "slower" only
};

/// Reads the primary comparison (primaryComparison in diagnosis.h) and, when INT8 is slower, the first finding that
/// is a cause (warning or critical, not about measurement quality). The pointers live as long as `record`.
Verdict verdictOf(const RunRecord& record);

/// Whether a finding can explain a slowdown in the verdict (not noise, cancellation or unmeasured models).
bool findingIsCause(const Finding& finding);

} // namespace qs
