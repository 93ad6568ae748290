// SPDX-License-Identifier: MIT
// Shared oneDNN plumbing: the CPU engine, plain-layout memory descriptors, post-op translation, error mapping.
#pragma once

#include "kernels/kernel.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <memory>
#include <string>
#include <vector>

namespace qs::kernels::onednn {

/// The process-wide CPU engine (oneDNN engines are thread-safe and cheap to share).
const dnnl::engine& cpuEngine();

/// Dense row-major descriptor for dims (a scalar becomes {1}).
dnnl::memory::desc plainDesc(const std::vector<int64_t>& dims, dnnl::memory::data_type type);
dnnl::memory::data_type toDnnl(DataType type);
/// oneDNN's tag for Layout::Blocked at this rank (nCw/nChw/nCdhw with blockedChannels() channels per block).
dnnl::memory::format_tag blockedTag(size_t rank);

/// Storage for oneDNN memory the kernel owns (from alignedAllocate: huge pages for large reordered weights).
using OwnedBuffer = std::unique_ptr<std::byte[], void (*)(std::byte*)>;
inline OwnedBuffer noBuffer()
{
    return OwnedBuffer(nullptr, alignedFree);
}
/// A memory object for `md` in a buffer from alignedAllocate, owned by `store` (oneDNN's own allocation when that
/// fails).
dnnl::memory ownedMemory(const dnnl::memory::desc& md, OwnedBuffer& store);

/// Appends post-ops (in order) to `ops`. Sum entries become append_sum (the caller pre-fills dst).
void appendPostOps(dnnl::post_ops& ops, std::span<const PostOp> postOps);

/// "onednn:jit:avx2" from a primitive descriptor.
std::string implName(const dnnl::primitive_desc_base& pd);
/// oneDNN chose its reference implementation ("ref:any"), 30-100x slower than a JIT kernel.
bool isReference(const dnnl::primitive_desc_base& pd);

/// Runs `fn`, turning dnnl::error into a Status naming the node.
template <typename Fn> Status guarded(const Node& node, const char* what, Fn&& fn)
{
    try {
        fn();
        return Status::ok();
    } catch (const dnnl::error& e) {
        return Status(e.status == dnnl_unimplemented ? StatusCode::Unsupported : StatusCode::Internal,
            "node " + node.describe() + ": oneDNN " + what + " failed: " + e.what());
    }
}

} // namespace qs::kernels::onednn
