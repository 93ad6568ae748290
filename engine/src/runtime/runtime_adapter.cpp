// SPDX-License-Identifier: MIT
// The request/response side of resources/adapters/PROTOCOL.md.
#include "base64.h"
#include "child_process.h"

#include <quantscope/engine/runtime_adapter.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstring>

namespace qs {

using nlohmann::json;

struct RuntimeAdapter::Process
{
    std::unique_ptr<runtime::ChildProcess> child;
};

namespace {

struct TypeName
{
    DataType type;
    std::string_view name;
};
constexpr TypeName kTypeNames[]
    = { { DataType::Float, "float32" }, { DataType::Double, "float64" }, { DataType::Float16, "float16" },
          { DataType::Int8, "int8" }, { DataType::UInt8, "uint8" }, { DataType::Int16, "int16" },
          { DataType::UInt16, "uint16" }, { DataType::Int32, "int32" }, { DataType::UInt32, "uint32" },
          { DataType::Int64, "int64" }, { DataType::UInt64, "uint64" }, { DataType::Bool, "bool" } };

DataType typeFromAdapterName(std::string_view name)
{
    for (const TypeName& t : kTypeNames)
        if (t.name == name)
            return t.type;
    return DataType::Undefined;
}

std::string adapterLabel(const RuntimeAdapterSpec& spec)
{
    return fmt::format("{} adapter", spec.adapter.empty() ? "runtime" : spec.adapter);
}

Status protocolError(const RuntimeAdapterSpec& spec, const std::string& what)
{
    return Status(StatusCode::IoError, fmt::format("{}: protocol error: {}", adapterLabel(spec), what));
}

std::vector<AdapterIo> ioList(const json& list)
{
    std::vector<AdapterIo> out;
    for (const json& j : list) {
        AdapterIo io;
        io.name = j.value("name", "");
        if (j.contains("type") && j["type"].is_string())
            io.type = j["type"].get<std::string>();
        if (j.contains("shape") && j["shape"].is_array())
            for (const json& d : j["shape"])
                io.shape.push_back(d.is_number_integer() ? std::optional<int64_t>(d.get<int64_t>()) : std::nullopt);
        out.push_back(std::move(io));
    }
    return out;
}

std::vector<std::string> stringList(const json& j, const char* key)
{
    std::vector<std::string> out;
    if (j.contains(key) && j[key].is_array())
        for (const json& s : j[key])
            if (s.is_string())
                out.push_back(s.get<std::string>());
    return out;
}

} // namespace

std::string_view adapterTypeName(DataType type) noexcept
{
    for (const TypeName& t : kTypeNames)
        if (t.type == type)
            return t.name;
    return {};
}

Result<std::unique_ptr<RuntimeAdapter>> RuntimeAdapter::start(const RuntimeAdapterSpec& spec)
{
    auto child = runtime::ChildProcess::start(spec.command, spec.environment);
    if (!child)
        return child.status().withContext(adapterLabel(spec));
    std::unique_ptr<RuntimeAdapter> adapter(new RuntimeAdapter);
    adapter->m_spec = spec;
    adapter->m_process = std::make_unique<Process>();
    adapter->m_process->child = std::move(*child);
    return adapter;
}

RuntimeAdapter::~RuntimeAdapter()
{
    quit();
}

void RuntimeAdapter::kill()
{
    if (m_process && m_process->child)
        m_process->child->kill();
}

void RuntimeAdapter::quit()
{
    if (!m_process || !m_process->child || !m_process->child->running())
        return;
    // A polite quit lets the runtime flush; the kill afterwards only reaps (or ends one that hangs).
    if (m_process->child->writeLine(R"({"op":"quit","id":0})"))
        (void)m_process->child->readLine([] { return false; });
    m_process->child->kill();
}

Result<std::string> RuntimeAdapter::request(const std::string& op, const std::string& fieldsJson)
{
    if (!m_process || !m_process->child || !m_process->child->running())
        return Status(StatusCode::IoError, fmt::format("{}: the adapter process is not running", adapterLabel(m_spec)));
    const int64_t id = m_nextId++;
    // The fields object's text is spliced in rather than re-serialised: setInputs carries megabytes of base64.
    std::string line = fmt::format(R"({{"op":"{}","id":{})", op, id);
    if (fieldsJson.size() > 2)
        line += "," + fieldsJson.substr(1, fieldsJson.size() - 2);
    line += "}";
    QS_RETURN_IF_ERROR(m_process->child->writeLine(line).withContext(adapterLabel(m_spec)));
    auto answer = m_process->child->readLine(m_isCancelled);
    if (!answer)
        return answer.status().isCancelled() ? answer.status() : answer.status().withContext(adapterLabel(m_spec));
    json j = json::parse(*answer, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return protocolError(
            m_spec, fmt::format("'{}' answered with a line that is not a JSON object: {}", op, answer->substr(0, 200)));
    if (!j.contains("id") || !j["id"].is_number_integer() || j["id"].get<int64_t>() != id)
        return protocolError(m_spec, fmt::format("'{}' (id {}) got an answer with another id", op, id));
    if (!j.value("ok", false)) {
        const std::string error
            = j.contains("error") && j["error"].is_string() ? j["error"].get<std::string>() : std::string("no message");
        return Status(StatusCode::InvalidArgument, fmt::format("{}: {}", adapterLabel(m_spec), error));
    }
    return std::move(*answer);
}

Result<AdapterHello> RuntimeAdapter::hello()
{
    QS_ASSIGN_OR_RETURN(std::string text, request("hello", "{}"));
    const json j = json::parse(text);
    AdapterHello h;
    try {
        h.protocol = j.at("protocol").get<int>();
        h.runtime = j.at("runtime").get<std::string>();
        h.runtimeVersion = j.at("runtimeVersion").get<std::string>();
        h.adapter = j.value("adapter", m_spec.adapter);
        h.host = j.value("host", "");
        h.providers = stringList(j, "providers");
    } catch (const json::exception& e) {
        return protocolError(m_spec, fmt::format("hello: {}", e.what()));
    }
    if (h.protocol != 1)
        return protocolError(m_spec, fmt::format("the adapter speaks protocol {}, Quantscope speaks 1", h.protocol));
    return h;
}

Result<AdapterSessionInfo> RuntimeAdapter::load(const AdapterLoadOptions& options)
{
    const json fields = { { "model", options.model }, { "intraOpThreads", options.intraOpThreads },
        { "interOpThreads", options.interOpThreads }, { "graphOptimizationLevel", options.graphOptimizationLevel },
        { "profile", options.profile }, { "profileDir", options.profileDir } };
    QS_ASSIGN_OR_RETURN(std::string text, request("load", fields.dump()));
    const json j = json::parse(text);
    AdapterSessionInfo info;
    try {
        info.inputs = ioList(j.at("inputs"));
        info.outputs = ioList(j.at("outputs"));
        const json& so = j.at("sessionOptions");
        info.intraOpThreads = so.value("intraOpThreads", 0);
        info.interOpThreads = so.value("interOpThreads", 0);
        info.graphOptimizationLevel = so.value("graphOptimizationLevel", "");
        info.executionProviders = stringList(so, "executionProviders");
        info.profile = so.value("profile", false);
        info.loadMs = j.value("loadMs", 0.0);
    } catch (const json::exception& e) {
        return protocolError(m_spec, fmt::format("load: {}", e.what()));
    }
    return info;
}

Status RuntimeAdapter::setInputs(std::span<const std::string> names, std::span<const HostTensor> tensors)
{
    if (names.size() != tensors.size())
        return Status(StatusCode::InvalidArgument, "setInputs: names and tensors differ in number");
    json list = json::array();
    for (size_t i = 0; i < names.size(); ++i) {
        const HostTensor& t = tensors[i];
        const std::string_view type = adapterTypeName(t.dataType());
        if (type.empty())
            return Status(StatusCode::Unsupported,
                fmt::format("input '{}': element type {} cannot be sent to a runtime adapter", names[i],
                    dataTypeName(t.dataType())));
        list.push_back({ { "name", names[i] }, { "type", type }, { "dims", t.dims() },
            { "data", runtime::base64Encode(std::string_view(static_cast<const char*>(t.rawData()), t.byteSize())) } });
    }
    const json fields = { { "inputs", std::move(list) } };
    return request("setInputs", fields.dump()).status();
}

Result<AdapterRunResult> RuntimeAdapter::run(bool returnOutputs)
{
    QS_ASSIGN_OR_RETURN(
        std::string text, request("run", returnOutputs ? R"({"returnOutputs":true})" : R"({"returnOutputs":false})"));
    const json j = json::parse(text);
    AdapterRunResult r;
    try {
        r.ms = j.at("ms").get<double>();
        if (j.contains("peakRssBytes") && j["peakRssBytes"].is_number())
            r.peakRssBytes = j["peakRssBytes"].get<int64_t>();
        if (returnOutputs) {
            for (const json& o : j.at("outputs")) {
                const std::string name = o.at("name").get<std::string>();
                const std::string typeName = o.at("type").get<std::string>();
                const DataType type = typeFromAdapterName(typeName);
                if (type == DataType::Undefined)
                    return protocolError(m_spec, fmt::format("output '{}': unknown element type '{}'", name, typeName));
                HostTensor t(type, o.at("dims").get<std::vector<int64_t>>());
                auto bytes = runtime::base64Decode(o.at("data").get<std::string>());
                if (!bytes || bytes->size() != t.byteSize())
                    return protocolError(
                        m_spec, fmt::format("output '{}': data is not base64 of {} bytes", name, t.byteSize()));
                std::memcpy(t.rawData(), bytes->data(), bytes->size());
                r.outputNames.push_back(name);
                r.outputs.push_back(std::move(t));
            }
        }
    } catch (const json::exception& e) {
        return protocolError(m_spec, fmt::format("run: {}", e.what()));
    }
    return r;
}

Result<std::string> RuntimeAdapter::endProfiling()
{
    QS_ASSIGN_OR_RETURN(std::string text, request("endProfiling", "{}"));
    const json j = json::parse(text);
    if (!j.contains("profileFile") || !j["profileFile"].is_string())
        return protocolError(m_spec, "endProfiling: no profileFile");
    return j["profileFile"].get<std::string>();
}

} // namespace qs
