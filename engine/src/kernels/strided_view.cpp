// SPDX-License-Identifier: MIT
#include "kernels/strided_view.h"

#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>

namespace qs::kernels {

StridedView StridedView::plain(std::span<const int64_t> dims)
{
    StridedView v;
    v.dims.assign(dims.begin(), dims.end());
    v.strides = stridesOf(dims);
    return v;
}

bool StridedView::isPlain() const
{
    const std::vector<int64_t> rowMajor = stridesOf(dims);
    for (size_t i = 0; i < dims.size(); ++i)
        if (dims[i] != 1 && strides[i] != rowMajor[i])
            return false;
    return offset == 0;
}

int64_t StridedView::extent() const
{
    int64_t e = 1;
    for (size_t i = 0; i < dims.size(); ++i) {
        if (dims[i] <= 0)
            return 0;
        e += (dims[i] - 1) * strides[i];
    }
    return e;
}

StridedView sliceView(const StridedView& v, std::span<const int64_t> starts, std::span<const int64_t> steps,
    std::span<const int64_t> outDims)
{
    StridedView s = v;
    for (size_t i = 0; i < s.dims.size(); ++i) {
        s.offset += starts[i] * v.strides[i];
        s.strides[i] = steps[i] * v.strides[i];
        s.dims[i] = outDims[i];
    }
    return s;
}

StridedView transposeView(const StridedView& v, std::span<const int64_t> perm)
{
    StridedView t;
    t.offset = v.offset;
    for (const int64_t p : perm) {
        t.dims.push_back(v.dims[size_t(p)]);
        t.strides.push_back(v.strides[size_t(p)]);
    }
    return t;
}

bool reshapeView(const StridedView& v, std::span<const int64_t> newDims, StridedView& out)
{
    // The old dims other than 1 (a unit dim's stride is arbitrary), then groups of old and new dims with equal
    // products: each group's old dims must be contiguous among themselves, and its new dims take their innermost
    // stride scaled up row-major.
    std::vector<int64_t> od, os;
    for (size_t i = 0; i < v.dims.size(); ++i) {
        if (v.dims[i] <= 0)
            return false;
        if (v.dims[i] != 1) {
            od.push_back(v.dims[i]);
            os.push_back(v.strides[i]);
        }
    }
    int64_t oldCount = 1, newCount = 1;
    for (const int64_t d : od)
        oldCount *= d;
    for (const int64_t d : newDims) {
        if (d <= 0)
            return false;
        newCount *= d;
    }
    if (oldCount != newCount)
        return false;
    const size_t nn = newDims.size(), on = od.size();
    std::vector<int64_t> ns(nn, 1);
    size_t oi = 0, oj = 1, ni = 0, nj = 1;
    while (ni < nn && oi < on) {
        int64_t np = newDims[ni], op = od[oi];
        while (np != op) {
            if (np < op) {
                if (nj >= nn)
                    return false;
                np *= newDims[nj++];
            } else {
                if (oj >= on)
                    return false;
                op *= od[oj++];
            }
        }
        for (size_t k = oi; k + 1 < oj; ++k)
            if (os[k] != od[k + 1] * os[k + 1])
                return false;
        ns[nj - 1] = os[oj - 1];
        for (size_t k = nj - 1; k > ni; --k)
            ns[k - 1] = ns[k] * newDims[k];
        ni = nj++;
        oi = oj++;
    }
    for (size_t k = ni; k < nn; ++k) // trailing unit dims
        ns[k] = 1;
    out.offset = v.offset;
    out.dims.assign(newDims.begin(), newDims.end());
    out.strides = std::move(ns);
    return true;
}

HostTensor encodeView(const StridedView& v)
{
    HostTensor t(DataType::Int64, { int64_t(1 + 2 * v.dims.size()) });
    auto d = t.data<int64_t>();
    d[0] = v.offset;
    std::copy(v.dims.begin(), v.dims.end(), d.begin() + 1);
    std::copy(v.strides.begin(), v.strides.end(), d.begin() + 1 + std::ptrdiff_t(v.dims.size()));
    return t;
}

Result<StridedView> decodeView(const HostTensor& t, int64_t storedElements)
{
    const int64_t n = t.elementCount();
    if (t.dataType() != DataType::Int64 || n < 3 || n % 2 == 0)
        return Status(StatusCode::InvalidArgument, fmt::format("a strided view needs 1 + 2r int64 values, not {}", n));
    StridedView v;
    v.offset = int64_t(t.valueAsDouble(0));
    const int64_t rank = (n - 1) / 2;
    for (int64_t i = 0; i < rank; ++i) {
        v.dims.push_back(int64_t(t.valueAsDouble(1 + i)));
        v.strides.push_back(int64_t(t.valueAsDouble(1 + rank + i)));
    }
    const bool positive = std::all_of(v.dims.begin(), v.dims.end(), [](int64_t d) { return d > 0; })
        && std::all_of(v.strides.begin(), v.strides.end(), [](int64_t s) { return s >= 0; });
    if (v.offset < 0 || !positive || v.offset + v.extent() > storedElements)
        return Status(StatusCode::InvalidArgument,
            fmt::format("strided view at offset {} does not fit a tensor of {} elements", v.offset, storedElements));
    return v;
}

} // namespace qs::kernels
