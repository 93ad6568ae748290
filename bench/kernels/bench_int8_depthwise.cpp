// SPDX-License-Identifier: MIT
// In-process A/B of the static int8 depthwise layers of MobileNet-style models: the engine's rule (natively the VNNI
// depthwise loops, int8_conv_depthwise_vnni.cpp) against oneDNN (Int8KernelOptions::OwnAvx2Conv::Never: natively
// brdgmm_dw writing the uint8 output itself), both through Int8Conv::runRequantized on the same NHWC input, alternating
// layer by layer; minimum thread CPU time per run (one thread) or wall time (more), in microseconds.
//
//   build/bin/bench_int8_depthwise [--runs N] [--threads N]
#include "bench_ab_args.h"
#include "kernels/int8/int8_conv.h"
#include "kernels/int8/requantize.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
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
    int64_t channels, size, kernel, stride;
};

// mnasnet0_5 and mobilenet_v3_large (torchvision), input map size; repeated layers once.
const Layer kLayers[] = {
    { "mnasnet0_5", 16, 112, 3, 1 },
    { "mnasnet0_5", 24, 112, 3, 2 },
    { "mnasnet0_5", 48, 56, 3, 1 },
    { "mnasnet0_5", 48, 56, 5, 2 },
    { "mnasnet0_5", 72, 28, 5, 1 },
    { "mnasnet0_5", 144, 28, 5, 2 },
    { "mnasnet0_5", 240, 14, 5, 1 },
    { "mnasnet0_5", 240, 14, 3, 1 },
    { "mnasnet0_5", 288, 14, 3, 1 },
    { "mnasnet0_5", 288, 14, 5, 2 },
    { "mnasnet0_5", 576, 7, 5, 1 },
    { "mnasnet0_5", 576, 7, 3, 1 },
    { "mobilenet_v3", 16, 112, 3, 1 },
    { "mobilenet_v3", 64, 112, 3, 2 },
    { "mobilenet_v3", 72, 56, 3, 1 },
    { "mobilenet_v3", 72, 56, 5, 2 },
    { "mobilenet_v3", 120, 28, 5, 1 },
    { "mobilenet_v3", 240, 28, 3, 2 },
    { "mobilenet_v3", 200, 14, 3, 1 },
    { "mobilenet_v3", 184, 14, 3, 1 },
    { "mobilenet_v3", 480, 14, 3, 1 },
    { "mobilenet_v3", 672, 14, 3, 1 },
    { "mobilenet_v3", 672, 14, 5, 2 },
    { "mobilenet_v3", 960, 7, 5, 1 },
};

} // namespace

int main(int argc, char** argv)
{
    const qs::bench::AbArgs args = qs::bench::parseAbArgs(argc, argv);
    const int runs = args.runs;
    omp_set_num_threads(args.threads);
    const bool cpu = args.threadCpu();
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> byte(0, 255), weight(-60, 60);
    std::printf("| model | layer | rule | us | oneDNN | us | rule/oneDNN |\n|---|---|---|---:|---|---:|---:|\n");
    double totals[2] = { 0, 0 };
    for (const Layer& l : kLayers) {
        ConvShape s;
        s.batch = 1;
        s.inChannels = s.outChannels = s.group = l.channels;
        s.inHeight = s.inWidth = l.size;
        s.kernelHeight = s.kernelWidth = l.kernel;
        s.strideHeight = s.strideWidth = l.stride;
        s.padTop = s.padLeft = s.padBottom = s.padRight = l.kernel / 2;
        std::vector<uint8_t> x(size_t(s.inputCount()));
        std::vector<int8_t> w(size_t(s.weightCount()));
        for (uint8_t& v : x)
            v = uint8_t(byte(rng));
        for (int8_t& v : w)
            v = int8_t(weight(rng));
        std::vector<float> wScales(size_t(l.channels), 0.002f);
        Requantization rq
            = Requantization::make(DataType::UInt8, 0.02f, wScales.data(), l.channels, l.channels, 0.05f, 0);
        rq.bias.assign(size_t(l.channels), 100);
        rq.clampTo(0.0f, 6.0f, 0.05f);
        std::unique_ptr<Int8Conv> conv[2];
        for (int k = 0; k < 2; ++k) {
            Int8KernelOptions options;
            if (k == 1)
                options.ownAvx2Conv = Int8KernelOptions::OwnAvx2Conv::Never;
            auto c = Int8Conv::create({ .shape = s,
                                          .inputLayout = ActivationLayout::Nhwc,
                                          .outputLayout = ActivationLayout::Nhwc,
                                          .constantSrcZeroPoint = 3,
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
        const auto run = [&](int k) { return conv[k]->runRequantized(x.data(), 3, rq, y.data()).isOk(); };
        if (!qs::bench::alternateBest(runs, cpu, run, best))
            return 1;
        totals[0] += best[0];
        totals[1] += best[1];
        std::printf("| %s | c%lld %lldx%lld k%lld s%lld | %s | %.1f | %s | %.1f | %.2f |\n", l.model,
            static_cast<long long>(l.channels), static_cast<long long>(l.size), static_cast<long long>(l.size),
            static_cast<long long>(l.kernel), static_cast<long long>(l.stride), conv[0]->implementation().c_str(),
            best[0], conv[1]->implementation().c_str(), best[1], best[0] / best[1]);
    }
    std::printf("| total | | | %.1f | | %.1f | %.2f |\n", totals[0], totals[1], totals[0] / totals[1]);
    return 0;
}
