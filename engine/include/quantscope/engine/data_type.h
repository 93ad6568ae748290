// SPDX-License-Identifier: MIT
// Tensor element types. The numeric values equal onnx::TensorProto_DataType so the loader maps them 1:1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace qs {

enum class DataType : int32_t
{
    Undefined = 0,
    Float = 1,
    UInt8 = 2,
    Int8 = 3,
    UInt16 = 4,
    Int16 = 5,
    Int32 = 6,
    Int64 = 7,
    String = 8,
    Bool = 9,
    Float16 = 10,
    Double = 11,
    UInt32 = 12,
    UInt64 = 13,
    Complex64 = 14,
    Complex128 = 15,
    BFloat16 = 16,
};

/// ONNX-style lower-case name: "float", "uint8", "int64", "float16", ... ("undefined" for unknown values).
std::string_view dataTypeName(DataType type) noexcept;
/// Inverse of dataTypeName; Undefined when the name is unknown.
DataType dataTypeFromName(std::string_view name) noexcept;
/// Bytes per element; 0 for String and Undefined (strings are stored out of line).
size_t dataTypeSize(DataType type) noexcept;
bool isFloatingPoint(DataType type) noexcept; ///< Float, Float16, BFloat16, Double
bool isInteger(DataType type) noexcept; ///< signed or unsigned integer of any width (not Bool)
bool isValidDataType(int32_t raw) noexcept;

} // namespace qs
