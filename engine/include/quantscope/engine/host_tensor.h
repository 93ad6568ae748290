// SPDX-License-Identifier: MIT
// HostTensor: the run-time tensor a Session takes as input and returns as output — an owning, 64-byte aligned,
// densely packed (row-major) and mutable buffer of any numeric element type (float, int8, uint8, int32, int64, ...).
// Unlike qs::Tensor (immutable, shared, for initializers) it is move-only; clone() copies explicitly.
#pragma once

#include <quantscope/engine/data_type.h>
#include <quantscope/engine/status.h>
#include <quantscope/engine/tensor.h>

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace qs {

/// Every HostTensor and every arena buffer of a Session starts on this boundary (a cache line; AVX-512 width).
inline constexpr size_t kTensorAlignment = 64;

class HostTensor
{
public:
    HostTensor() = default;
    /// Allocates a zero-filled tensor. String tensors are not representable (dataTypeSize() == 0 is refused).
    HostTensor(DataType type, std::vector<int64_t> dims);
    HostTensor(HostTensor&&) noexcept = default;
    HostTensor& operator=(HostTensor&&) noexcept = default;
    HostTensor(const HostTensor&) = delete;
    HostTensor& operator=(const HostTensor&) = delete;

    /// Copies an initializer or a loaded .pb tensor. Fails (Unsupported) for string tensors.
    static Result<HostTensor> fromTensor(const Tensor& tensor);
    template <typename T>
    static HostTensor fromVector(DataType type, std::vector<int64_t> dims, const std::vector<T>& values)
    {
        HostTensor t(type, std::move(dims));
        assert(sizeof(T) == dataTypeSize(type) && values.size() == static_cast<size_t>(t.elementCount()));
        std::copy(values.begin(), values.end(), t.data<T>().begin());
        return t;
    }
    /// Shares nothing: a deep copy.
    HostTensor clone() const;
    /// An immutable qs::Tensor with a copy of the data (for code that works on the IR type).
    Tensor toTensor() const;

    bool isEmpty() const noexcept { return m_type == DataType::Undefined; }
    DataType dataType() const noexcept { return m_type; }
    const std::vector<int64_t>& dims() const noexcept { return m_dims; }
    int64_t rank() const noexcept { return static_cast<int64_t>(m_dims.size()); }
    int64_t elementCount() const noexcept { return shapeElementCount(m_dims); }
    size_t byteSize() const noexcept { return static_cast<size_t>(elementCount()) * dataTypeSize(m_type); }
    void* rawData() noexcept { return m_data.get(); }
    const void* rawData() const noexcept { return m_data.get(); }

    template <typename T> std::span<T> data()
    {
        assert(sizeof(T) == dataTypeSize(m_type));
        return { reinterpret_cast<T*>(m_data.get()), static_cast<size_t>(elementCount()) };
    }
    template <typename T> std::span<const T> data() const
    {
        assert(sizeof(T) == dataTypeSize(m_type));
        return { reinterpret_cast<const T*>(m_data.get()), static_cast<size_t>(elementCount()) };
    }
    /// Element i converted to double (for comparisons and printing).
    double valueAsDouble(int64_t index) const;

private:
    struct AlignedFree
    {
        void operator()(std::byte* p) const noexcept;
    };
    DataType m_type = DataType::Undefined;
    std::vector<int64_t> m_dims;
    std::unique_ptr<std::byte[], AlignedFree> m_data;
};

/// Allocates `bytes` (rounded up to kTensorAlignment) aligned to kTensorAlignment; nullptr on failure. On Linux,
/// buffers of 2 MiB or more are 2 MiB-aligned and advised to use transparent huge pages.
std::byte* alignedAllocate(size_t bytes) noexcept;
void alignedFree(std::byte* p) noexcept;

} // namespace qs
