// SPDX-License-Identifier: MIT
// The diagnosis engine: turns a run (machine, models, scenarios, profiles, comparisons) into findings that explain
// the INT8-vs-FP32 result with the measured numbers. Pure function over a RunRecord; each rule is tested with a
// crafted run (tests/engine/measure/test_diagnosis.cpp).
#pragma once

#include <quantscope/engine/run_record.h>

#include <string_view>
#include <vector>

namespace qs {

/// Thresholds of the rules, named so reports and tests can state them.
struct DiagnosisThresholds
{
    double noisyCv = 0.10; ///< coefficient of variation above which a scenario is called noisy
    double overheadWarning = 0.15; ///< quantization-overhead share of profiled time
    double overheadCritical = 0.30;
    double opGrowthInfo = 1.5; ///< quantized / FP32 node count
    double opGrowthWarning = 2.0;
    double fusionGap = 1.15; ///< as-written / optimized median
    double threadSpeedupDivergence = 1.25; ///< ratio between the INT8 speedups at two thread settings
    double tinyModelMs = 1.0; ///< FP32 median below which per-run overhead dominates
    double lowSpeedupNoDotProduct = 1.3; ///< below this, the missing int8 dot product is a warning, not info
    double parityCosineWarning = 0.99;
};

/// Findings sorted by severity (critical first), then in rule order. Rule ids: different-networks,
/// unsupported-operators, reference-kernel,
/// dynamic-quantized-convolutions, quantization-overhead, no-int8-dot-product, int8-dot-product-unused,
/// qoperator-signed-activations,
/// op-count-growth, unfused-boundaries, thread-sensitivity, saturation-risk, tiny-model, noisy-measurements,
/// inconclusive-speedup, onnxruntime-setup, runtime-difference, deployment-target, partial-run.
std::vector<Finding> diagnoseRun(const RunRecord& record, const DiagnosisThresholds& thresholds = {});

/// What one rule can emit in structured form: its id, the values its "variant" argument takes (alternative wordings
/// of title and advice; empty when there is one) and the kinds of its evidence lines. Front ends that phrase findings
/// themselves test against this list, so a new rule or line kind without a phrasing fails their tests.
struct DiagnosisRule
{
    std::string_view id;
    std::vector<std::string_view> variants;
    std::vector<std::string_view> evidenceKinds;
};
const std::vector<DiagnosisRule>& diagnosisRules();

/// For a record read from a run file older than format 1.1 (findingsAsText): replaces its English-only findings by
/// this version's diagnosis of its measurements, so a front end can phrase them in the user's language, and marks the
/// record (findingsRederived). Comparisons stay as stored. Returns whether it did.
bool rederiveFindingsStoredAsText(RunRecord& record, const DiagnosisThresholds& thresholds = {});

/// The comparison the verdict speaks about: 1 thread + optimized when present, else the first one; nullptr if none.
const ComparisonRecord* primaryComparison(const RunRecord& record);

} // namespace qs
