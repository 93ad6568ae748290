// SPDX-License-Identifier: MIT
// The demo FP32/INT8 pair (resources/demo) loaded and laid out as the GUI opens a pair, for the Runs-panel tests.
#pragma once

#include "workers/loaded_model.h"

#include <QString>

#include <optional>

namespace qs::test {

inline std::optional<qs::ui::LoadResult> loadDemoPair()
{
    const QString dir = QStringLiteral(QS_DEMO_DIR);
    auto fp = qs::ui::loadAndLayout(dir + QStringLiteral("/demo_fp32.onnx"), {});
    auto q = qs::ui::loadAndLayout(dir + QStringLiteral("/demo_int8_dynamic.onnx"), {});
    if (!fp || !q)
        return std::nullopt;
    qs::ui::LoadResult pair;
    pair.primary = *fp;
    pair.secondary = *q;
    return pair;
}

} // namespace qs::test
