// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_matmul.h"

#include "kernels/int8/int8_gemm_s16.h"
#include "kernels/int8/int8_gemv.h"
#include "kernels/int8/int8_matmul_own.h"
#include "kernels/int8/int8_node_util.h"
#include "kernels/int8/onednn_context.h"
#include "kernels/int8/target_clones.h"
#include "kernels/int8/thread_blocks.h"
#include "kernels/kernel.h"
#include "quant/quant_isa.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <omp.h>
#include <vector>

namespace qs::kernels::int8 {

namespace {
using dt = dnnl::memory::data_type;

/// Without VNNI, a matmul whose offending weight pairs exceed 1 / kDenseResidual of its weights runs the int16 loops
/// (int8_gemm_s16.h) rather than oneDNN plus the sparse residual. Measured at DNNL_MAX_CPU_ISA=AVX512_CORE on the
/// transformer encoder (bench/archive/2026-11-29-int8-matmul-no-vnni.md): oneDNN's u8·s8 gemm ran ~1.4x the int16
/// loops' products per second, and the residual costs ~3 cycles per residual weight and activation row, so the
/// int16 loops win from about one offending pair in 300 weights (PyTorch's uniform initial weights: one in 8). Below
/// it the own kernel (int8_matmul_own.h) now runs instead of oneDNN, and takes the residual into its quads; the
/// threshold was not re-measured against it.
constexpr int64_t kDenseResidual = 256;
using tag = dnnl::memory::format_tag;

/// sums[r] = sum of row r of a [rows, k] u8 matrix, minus k * za.
QS_CLONES void rowSumsOf(const uint8_t* a, int64_t rows, int64_t k, int32_t za, int32_t* sums)
{
    for (int64_t r = 0; r < rows; ++r) {
        int32_t sum = 0;
        for (int64_t p = 0; p < k; ++p)
            sum += a[r * k + p];
        sums[r] = sum - int32_t(k) * za;
    }
}

/// y[i, j] += comp[j] * rowSums[i] + colTerm[j] over [m, n]: the zero-point terms of int8_matmul.h, in int32.
/// colTerm null: no column term (the own kernel's sums already hold it).
QS_CLONES void addZeroPointTerms(
    int32_t* y, int64_t m, int64_t n, const int32_t* rowSums, const int32_t* comp, const int32_t* colTerm)
{
    for (int64_t i = 0; i < m; ++i) {
        const int32_t rs = rowSums[i];
        int32_t* yr = y + i * n;
        if (colTerm)
            for (int64_t j = 0; j < n; ++j)
                yr[j] += comp[j] * rs + colTerm[j];
        else
            for (int64_t j = 0; j < n; ++j)
                yr[j] += comp[j] * rs;
    }
}

template <bool Comp, bool Col, bool Bias>
__attribute__((always_inline)) inline void rescaleRow(const int32_t* ar, int64_t n, int32_t rs, const int32_t* comp,
    const int32_t* colTerm, const float* scale, const float* bias, float* yr)
{
    for (int64_t j = 0; j < n; ++j) {
        const int32_t v = ar[j] + (Comp ? comp[j] * rs : 0) + (Col ? colTerm[j] : 0);
        yr[j] = float(v) * scale[j] + (Bias ? bias[j] : 0.0f);
    }
}

/// y = float(acc + comp[j] * rowSums[i] + colTerm[j]) * scale[j] + bias[j]: the zero-point terms and the rescale in
/// one pass. comp null: no row-sum term (every k[n] zero: int8 weights with zero point 0, or uint8 with 128), and
/// rowSums unread; colTerm null: no column term (the own kernel's sums hold it); bias null: + 0.0f, as the scalar form
/// always added. Each variant is the same int32 sum and float operations. No FMA in either clone, so each element
/// rounds the product before the add. `n` columns of rows `ld` apart in acc and y (comp, colTerm, scale and bias start
/// at the first column).
QS_CLONES void rescaleRows(const int32_t* acc, int64_t rows, int64_t n, int64_t ld, const int32_t* rowSums,
    const int32_t* comp, const int32_t* colTerm, const float* scale, const float* bias, float* y)
{
    for (int64_t r = 0; r < rows; ++r) {
        const int32_t* ar = acc + r * ld;
        const int32_t rs = comp ? rowSums[r] : 0;
        float* yr = y + r * ld;
        if (comp && colTerm && bias)
            rescaleRow<true, true, true>(ar, n, rs, comp, colTerm, scale, bias, yr);
        else if (comp && colTerm)
            rescaleRow<true, true, false>(ar, n, rs, comp, colTerm, scale, bias, yr);
        else if (comp && bias)
            rescaleRow<true, false, true>(ar, n, rs, comp, colTerm, scale, bias, yr);
        else if (comp)
            rescaleRow<true, false, false>(ar, n, rs, comp, colTerm, scale, bias, yr);
        else if (colTerm && bias)
            rescaleRow<false, true, true>(ar, n, rs, comp, colTerm, scale, bias, yr);
        else if (colTerm)
            rescaleRow<false, true, false>(ar, n, rs, comp, colTerm, scale, bias, yr);
        else if (bias)
            rescaleRow<false, false, true>(ar, n, rs, comp, colTerm, scale, bias, yr);
        else
            rescaleRow<false, false, false>(ar, n, rs, comp, colTerm, scale, bias, yr);
    }
}

} // namespace

struct Int8MatMul::Impl
{
    int64_t k = 0, n = 0, batch = 1;
    DataType aType = DataType::UInt8;
    std::vector<int32_t> compensation; ///< k[n] = c - zb[n]
    std::vector<int32_t> colSums; ///< [batch][N] column sums of the s8 weights given to oneDNN
    std::vector<ResidualWeight> residual; ///< row = batch index
    /// residualStart[b] .. residualStart[b + 1]: batch entry b's residual weights (residual is ordered by row).
    std::vector<size_t> residualStart;
    SaturationReport report;
    std::vector<int8_t> plainWeights; ///< b - c after the split; reordered again only if a new M changes the layout
    /// M = 1 (int8_gemv.h): its loop, b - c before the split packed for it, and its column sums; null and empty when
    /// not used.
    const Int8GemvSimd* gemv = nullptr;
    std::vector<int8_t> gemvWeights;
    std::vector<int32_t> gemvColSums;
    /// M > 1 where oneDNN's pairs saturate (int8_gemm_s16.h): b - zb packed as int16 per batch entry (at the first
    /// such run, from plainWeights, which stay unsplit: a classifier that only ever runs M = 1 keeps no int16 copy),
    /// and the rows of a - za widened into `widened` (scratch) per run; no oneDNN primitive, split or residual. Null
    /// otherwise.
    const Int8GemmS16Simd* gemmS16 = nullptr;
    std::vector<int16_t> gemmS16Weights;
    int16_t* widened = nullptr;
    /// M > 1 where oneDNN's pairs saturate, the residual is sparse and B has batch 1 (int8_matmul_own.h): the own
    /// kernel's 1x1 convolution over the M rows, on the split weights; it adds -za * colsum itself (no colTerm) and
    /// the residual when it absorbs it (then `residual` is empty). Null otherwise. ownCopy: its scratch (K not a
    /// multiple of 4).
    std::unique_ptr<OwnInt8MatMul> own;
    uint8_t* ownCopy = nullptr;

    dnnl::stream stream;
    int64_t preparedM = -1;
    dnnl::matmul::primitive_desc pd;
    dnnl::matmul prim;
    dnnl::memory weights, src, dst;
    // Per-run buffers in the caller's scratch (useScratch) or, without one, in ownScratch: see bindScratch.
    uint8_t* shifted = nullptr;
    int32_t* rowSums = nullptr;
    int32_t* acc = nullptr;
    void* callerScratch = nullptr;
    std::vector<int32_t> ownScratch; ///< int32 elements keep its parts aligned to 4 bytes, all the parts need
    std::vector<int32_t> colTerm; ///< -za * colSums of one batch entry, per run
    std::vector<float> scale; ///< aScale * bScale[n], per run (runFloat)
    bool compensationZero = false; ///< every k[n] is 0: no row-sum term, no row sums

    Status prepareFor(int64_t m);
    int64_t widenedRow() const { return (k + 1) / 2 * 2; }
    size_t widenedBytes(int64_t m) const
    {
        return (gemmS16 ? scratchPart(size_t(batch * m * widenedRow()) * sizeof(int16_t)) : 0)
            + (own ? own->scratchBytes(m) : 0);
    }
    /// acc = (a - za)(b - zb) on the int16 loops, panels of tiles over the intra-op threads.
    void computeS16(const void* a, int64_t m, int32_t za);
    /// Points acc, rowSums and shifted (int8 A) into the scratch for M rows: acc [batch][M][N], rowSums [batch][M],
    /// shifted [batch][M][K].
    void bindScratch(int64_t m);
    /// acc = (a - za)(b - zb). With `deferZeroPoints` the oneDNN path leaves out the sparse residual (addResidualRows,
    /// from `source` and za) and the terms comp[j] * rowSums[i] + colTerm[j] (colTerm = -za * colSums, [batch][N])
    /// for the caller's epilogue and returns true; the gemv path always finishes acc and returns false.
    /// `ownRowsDone` (the own kernel's path only, which then computes the row sums first): runs on each thread for
    /// the rows it has just computed, while they are in its cache; it must finish them (residual and zero-point
    /// terms) itself.
    Result<bool> compute(const void* a, int64_t m, int32_t& za, bool deferZeroPoints = false,
        const std::function<void(int64_t, int64_t)>& ownRowsDone = {});
    const uint8_t* source = nullptr; ///< the last compute's uint8 A (shifted when A is int8), for addResidualRows
    /// acc += (a - za) r, r the sparse pair-saturation residual (ordered by batch entry, then reduction index):
    /// row by row of A, so each output row (N int32) and activation row (K bytes) stay in L1 while every residual
    /// weight of that batch entry adds into them, and bands of rows over the intra-op threads.
    void addResidual(const uint8_t* au, int64_t m, int32_t za);
    /// The same for rows [r0, r0 + rows) and columns [c0, c1) of batch entry b: runFloat's tiles add it right before
    /// their rescale.
    void addResidualRows(
        const uint8_t* au, int64_t m, int32_t za, int64_t b, int64_t r0, int64_t rows, int64_t c0, int64_t c1);
    std::string describe() const { return fmt::format("int8 matmul K={} N={} batch={}", k, n, batch); }
};

Status Int8MatMul::Impl::prepareFor(int64_t m)
{
    if (m == preparedM)
        return Status::ok();
    try {
        dnnl::engine& eng = onednnEngine();
        const bool batched = batch > 1;
        const auto dims = [&](int64_t r, int64_t c) {
            return batched ? dnnl::memory::dims { batch, r, c } : dnnl::memory::dims { r, c };
        };
        const tag plain = batched ? tag::abc : tag::ab;
        const dnnl::memory::desc srcMd(dims(m, k), dt::u8, plain);
        const dnnl::memory::desc wAny(dims(k, n), dt::s8, tag::any);
        const dnnl::memory::desc dstMd(dims(m, n), dt::s32, plain);
        const dnnl::matmul::desc desc(srcMd, wAny, dstMd);
        auto newPd = dnnl::matmul::primitive_desc(desc, eng);
        // Weights are reordered once; a new M only re-creates the primitive when the layout it wants changes.
        if (!weights || newPd.weights_desc() != weights.get_desc()) {
            dnnl::memory plainMem(dnnl::memory::desc(dims(k, n), dt::s8, plain), eng, plainWeights.data());
            weights = dnnl::memory(newPd.weights_desc(), eng);
            dnnl::reorder(plainMem, weights).execute(stream, plainMem, weights);
            stream.wait();
        }
        pd = newPd;
        prim = dnnl::matmul(pd);
        src = dnnl::memory(srcMd, eng, DNNL_MEMORY_NONE);
        dst = dnnl::memory(dstMd, eng, DNNL_MEMORY_NONE);
    } catch (const dnnl::error& e) {
        return onednnError(e, fmt::format("{} M={}", describe(), m));
    }
    preparedM = m;
    return Status::ok();
}

void Int8MatMul::Impl::bindScratch(int64_t m)
{
    const size_t accBytes = scratchPart(size_t(batch * m * n) * sizeof(int32_t));
    const size_t sumBytes = scratchPart(size_t(batch * m) * sizeof(int32_t));
    auto* base = static_cast<uint8_t*>(callerScratch);
    if (!base) {
        const size_t bytes = accBytes + sumBytes + (aType == DataType::Int8 ? scratchPart(size_t(batch * m * k)) : 0)
            + widenedBytes(m);
        if (ownScratch.size() * sizeof(int32_t) < bytes)
            ownScratch.resize((bytes + sizeof(int32_t) - 1) / sizeof(int32_t));
        base = reinterpret_cast<uint8_t*>(ownScratch.data());
    }
    acc = reinterpret_cast<int32_t*>(base);
    rowSums = reinterpret_cast<int32_t*>(base + accBytes);
    shifted = aType == DataType::Int8 ? base + accBytes + sumBytes : nullptr;
    const size_t shiftedBytes = aType == DataType::Int8 ? scratchPart(size_t(batch * m * k)) : 0;
    widened = gemmS16 ? reinterpret_cast<int16_t*>(base + accBytes + sumBytes + shiftedBytes) : nullptr;
    ownCopy = own ? base + accBytes + sumBytes + shiftedBytes : nullptr;
}

void Int8MatMul::Impl::computeS16(const void* a, int64_t m, int32_t za)
{
    const int64_t lda = widenedRow(), pairs = lda / 2, rows = batch * m;
    const bool signedA = aType == DataType::Int8;
    const auto* bytes = static_cast<const uint8_t*>(a);
    if (gemmS16Weights.empty())
        for (int64_t bi = 0; bi < batch; ++bi) {
            const std::vector<int16_t> packed
                = packGemmS16Weights(*gemmS16, plainWeights.data() + bi * k * n, compensation.data(), k, n);
            gemmS16Weights.insert(gemmS16Weights.end(), packed.begin(), packed.end());
        }
    const int threads = passThreads(rows * n * k, int64_t(1) << 20);
    forEachThreadBlock(rows, threads, 1, [&](int64_t begin, int64_t end) {
        widenActivations(bytes + begin * k, signedA, za, end - begin, k, widened + begin * lda, lda);
    });
    // One contiguous block of tiles per thread, panel-major, so that a thread keeps to its panels of B; every output
    // is the same exact sum whichever thread computes it.
    const int64_t tiles = gemmS16Tiles(*gemmS16, m, n);
    const size_t perBatch = gemmS16Weights.size() / size_t(batch);
    forEachThreadBlock(batch * tiles, threads, 1, [&](int64_t begin, int64_t end) {
        for (int64_t b = begin / tiles; b * tiles < end; ++b) {
            const int64_t t0 = std::max(begin - b * tiles, int64_t(0)), t1 = std::min(end - b * tiles, tiles);
            int8::gemmS16(*gemmS16, widened + b * m * lda, lda, gemmS16Weights.data() + size_t(b) * perBatch, pairs, m,
                n, acc + b * m * n, n, t0, t1);
        }
    });
}

Result<bool> Int8MatMul::Impl::compute(const void* a, int64_t m, int32_t& za, bool deferZeroPoints,
    const std::function<void(int64_t, int64_t)>& ownRowsDone)
{
    QS_RETURN_IF_ERROR(checkZeroPoint(aType, za, "activation"));
    if (m < 1)
        return Status(StatusCode::InvalidArgument, fmt::format("{}: M={} must be positive", describe(), m));
    const bool gemvRun = m == 1 && gemv;
    if (!gemvRun && gemmS16) {
        bindScratch(m);
        computeS16(a, m, za);
        return false;
    }
    const bool ownRun = !gemvRun && own;
    if (!gemvRun && !ownRun)
        QS_RETURN_IF_ERROR(prepareFor(m));
    bindScratch(m);
    const uint8_t* au = static_cast<const uint8_t*>(a);
    if (aType == DataType::Int8) {
        for (int64_t i = 0; i < batch * m * k; ++i)
            shifted[i] = uint8_t(au[i] ^ 0x80u);
        au = shifted;
        za += 128;
    }
    if (gemvRun) {
        // Unsplit weights: sum (a - za)(b - c) = acc - za * colsum(b - c); the zero point of b as below.
        runGemv(*gemv, au, gemvWeights.data(), k, n, acc);
        int32_t rs = 0;
        for (int64_t p = 0; p < k; ++p)
            rs += au[p];
        rs -= int32_t(k) * za;
        for (int64_t j = 0; j < n; ++j)
            acc[j] += compensation[size_t(j)] * rs - za * gemvColSums[size_t(j)];
        return false;
    }
    if (ownRun) {
        if (ownRowsDone) {
            // The caller finishes each thread's rows inside the kernel's parallel region: row sums first.
            source = au;
            if (compensationZero)
                std::fill(rowSums, rowSums + m, 0);
            else
                rowSumsOf(au, m, k, za, rowSums);
            own->run(au, m, za, acc, ownCopy, passThreads(m * n * k, int64_t(1) << 20), ownRowsDone);
            return true;
        }
        own->run(au, m, za, acc, ownCopy, passThreads(m * n * k, int64_t(1) << 20));
    } else {
        try {
            src.set_data_handle(const_cast<uint8_t*>(au));
            dst.set_data_handle(acc);
            prim.execute(stream, { { DNNL_ARG_SRC, src }, { DNNL_ARG_WEIGHTS, weights }, { DNNL_ARG_DST, dst } });
            stream.wait();
        } catch (const dnnl::error& e) {
            return onednnError(e, describe());
        }
    }
    source = au;
    if (!residual.empty() && !deferZeroPoints)
        addResidual(au, m, za);
    if (compensationZero) // the terms below add comp[j] * rowSums[i] = 0
        std::fill(rowSums, rowSums + batch * m, 0);
    else
        rowSumsOf(au, batch * m, k, za, rowSums);
    colTerm.resize(size_t(batch * n));
    for (size_t j = 0; j < colTerm.size(); ++j)
        colTerm[j] = -za * colSums[j];
    if (deferZeroPoints)
        return true;
    if (ownRun && compensationZero)
        return false;
    for (int64_t b = 0; b < batch; ++b)
        addZeroPointTerms(
            acc + b * m * n, m, n, rowSums + b * m, compensation.data(), ownRun ? nullptr : colTerm.data() + b * n);
    return false;
}

void Int8MatMul::Impl::addResidualRows(
    const uint8_t* au, int64_t m, int32_t za, int64_t b, int64_t r0, int64_t rows, int64_t c0, int64_t c1)
{
    const ResidualWeight* rw = residual.data();
    const size_t e0 = residualStart[size_t(b)], e1 = residualStart[size_t(b) + 1];
    const bool allColumns = c0 == 0 && c1 == n;
    for (int64_t i = r0; i < r0 + rows; ++i) {
        int32_t* y = acc + (b * m + i) * n;
        const uint8_t* x = au + (b * m + i) * k;
        if (allColumns)
            for (size_t e = e0; e < e1; ++e)
                y[rw[e].inner] += rw[e].value * (int32_t(x[rw[e].reduction]) - za);
        else
            for (size_t e = e0; e < e1; ++e)
                if (rw[e].inner >= c0 && rw[e].inner < c1)
                    y[rw[e].inner] += rw[e].value * (int32_t(x[rw[e].reduction]) - za);
    }
}

void Int8MatMul::Impl::addResidual(const uint8_t* au, int64_t m, int32_t za)
{
#pragma omp parallel for collapse(2) if (int64_t(residual.size()) * m >= (1 << 16))
    for (int64_t b = 0; b < batch; ++b)
        for (int64_t i = 0; i < m; ++i)
            addResidualRows(au, m, za, b, i, 1, 0, n);
}

Int8MatMul::Int8MatMul(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{ }

Int8MatMul::~Int8MatMul() = default;

Result<std::unique_ptr<Int8MatMul>> Int8MatMul::create(
    int64_t k, int64_t n, int64_t batch, DataType aType, const Int8Weights& b)
{
    auto impl = std::make_unique<Impl>();
    impl->k = k;
    impl->n = n;
    impl->batch = batch;
    impl->aType = aType;
    const std::string what = impl->describe();
    if (k < 1 || n < 1 || batch < 1)
        return Status(StatusCode::InvalidArgument, what + ": sizes must be positive");
    if ((aType != DataType::UInt8 && aType != DataType::Int8)
        || (b.type != DataType::UInt8 && b.type != DataType::Int8))
        return Status(StatusCode::Unsupported,
            fmt::format("{}: operand types {} x {}", what, dataTypeName(aType), dataTypeName(b.type)));
    if (b.zeroPoints.size() != 1 && int64_t(b.zeroPoints.size()) != n)
        return Status(StatusCode::InvalidArgument, fmt::format("{}: {} weight zero points", what, b.zeroPoints.size()));
    for (int32_t zp : b.zeroPoints)
        QS_RETURN_IF_ERROR(checkZeroPoint(b.type, zp, "weight").withContext(what));

    const int32_t c = b.type == DataType::UInt8 ? 128 : 0;
    impl->plainWeights.resize(size_t(batch * k * n));
    for (size_t i = 0; i < impl->plainWeights.size(); ++i)
        impl->plainWeights[i] = b.type == DataType::UInt8 ? int8_t(int32_t(static_cast<const uint8_t*>(b.data)[i]) - c)
                                                          : static_cast<const int8_t*>(b.data)[i];
    impl->compensation.resize(size_t(n));
    for (int64_t j = 0; j < n; ++j)
        impl->compensation[size_t(j)] = c - b.zeroPoints[b.zeroPoints.size() == 1 ? 0 : size_t(j)];
    impl->compensationZero
        = std::all_of(impl->compensation.begin(), impl->compensation.end(), [](int32_t v) { return v == 0; });

    const Int8IsaInfo isa = onednnInt8Isa();
    impl->report.isa = isa.isa;
    impl->report.isaPairsSaturate = isa.pairsSaturate;
    // A single activation row (batch 1) takes the exact gemv (int8_gemv.h), with VNNI where oneDNN may use it;
    // larger M goes to oneDNN or the int16 loops.
    impl->gemv = batch == 1 ? int8GemvSimd(quant::bestQuantIsa(), !isa.pairsSaturate) : nullptr;
    if (impl->gemv) {
        impl->gemvWeights = packGemvWeights(*impl->gemv, impl->plainWeights.data(), k, n);
        impl->gemvColSums.assign(size_t(n), 0);
        for (int64_t p = 0; p < k; ++p)
            for (int64_t j = 0; j < n; ++j)
                impl->gemvColSums[size_t(j)] += impl->plainWeights[size_t(p * n + j)];
    }
    // Where pairs saturate and many weight pairs would need the residual, M > 1 runs the exact int16 loops instead of
    // oneDNN: nothing to split.
    if (isa.pairsSaturate) {
        SaturationReport probe;
        splitSaturatingPairs(impl->plainWeights.data(), batch, k, n, false, probe);
        if (probe.offendingPairs * kDenseResidual > batch * k * n)
            impl->gemmS16 = int8GemmS16Simd(quant::bestQuantIsa());
    }
    impl->residual = splitSaturatingPairs(
        impl->plainWeights.data(), batch, k, n, isa.pairsSaturate && !impl->gemmS16, impl->report);
    impl->residualStart.assign(size_t(batch) + 1, impl->residual.size());
    for (size_t i = impl->residual.size(); i-- > 0;)
        impl->residualStart[size_t(impl->residual[i].row)] = i;
    for (int64_t bi = batch - 1; bi >= 0; --bi)
        impl->residualStart[size_t(bi)]
            = std::min(impl->residualStart[size_t(bi)], impl->residualStart[size_t(bi) + 1]);
    impl->report.remedy = !isa.pairsSaturate || impl->gemmS16 ? SaturationRemedy::NotNeeded
        : impl->residual.empty()                              ? SaturationRemedy::NoOffendingPairs
                                                              : SaturationRemedy::SparseResidual;
    // Sparse residual, batch 1: the own kernel (int8_matmul_own.h), which may take the residual into its quads
    // (still the sparse residual remedy: the same split, its excess reduced in the kernel).
    if (isa.pairsSaturate && !impl->gemmS16 && batch == 1) {
        impl->own = OwnInt8MatMul::create(impl->plainWeights.data(), k, n, impl->residual);
        if (impl->own && impl->own->absorbsResidual()) {
            impl->residual.clear();
            impl->residualStart.assign(2, 0);
        }
    }
    impl->colSums.assign(size_t(batch * n), 0);
    for (int64_t bi = 0; bi < batch; ++bi)
        for (int64_t p = 0; p < k; ++p)
            for (int64_t j = 0; j < n; ++j)
                impl->colSums[size_t(bi * n + j)] += impl->plainWeights[size_t((bi * k + p) * n + j)];
    try {
        impl->stream = dnnl::stream(onednnEngine());
    } catch (const dnnl::error& e) {
        return onednnError(e, what);
    }
    return std::unique_ptr<Int8MatMul>(new Int8MatMul(std::move(impl)));
}

int64_t Int8MatMul::k() const noexcept
{
    return m_impl->k;
}
int64_t Int8MatMul::n() const noexcept
{
    return m_impl->n;
}
int64_t Int8MatMul::batch() const noexcept
{
    return m_impl->batch;
}
const SaturationReport& Int8MatMul::saturation() const noexcept
{
    return m_impl->report;
}
std::string Int8MatMul::implementation() const
{
    // As for oneDNN's primitive below: the int16 loops are named once an M > 1 has run (or when no gemv could).
    const std::string gemvNote = m_impl->gemv ? fmt::format(" (M = 1: {})", m_impl->gemv->name) : std::string();
    if (m_impl->gemmS16 && (!m_impl->gemmS16Weights.empty() || !m_impl->gemv))
        return m_impl->gemmS16->name + gemvNote;
    if (m_impl->own)
        return m_impl->own->implementation() + gemvNote;
    if (m_impl->preparedM >= 0)
        return m_impl->pd.impl_info_str() + gemvNote;
    return m_impl->gemv ? std::string(m_impl->gemv->name) : std::string("not yet created (first run)");
}

size_t Int8MatMul::scratchBytes(int64_t m) const noexcept
{
    const Impl& d = *m_impl;
    return scratchPart(size_t(d.batch * m * d.n) * sizeof(int32_t)) + scratchPart(size_t(d.batch * m) * sizeof(int32_t))
        + (d.aType == DataType::Int8 ? scratchPart(size_t(d.batch * m * d.k)) : 0) + d.widenedBytes(m);
}

void Int8MatMul::useScratch(void* scratch) noexcept
{
    m_impl->callerScratch = scratch;
}

Status Int8MatMul::runInt32(const void* a, int64_t m, int32_t aZeroPoint, int32_t* y)
{
    QS_RETURN_IF_ERROR(m_impl->compute(a, m, aZeroPoint).status());
    // The gemv path (batch 1, M = 1) leaves N values, the oneDNN path batch x M x N: both are batch x M x N.
    std::copy(m_impl->acc, m_impl->acc + m_impl->batch * m * m_impl->n, y);
    return Status::ok();
}

Status Int8MatMul::runFloat(const void* a, int64_t m, int32_t aZeroPoint, float aScale, const float* bScales,
    bool perColumnScales, const float* bias, float* y, const FloatBandEpilogue& epilogue)
{
    Impl& d = *m_impl;
    const int64_t n = d.n;
    d.scale.resize(size_t(n));
    for (int64_t j = 0; j < n; ++j)
        d.scale[size_t(j)] = aScale * bScales[perColumnScales ? j : 0];
    constexpr int64_t kBandRows = 16, kMinBlockColumns = 256;
    if (d.own && !(m == 1 && d.gemv)) {
        // The own kernel's path: each thread finishes the rows it computed, in bands of kBandRows, right after the
        // kernel wrote them: the residual (if the kernel left it), the row-sum term, the rescale and the epilogue,
        // each value by the same operations as the tiles below, in one parallel region instead of two.
        const int32_t* comp = d.compensationZero ? nullptr : d.compensation.data();
        const auto rowsDone = [&](int64_t begin, int64_t end) {
            for (int64_t r0 = begin; r0 < end; r0 += kBandRows) {
                const int64_t rows = std::min(kBandRows, end - r0);
                if (!d.residual.empty())
                    d.addResidualRows(d.source, m, aZeroPoint, 0, r0, rows, 0, n);
                rescaleRows(
                    d.acc + r0 * n, rows, n, n, d.rowSums + r0, comp, nullptr, d.scale.data(), bias, y + r0 * n);
                if (epilogue)
                    epilogue(y + r0 * n, rows * n);
            }
        };
        return d.compute(a, m, aZeroPoint, true, rowsDone).status();
    }
    QS_ASSIGN_OR_RETURN(const bool deferred, d.compute(a, m, aZeroPoint, true));
    // The gemv and int16 paths (not deferred) leave acc final: no terms to add.
    const int32_t* comp = deferred && !d.compensationZero ? d.compensation.data() : nullptr;
    // Tiles of rows over the intra-op threads (the AVX2 clone runs inside each; a parallel region inside a
    // target_clones function would be outlined for the baseline target): bands of 16 rows, split into column blocks
    // where the bands alone are too few for the threads (small M). Each tile first takes the sparse residual
    // (deferred by compute: int32 additions in another order, the same sums) while its rows are in cache, and then
    // gives its float rows to the caller's epilogue: no pass of its own, and on every thread, for either. Each value
    // is computed by the same operations whatever the tiling, so the result does not depend on the thread count.
    const bool residual = deferred && !d.residual.empty();
    const int64_t bands = (m + kBandRows - 1) / kBandRows;
    const bool parallel = d.batch * m * n >= (1 << 15) && !omp_in_parallel();
    const int64_t threads = parallel ? std::max(1, omp_get_max_threads()) : 1;
    int64_t blockColumns = n;
    if (d.batch * bands < 2 * threads) {
        const int64_t wanted = std::min(
            (n + kMinBlockColumns - 1) / kMinBlockColumns, (2 * threads + d.batch * bands - 1) / (d.batch * bands));
        blockColumns = std::min(n, ((n + wanted - 1) / wanted + 15) / 16 * 16);
    }
    const int64_t blocks = (n + blockColumns - 1) / blockColumns;
    const int64_t tiles = d.batch * bands * blocks;
#pragma omp parallel for if (parallel && tiles > 1)
    for (int64_t t = 0; t < tiles; ++t) {
        const int64_t b = t / (bands * blocks), band = t / blocks % bands, block = t % blocks;
        const int64_t r0 = band * kBandRows, rows = std::min(kBandRows, m - r0);
        const int64_t c0 = block * blockColumns, cols = std::min(blockColumns, n - c0);
        const int64_t at = (b * m + r0) * n + c0;
        if (residual)
            d.addResidualRows(d.source, m, aZeroPoint, b, r0, rows, c0, c0 + cols);
        rescaleRows(d.acc + at, rows, cols, n, d.rowSums + b * m + r0, comp ? comp + c0 : nullptr,
            deferred ? d.colTerm.data() + b * n + c0 : nullptr, d.scale.data() + c0, bias ? bias + c0 : nullptr,
            y + at);
        if (!epilogue)
            continue;
        if (cols == n)
            epilogue(y + at, rows * n);
        else
            for (int64_t r = 0; r < rows; ++r)
                epilogue(y + at + r * n, cols);
    }
    return Status::ok();
}

Status Int8MatMul::runRequantized(const void* a, int64_t m, int32_t aZeroPoint, const Requantization& rq, void* y)
{
    QS_RETURN_IF_ERROR(m_impl->compute(a, m, aZeroPoint).status());
    const int64_t n = m_impl->n;
    requantizeTile(m_impl->acc, m_impl->batch * m, n, rq, y, 1, n);
    return Status::ok();
}

} // namespace qs::kernels::int8
