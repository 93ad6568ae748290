// SPDX-License-Identifier: MIT
#include "onnx_synth.h"

#include <random>
#include <vector>

namespace qs::bench {

namespace {

// Protobuf wire format: varint keys (field << 3 | wire type), length-delimited sub-messages and strings.
class Message
{
public:
    Message& varint(int field, uint64_t v)
    {
        key(field, 0);
        raw(v);
        return *this;
    }
    Message& bytes(int field, const std::string& s)
    {
        key(field, 2);
        raw(s.size());
        m_out += s;
        return *this;
    }
    Message& message(int field, const Message& m) { return bytes(field, m.m_out); }
    Message& floatField(int field, float f)
    {
        key(field, 5);
        m_out.append(reinterpret_cast<const char*>(&f), 4);
        return *this;
    }
    const std::string& str() const { return m_out; }

private:
    void key(int field, int wire) { raw(static_cast<uint64_t>(field) << 3 | static_cast<uint64_t>(wire)); }
    void raw(uint64_t v)
    {
        while (v >= 0x80) {
            m_out.push_back(static_cast<char>(v | 0x80));
            v >>= 7;
        }
        m_out.push_back(static_cast<char>(v));
    }
    std::string m_out;
};

constexpr int kFloat = 1, kUInt8 = 2;

Message tensor(const std::string& name, int type, const std::vector<int64_t>& dims, const std::string& raw)
{
    Message t;
    for (int64_t d : dims)
        t.varint(1, static_cast<uint64_t>(d));
    t.varint(2, static_cast<uint64_t>(type)).bytes(8, name).bytes(9, raw);
    return t;
}

Message valueInfo(const std::string& name, const std::vector<int64_t>& dims)
{
    Message shape;
    for (int64_t d : dims)
        shape.message(1, Message().varint(1, static_cast<uint64_t>(d)));
    Message tensorType;
    tensorType.varint(1, kFloat).message(2, shape);
    return Message().bytes(1, name).message(2, Message().message(1, tensorType));
}

Message node(const std::string& op, const std::string& name, const std::vector<std::string>& in,
    const std::vector<std::string>& out, const std::vector<Message>& attrs = {})
{
    Message n;
    for (const auto& i : in)
        n.bytes(1, i);
    for (const auto& o : out)
        n.bytes(2, o);
    n.bytes(3, name).bytes(4, op);
    for (const auto& a : attrs)
        n.message(5, a);
    return n;
}

Message intsAttr(const std::string& name, const std::vector<int64_t>& v)
{
    Message a;
    a.bytes(1, name);
    for (int64_t x : v)
        a.varint(8, static_cast<uint64_t>(x));
    return a.varint(20, 7); // AttributeProto.INTS
}

Message intAttr(const std::string& name, int64_t v)
{
    return Message().bytes(1, name).varint(3, static_cast<uint64_t>(v)).varint(20, 2);
}

std::string floats(const std::vector<float>& v)
{
    return std::string(reinterpret_cast<const char*>(v.data()), v.size() * 4);
}

} // namespace

std::string synthDynamicQuantModel(int blocks, int channels, int spatial, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_real_distribution<float> small(-0.1f, 0.1f);
    Message graph;
    graph.bytes(2, "synthetic_dynamic_int8");
    const std::vector<int64_t> act { 1, channels, spatial, spatial };
    std::string cur = "x";
    for (int b = 0; b < blocks; ++b) {
        const std::string p = "b" + std::to_string(b) + "/";
        std::string w(static_cast<size_t>(channels * channels * 9), '\0');
        for (char& c : w)
            c = static_cast<char>(byte(rng));
        std::vector<float> bias(static_cast<size_t>(channels));
        for (float& f : bias)
            f = small(rng);
        graph.message(5, tensor(p + "W", kUInt8, { channels, channels, 3, 3 }, w));
        graph.message(5, tensor(p + "W_zero_point", kUInt8, {}, std::string(1, static_cast<char>(byte(rng) / 2))));
        graph.message(5, tensor(p + "W_scale", kFloat, {}, floats({ 0.002f + small(rng) * 0.01f })));
        graph.message(5, tensor(p + "bias", kFloat, { 1, channels, 1, 1 }, floats(bias)));
        graph.message(1, node("DynamicQuantizeLinear", p + "quant", { cur }, { p + "xq", p + "xs", p + "xz" }));
        graph.message(1,
            node("ConvInteger", p + "conv", { p + "xq", p + "W", p + "xz", p + "W_zero_point" }, { p + "acc" },
                { intsAttr("pads", { 1, 1, 1, 1 }), intsAttr("kernel_shape", { 3, 3 }) }));
        graph.message(1, node("Cast", p + "cast", { p + "acc" }, { p + "accf" }, { intAttr("to", kFloat) }));
        graph.message(1, node("Mul", p + "scale", { p + "xs", p + "W_scale" }, { p + "s" }));
        graph.message(1, node("Mul", p + "rescale", { p + "accf", p + "s" }, { p + "y" }));
        graph.message(1, node("Add", p + "bias_add", { p + "y", p + "bias" }, { p + "yb" }));
        graph.message(1, node("Sigmoid", p + "sigmoid", { p + "yb" }, { p + "sg" }));
        graph.message(1, node("Mul", p + "silu", { p + "yb", p + "sg" }, { p + "act" }));
        const std::string out = p + "out";
        graph.message(1, node("Add", p + "residual", { p + "act", cur }, { out }));
        cur = out;
    }
    graph.message(11, valueInfo("x", act));
    graph.message(12, valueInfo(cur, act));
    Message model;
    model.varint(1, 8).bytes(2, "quantscope-bench").message(8, Message().bytes(1, "").varint(2, 13)).message(7, graph);
    return model.str();
}

} // namespace qs::bench
