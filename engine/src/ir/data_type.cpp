// SPDX-License-Identifier: MIT
#include <quantscope/engine/data_type.h>

#include <array>

namespace qs {
namespace {

struct TypeInfo
{
    DataType type;
    std::string_view name;
    size_t size;
};

constexpr std::array<TypeInfo, 17> kTypes { {
    { DataType::Undefined, "undefined", 0 },
    { DataType::Float, "float", 4 },
    { DataType::UInt8, "uint8", 1 },
    { DataType::Int8, "int8", 1 },
    { DataType::UInt16, "uint16", 2 },
    { DataType::Int16, "int16", 2 },
    { DataType::Int32, "int32", 4 },
    { DataType::Int64, "int64", 8 },
    { DataType::String, "string", 0 },
    { DataType::Bool, "bool", 1 },
    { DataType::Float16, "float16", 2 },
    { DataType::Double, "double", 8 },
    { DataType::UInt32, "uint32", 4 },
    { DataType::UInt64, "uint64", 8 },
    { DataType::Complex64, "complex64", 8 },
    { DataType::Complex128, "complex128", 16 },
    { DataType::BFloat16, "bfloat16", 2 },
} };

const TypeInfo& info(DataType type) noexcept
{
    const auto raw = static_cast<int32_t>(type);
    return isValidDataType(raw) ? kTypes[static_cast<size_t>(raw)] : kTypes[0];
}

} // namespace

bool isValidDataType(int32_t raw) noexcept
{
    return raw >= 0 && raw < static_cast<int32_t>(kTypes.size());
}

std::string_view dataTypeName(DataType type) noexcept
{
    return info(type).name;
}

DataType dataTypeFromName(std::string_view name) noexcept
{
    for (const auto& t : kTypes)
        if (t.name == name)
            return t.type;
    return DataType::Undefined;
}

size_t dataTypeSize(DataType type) noexcept
{
    return info(type).size;
}

bool isFloatingPoint(DataType type) noexcept
{
    return type == DataType::Float || type == DataType::Float16 || type == DataType::BFloat16
        || type == DataType::Double;
}

bool isInteger(DataType type) noexcept
{
    switch (type) {
    case DataType::UInt8:
    case DataType::Int8:
    case DataType::UInt16:
    case DataType::Int16:
    case DataType::Int32:
    case DataType::Int64:
    case DataType::UInt32:
    case DataType::UInt64:
        return true;
    default:
        return false;
    }
}

} // namespace qs
