// SPDX-License-Identifier: MIT
// Opening and panning a large graph in the GUI's graph view: load + analysis + Graphviz layout (the worker's
// path), scene construction and paint times. Prints one table; see bench/archive/2026-11-22-gui-and-measurement.md.
//
//   bench_graph_view [--blocks 223] [--model file.onnx] [--frames 120] [--save synthetic.onnx]
#include "graph/graph_scene.h"
#include "graph/graph_view.h"
#include "onnx_synth.h"
#include "workers/loaded_model.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <vector>

namespace {

struct FrameStats
{
    double median = 0, p95 = 0, max = 0;
};

FrameStats stats(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    FrameStats s;
    if (v.empty())
        return s;
    s.median = v[v.size() / 2];
    s.p95 = v[std::min(v.size() - 1, static_cast<size_t>(static_cast<double>(v.size()) * 0.95))];
    s.max = v.back();
    return s;
}

// Scrolls diagonally through the graph, repainting synchronously, and times each frame.
FrameStats pan(qs::ui::GraphView& view, int frames)
{
    std::vector<double> ms;
    QScrollBar* h = view.horizontalScrollBar();
    QScrollBar* v = view.verticalScrollBar();
    h->setValue(h->minimum());
    v->setValue(v->minimum());
    QElapsedTimer t;
    for (int i = 0; i < frames; ++i) {
        h->setValue(h->minimum() + (h->maximum() - h->minimum()) * i / std::max(1, frames - 1));
        v->setValue(v->minimum() + (v->maximum() - v->minimum()) * i / std::max(1, frames - 1));
        t.start();
        view.viewport()->repaint();
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    return stats(ms);
}

// CPU time of the calling thread: on a busy shared machine it approximates the wall time on an idle one.
double threadCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    int blocks = 223;
    int frames = 120;
    QString modelPath;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--blocks"))
            blocks = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--frames"))
            frames = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--model"))
            modelPath = args[i + 1];
        else if (args[i] == QLatin1String("--save")) {
            // Only write the synthetic model (to open it in the app), then stop.
            const std::string bytes = qs::bench::synthDynamicQuantModel(blocks);
            std::ofstream(args[i + 1].toStdString(), std::ios::binary)
                .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
            return 0;
        }
    }
    QTemporaryDir dir;
    if (modelPath.isEmpty()) {
        modelPath = dir.filePath(QStringLiteral("synthetic.onnx"));
        const std::string bytes = qs::bench::synthDynamicQuantModel(blocks);
        std::ofstream(modelPath.toStdString(), std::ios::binary)
            .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }

    QElapsedTimer total;
    total.start();
    const double cpu0 = threadCpuMs();
    auto loaded = qs::ui::loadAndLayout(modelPath, {});
    const double openCpuMs = threadCpuMs() - cpu0;
    const double openMs = static_cast<double>(total.nsecsElapsed()) / 1e6;
    if (!loaded) {
        std::fprintf(stderr, "bench_graph_view: %s\n", loaded.status().toString().c_str());
        return 1;
    }
    const auto& lm = **loaded;

    QElapsedTimer t;
    t.start();
    qs::ui::GraphScene scene;
    scene.setModel(*loaded);
    const double sceneMs = static_cast<double>(t.nsecsElapsed()) / 1e6;

    qs::ui::GraphView view;
    view.setScene(&scene);
    view.resize(1400, 900);
    view.show();
    QApplication::processEvents();
    t.restart();
    view.viewport()->repaint();
    const double firstPaintMs = static_cast<double>(t.nsecsElapsed()) / 1e6;

    view.setTransform(QTransform::fromScale(0.8, 0.8));
    const FrameStats readable = pan(view, frames);
    view.fitToWindow();
    view.setTransform(QTransform::fromScale(0.15, 0.15));
    const FrameStats overview = pan(view, frames);

    std::printf("model: %s\n", qPrintable(modelPath));
    std::printf("nodes: %zu, edges drawn: %zu, scene %.0f x %.0f pt\n", lm.model->graph().nodes().size(),
        scene.edgeItems().size(), scene.sceneRect().width(), scene.sceneRect().height());
    std::printf("| step | ms |\n|---|---|\n");
    std::printf("| load + ONNX checks + shape inference | %.0f |\n", lm.loadMs);
    std::printf("| analysis + classification | %.0f |\n", lm.analysisMs);
    std::printf("| Graphviz dot layout | %.0f |\n", lm.layout.milliseconds);
    std::printf("| open total (worker thread), wall | %.0f |\n", openMs);
    std::printf("| open total (worker thread), thread CPU time | %.0f |\n", openCpuMs);
    std::printf("| scene items built (GUI thread) | %.0f |\n", sceneMs);
    std::printf("| first paint 1400x900 | %.1f |\n", firstPaintMs);
    std::printf("| pan frame at 80 %% zoom: median / p95 / max | %.2f / %.2f / %.2f |\n", readable.median, readable.p95,
        readable.max);
    std::printf("| pan frame at 15 %% zoom: median / p95 / max | %.2f / %.2f / %.2f |\n", overview.median, overview.p95,
        overview.max);
    return 0;
}
