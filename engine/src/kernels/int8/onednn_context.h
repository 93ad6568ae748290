// SPDX-License-Identifier: MIT
// The process-wide oneDNN CPU engine shared by the int8 kernels (creating one is not free; it is thread-safe).
#pragma once

#include <quantscope/engine/status.h>

#include <oneapi/dnnl/dnnl.hpp>

#include <string>

namespace qs::kernels::int8 {

dnnl::engine& onednnEngine();

/// Converts a dnnl::error into a Status naming what was being done.
Status onednnError(const dnnl::error& e, const std::string& what);

} // namespace qs::kernels::int8
