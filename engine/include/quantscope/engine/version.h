// SPDX-License-Identifier: MIT
#pragma once

#include <string_view>

namespace qs {

std::string_view versionString() noexcept; ///< "0.1.0"
std::string_view gitRevision() noexcept; ///< short hash the build was configured at, or "unknown"

} // namespace qs
