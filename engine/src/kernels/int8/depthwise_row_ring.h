// SPDX-License-Identifier: MIT
// The per-thread ring of prepared input rows that the engine's own depthwise kernels keep (int16-widened rows in
// int8_conv_depthwise.cpp, VNNI-staged rows in int8_conv_depthwise_vnni.cpp): their bands run on several threads at
// once (each a block of output rows, in order), so each thread keeps the rows it prepared last, across its bands of a
// run, and the rows of one output row are within `slots` consecutive input rows, so they never evict each other.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

namespace qs::kernels::int8 {

/// A new number for each run of any depthwise executor, so that a thread's ring is never taken for another run's,
/// another layer's or another image's rows.
inline uint64_t nextDepthwiseRun() noexcept
{
    static std::atomic<uint64_t> runs { 0 };
    return ++runs;
}

template <typename T> struct DepthwiseRowRing
{
    uint64_t run = 0;
    const uint8_t* image = nullptr;
    std::vector<int64_t> rowOf; ///< per slot: the key of the input row it holds, or -1
    std::vector<T> rows; ///< `slots` slots of `slotValues` values

    /// Makes the ring hold rows of this run's `image`: unchanged if it already does, else `slots` empty slots.
    void claim(uint64_t runNumber, const uint8_t* forImage, int64_t slots, int64_t slotValues)
    {
        if (run == runNumber && image == forImage)
            return;
        run = runNumber;
        image = forImage;
        rowOf.assign(size_t(slots), -1);
        rows.resize(size_t(slots * slotValues));
    }
};

} // namespace qs::kernels::int8
