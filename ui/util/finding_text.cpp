// SPDX-License-Identifier: MIT
#include "finding_text.h"

#include "util/qt_convert.h"
#include "util/quant_format_text.h"
#include "util/scenario_groups.h"

#include <quantscope/engine/verdict.h>

#include <QLocale>

#include <cmath>
#include <variant>

namespace qs::ui {

namespace {

// %1..%99 replaced in one pass, so a value that happens to contain "%2" (a model name) is not substituted again.
QString fill(const QString& pattern, const QStringList& values)
{
    QString out;
    out.reserve(pattern.size() + 64);
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == QLatin1Char('%') && i + 1 < pattern.size() && pattern[i + 1].isDigit()) {
            qsizetype j = i + 1;
            int n = 0;
            while (j < pattern.size() && pattern[j].isDigit() && j < i + 3)
                n = n * 10 + pattern[j++].digitValue();
            if (n >= 1 && n <= values.size()) {
                out += values[n - 1];
                i = j - 1;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

// Typed access to a message's values, formatted in the UI locale. A missing value marks the phrasing unusable (the
// caller then shows the engine's English); in probe mode placeholders stand in, so tests can reach every phrasing.
class Values
{
public:
    Values(const MessageArgs& args, bool probe)
        : m_args(args)
        , m_probe(probe)
    { }

    bool ok() const { return !m_missing; }
    bool has(const char* key) const { return m_args.count(key) != 0; }

    QString text(const char* key)
    {
        const MessageValue* v = find(key);
        if (!v)
            return QStringLiteral("?");
        if (const auto* s = std::get_if<std::string>(v))
            return toQString(*s);
        if (const auto* i = std::get_if<int64_t>(v))
            return QLocale().toString(qlonglong(*i));
        return QLocale().toString(std::get<double>(*v));
    }
    double number(const char* key)
    {
        const MessageValue* v = find(key);
        if (!v)
            return 1.0;
        if (const auto* d = std::get_if<double>(v))
            return *d;
        if (const auto* i = std::get_if<int64_t>(v))
            return double(*i);
        m_missing = true; // a name where a number belongs: the file is not what this build expects
        return 1.0;
    }
    QString fixed(const char* key, int decimals) { return QLocale().toString(number(key), 'f', decimals); }
    QString general(const char* key, int precision) { return QLocale().toString(number(key), 'g', precision); }
    QString count(const char* key) { return QLocale().toString(qlonglong(std::llround(number(key)))); }
    /// A share (0.276) as percent with one decimal ("27.6"); the % sign belongs to the phrasing.
    QString percent(const char* key) { return QLocale().toString(number(key) * 100.0, 'f', 1); }
    /// A speed factor as the engine's verdict writes it: two decimals below 2x, one above.
    QString factor(const char* key)
    {
        const double x = number(key);
        return QLocale().toString(x, 'f', x < 1.995 ? 2 : 1);
    }
    QString threads(const char* key) { return threadsText(static_cast<int32_t>(std::llround(number(key)))); }
    /// "optimized" / "as written" in the UI language.
    QString mode(const char* key)
    {
        const MessageValue* v = find(key);
        const auto* s = v ? std::get_if<std::string>(v) : nullptr;
        if (!s)
            return QStringLiteral("?");
        const std::optional<ExecutionMode> m = parseExecutionMode(*s);
        return m ? modeText(*m) : toQString(*s);
    }
    /// Empty for the engine itself (labels leave it out), else the runtime in the UI language; a word this build
    /// does not know as written.
    QString otherRuntime(const char* key)
    {
        const QString word = text(key);
        const std::optional<Runtime> r = parseRuntime(word.toStdString());
        if (!r)
            return word;
        return *r == Runtime::Quantscope ? QString() : runtimeText(*r);
    }
    /// A model's quantization format in the UI language; a word this build does not know as written.
    QString format(const char* key)
    {
        const QString word = text(key);
        const std::optional<QuantFormat> f = parseQuantFormat(word.toStdString());
        return f ? quantFormatText(*f) : word;
    }
    QString yesNo(const char* key)
    {
        return number(key) != 0 ? QCoreApplication::translate("qs::ui::RunText", "yes")
                                : QCoreApplication::translate("qs::ui::RunText", "no");
    }
    /// "yolov5nu_fp32 · 1 thread · optimized", as the engine's ScenarioRecord::label().
    QString scenario()
    {
        QString label = text("model") + QStringLiteral(" \u00b7 ") + threads("threads") + QStringLiteral(" \u00b7 ")
            + mode("mode");
        if (const QString runtime = has("runtime") ? otherRuntime("runtime") : QString(); !runtime.isEmpty())
            label += QStringLiteral(" \u00b7 ") + runtime;
        return label;
    }
    std::string variant()
    {
        const MessageValue* v = find("variant");
        const auto* s = v ? std::get_if<std::string>(v) : nullptr;
        return s ? *s : std::string();
    }

private:
    const MessageValue* find(const char* key)
    {
        auto it = m_args.find(key);
        if (it != m_args.end())
            return &it->second;
        if (!m_probe)
            m_missing = true;
        return nullptr;
    }

    const MessageArgs& m_args;
    bool m_probe;
    bool m_missing = false;
};

std::optional<QString> result(const Values& v, const QString& text)
{
    if (!v.ok())
        return std::nullopt;
    return text;
}

} // namespace

std::optional<QString> FindingText::title(std::string_view id, const MessageArgs& args, bool probe)
{
    Values v(args, probe);
    if (id == "different-networks") {
        const std::string variant = v.variant();
        if (variant == "compared")
            return result(v,
                fill(tr("%1 and %2 are not the same network, but were compared as asked"),
                    { v.text("baseline"), v.text("candidate") }));
        if (variant == "refused")
            return result(v,
                fill(tr("%1 and %2 are not the same network, so they were not compared"),
                    { v.text("baseline"), v.text("candidate") }));
        return std::nullopt;
    }
    if (id == "unsupported-operators")
        return tr("some models use operators the engine does not implement, so they were not measured");
    if (id == "reference-kernel")
        return result(v,
            fill(tr("%1 runs %2 node(s) on slow reference kernels, %3 ms per run (%4% of its kernel time)"),
                { v.text("model"), v.count("nodes"), v.fixed("ms", 3), v.percent("share") }));
    if (id == "dynamic-quantized-convolutions") {
        const std::string variant = v.variant();
        if (variant == "fused")
            return result(v,
                tr("the convolutions are dynamically quantized: every ConvInteger first quantizes its input at run "
                   "time (DynamicQuantizeLinear, an extra pass over each activation); the Cast and Mul that rescale "
                   "its output are fused into the integer convolution in the optimized mode measured"));
        if (variant == "separate")
            return result(v,
                tr("the convolutions are dynamically quantized: every ConvInteger first quantizes its input at run "
                   "time (DynamicQuantizeLinear, an extra pass over each activation) and rescales its output through "
                   "separate Cast and Mul nodes"));
        return std::nullopt;
    }
    if (id == "quantization-overhead")
        return result(v,
            fill(tr("%1% of the run time goes to converting between float and integer rather than computing"),
                { v.percent("share") }));
    if (id == "no-int8-dot-product") {
        const std::string variant = v.variant();
        if (variant != "x86" && variant != "arm")
            return std::nullopt;
        return tr("this CPU has no int8 dot-product instruction (VNNI/dotprod), which caps what INT8 can gain");
    }
    if (id == "int8-dot-product-unused")
        return result(v,
            fill(tr("oneDNN dispatches to %1 kernels, so the engine's INT8 numbers do not use the CPU's VNNI"),
                { v.text("isa") }));
    if (id == "qoperator-signed-activations")
        return tr("the model is in QOperator format with signed int8 activations (S8S8), which x86-64 kernels handle "
                  "slowly");
    if (id == "op-count-growth")
        return result(v, fill(tr("quantization multiplied the node count by %1"), { v.fixed("growth", 1) }));
    if (id == "unfused-boundaries") {
        const std::string variant = v.variant();
        if (variant != "quantized" && variant != "float")
            return std::nullopt;
        return result(v,
            fill(tr("%1 runs %2x slower as written than optimized: its result depends on graph fusion"),
                { v.text("model"), v.fixed("gap", 2) }));
    }
    if (id == "thread-sensitivity")
        return result(v,
            fill(tr("the INT8 speedup of %1 depends on the thread count (%2x with %3, %4x with %5)"),
                { v.text("model"), v.fixed("speedupA", 2), v.threads("threadsA"), v.fixed("speedupB", 2),
                    v.threads("threadsB") }));
    if (id == "saturation-risk")
        return tr("on this CPU, u8*s8 products are summed in pairs into saturating 16-bit integers, which can clip "
                  "results for 8-bit weights");
    if (id == "tiny-model")
        return result(v, fill(tr("%1 is so small that fixed per-run costs dominate"), { v.text("model") }));
    if (id == "noisy-measurements")
        return result(v,
            fill(tr("the measurements are noisy (CV up to %1%), so small differences are not results"),
                { v.percent("cv") }));
    if (id == "inconclusive-speedup")
        return result(v,
            fill(tr("%1 and %2 are indistinguishable with %3 (%4)"),
                { v.text("candidate"), v.text("baseline"), v.threads("threads"), v.mode("mode") }));
    if (id == "partial-run")
        return tr("the run was cancelled, so some numbers come from fewer runs than planned");
    if (id == "runtime-difference")
        return result(v,
            fill(tr("%1 is %2x against %3 in ONNX Runtime %4 but %5x in Quantscope (%6, %7)"),
                { v.text("candidate"), v.fixed("onnxruntimeSpeedup", 2), v.text("baseline"), v.text("version"),
                    v.fixed("quantscopeSpeedup", 2), v.threads("threads"), v.mode("mode") }));
    if (id == "deployment-target") {
        const std::string variant = v.variant();
        const QStringList values { v.text("model"), v.text("target"), v.text("version"), v.count("nodes"),
            v.text("ops") };
        if (variant == "cannot-load")
            return result(
                v, fill(tr("%1 cannot load in %2, version %3: %4 node(s) have no kernel there (%5)"), values));
        if (variant == "conversion-fails")
            return result(
                v, fill(tr("%1 cannot be converted by %2, version %3: %4 node(s) are not supported (%5)"), values));
        if (variant == "cpu-no-kernel")
            return result(v,
                fill(tr("%1 cannot load on %2, version %3: %4 node(s) fall back to the CPU provider, which has no "
                        "kernel for them either (%5)"),
                    values));
        if (variant == "fails-at-run-time")
            return result(v,
                fill(tr("%1 loads on %2, version %3, but %4 node(s) break a restriction of the table and fail at run "
                        "time (%5)"),
                    values));
        if (variant == "falls-back")
            return result(
                v, fill(tr("on %2, version %3, %4 node(s) of %1 fall back to the CPU provider (%5)"), values));
        return std::nullopt;
    }
    if (id == "onnxruntime-setup") {
        const std::string variant = v.variant();
        if (variant != "dot-product" && variant != "no-dot-product")
            return std::nullopt;
        return result(v,
            fill(variant == "dot-product"
                    ? tr("ONNX Runtime %1 ran with graph optimizations %2 on its CPU provider; this CPU has INT8 "
                         "dot-product instructions")
                    : tr("ONNX Runtime %1 ran with graph optimizations %2 on its CPU provider; this CPU lacks INT8 "
                         "dot-product instructions"),
                { v.text("version"), v.text("levels") }));
    }
    return std::nullopt;
}

std::optional<QString> FindingText::advice(std::string_view id, const MessageArgs& args, bool probe)
{
    Values v(args, probe);
    if (id == "different-networks") {
        const std::string variant = v.variant();
        if (variant == "compared")
            return tr("The speedup and the findings compare two different networks, not FP32 with its "
                      "quantization. Measure the FP32 model this INT8 model was made from for a verdict about "
                      "quantization.");
        if (variant == "refused")
            return tr("Open the FP32 model this INT8 model was made from. To compare these two anyway, use "
                      "Benchmark \u2192 Compare Anyway (quantscope-cli: --allow-different-networks).");
        return std::nullopt;
    }
    if (id == "reference-kernel")
        return tr("These nodes ran a reference implementation (oneDNN's ref:..., or the engine's scalar loops), often "
                  "10-100x slower than a vectorised kernel: the measurement shows the fallback, not what the CPU can "
                  "do. 'quantscope-cli plan MODEL --run' shows each step's kernel, formats and fused post-ops; compare "
                  "with the ISA capped (DNNL_MAX_CPU_ISA=AVX2) and report the model.");
    if (id == "unsupported-operators")
        return tr("Those scenarios have no numbers. Time the model in ONNX Runtime and import its profile "
                  "(quantscope-cli import-ort-profile) to compare, or re-export the model without these operators.");
    if (id == "dynamic-quantized-convolutions") {
        const std::string variant = v.variant();
        if (variant != "fused" && variant != "separate")
            return std::nullopt;
        return tr("Dynamic quantization (ONNX Runtime quantize_dynamic) computes activation scales per run and is "
                  "meant for MatMul-heavy models (transformers, RNNs). For convolutional networks use static "
                  "quantization with calibration data (quantize_static, QDQ format, per-channel weights), which "
                  "runtimes fuse into integer convolutions.");
    }
    if (id == "quantization-overhead")
        return tr("This time is pure overhead the FP32 model does not have. Fewer precision boundaries (quantize whole "
                  "blocks, not single ops), fused Q/DQ (static QDQ models in a runtime that fuses them) or keeping "
                  "sensitive layers in FP32 entirely reduce it.");
    if (id == "no-int8-dot-product") {
        const std::string variant = v.variant();
        if (variant == "x86")
            return tr("Without VNNI, u8*s8 products take vpmaddubsw, vpmaddwd and vpaddd (three instructions where "
                      "VNNI's vpdpbusd needs one). CPUs with AVX512-VNNI or AVX-VNNI (Intel since Cascade Lake / "
                      "Alder Lake, AMD since Zen 4) gain more; measure on the deployment CPU before deciding.");
        if (variant == "arm")
            return tr("Without dotprod/i8mm, int8 products are widened before accumulation. Armv8.2+ cores with "
                      "dotprod (and i8mm) gain more; measure on the deployment CPU before deciding.");
        return std::nullopt;
    }
    if (id == "int8-dot-product-unused")
        return tr("oneDNN's ISA was limited (DNNL_MAX_CPU_ISA, or a oneDNN build older than the CPU). That is useful "
                  "to emulate a CPU without VNNI; for this machine's own answer, unset the limit and measure again.");
    if (id == "qoperator-signed-activations")
        return tr("x86-64 integer kernels multiply unsigned by signed bytes (vpmaddubsw / VNNI vpdpbusd); S8S8 needs "
                  "extra conversions. ONNX Runtime's quantization guide advises U8S8 on x86-64 and avoiding S8S8 with "
                  "QOperator; re-quantize with activation_type=QUInt8 or use the QDQ format.");
    if (id == "op-count-growth")
        return tr("Every extra node is a kernel launch and a pass over an activation in memory. Unless the runtime "
                  "fuses the added quantization nodes into integer kernels, these passes can cost more than the int8 "
                  "arithmetic saves.");
    if (id == "unfused-boundaries") {
        const std::string variant = v.variant();
        if (variant == "quantized")
            return tr("As written, every QuantizeLinear/DequantizeLinear runs as its own pass and the integer kernels "
                      "are surrounded by conversions. A runtime that fuses Q/DQ pairs into integer operators gets the "
                      "optimized number; one that does not gets the slower one. Check what the deployment runtime "
                      "fuses.");
        if (variant == "float")
            return tr("Operator fusion (Conv + activation, BatchNormalization folding, layout propagation) makes this "
                      "difference; a runtime without it will see the as-written number.");
        return std::nullopt;
    }
    if (id == "thread-sensitivity")
        return tr("The controlled (1 thread) number measures kernel efficiency; the practical (all cores) number adds "
                  "parallel scaling, where memory bandwidth and operators that do not parallelise (small "
                  "quantize/dequantize passes) change the balance. Decide with the setting you deploy.");
    if (id == "saturation-risk")
        return tr("Without VNNI, vpmaddubsw adds two u8*s8 products into int16 with saturation (255*127*2 = 64770 > "
                  "32767). oneDNN and ONNX Runtime recommend 7-bit weights on such CPUs (reduce_range=True in ONNX "
                  "Runtime's quantizer); check accuracy against FP32 on real inputs.");
    if (id == "tiny-model")
        return tr("Input/output copies, kernel dispatch and the quantization of inputs and outputs cost the same "
                  "whatever the arithmetic; with this little compute INT8 has little to win. Batch several inputs per "
                  "run or keep FP32.");
    if (id == "noisy-measurements")
        return tr("Close other programs, use the performance CPU governor, pin the process to cores (taskset), and run "
                  "longer (--seconds) so the medians settle. Speedups within the noise should be reported as 'no "
                  "difference'.");
    if (id == "inconclusive-speedup")
        return tr("The 95% bootstrap interval of the median ratio contains 1: the measured difference is within the "
                  "noise of this run. More runs or a quieter machine narrow it.");
    if (id == "partial-run")
        return tr("Treat partial statistics with care, or run again to completion.");
    if (id == "runtime-difference")
        return tr("Both runtimes ran the same files on the same inputs with the same threads; the difference is in how "
                  "each executes them. The op types listed carry most of it. Fused quantization boundaries and integer "
                  "dot-product kernels decide who wins; the onnxruntime-setup finding lists ONNX Runtime's settings.");
    if (id == "deployment-target") {
        const std::string variant = v.variant();
        const QString details = tr("'quantscope-cli targets MODEL' lists every node and why.");
        if (variant == "falls-back")
            return tr("A provider runs only the operators it supports; ONNX Runtime hands the rest to its CPU provider "
                      "and copies tensors at every boundary between the two, so a few unsupported operator types can "
                      "cost more than the provider gains. Use operators the target lists, or measure on the device "
                      "with and without the provider.")
                + QLatin1Char(' ') + details;
        if (variant == "conversion-fails")
            return tr("The parser stops at the first operator it does not support, so no engine is built from this "
                      "file. Export the network with operators the parser lists.")
                + QLatin1Char(' ') + details;
        if (variant == "fails-at-run-time")
            return tr("The session is created, but running these nodes fails on the restriction the table states. "
                      "Quantize so the nodes meet it (for ConvInteger: per-tensor zero points), or use another format.")
                + QLatin1Char(' ') + details;
        if (variant == "cpu-no-kernel")
            return tr("Creating a session fails ('Could not find an implementation for ...'): the provider rejects "
                      "these nodes, and ONNX Runtime's CPU provider, which runs what a provider rejects, has no kernel "
                      "for them either. Quantize in a format both have kernels for, or deploy a build that includes "
                      "them.")
                + QLatin1Char(' ') + details;
        if (variant == "cannot-load")
            return tr("Creating a session fails ('Could not find an implementation for ...'): this build has no kernel "
                      "for these nodes. Quantize in a format the build has kernels for, or deploy a build that "
                      "includes them (a full package, or a reduced build made for this model).")
                + QLatin1Char(' ') + details;
        return std::nullopt;
    }
    if (id == "onnxruntime-setup") {
        const std::string variant = v.variant();
        if (variant == "dot-product")
            return tr(
                "ONNX Runtime's CPU provider uses these instructions for ConvInteger, MatMulInteger and fused QDQ "
                "convolutions. If INT8 is still slow there, compare the time per op type: unfused conversion ops "
                "(DynamicQuantizeLinear, Cast, Mul) and graph optimizations 'disabled' are the usual causes; "
                "deploy with ORT_ENABLE_ALL and the thread count you measured.");
        if (variant == "no-dot-product")
            return tr("Without VNNI, AMX or dotprod, ONNX Runtime's INT8 kernels add u8*s8 products in pairs into "
                      "16-bit sums and gain little over FP32 code. Measure on the deployment CPU, or keep FP32 on this "
                      "one; deploy with ORT_ENABLE_ALL so QDQ groups are fused.");
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<QString> FindingText::evidence(std::string_view id, const EvidenceLine& line, bool probe)
{
    Values v(line.args, probe);
    const std::string_view kind = line.kind;
    // Shared by several rules: one comparison's speedup with its interval.
    const auto speedup = [&](bool measured) {
        QString where = fill(tr("%1: %2x (95% CI %3-%4) vs %5, %6, %7"),
            { v.text("candidate"), v.fixed("speedup", 2), v.fixed("low", 2), v.fixed("high", 2), v.text("baseline"),
                v.threads("threads"), v.mode("mode") });
        if (const QString runtime = v.has("runtime") ? v.otherRuntime("runtime") : QString(); !runtime.isEmpty())
            where += QStringLiteral(", ") + runtime;
        return result(v, measured ? fill(tr("measured speedup %1"), { where }) : where);
    };
    if (id == "different-networks") {
        if (kind == "inputs")
            return result(v,
                fill(tr("inputs differ: %1 has %2, %3 has %4"),
                    { v.text("baselineModel"), v.text("baseline"), v.text("candidateModel"), v.text("candidate") }));
        if (kind == "outputs")
            return result(v,
                fill(tr("outputs differ: %1 has %2, %3 has %4"),
                    { v.text("baselineModel"), v.text("baseline"), v.text("candidateModel"), v.text("candidate") }));
        if (kind == "layer-count")
            return result(v,
                fill(tr("%1 has %2 %3 layers, %4 has %5"),
                    { v.text("baselineModel"), v.count("baselineCount"), v.text("op"), v.text("candidateModel"),
                        v.count("candidateCount") }));
        if (kind == "layer-order")
            return result(v,
                fill(tr("layer %1 is %2 in %3 but %4 in %5"),
                    { v.count("index"), v.text("baselineLayer"), v.text("baselineModel"), v.text("candidateLayer"),
                        v.text("candidateModel") }));
        return std::nullopt;
    }
    if (id == "reference-kernel") {
        if (kind == "reference-node")
            return result(v,
                fill(tr("%1: node '%2' (%3) ran %4: %5 ms per run (%6% of kernel time)"),
                    { v.scenario(), v.text("node"), v.text("opType"), v.text("implementation"), v.fixed("ms", 3),
                        v.percent("share") }));
        if (kind == "reference-more")
            return result(v, fill(tr("%1 more node(s): %2 ms per run"), { v.count("nodes"), v.fixed("ms", 3) }));
        return std::nullopt;
    }
    if (id == "unsupported-operators" && kind == "unsupported-ops") {
        const qint64 more = std::llround(v.number("more"));
        return result(v,
            more > 0 ? fill(tr("%1: %2 and %3 more"), { v.scenario(), v.text("ops"), v.count("more") })
                     : fill(tr("%1: %2"), { v.scenario(), v.text("ops") }));
    }
    if (id == "dynamic-quantized-convolutions") {
        if (kind == "op-counts")
            return result(v,
                fill(tr("%1: %2 DynamicQuantizeLinear, %3 ConvInteger, %4 Cast, %5 Mul nodes (%6 nodes in total)"),
                    { v.text("model"), v.count("dynamicQuantizeLinear"), v.count("convInteger"), v.count("cast"),
                        v.count("mul"), v.count("nodes") }));
        if (kind == "quantize-time")
            return result(v,
                fill(tr("%1: DynamicQuantizeLinear takes %2 ms of %3 ms per run (%4%)"),
                    { v.scenario(), v.fixed("ms", 2), v.fixed("totalMs", 2), v.percent("share") }));
        if (kind == "measured-speedup")
            return speedup(true);
        if (kind == "convolution-time") {
            const std::string variant = v.variant();
            const QStringList values { v.fixed("integerMs", 2), v.fixed("floatMs", 2), v.fixed("ratio", 2) };
            if (variant == "fused")
                return result(v,
                    fill(tr("ConvInteger steps (with their fused Cast/Mul rescaling) take %1 ms per run vs %2 ms for "
                            "the FP32 model's Conv kernels (%3x)"),
                        values));
            if (variant == "separate")
                return result(v,
                    fill(tr("ConvInteger kernels take %1 ms per run vs %2 ms for the FP32 model's Conv kernels (%3x)"),
                        values));
        }
        return std::nullopt;
    }
    if (id == "quantization-overhead") {
        if (kind == "overhead-total")
            return result(v,
                fill(tr("%1: quantize/dequantize/cast/requantize nodes take %2 ms of %3 ms per run (%4%, %5 "
                        "profile)"),
                    { v.scenario(), v.fixed("ms", 2), v.fixed("totalMs", 2), v.percent("share"), v.text("source") }));
        if (kind == "overhead-op")
            return result(v, fill(tr("%1: %2 ms (%3%)"), { v.text("op"), v.fixed("ms", 2), v.percent("share") }));
        return std::nullopt;
    }
    if (id == "no-int8-dot-product") {
        if (kind == "isa-x86")
            return result(v,
                fill(tr("%1: AVX512-VNNI no, AVX-VNNI no, AMX-INT8 no; AVX2 %2, AVX-512 %3"),
                    { v.text("cpu"), v.yesNo("avx2"), v.yesNo("avx512") }));
        if (kind == "isa-arm")
            return result(v, fill(tr("%1: Arm dotprod no, i8mm no"), { v.text("cpu") }));
        if (kind == "onednn-isa")
            return result(v, fill(tr("oneDNN %1 dispatches to %2"), { v.text("version"), v.text("isa") }));
        if (kind == "measured-speedup")
            return speedup(true);
        if (kind == "expected-gain")
            return result(v,
                fill(tr("expected here for fused integer convolutions: about %1-%2x per layer (oneDNN u8*s8 vs FP32 "
                        "convolutions measured on an AVX2 EPYC without VNNI), less for whole models"),
                    { v.fixed("low", 1), v.fixed("high", 1) }));
        return std::nullopt;
    }
    if (id == "int8-dot-product-unused") {
        if (kind == "isa-vnni")
            return result(v,
                fill(tr("%1: AVX512-VNNI %2, AVX-VNNI %3, AMX-INT8 %4"),
                    { v.text("cpu"), v.yesNo("avx512Vnni"), v.yesNo("avxVnni"), v.yesNo("amxInt8") }));
        if (kind == "onednn-isa")
            return result(v, fill(tr("oneDNN %1 effective ISA: %2"), { v.text("version"), v.text("isa") }));
        return std::nullopt;
    }
    if (id == "qoperator-signed-activations" && kind == "signed-nodes")
        return result(v,
            fill(tr("%1: %2 integer convolution/matmul nodes take int8 activations (format %3)"),
                { v.text("model"), v.count("nodes"), v.format("format") }));
    if (id == "op-count-growth") {
        if (kind == "node-counts")
            return result(v,
                fill(tr("%1 nodes (%2) -> %3 nodes (%4): %5x"),
                    { v.count("baselineNodes"), v.text("baseline"), v.count("candidateNodes"), v.text("candidate"),
                        v.fixed("growth", 2) }));
        if (kind == "added-ops")
            return result(v, fill(tr("added: %1"), { v.text("ops") }));
        return std::nullopt;
    }
    if (id == "unfused-boundaries" && kind == "medians")
        return result(v,
            fill(tr("%1, %2: median %3 ms as written vs %4 ms optimized"),
                { v.text("model"), v.threads("threads"), v.fixed("asWrittenMs", 2), v.fixed("optimizedMs", 2) }));
    if ((id == "thread-sensitivity" || id == "inconclusive-speedup") && kind == "speedup")
        return speedup(false);
    if (id == "saturation-risk") {
        if (kind == "no-vnni")
            return result(
                v, fill(tr("%1 (%2): no VNNI/AMX on %3"), { v.text("model"), v.format("format"), v.text("cpu") }));
        if (kind == "onednn-limited")
            return result(v,
                fill(tr("%1 (%2): oneDNN limited to %3 on %4"),
                    { v.text("model"), v.format("format"), v.text("isa"), v.text("cpu") }));
        if (kind == "parity") {
            const QStringList values { v.text("reference"), v.text("output"), v.general("maxAbsError", 4),
                v.general("meanAbsError", 4), v.fixed("cosine", 4) };
            if (v.has("cosine") || probe)
                return result(v, fill(tr("parity vs %1 (%2): max |error| %3, mean |error| %4, cosine %5"), values));
            return result(v, fill(tr("parity vs %1 (%2): max |error| %3, mean |error| %4"), values));
        }
        return std::nullopt;
    }
    if (id == "tiny-model") {
        if (kind == "fp32-median")
            return result(v, fill(tr("%1: FP32 median %2 ms"), { v.scenario(), v.fixed("ms", 3) }));
        if (kind == "macs")
            return result(v,
                fill(tr("%1 million multiply-accumulates per inference"),
                    { QLocale().toString(v.number("macs") / 1e6, 'f', 1) }));
        return std::nullopt;
    }
    if (id == "noisy-measurements" && kind == "noisy-scenario")
        return result(v,
            fill(tr("%1: CV %2% (mean %3 ms, stddev %4 ms, P99 %5 ms vs P50 %6 ms), %7 Tukey outliers in %8 runs"),
                { v.scenario(), v.percent("cv"), v.fixed("meanMs", 2), v.fixed("stddevMs", 2), v.fixed("p99Ms", 2),
                    v.fixed("p50Ms", 2), v.count("outliers"), v.count("runs") }));
    if (id == "partial-run") {
        if (kind == "partial-scenario") {
            // The reason is the engine's own sentence ("cancelled after 3 of 20 measured runs"), kept as written.
            const QString reason = v.text("reason");
            return result(v, fill(tr("%1: %2"), { v.scenario(), reason.isEmpty() ? tr("partial") : reason }));
        }
        if (kind == "stopped-early")
            return tr("the run was stopped before every scenario ran");
        return std::nullopt;
    }
    if (id == "deployment-target") {
        // Read only by the per-operator lines: another line lacks these values, and reading them marks it unusable.
        const auto op = [&] { return QStringList { v.text("op"), v.count("nodes"), v.text("examples") }; };
        if (kind == "table")
            return result(v,
                fill(tr("table %1, version %2 (%3)"), { v.text("table"), v.text("version"), v.text("versionMatch") }));
        if (kind == "no-kernel")
            return result(v, fill(tr("%1: %2 node(s) without a kernel, first %3"), op()));
        if (kind == "unsupported")
            return result(v, fill(tr("%1: %2 node(s) the parser does not support, first %3"), op()));
        if (kind == "cpu-no-kernel")
            return result(v, fill(tr("%1: %2 node(s) the CPU provider has no kernel for either, first %3"), op()));
        if (kind == "falls-back")
            return result(v, fill(tr("%1: %2 node(s) fall back to the CPU provider, first %3"), op()));
        if (kind == "fails-at-run-time")
            return result(v, fill(tr("%1: %2 node(s) fail at run time, first %3"), op()));
        if (kind == "partitions" || kind == "partitions-approximate") {
            const QString split
                = fill(tr("the fallbacks split the graph into %1 partitions (%2 on the provider, %3 on the CPU), with "
                          "%4 copies between them"),
                    { v.count("partitions"), v.count("provider"), v.count("cpu"), v.count("copies") });
            if (kind == "partitions")
                return result(v, split);
            return result(
                v, fill(tr("%1, not counting %2 node(s) the table says nothing about"), { split, v.count("unknown") }));
        }
        if (kind == "file-format") {
            // Run files written before the format was stored as values have only the engine's English sentence.
            if (!probe && (!v.has("format") || !v.has("accepted")))
                return result(v, fill(tr("also: %1"), { v.text("problem") }));
            return result(v,
                fill(tr("also: this target loads only %1 files: a %2 file cannot load at all (it must be converted "
                        "first)"),
                    { v.text("accepted"), v.text("format") }));
        }
        if (kind == "unknown")
            return result(v, fill(tr("the table does not say for %1 more node(s)"), { v.count("nodes") }));
        if (kind == "same-network")
            return result(v,
                fill(tr("%1 (%2), the same network: %3 node(s) run there, %4 fall back to the CPU provider, %5 cannot "
                        "load, %6 unknown"),
                    { v.text("model"), v.text("format"), v.count("runs"), v.count("fallsBack"), v.count("cannotLoad"),
                        v.count("unknown") }));
        return std::nullopt;
    }
    if (id == "runtime-difference") {
        if (kind == "onnxruntime-speedup" || kind == "quantscope-speedup") {
            const auto where = speedup(false);
            if (!where)
                return std::nullopt;
            return result(
                v, fill(kind == "onnxruntime-speedup" ? tr("ONNX Runtime: %1") : tr("Quantscope: %1"), { *where }));
        }
        if (kind == "op-type")
            return result(v,
                fill(tr("%1 in %2: %3 ms per run in ONNX Runtime vs %4 ms in Quantscope"),
                    { v.text("op"), v.text("model"), v.fixed("onnxruntimeMs", 1), v.fixed("quantscopeMs", 1) }));
        return std::nullopt;
    }
    if (id == "onnxruntime-setup") {
        if (kind == "build-providers")
            return result(v,
                fill(tr("ONNX Runtime %1 (%2 adapter, %3): execution providers in this build: %4"),
                    { v.text("version"), v.text("adapter"), v.text("host"), v.text("providers") }));
        if (kind == "session")
            return result(v,
                fill(tr("%1: graph optimization %2, %3 intra-op / %4 inter-op threads, provider %5"),
                    { v.scenario(), v.text("level"), v.count("intra"), v.count("inter"), v.text("providers") }));
        if (kind == "cpu-int8")
            return result(v,
                fill(v.number("dotProduct") != 0
                        ? tr("CPU INT8 features: %1")
                        : tr("CPU INT8 features: %1 (no VNNI, AMX or dotprod: no INT8 dot-product instructions)"),
                    { v.text("features") }));
        return std::nullopt;
    }
    return std::nullopt;
}

FindingText::Rendered FindingText::render(const Finding& f)
{
    Rendered r;
    const auto t = title(f.id, f.args);
    const auto a = advice(f.id, f.args);
    r.translatedTitle = t.has_value() && a.has_value();
    r.title = r.translatedTitle ? *t : toQString(f.title);
    r.advice = r.translatedTitle ? *a : toQString(f.advice);
    const bool structured = f.hasStructuredEvidence();
    for (size_t i = 0; i < f.evidence.size(); ++i) {
        std::optional<QString> line;
        if (structured && r.translatedTitle)
            line = evidence(f.id, f.evidenceLines[i]);
        if (line)
            ++r.translatedEvidence;
        r.evidence << (line ? *line : toQString(f.evidence[i]));
    }
    return r;
}

QString FindingText::severityName(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::Critical:
        return QCoreApplication::translate("qs::ui::RunText", "critical");
    case FindingSeverity::Warning:
        return QCoreApplication::translate("qs::ui::RunText", "warning");
    case FindingSeverity::Info:
        break;
    }
    return QCoreApplication::translate("qs::ui::RunText", "info");
}

QString FindingText::verdict(const RunRecord& record)
{
    return verdict(verdictOf(record));
}

QString FindingText::verdict(const RunRecord& record, int32_t threads, ExecutionMode mode)
{
    return verdict(verdictOf(record, threads, mode));
}

QString FindingText::verdict(const Verdict& verdict)
{
    Values v(verdict.args, false);
    if (verdict.id == "different-networks")
        return fill(tr("No INT8-vs-FP32 verdict: %1 and %2 are not the same network (see the findings; Benchmark "
                       "\u2192 Compare Anyway compares them all the same)."),
            { v.text("baseline"), v.text("candidate") });
    if (verdict.id == "run-failed")
        return fill(tr("No INT8-vs-FP32 verdict: the run failed (%1): %2"), { v.scenario(), v.text("error") });
    if (!verdict.comparison)
        return tr("No INT8-vs-FP32 verdict: the run needs an FP32 and a quantized model of the same network, both "
                  "measured.");
    QString where = fill(tr("%1 vs %2, median latency, %3, %4"),
        { v.text("candidate"), v.text("baseline"), v.threads("threads"), v.mode("mode") });
    if (const QString runtime = v.otherRuntime("runtime"); !runtime.isEmpty())
        where += fill(tr(", measured by %1"), { runtime });
    where += fill(tr(", 95% CI %1-%2x"), { v.fixed("factor_low", 2), v.fixed("factor_high", 2) });
    if (verdict.id == "equal")
        return fill(tr("INT8 and FP32 are equally fast here within the noise (median speedup %1x; %2)."),
            { v.factor("factor"), where });
    if (verdict.id == "faster")
        return fill(tr("INT8 is %1x faster here (%2)."), { v.factor("factor"), where });
    if (!verdict.cause)
        return fill(tr("INT8 is %1x slower here (%2); no known cause matched, see the time per op type below."),
            { v.factor("factor"), where });
    return fill(
        tr("INT8 is %1x slower here, because %2 (%3)."), { v.factor("factor"), render(*verdict.cause).title, where });
}

} // namespace qs::ui
