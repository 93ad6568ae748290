// SPDX-License-Identifier: MIT
// Status and Result<T>: the engine's only error channel across its public API (no exceptions cross it).
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace qs {

enum class StatusCode
{
    Ok,
    InvalidArgument, ///< the caller passed something malformed (bad shape string, bad option)
    InvalidModel, ///< the model file is not a usable ONNX model
    Unsupported, ///< valid ONNX, but an operator/type/attribute the engine does not implement
    NotFound, ///< a file, input or node that was named does not exist
    IoError, ///< reading or writing a file failed
    OutOfMemory,
    Cancelled, ///< the user asked to stop; not an error to show as one
    Internal, ///< a bug in Quantscope
};

/// Human-readable name of a code ("invalid model", "cancelled", ...).
const char* statusCodeName(StatusCode code) noexcept;

/// A success flag plus, on failure, a code and an English technical message that names the file, node and problem.
class [[nodiscard]] Status
{
public:
    Status() = default;
    Status(StatusCode code, std::string message)
        : m_code(code)
        , m_message(std::move(message))
    { }

    static Status ok() { return {}; }

    bool isOk() const noexcept { return m_code == StatusCode::Ok; }
    explicit operator bool() const noexcept { return isOk(); }
    bool isCancelled() const noexcept { return m_code == StatusCode::Cancelled; }
    StatusCode code() const noexcept { return m_code; }
    const std::string& message() const noexcept { return m_message; }

    /// "invalid model: model.onnx: node 'conv_3' (Conv): ..." — the form printed by the CLI.
    std::string toString() const;

    /// Returns a copy whose message is prefixed with context ("while loading x.onnx: ...").
    Status withContext(const std::string& context) const;

private:
    StatusCode m_code = StatusCode::Ok;
    std::string m_message;
};

/// A value or a failed Status. Accessing value() of a failed result is a programming error (asserted).
template <typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data(std::move(value))
    { }
    Result(Status status)
        : m_data(std::move(status))
    {
        assert(!std::get<Status>(m_data).isOk() && "Result constructed from an ok Status without a value");
    }
    Result(StatusCode code, std::string message)
        : m_data(Status(code, std::move(message)))
    { }

    bool isOk() const noexcept { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const noexcept { return isOk(); }

    const T& value() const&
    {
        assert(isOk());
        return std::get<T>(m_data);
    }
    T& value() &
    {
        assert(isOk());
        return std::get<T>(m_data);
    }
    T&& value() &&
    {
        assert(isOk());
        return std::get<T>(std::move(m_data));
    }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }

    Status status() const { return isOk() ? Status() : std::get<Status>(m_data); }

private:
    std::variant<T, Status> m_data;
};

} // namespace qs

#define QS_CONCAT_INNER(a, b) a##b
#define QS_CONCAT(a, b) QS_CONCAT_INNER(a, b)

/// Returns the Status from the enclosing function when `expr` failed.
#define QS_RETURN_IF_ERROR(expr)                                                                                       \
    do {                                                                                                               \
        ::qs::Status _qs_status = (expr);                                                                              \
        if (!_qs_status.isOk())                                                                                        \
            return _qs_status;                                                                                         \
    } while (false)

/// `QS_ASSIGN_OR_RETURN(auto x, makeX());` — unwraps a Result or returns its Status.
#define QS_ASSIGN_OR_RETURN(lhs, expr) QS_ASSIGN_OR_RETURN_IMPL(QS_CONCAT(_qs_result_, __LINE__), lhs, expr)
#define QS_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr)                                                                       \
    auto tmp = (expr);                                                                                                 \
    if (!tmp.isOk())                                                                                                   \
        return tmp.status();                                                                                           \
    lhs = std::move(tmp).value()
