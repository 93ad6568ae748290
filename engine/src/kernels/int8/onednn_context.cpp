// SPDX-License-Identifier: MIT
#include "kernels/int8/onednn_context.h"

#include <fmt/format.h>

namespace qs::kernels::int8 {

dnnl::engine& onednnEngine()
{
    static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    return engine;
}

Status onednnError(const dnnl::error& e, const std::string& what)
{
    const StatusCode code = e.status == dnnl_unimplemented ? StatusCode::Unsupported : StatusCode::Internal;
    return Status(code, fmt::format("{}: oneDNN: {}", what, e.what()));
}

} // namespace qs::kernels::int8
