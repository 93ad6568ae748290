// SPDX-License-Identifier: MIT
// What a prepared Session will run, for `quantscope-cli plan` and for tests: the steps in execution order, the
// authored nodes each covers, the kernel chosen for it and the formats of the tensors it reads and writes. The text
// form is deterministic (no addresses, no timings) so that two plans can be diffed.
#pragma once

#include <quantscope/engine/data_type.h>
#include <quantscope/engine/execution_mode.h>

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

class Session;

/// One tensor a step reads or writes.
struct PlanTensor
{
    std::string name;
    DataType type = DataType::Undefined;
    std::vector<int64_t> dims; ///< -1 where known only at run time
    std::string layout; ///< "plain", "nhwc", "blocked16c" (oneDNN nChw16c), "blocked8c"
    std::string source; ///< "step" (an earlier step writes it), "input", "constant", "tail"
};

struct PlanStep
{
    int32_t index = 0;
    std::string opType; ///< "Conv" or, for fused steps, "Conv+Sigmoid+Mul"
    std::vector<std::string> nodes; ///< authored nodes covered, anchor first: "'conv_3' (Conv)"
    std::string implementation; ///< own kernel name or "onednn:<impl_info_str()>"
    bool referenceKernel = false; ///< isReferenceImplementation(implementation): a slow reference/scalar path
    int32_t activationReorders = 0; ///< passes per run copying an activation into another layout (Kernel's doc)
    /// Intra-op threads the step runs on: the session's, or 1 for a step too small to gain from more.
    int threads = 1;
    std::vector<PlanTensor> inputs; ///< slots the step reads (omitted optional inputs left out)
    std::vector<PlanTensor> outputs;
    bool runTimeTail = false; ///< prepared at run time (reads a value whose extents only the run knows)
    std::vector<std::string> passes; ///< Optimized mode: the rewrite passes that changed this step, in order
};

struct PlanDescription
{
    std::string model; ///< display name
    ExecutionMode mode = ExecutionMode::Optimized;
    int threads = 1;
    std::vector<PlanStep> steps;
    std::vector<std::string> foldedNodes; ///< folded into constants at preparation
    struct FiredPass
    {
        std::string name; ///< "conv-batchnorm-postops"
        int32_t steps = 0; ///< steps it changed (the absorbed ones included)
    };
    std::vector<FiredPass> passesFired; ///< Optimized mode: every pass run that changed the plan, in order
    int64_t arenaBytes = 0;
    /// Implementations as they ran (re-read after the session's first run), not only as chosen at preparation.
    bool afterRun = false;
};

PlanDescription describePlan(const Session& session);

/// The deterministic text form: one block per step (see app/cli's `plan --help`).
std::string planText(const PlanDescription& plan);

} // namespace qs
