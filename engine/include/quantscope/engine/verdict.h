// SPDX-License-Identifier: MIT
// The verdict of a run in structured form: which sentence it is and its values, so the engine's English sentence
// (verdictSentence in markdown_report.h) and a front end's translation say the same thing.
#pragma once

#include <quantscope/engine/run_record.h>

#include <string>

namespace qs {

struct Verdict
{
    /// Without a comparison: "different-networks" (the FP32 and the quantized model are not the same network; the
    /// "different-networks" finding says why), "run-failed" (a scenario failed: the run, not the pair, is at
    /// fault) or "no-comparison". With one: "equal" (the interval holds 1), "faster", "slower" (a finding explains
    /// it) or "slower-unexplained".
    std::string id;
    /// From the comparison: candidate, baseline, speedup, low, high, threads, mode, runtime; and factor
    /// (speedup for "faster" and "equal", 1 / speedup when slower) with its 95% interval in the same direction,
    /// factor_low and factor_high. "different-networks": baseline, candidate.
    /// "run-failed": model, threads, mode, runtime, error (the engine's message in full). Empty for "no-comparison".
    MessageArgs args;
    const ComparisonRecord* comparison = nullptr; ///< into the record; null for "no-comparison"
    const Finding* cause = nullptr; ///< into the record's findings; set for "slower" only
};

/// Reads the primary comparison (primaryComparison in diagnosis.h) and, when INT8 is slower, the first finding that
/// is a cause (warning or critical, not about measurement quality). The pointers live as long as `record`.
Verdict verdictOf(const RunRecord& record);

/// The verdict for one setting (the comparison with these threads, mode and runtime), so a front end that shows one
/// setting says what that setting measured; without a comparison there, why (failures of that setting first).
Verdict verdictOf(const RunRecord& record, int32_t threads, ExecutionMode mode, Runtime runtime = Runtime::Quantscope);

/// Whether a finding can explain a slowdown in the verdict (not noise, cancellation or unmeasured models).
bool findingIsCause(const Finding& finding);

} // namespace qs
