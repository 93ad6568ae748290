// SPDX-License-Identifier: MIT
// RNN, GRU, LSTM (float): forward, reverse and bidirectional, sequence_lens, initial states, LSTM peepholes, GRU
// linear_before_reset, clip, layout 0/1 and the activation names without alpha/beta parameters. The obvious loops of
// the operator definitions, one batch row and time step at a time (recurrent models are sequential anyway).
#include "kernels/kernel_registry.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace qs::kernels {

namespace {

enum class Cell
{
    Rnn,
    Gru,
    Lstm
};

using Activation = float (*)(float);

float actSigmoid(float x)
{
    return 1.0f / (1.0f + std::exp(-x));
}
float actTanh(float x)
{
    return std::tanh(x);
}
float actRelu(float x)
{
    return x > 0.0f ? x : 0.0f;
}
float actHardSigmoid(float x)
{
    return std::clamp(0.2f * x + 0.5f, 0.0f, 1.0f);
}
float actSoftsign(float x)
{
    return x / (1.0f + std::fabs(x));
}
float actSoftplus(float x)
{
    return std::log1p(std::exp(x));
}

Activation activationByName(const std::string& name)
{
    if (name == "Sigmoid")
        return actSigmoid;
    if (name == "Tanh")
        return actTanh;
    if (name == "Relu")
        return actRelu;
    if (name == "HardSigmoid")
        return actHardSigmoid;
    if (name == "Softsign")
        return actSoftsign;
    if (name == "Softplus")
        return actSoftplus;
    return nullptr;
}

constexpr int64_t gateCount(Cell c)
{
    return c == Cell::Rnn ? 1 : (c == Cell::Gru ? 3 : 4);
}

Status err(const Node& node, StatusCode code, const std::string& what)
{
    return Status(code, fmt::format("node {}: {}", node.describe(), what));
}

struct RecurrentShape
{
    int64_t seq = 0, batch = 0, input = 0, hidden = 0, dirs = 1;
    bool batchFirst = false;
};

template <Cell kCell> Result<RecurrentShape> recurrentShape(const Node& node, std::span<const TensorDesc> in)
{
    RecurrentShape s;
    const auto& x = in[0].dims;
    if (x.size() != 3 || in[1].rank() != 3 || in[2].rank() != 3)
        return err(node, StatusCode::InvalidModel, "X, W and R must be 3-D");
    s.batchFirst = node.attrInt("layout", 0) != 0;
    s.seq = s.batchFirst ? x[1] : x[0];
    s.batch = s.batchFirst ? x[0] : x[1];
    s.input = x[2];
    const std::string direction = node.attrString("direction", "forward");
    s.dirs = direction == "bidirectional" ? 2 : 1;
    s.hidden = node.attrInt("hidden_size", in[2].dims[2]);
    if (in[1].dims != std::vector<int64_t> { s.dirs, gateCount(kCell) * s.hidden, s.input }
        || in[2].dims != std::vector<int64_t> { s.dirs, gateCount(kCell) * s.hidden, s.hidden })
        return err(node, StatusCode::InvalidModel, "W/R shapes do not match direction, hidden_size and the input");
    return s;
}

template <Cell kCell>
Status inferRecurrent(const Node& node, std::span<const TensorDesc> in, std::vector<TensorDesc>& out)
{
    QS_ASSIGN_OR_RETURN(RecurrentShape s, recurrentShape<kCell>(node, in));
    for (size_t i = 0; i < out.size(); ++i) {
        out[i].type = DataType::Float;
        if (i == 0)
            out[i].dims = s.batchFirst ? std::vector<int64_t> { s.batch, s.seq, s.dirs, s.hidden }
                                       : std::vector<int64_t> { s.seq, s.dirs, s.batch, s.hidden };
        else
            out[i].dims = s.batchFirst ? std::vector<int64_t> { s.batch, s.dirs, s.hidden }
                                       : std::vector<int64_t> { s.dirs, s.batch, s.hidden };
    }
    return Status::ok();
}

template <Cell kCell> class RecurrentKernel final : public Kernel
{
public:
    Status prepare(const KernelContext& ctx) override
    {
        const Node& node = ctx.node;
        QS_ASSIGN_OR_RETURN(m_s, recurrentShape<kCell>(node, ctx.inputs));
        m_reverseOnly = node.attrString("direction", "forward") == "reverse";
        if (node.hasAttribute("activation_alpha") || node.hasAttribute("activation_beta"))
            return err(node, StatusCode::Unsupported, "activation_alpha/activation_beta are not supported");
        if (kCell == Cell::Lstm && node.attrInt("input_forget", 0) != 0)
            return err(node, StatusCode::Unsupported, "input_forget is not supported");
        const size_t perDir = kCell == Cell::Rnn ? 1 : (kCell == Cell::Gru ? 2 : 3);
        std::vector<std::string> names = node.hasAttribute("activations") ? [&] {
            std::vector<std::string> v;
            const Attribute* a = node.attribute("activations");
            for (const std::string& n : a->strings)
                v.push_back(n);
            return v;
        }()
                                                                           : std::vector<std::string> {};
        if (names.empty())
            for (int64_t d = 0; d < m_s.dirs; ++d) {
                if (kCell == Cell::Rnn)
                    names.push_back("Tanh");
                else {
                    names.push_back("Sigmoid");
                    names.push_back("Tanh");
                    if (kCell == Cell::Lstm)
                        names.push_back("Tanh");
                }
            }
        if (names.size() != perDir * size_t(m_s.dirs))
            return err(node, StatusCode::InvalidModel, "activations count does not match the direction");
        for (const std::string& n : names) {
            Activation a = activationByName(n);
            if (!a)
                return err(node, StatusCode::Unsupported, fmt::format("activation '{}'", n));
            m_acts.push_back(a);
        }
        m_clip = node.attrFloat("clip", 0.0f);
        m_linearBeforeReset = node.attrInt("linear_before_reset", 0) != 0;
        m_hasB = hasInput(ctx.inputs, 3);
        m_hasLens = hasInput(ctx.inputs, 4);
        m_hasH0 = hasInput(ctx.inputs, 5);
        m_hasC0 = kCell == Cell::Lstm && hasInput(ctx.inputs, 6);
        m_hasP = kCell == Cell::Lstm && hasInput(ctx.inputs, 7);
        if (m_hasLens && ctx.inputs[4].type != DataType::Int32)
            return err(node, StatusCode::InvalidModel, "sequence_lens must be int32");
        for (size_t i : { size_t(0), size_t(1), size_t(2), size_t(3), size_t(5), size_t(6), size_t(7) })
            if (hasInput(ctx.inputs, i) && ctx.inputs[i].type != DataType::Float)
                return err(node, StatusCode::Unsupported, fmt::format("input {} is not float", i));
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const RecurrentShape& s = m_s;
        const int64_t H = s.hidden, I = s.input, G = gateCount(kCell);
        const auto* x = static_cast<const float*>(args.inputs[0]);
        const auto* w = static_cast<const float*>(args.inputs[1]);
        const auto* r = static_cast<const float*>(args.inputs[2]);
        const auto* bias = m_hasB ? static_cast<const float*>(args.inputs[3]) : nullptr;
        const auto* lens = m_hasLens ? static_cast<const int32_t*>(args.inputs[4]) : nullptr;
        const auto* h0 = m_hasH0 ? static_cast<const float*>(args.inputs[5]) : nullptr;
        const auto* c0 = m_hasC0 ? static_cast<const float*>(args.inputs[6]) : nullptr;
        const auto* peep = m_hasP ? static_cast<const float*>(args.inputs[7]) : nullptr;
        auto* y = args.outputs.size() > 0 ? static_cast<float*>(args.outputs[0]) : nullptr;
        auto* yh = args.outputs.size() > 1 ? static_cast<float*>(args.outputs[1]) : nullptr;
        auto* yc = args.outputs.size() > 2 ? static_cast<float*>(args.outputs[2]) : nullptr;
        if (y)
            std::fill(y, y + s.seq * s.dirs * s.batch * H, 0.0f); // steps beyond a sequence's length stay 0

        const size_t hn = static_cast<size_t>(H);
        std::vector<float> h(hn), c(hn), gates(hn * static_cast<size_t>(G)), hr(hn), rh(hn), z(hn), rg(hn);
        for (int64_t d = 0; d < s.dirs; ++d) {
            const bool reverse = m_reverseOnly || d == 1;
            const float* wd = w + d * G * H * I;
            const float* rd = r + d * G * H * H;
            const float* wb = bias ? bias + d * 2 * G * H : nullptr;
            const float* rb = bias ? wb + G * H : nullptr;
            const Activation* act = m_acts.data() + d * (m_acts.size() / size_t(s.dirs));
            for (int64_t b = 0; b < s.batch; ++b) {
                const int64_t len = lens ? std::clamp<int64_t>(lens[b], 0, s.seq) : s.seq;
                for (int64_t j = 0; j < H; ++j) {
                    h[size_t(j)] = h0 ? h0[(d * s.batch + b) * H + j] : 0.0f;
                    c[size_t(j)] = c0 ? c0[(d * s.batch + b) * H + j] : 0.0f;
                }
                for (int64_t step = 0; step < len; ++step) {
                    const int64_t t = reverse ? len - 1 - step : step;
                    const float* xt = x + (s.batchFirst ? (b * s.seq + t) : (t * s.batch + b)) * I;
                    // gates = X W^T + (bias); the recurrent part depends on the cell (GRU resets before R).
                    for (int64_t g = 0; g < G * H; ++g) {
                        float acc = wb ? wb[g] : 0.0f;
                        const float* wr = wd + g * I;
                        for (int64_t i = 0; i < I; ++i)
                            acc += xt[i] * wr[i];
                        gates[size_t(g)] = acc;
                    }
                    auto recurrent = [&](int64_t g, const float* state) {
                        float acc = rb ? rb[g] : 0.0f;
                        const float* rr = rd + g * H;
                        for (int64_t k = 0; k < H; ++k)
                            acc += state[k] * rr[k];
                        return acc;
                    };
                    auto clip = [&](float v) { return m_clip > 0.0f ? std::clamp(v, -m_clip, m_clip) : v; };
                    if constexpr (kCell == Cell::Rnn) {
                        for (int64_t j = 0; j < H; ++j)
                            hr[size_t(j)] = act[0](clip(gates[size_t(j)] + recurrent(j, h.data())));
                        h = hr;
                    } else if constexpr (kCell == Cell::Gru) {
                        for (int64_t j = 0; j < H; ++j) {
                            z[size_t(j)] = act[0](clip(gates[size_t(j)] + recurrent(j, h.data())));
                            rg[size_t(j)] = act[0](clip(gates[size_t(H + j)] + recurrent(H + j, h.data())));
                        }
                        for (int64_t k = 0; k < H; ++k)
                            rh[size_t(k)] = rg[size_t(k)] * h[size_t(k)];
                        for (int64_t j = 0; j < H; ++j) {
                            float pre;
                            if (m_linearBeforeReset)
                                pre = gates[size_t(2 * H + j)] + rg[size_t(j)] * recurrent(2 * H + j, h.data());
                            else
                                pre = gates[size_t(2 * H + j)] + recurrent(2 * H + j, rh.data());
                            const float cand = act[1](clip(pre));
                            hr[size_t(j)] = (1.0f - z[size_t(j)]) * cand + z[size_t(j)] * h[size_t(j)];
                        }
                        h = hr;
                    } else {
                        // Gate order i, o, f, c; peepholes i, o, f.
                        const float* pd = peep ? peep + d * 3 * H : nullptr;
                        for (int64_t j = 0; j < H; ++j) {
                            const float cPrev = c[size_t(j)];
                            const float gi
                                = act[0](clip(gates[size_t(j)] + recurrent(j, h.data()) + (pd ? pd[j] * cPrev : 0.0f)));
                            const float gf = act[0](clip(gates[size_t(2 * H + j)] + recurrent(2 * H + j, h.data())
                                + (pd ? pd[2 * H + j] * cPrev : 0.0f)));
                            const float gc = act[1](clip(gates[size_t(3 * H + j)] + recurrent(3 * H + j, h.data())));
                            const float cNew = gf * cPrev + gi * gc;
                            const float go = act[0](clip(
                                gates[size_t(H + j)] + recurrent(H + j, h.data()) + (pd ? pd[H + j] * cNew : 0.0f)));
                            rh[size_t(j)] = cNew; // new cell state, applied after every gate read the old h
                            hr[size_t(j)] = go * act[2](cNew);
                        }
                        h = hr;
                        c = rh;
                    }
                    if (y) {
                        float* yt = y
                            + (s.batchFirst ? ((b * s.seq + t) * s.dirs + d) * H
                                            : ((t * s.dirs + d) * s.batch + b) * H);
                        std::copy(h.begin(), h.end(), yt);
                    }
                }
                const int64_t stateOff = s.batchFirst ? (b * s.dirs + d) * H : (d * s.batch + b) * H;
                if (yh)
                    std::copy(h.begin(), h.end(), yh + stateOff);
                if (yc)
                    std::copy(c.begin(), c.end(), yc + stateOff);
            }
        }
        return Status::ok();
    }

private:
    RecurrentShape m_s;
    bool m_reverseOnly = false;
    std::vector<Activation> m_acts;
    float m_clip = 0.0f;
    bool m_linearBeforeReset = false;
    bool m_hasB = false, m_hasLens = false, m_hasH0 = false, m_hasC0 = false, m_hasP = false;
};

template <Cell kCell> std::unique_ptr<Kernel> makeRecurrent()
{
    return std::make_unique<RecurrentKernel<kCell>>();
}

} // namespace

void registerRecurrentKernels(KernelRegistry& r)
{
    r.add(KernelSpec { "", "RNN", 7, 0, inferRecurrent<Cell::Rnn>, makeRecurrent<Cell::Rnn>, acceptFloatInput0, kNoCaps,
        "cpu", "float; no activation_alpha/beta" });
    r.add(KernelSpec { "", "GRU", 7, 0, inferRecurrent<Cell::Gru>, makeRecurrent<Cell::Gru>, acceptFloatInput0, kNoCaps,
        "cpu", "float; linear_before_reset; no activation_alpha/beta" });
    r.add(KernelSpec { "", "LSTM", 7, 0, inferRecurrent<Cell::Lstm>, makeRecurrent<Cell::Lstm>, acceptFloatInput0,
        kNoCaps, "cpu", "float; peepholes; no input_forget, activation_alpha/beta" });
}

} // namespace qs::kernels
