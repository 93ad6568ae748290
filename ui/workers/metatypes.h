// SPDX-License-Identifier: MIT
// Metatype declarations for values that cross threads in queued signals. Lives in ui, never in the engine.
#pragma once

#include "loaded_model.h"

#include <QMetaType>

Q_DECLARE_METATYPE(qs::ui::LoadResult)

namespace qs::ui {
/// Registers the metatypes above; called once by the controller's constructor.
void registerMetaTypes();
} // namespace qs::ui
