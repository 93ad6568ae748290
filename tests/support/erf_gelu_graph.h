// SPDX-License-Identifier: MIT
// PyTorch's export of the erf GELU, 0.5 y (1 + erf(y / sqrt 2)), as the five nodes the engine's matmul-epilogue pass
// matches, for tests that build a transformer's feed-forward block.
#pragma once

#include "onnx_builder.h"

#include <string>

namespace qs::test {

/// Appends Div(y, sqrt 2) -> Erf -> Add(1) -> Mul(y) -> Mul(0.5) writing `out`, nodes named div, erf, plus1, mul
/// and half; `swapped` writes the Add and the first Mul with their operands the other way round (both occur).
inline void addErfGelu(GraphBuilder& g, const std::string& y, const std::string& out, bool swapped = false)
{
    g.floatInitializer("sqrt2", {}, { 1.41421354f });
    g.floatInitializer("one", {}, { 1.0f });
    g.floatInitializer("half", {}, { 0.5f });
    g.node("Div", { y, "sqrt2" }, { "gelu_d" }, "div");
    g.node("Erf", { "gelu_d" }, { "gelu_e" }, "erf");
    g.node("Add", swapped ? std::vector<std::string> { "one", "gelu_e" } : std::vector<std::string> { "gelu_e", "one" },
        { "gelu_p" }, "plus1");
    g.node("Mul", swapped ? std::vector<std::string> { "gelu_p", y } : std::vector<std::string> { y, "gelu_p" },
        { "gelu_q" }, "mul");
    g.node("Mul", { "gelu_q", "half" }, { out }, "half");
}

} // namespace qs::test
