// SPDX-License-Identifier: MIT
// Metatype declarations for values that cross threads in queued signals. Lives in ui, never in the engine.
#pragma once

#include "benchmark_request.h"
#include "loaded_model.h"

#include <quantscope/engine/run_record.h>

#include <QMetaType>

#include <memory>

Q_DECLARE_METATYPE(qs::ui::LoadResult)
// Qt 6 registers the argument types of signals itself (moc records them); std::shared_ptr<const qs::RunRecord> and
// BenchmarkRequest are only named by registerMetaTypes() for queued connections, without Q_DECLARE_METATYPE, so a
// header that uses them in a signal need not include this one first.

namespace qs::ui {
/// Registers the metatypes above; called once by the controllers' constructors.
void registerMetaTypes();
} // namespace qs::ui
