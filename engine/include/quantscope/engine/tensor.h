// SPDX-License-Identifier: MIT
// Tensor: an immutable, shared, densely packed (row-major, little-endian) block of typed data, e.g. an initializer.
#pragma once

#include <quantscope/engine/data_type.h>

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace qs {

/// Copies share the data (it is never modified after construction), so passing Tensors around is cheap.
/// Float16/BFloat16 are stored as their raw 16-bit patterns; strings are kept out of line.
class Tensor
{
public:
    Tensor() = default;
    /// `bytes` must hold exactly elementCount(dims) * dataTypeSize(type) bytes.
    Tensor(DataType type, std::vector<int64_t> dims, std::shared_ptr<const std::vector<std::byte>> bytes);
    /// Copies `count` elements from `data`.
    static Tensor fromRaw(DataType type, std::vector<int64_t> dims, const void* data, size_t byteCount);
    static Tensor fromStrings(std::vector<int64_t> dims, std::vector<std::string> strings);
    template <typename T>
    static Tensor fromVector(DataType type, std::vector<int64_t> dims, const std::vector<T>& values)
    {
        assert(dataTypeSize(type) == sizeof(T));
        return fromRaw(type, std::move(dims), values.data(), values.size() * sizeof(T));
    }

    bool isEmpty() const noexcept { return m_type == DataType::Undefined; }
    DataType dataType() const noexcept { return m_type; }
    const std::vector<int64_t>& dims() const noexcept { return m_dims; }
    int64_t rank() const noexcept { return static_cast<int64_t>(m_dims.size()); }
    int64_t elementCount() const noexcept;
    size_t byteSize() const noexcept { return m_bytes ? m_bytes->size() : 0; }
    const std::byte* rawData() const noexcept { return m_bytes ? m_bytes->data() : nullptr; }

    /// Typed view; T must match the element size of dataType().
    template <typename T> std::span<const T> data() const
    {
        assert(sizeof(T) == dataTypeSize(m_type));
        return { reinterpret_cast<const T*>(rawData()), static_cast<size_t>(elementCount()) };
    }
    const std::vector<std::string>& strings() const noexcept { return m_strings; }

    /// Element i converted to double (float16/bfloat16 decoded); 0 for strings.
    double valueAsDouble(int64_t index) const;

private:
    DataType m_type = DataType::Undefined;
    std::vector<int64_t> m_dims;
    std::shared_ptr<const std::vector<std::byte>> m_bytes;
    std::vector<std::string> m_strings;
};

/// Number of elements of a shape (1 for a scalar, 0 if any dim is 0).
int64_t shapeElementCount(const std::vector<int64_t>& dims) noexcept;
/// "1x3x640x640"; "scalar" for rank 0.
std::string formatDims(const std::vector<int64_t>& dims);

float halfToFloat(uint16_t bits) noexcept;
float bfloat16ToFloat(uint16_t bits) noexcept;

} // namespace qs
