// SPDX-License-Identifier: MIT
// The deployment-target tables shipped in resources/targets (QS_TARGETS_TABLES_DIR), loaded once per test program:
// the facts the target tests assert are the tables' own.
#pragma once

#include <quantscope/engine/targets.h>

#include <gtest/gtest.h>

#include <vector>

namespace qs::test {

inline const std::vector<TargetTable>& shippedTargetTables()
{
    static const std::vector<TargetTable> loaded = [] {
        auto t = loadTargetTables(QS_TARGETS_TABLES_DIR);
        EXPECT_TRUE(t.isOk()) << t.status().toString();
        return t.isOk() ? *t : std::vector<TargetTable> {};
    }();
    return loaded;
}

} // namespace qs::test
