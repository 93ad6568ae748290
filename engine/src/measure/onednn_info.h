// SPDX-License-Identifier: MIT
// oneDNN's version and effective ISA, kept in one translation unit so only it includes dnnl.
#pragma once

#include <string>

namespace qs::detail {

std::string onednnVersion(); ///< "2.6.3 (hash)"
std::string onednnEffectiveIsa(); ///< "avx2", "avx512_core_vnni", ...

} // namespace qs::detail
