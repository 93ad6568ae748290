// SPDX-License-Identifier: MIT
#include <quantscope/engine/tensor.h>

#include <bit>
#include <cstring>

namespace qs {

int64_t shapeElementCount(const std::vector<int64_t>& dims) noexcept
{
    int64_t n = 1;
    for (int64_t d : dims)
        n *= d;
    return n;
}

std::string formatDims(const std::vector<int64_t>& dims)
{
    if (dims.empty())
        return "scalar";
    std::string out;
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i)
            out += 'x';
        out += std::to_string(dims[i]);
    }
    return out;
}

float halfToFloat(uint16_t h) noexcept
{
    const uint32_t sign = (h & 0x8000u) << 16;
    uint32_t exponent = (h >> 10) & 0x1f;
    uint32_t mantissa = h & 0x3ffu;
    uint32_t bits;
    if (exponent == 0) {
        if (mantissa == 0) {
            bits = sign;
        } else { // subnormal: normalise
            exponent = 127 - 15 + 1;
            while ((mantissa & 0x400u) == 0) {
                mantissa <<= 1;
                --exponent;
            }
            mantissa &= 0x3ffu;
            bits = sign | (exponent << 23) | (mantissa << 13);
        }
    } else if (exponent == 0x1f) {
        bits = sign | 0x7f800000u | (mantissa << 13);
    } else {
        bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
    }
    return std::bit_cast<float>(bits);
}

float bfloat16ToFloat(uint16_t bits) noexcept
{
    return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);
}

Tensor::Tensor(DataType type, std::vector<int64_t> dims, std::shared_ptr<const std::vector<std::byte>> bytes)
    : m_type(type)
    , m_dims(std::move(dims))
    , m_bytes(std::move(bytes))
{
    assert(type == DataType::String || !m_bytes
        || m_bytes->size() == static_cast<size_t>(shapeElementCount(m_dims)) * dataTypeSize(type));
}

Tensor Tensor::fromRaw(DataType type, std::vector<int64_t> dims, const void* data, size_t byteCount)
{
    auto bytes = std::make_shared<std::vector<std::byte>>(byteCount);
    if (byteCount)
        std::memcpy(bytes->data(), data, byteCount);
    return Tensor(type, std::move(dims), std::move(bytes));
}

Tensor Tensor::fromStrings(std::vector<int64_t> dims, std::vector<std::string> strings)
{
    Tensor t;
    t.m_type = DataType::String;
    t.m_dims = std::move(dims);
    t.m_strings = std::move(strings);
    return t;
}

int64_t Tensor::elementCount() const noexcept
{
    return isEmpty() ? 0 : shapeElementCount(m_dims);
}

double Tensor::valueAsDouble(int64_t i) const
{
    const std::byte* p = rawData();
    if (!p || i < 0 || i >= elementCount())
        return 0.0;
    auto read = [&]<typename T>(T) {
        T v;
        std::memcpy(&v, p + static_cast<size_t>(i) * sizeof(T), sizeof(T));
        return v;
    };
    switch (m_type) {
    case DataType::Float:
        return read(float {});
    case DataType::Double:
        return read(double {});
    case DataType::Float16:
        return halfToFloat(read(uint16_t {}));
    case DataType::BFloat16:
        return bfloat16ToFloat(read(uint16_t {}));
    case DataType::UInt8:
        return read(uint8_t {});
    case DataType::Int8:
        return read(int8_t {});
    case DataType::UInt16:
        return read(uint16_t {});
    case DataType::Int16:
        return read(int16_t {});
    case DataType::Int32:
        return read(int32_t {});
    case DataType::Int64:
        return static_cast<double>(read(int64_t {}));
    case DataType::UInt32:
        return read(uint32_t {});
    case DataType::UInt64:
        return static_cast<double>(read(uint64_t {}));
    case DataType::Bool:
        return read(uint8_t {}) ? 1.0 : 0.0;
    default:
        return 0.0;
    }
}

} // namespace qs
