// SPDX-License-Identifier: MIT
// Resource bounds: the largest single tensor the engine allocates for a model. A model file decides shapes, and at
// run time data decides them too (ConstantOfShape, Expand, Tile, Range, Resize, Pad, a Loop's scan outputs), so an
// untrusted file could otherwise ask for terabytes and abort the process on std::bad_alloc. Every tensor size is
// checked against this limit before allocating: at preparation for static shapes, at run time for the others.
// A request beyond it fails that preparation or run with a Status naming the node and the size.
#pragma once

#include <quantscope/engine/data_type.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <new>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace qs {

/// Half of the physical memory (1 GiB when it cannot be determined).
int64_t defaultTensorByteLimit() noexcept;
/// The process-wide limit for one tensor or arena allocation, in bytes.
int64_t tensorByteLimit() noexcept;
/// Sets the limit (the CLI's --memory-limit); bytes <= 0 restores the default. Process-wide, thread-safe.
void setTensorByteLimit(int64_t bytes) noexcept;

/// Bytes of a dense tensor, or nullopt when a dimension is negative or the product overflows 63 bits.
std::optional<int64_t> checkedTensorBytes(DataType type, std::span<const int64_t> dims) noexcept;

/// Ok when a tensor of `type` and `dims` fits the limit; else OutOfMemory: "<what>: a float[1000000x1000000]
/// tensor needs 4.0 TB, beyond the limit of 7.8 GB (--memory-limit)".
Status checkTensorAllocation(DataType type, std::span<const int64_t> dims, const std::string& what);
/// The same for a raw byte count (an arena, a stacked Loop output); bytes < 0 means "overflowed".
Status checkByteAllocation(int64_t bytes, const std::string& what);

/// "4.0 TB", "512 B": decimal units, one decimal.
std::string formatByteSize(int64_t bytes);

/// Thrown by HostTensor (and engine allocations that cannot return a Status) when a request is beyond the limit;
/// Session::run and Session::create catch it, and any std::bad_alloc, and return OutOfMemory naming the node.
class AllocationTooLarge : public std::bad_alloc
{
public:
    explicit AllocationTooLarge(std::string message)
        : m_message(std::move(message))
    { }
    const char* what() const noexcept override { return m_message.c_str(); }

private:
    std::string m_message;
};

/// Runs fn() (returning Status). A std::bad_alloc thrown inside — AllocationTooLarge from a HostTensor beyond the
/// limit, or the system out of memory — and std::length_error (a vector beyond max_size) become OutOfMemory.
template <typename F> Status catchAllocationFailure(F&& fn)
{
    try {
        return fn();
    } catch (const AllocationTooLarge& e) {
        return Status(StatusCode::OutOfMemory, e.what());
    } catch (const std::bad_alloc&) {
        return Status(StatusCode::OutOfMemory, "out of memory (the system refused an allocation)");
    } catch (const std::length_error&) {
        return Status(StatusCode::OutOfMemory, "out of memory (a buffer beyond the largest possible size)");
    }
}

} // namespace qs
