// SPDX-License-Identifier: MIT
// MAC formulas. Bias additions, zero-point corrections and requantization are not multiply-accumulates of the
// main product and are left out, so an integer op and its float counterpart report the same MACs.
//
//   Conv-like (Conv, ConvInteger, QLinearConv): W is [M, C/group, k1, k2, ...]; every output element
//       accumulates C/group * k1 * k2 * ... products:      MACs = |Y| * prod(W.dims[1..])
//   ConvTranspose: W is [C, M/group, k1, ...]; every input element is scattered to M/group * k1 * ... outputs:
//                                                           MACs = |X| * prod(W.dims[1..])
//   Gemm, QGemm: Y is [M, N]; K is A's inner dim (A.dims[0] when transA, else A.dims[1]):  MACs = M * N * K
//   MatMul family (numpy semantics, broadcasting included): each output element is a dot product of length
//       K = A.dims.back() (A of rank 1 is a K-vector):   MACs = |Y| * K
#include "macs.h"

#include <string_view>

namespace qs::analysis {

namespace {

enum class MacKind
{
    None,
    ConvLike,
    ConvTranspose,
    GemmLike,
    MatMulLike
};

struct MacOp
{
    MacKind kind = MacKind::None;
    size_t aSlot = 0; ///< activation (X / A)
    size_t wSlot = 1; ///< weight (W / B)
};

MacOp macOpOf(const Node& node) noexcept
{
    const std::string_view op = node.opType;
    if (node.domain.empty()) {
        if (op == "Conv" || op == "ConvInteger")
            return { MacKind::ConvLike, 0, 1 };
        if (op == "QLinearConv") // x, x_scale, x_zero_point, w, ...
            return { MacKind::ConvLike, 0, 3 };
        if (op == "ConvTranspose")
            return { MacKind::ConvTranspose, 0, 1 };
        if (op == "Gemm")
            return { MacKind::GemmLike, 0, 1 };
        if (op == "MatMul" || op == "MatMulInteger")
            return { MacKind::MatMulLike, 0, 1 };
        if (op == "QLinearMatMul") // a, a_scale, a_zero_point, b, ...
            return { MacKind::MatMulLike, 0, 3 };
    } else if (node.domain == kMicrosoftDomain) {
        if (op == "QGemm") // A, a_scale, a_zero_point, B, ...
            return { MacKind::GemmLike, 0, 3 };
        if (op == "MatMulIntegerToFloat" || op == "DynamicQuantizeMatMul")
            return { MacKind::MatMulLike, 0, 1 };
        if (op == "QLinearConv")
            return { MacKind::ConvLike, 0, 3 };
    }
    return {};
}

std::optional<std::vector<int64_t>> knownShape(const Graph& graph, ValueId id)
{
    if (id == kNoValue)
        return std::nullopt;
    return graph.value(id).type.knownDims();
}

std::optional<int64_t> checkedProduct(const std::vector<int64_t>& dims, size_t from = 0)
{
    int64_t n = 1;
    for (size_t i = from; i < dims.size(); ++i)
        if (dims[i] < 0 || __builtin_mul_overflow(n, dims[i], &n))
            return std::nullopt;
    return n;
}

std::optional<int64_t> mul(std::optional<int64_t> a, std::optional<int64_t> b)
{
    int64_t r = 0;
    if (!a || !b || __builtin_mul_overflow(*a, *b, &r))
        return std::nullopt;
    return r;
}

} // namespace

bool isMacBearing(const Node& node) noexcept
{
    return macOpOf(node).kind != MacKind::None;
}

std::optional<int64_t> nodeMacs(const Graph& graph, const Node& node)
{
    const MacOp op = macOpOf(node);
    if (op.kind == MacKind::None)
        return std::nullopt;
    const auto a = knownShape(graph, node.input(op.aSlot));
    const auto w = knownShape(graph, node.input(op.wSlot));
    const auto y = knownShape(graph, node.output(0));
    switch (op.kind) {
    case MacKind::ConvLike:
        if (!w || w->size() < 2 || !y)
            return std::nullopt;
        return mul(checkedProduct(*y), checkedProduct(*w, 1));
    case MacKind::ConvTranspose:
        if (!w || w->size() < 2 || !a)
            return std::nullopt;
        return mul(checkedProduct(*a), checkedProduct(*w, 1));
    case MacKind::GemmLike: {
        if (!a || a->size() != 2 || !y)
            return std::nullopt;
        const int64_t k = node.attrInt("transA", 0) ? (*a)[0] : (*a)[1];
        return mul(checkedProduct(*y), k);
    }
    case MacKind::MatMulLike:
        if (!a || a->empty() || !y)
            return std::nullopt;
        return mul(checkedProduct(*y), a->back());
    case MacKind::None:
        break;
    }
    return std::nullopt;
}

} // namespace qs::analysis
