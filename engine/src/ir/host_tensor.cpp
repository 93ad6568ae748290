// SPDX-License-Identifier: MIT
#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/resource_limits.h>

#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace qs {

namespace {
constexpr size_t kHugePage = size_t(2) << 20;
} // namespace

std::byte* alignedAllocate(size_t bytes) noexcept
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Large buffers (reordered convolution weights, the activation arena) are streamed through once per layer:
    // with 4 KiB pages every few KiB is a TLB miss and a stop for the hardware prefetcher. Transparent huge pages
    // are opt-in (madvise) on common distributions, so ask for them; resnet18_fp32 runs ~2 % faster so
    // (bench/archive/2026-11-22-fp32.md, "huge pages"). At most 2 MiB - 1 of rounding per such buffer.
    if (bytes >= kHugePage) {
        const size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        void* p = std::aligned_alloc(kHugePage, rounded);
        if (p)
            madvise(p, rounded, MADV_HUGEPAGE); // advice only: 4 KiB pages if the kernel declines
        return static_cast<std::byte*>(p);
    }
#endif
    const size_t rounded = (std::max<size_t>(bytes, 1) + kTensorAlignment - 1) / kTensorAlignment * kTensorAlignment;
    return static_cast<std::byte*>(std::aligned_alloc(kTensorAlignment, rounded));
}

void alignedFree(std::byte* p) noexcept
{
    std::free(p);
}

void HostTensor::AlignedFree::operator()(std::byte* p) const noexcept
{
    alignedFree(p);
}

HostTensor::HostTensor(DataType type, std::vector<int64_t> dims)
    : m_type(type)
    , m_dims(std::move(dims))
{
    assert(dataTypeSize(type) > 0);
    // Shapes come from model files and run-time data: refuse what overflows or exceeds the limit before allocating.
    if (Status st = checkTensorAllocation(type, m_dims, ""); !st)
        throw AllocationTooLarge(st.message());
    const size_t bytes = byteSize();
    m_data.reset(alignedAllocate(bytes));
    if (!m_data)
        throw std::bad_alloc(); // allocation failure is the one thing a constructor cannot report otherwise
    std::memset(m_data.get(), 0, bytes);
}

Result<HostTensor> HostTensor::fromTensor(const Tensor& tensor)
{
    if (dataTypeSize(tensor.dataType()) == 0)
        return Status(StatusCode::Unsupported,
            std::string("tensors of type ") + std::string(dataTypeName(tensor.dataType())) + " are not supported");
    HostTensor t(tensor.dataType(), tensor.dims());
    if (tensor.byteSize() != t.byteSize())
        return Status(StatusCode::InvalidModel, "tensor data size does not match its dims");
    if (t.byteSize())
        std::memcpy(t.rawData(), tensor.rawData(), t.byteSize());
    return t;
}

HostTensor HostTensor::clone() const
{
    if (isEmpty())
        return {};
    HostTensor t(m_type, m_dims);
    if (byteSize())
        std::memcpy(t.rawData(), rawData(), byteSize());
    return t;
}

Tensor HostTensor::toTensor() const
{
    return Tensor::fromRaw(m_type, m_dims, rawData(), byteSize());
}

double HostTensor::valueAsDouble(int64_t i) const
{
    const std::byte* p = m_data.get();
    switch (m_type) {
    case DataType::Float:
        return reinterpret_cast<const float*>(p)[i];
    case DataType::Double:
        return reinterpret_cast<const double*>(p)[i];
    case DataType::Int8:
        return reinterpret_cast<const int8_t*>(p)[i];
    case DataType::UInt8:
        return reinterpret_cast<const uint8_t*>(p)[i];
    case DataType::Int16:
        return reinterpret_cast<const int16_t*>(p)[i];
    case DataType::UInt16:
        return reinterpret_cast<const uint16_t*>(p)[i];
    case DataType::Int32:
        return reinterpret_cast<const int32_t*>(p)[i];
    case DataType::UInt32:
        return reinterpret_cast<const uint32_t*>(p)[i];
    case DataType::Int64:
        return static_cast<double>(reinterpret_cast<const int64_t*>(p)[i]);
    case DataType::UInt64:
        return static_cast<double>(reinterpret_cast<const uint64_t*>(p)[i]);
    case DataType::Bool:
        return reinterpret_cast<const uint8_t*>(p)[i] ? 1.0 : 0.0;
    case DataType::Float16:
        return halfToFloat(reinterpret_cast<const uint16_t*>(p)[i]);
    case DataType::BFloat16:
        return bfloat16ToFloat(reinterpret_cast<const uint16_t*>(p)[i]);
    default:
        return 0.0;
    }
}

} // namespace qs
