// SPDX-License-Identifier: MIT
// In-process A/B of the static int8 pointwise layers of MobileNet-style models with AVX-512 VNNI: the own kernel's
// VNNI microkernels (Int8KernelOptions::OwnAvx2Conv::Everywhere: "qs:avx512_vnni_int8", writing the requantized bytes
// itself) against oneDNN (OwnAvx2Conv::Never: brgconv_1x1 on AMX or VNNI, "+u8" writing them itself), both through
// Int8Conv::runRequantized on the same NHWC uint8 input, alternating run by run; minimum thread CPU time per run (one
// thread) or wall time (more), in microseconds, and multiply-accumulates per ns. Each layer runs with the activation
// zero point 0 (inputs after a ReLU: oneDNN's brgconv with no source zero point) and 128 (after a projection: oneDNN
// on the zero-point padded copy).
//
//   build/bin/bench_int8_pointwise [--runs N] [--threads N]
#include "bench_ab_args.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/requantize.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <omp.h>
#include <random>
#include <string>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

namespace {

struct Layer
{
    const char* model;
    int64_t in, out, size;
};

// The pointwise layers of mnasnet0_5 and mobilenet_v3_large (torchvision), input map size; repeated layers once.
const Layer kLayers[] = {
    { "mnasnet0_5", 16, 8, 112 },
    { "mnasnet0_5", 8, 24, 112 },
    { "mnasnet0_5", 24, 16, 56 },
    { "mnasnet0_5", 16, 48, 56 },
    { "mnasnet0_5", 48, 16, 56 },
    { "mnasnet0_5", 48, 24, 28 },
    { "mnasnet0_5", 24, 72, 28 },
    { "mnasnet0_5", 72, 24, 28 },
    { "mnasnet0_5", 24, 144, 28 },
    { "mnasnet0_5", 144, 40, 14 },
    { "mnasnet0_5", 40, 240, 14 },
    { "mnasnet0_5", 240, 40, 14 },
    { "mnasnet0_5", 240, 48, 14 },
    { "mnasnet0_5", 48, 288, 14 },
    { "mnasnet0_5", 288, 48, 14 },
    { "mnasnet0_5", 288, 96, 7 },
    { "mnasnet0_5", 96, 576, 7 },
    { "mnasnet0_5", 576, 96, 7 },
    { "mnasnet0_5", 576, 160, 7 },
    { "mnasnet0_5", 160, 1280, 7 },
    { "mobilenet_v3", 16, 16, 112 },
    { "mobilenet_v3", 16, 64, 112 },
    { "mobilenet_v3", 64, 24, 56 },
    { "mobilenet_v3", 24, 72, 56 },
    { "mobilenet_v3", 72, 24, 56 },
    { "mobilenet_v3", 72, 40, 28 },
    { "mobilenet_v3", 40, 120, 28 },
    { "mobilenet_v3", 120, 40, 28 },
    { "mobilenet_v3", 40, 240, 28 },
    { "mobilenet_v3", 240, 80, 14 },
    { "mobilenet_v3", 80, 200, 14 },
    { "mobilenet_v3", 200, 80, 14 },
    { "mobilenet_v3", 80, 184, 14 },
    { "mobilenet_v3", 80, 480, 14 },
    { "mobilenet_v3", 480, 112, 14 },
    { "mobilenet_v3", 112, 672, 14 },
    { "mobilenet_v3", 672, 112, 14 },
    { "mobilenet_v3", 672, 160, 7 },
    { "mobilenet_v3", 160, 960, 7 },
    { "mobilenet_v3", 960, 160, 7 },
    { "mobilenet_v3 SE", 72, 24, 1 },
    { "mobilenet_v3 SE", 24, 72, 1 },
    { "mobilenet_v3 SE", 120, 32, 1 },
    { "mobilenet_v3 SE", 480, 120, 1 },
    { "mobilenet_v3 SE", 120, 480, 1 },
    { "mobilenet_v3 SE", 960, 240, 1 },
    { "mobilenet_v3 SE", 240, 960, 1 },
};

} // namespace

int main(int argc, char** argv)
{
    const qs::bench::AbArgs args = qs::bench::parseAbArgs(argc, argv);
    const int runs = args.runs;
    omp_set_num_threads(args.threads);
    const bool cpu = args.threadCpu();
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> byte(0, 255), weight(-127, 127);
    std::printf("| model | layer | zp | own | us | MAC/ns | oneDNN | us | MAC/ns | own/oneDNN |\n"
                "|---|---|---:|---|---:|---:|---|---:|---:|---:|\n");
    double totals[2] = { 0, 0 };
    for (const Layer& l : kLayers)
        for (const int32_t zp : { 0, 128 }) {
            ConvShape s;
            s.batch = 1;
            s.inChannels = l.in;
            s.outChannels = l.out;
            s.inHeight = s.inWidth = l.size;
            std::vector<uint8_t> x(size_t(s.inputCount()));
            std::vector<int8_t> w(size_t(s.weightCount()));
            for (uint8_t& v : x)
                v = uint8_t(byte(rng));
            for (int8_t& v : w)
                v = int8_t(weight(rng));
            std::vector<float> wScales(size_t(l.out), 0.0005f);
            Requantization rq = Requantization::make(DataType::UInt8, 0.02f, wScales.data(), l.out, l.out, 0.05f, 0);
            rq.bias.assign(size_t(l.out), 100);
            rq.clampTo(0.0f, 6.0f, 0.05f);
            std::unique_ptr<Int8Conv> conv[2];
            for (int k = 0; k < 2; ++k) {
                Int8KernelOptions options;
                options.ownAvx2Conv
                    = k == 0 ? Int8KernelOptions::OwnAvx2Conv::Everywhere : Int8KernelOptions::OwnAvx2Conv::Never;
                auto c = Int8Conv::create({ .shape = s,
                                              .srcType = DataType::UInt8,
                                              .inputLayout = ActivationLayout::Nhwc,
                                              .outputLayout = ActivationLayout::Nhwc,
                                              .constantSrcZeroPoint = zp,
                                              .options = options },
                    { DataType::Int8, w.data(), { 0 } });
                if (!c.isOk()) {
                    std::fprintf(stderr, "%s\n", c.status().toString().c_str());
                    return 1;
                }
                conv[k] = std::move(*c);
            }
            std::vector<uint8_t> y(size_t(s.outputCount()));
            double best[2];
            const auto run = [&](int k) { return conv[k]->runRequantized(x.data(), zp, rq, y.data()).isOk(); };
            if (!qs::bench::alternateBest(runs, cpu, run, best))
                return 1;
            totals[0] += best[0];
            totals[1] += best[1];
            const double macs = double(s.outputCount() * l.in);
            std::printf("| %s | %lld->%lld %lldx%lld | %d | %s | %.1f | %.0f | %s | %.1f | %.0f | %.2f |\n", l.model,
                static_cast<long long>(l.in), static_cast<long long>(l.out), static_cast<long long>(l.size),
                static_cast<long long>(l.size), zp, conv[0]->implementation().c_str(), best[0], macs / best[0] / 1e3,
                conv[1]->implementation().c_str(), best[1], macs / best[1] / 1e3, best[0] / best[1]);
        }
    std::printf("| total | | | | %.1f | | | %.1f | | %.2f |\n", totals[0], totals[1], totals[0] / totals[1]);
    return 0;
}
