// SPDX-License-Identifier: MIT
// One place that maps a runtime DataType to a C++ element type, so kernels dispatch once in prepare()/run() on a
// generic lambda instead of each repeating the same switch.
#pragma once

#include <quantscope/engine/data_type.h>

#include <cstdint>

namespace qs::kernels {

/// Calls `fn(T{})` for float, double and every integer type; returns false (without calling) for the others.
template <typename Fn> bool dispatchNumeric(DataType type, Fn&& fn)
{
    switch (type) {
    case DataType::Float:
        fn(float {});
        return true;
    case DataType::Double:
        fn(double {});
        return true;
    case DataType::Int8:
        fn(int8_t {});
        return true;
    case DataType::UInt8:
        fn(uint8_t {});
        return true;
    case DataType::Int16:
        fn(int16_t {});
        return true;
    case DataType::UInt16:
        fn(uint16_t {});
        return true;
    case DataType::Int32:
        fn(int32_t {});
        return true;
    case DataType::UInt32:
        fn(uint32_t {});
        return true;
    case DataType::Int64:
        fn(int64_t {});
        return true;
    case DataType::UInt64:
        fn(uint64_t {});
        return true;
    default:
        return false;
    }
}

/// dispatchNumeric plus Bool (as `bool`), for kernels such as Cast that convert to and from booleans.
template <typename Fn> bool dispatchNumericOrBool(DataType type, Fn&& fn)
{
    if (type == DataType::Bool) {
        fn(bool {});
        return true;
    }
    return dispatchNumeric(type, fn);
}

} // namespace qs::kernels
