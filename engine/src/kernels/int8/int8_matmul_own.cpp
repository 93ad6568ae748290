// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_matmul_own.h"

#include "kernels/int8/thread_blocks.h"
#include "kernels/kernel.h"

#include <algorithm>
#include <cstring>

namespace qs::kernels::int8 {

namespace {
/// The convolution's declared rows: as many as any matmul may have. The kernel reads its 1x1 source in place (no
/// padding, whole quads per row), so a run touches only the rows of the pixels it computes, the M rows given.
constexpr int64_t kAnyRows = int64_t(1) << 40;
} // namespace

std::unique_ptr<OwnInt8MatMul> OwnInt8MatMul::create(
    const int8_t* w, int64_t k, int64_t n, const std::vector<ResidualWeight>& residual)
{
    std::unique_ptr<OwnInt8MatMul> mm(new OwnInt8MatMul);
    mm->m_k = k;
    mm->m_n = n;
    // K padded to whole quads with zero weights (the padding bytes of A then add nothing), so that the kernel reads
    // A where it lies whenever K is a multiple of 4, and a padded copy of it otherwise.
    mm->m_rowBytes = (k + 3) / 4 * 4;
    ConvShape s;
    s.inChannels = mm->m_rowBytes;
    s.outChannels = n;
    s.inHeight = kAnyRows;
    s.inWidth = 1;
    // [OC, IC, 1, 1] = w transposed: the kernel's pairs (input channels 2p, 2p + 1) are w's (rows 2p, 2p + 1).
    std::vector<int8_t> t(size_t(n * mm->m_rowBytes), 0);
    for (int64_t p = 0; p < k; ++p)
        for (int64_t j = 0; j < n; ++j)
            t[size_t(j * mm->m_rowBytes + p)] = w[p * n + j];
    std::vector<ResidualWeight> rest;
    rest.reserve(residual.size());
    for (const ResidualWeight& e : residual)
        rest.push_back({ e.inner, e.reduction, 0, e.value });
    mm->m_kernel = Avx2Int8Conv::create(s, t.data(), rest);
    if (!mm->m_kernel)
        return nullptr;
    mm->m_name = mm->m_kernel->lanes() == 16 ? "qs:avx512_int8 1x1" : "qs:avx2_int8 1x1";
    return mm;
}

size_t OwnInt8MatMul::scratchBytes(int64_t m) const noexcept
{
    return m_rowBytes == m_k ? 0 : scratchPart(size_t(m * m_rowBytes));
}

void OwnInt8MatMul::run(const uint8_t* a, int64_t m, int32_t za, int32_t* acc, uint8_t* scratch, int threads,
    const std::function<void(int64_t begin, int64_t end)>& rowsDone)
{
    const bool copy = m_rowBytes != m_k;
    const uint8_t* source = copy ? scratch : a;
    m_kernel->beginImage(source, za); // in place: sets the source and the zero point's offsets, copies nothing
    // Whole microkernel calls (pixelBlock() rows) per thread, as evenly as they go: M = 128 at 2 threads is 11 + 11
    // calls (rows 0-65, 66-127), where rows rounded to whole calls per thread would give 60 + 68 rows, 10 + 12 calls.
    const int64_t rowsPerCall = m_kernel->pixelBlock(), calls = (m + rowsPerCall - 1) / rowsPerCall;
    forEachThreadBlock(calls, threads, 1, [&](int64_t first, int64_t last) {
        const int64_t begin = first * rowsPerCall, end = std::min(m, last * rowsPerCall);
        if (copy) // each thread's rows only: a 1x1 pixel reads nothing else
            for (int64_t i = begin; i < end; ++i) {
                std::memcpy(scratch + i * m_rowBytes, a + i * m_k, size_t(m_k));
                std::memset(scratch + i * m_rowBytes + m_k, 0, size_t(m_rowBytes - m_k));
            }
        m_kernel->computePixels(begin, end, acc + begin * m_n);
        if (rowsDone)
            rowsDone(begin, end);
    });
}

} // namespace qs::kernels::int8
