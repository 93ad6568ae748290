// SPDX-License-Identifier: MIT
// Consistency of a parsed run file: the JSON reader checks types, this checks what the values mean, so that an edited
// or corrupted file is refused by name instead of being shown with numbers it never measured.
#pragma once

#include <quantscope/engine/run_record.h>

#include <optional>
#include <string>

namespace qs {

/// The first value in `record` that no measurement can produce, as "where: problem" (e.g.
/// "scenarios[0].latenciesMs[2]: -5 ms is negative"), or nothing when the record is consistent.
std::optional<std::string> findRunRecordInconsistency(const RunRecord& record);

} // namespace qs
