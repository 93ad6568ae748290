// SPDX-License-Identifier: MIT
// The diagnosis rules' shared parts: the helpers that write evidence lines and the Diagnoser, whose rules live in
// diagnosis_*.cpp by subject (kernels, structure, measurements, runtimes, targets). Private to the measure layer.
#pragma once

#include <quantscope/engine/diagnosis.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs::diagnosis_detail {

std::string speedupText(const ComparisonRecord& c);

std::string pct(double share);

int64_t count(size_t n);

// The values a front end needs to write a scenario's label ("yolov5nu_fp32 · 1 thread · optimized") itself.
MessageArgs scenarioArgs(const ScenarioRecord& s);

MessageArgs comparisonArgs(const ComparisonRecord& c);

MessageArgs with(MessageArgs a, const MessageArgs& b);

int64_t flag(bool b);

// An evidence line: the English text and the same content as values.
struct Line
{
    std::string text;
    EvidenceLine structured;
};

Line line(std::string kind, MessageArgs args, std::string text);

Line speedupLine(std::string kind, const ComparisonRecord& c, std::string_view prefix = {});

bool isX86(const SystemInfo& m);

const ComparisonRecord* comparisonFor(const RunRecord& r, const std::string& candidate);

double opTypeMs(const ProfileReport& p, std::string_view op);

class Diagnoser
{
public:
    Diagnoser(const RunRecord& r, const DiagnosisThresholds& t)
        : m_run(r)
        , m_t(t)
    { }

    std::vector<Finding> run();

private:
    void add(std::string id, FindingSeverity s, std::string title, std::vector<Line> lines, std::string advice,
        MessageArgs args = {});

    // diagnosis_kernels.cpp
    void referenceKernels();
    void dynamicQuantizedConvolutions();
    void quantizationOverhead();
    void noInt8DotProduct();
    bool engineRanQuantized() const;
    void int8DotProductUnused();
    void qoperatorSignedActivations();
    void unfusedBoundaries();
    void saturationRisk();

    // diagnosis_structure.cpp
    void unsupportedOperators();
    void opCountGrowth();
    int32_t primaryThreads(const std::string& candidate) const;
    std::optional<ExecutionMode> primaryMode(const std::string& candidate) const;
    void differentNetworks();

    // diagnosis_measurements.cpp
    void threadSensitivity();
    void tinyModel();
    void noisyMeasurements();
    void inconclusiveSpeedup();
    void partialRun();

    // diagnosis_runtimes.cpp
    void onnxruntimeSetup();
    void runtimeDifference();

    // diagnosis_targets.cpp
    void deploymentTargets();
    void deploymentTarget(const ModelRecord& m, const TargetSummary& t);
    void sameNetworkOnTarget(const ModelRecord& m, const TargetSummary& t, std::vector<Line>& ev) const;
    static std::string deploymentAdvice(const std::string& variant);

    const RunRecord& m_run;
    const DiagnosisThresholds& m_t;
    std::vector<Finding> m_out;
};

} // namespace qs::diagnosis_detail
