// SPDX-License-Identifier: MIT
// Input samples for parity and calibration: seeded random, ONNX test-data folders, folders of .pb/.npy files, or
// folders of PNG/JPEG images with a stated preprocessing.
#include <quantscope/engine/image_samples.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/parity.h>

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <fstream>
#include <random>

namespace qs {
namespace fs = std::filesystem;

namespace {

struct InputSpec
{
    std::string name;
    DataType type = DataType::Undefined;
    std::vector<int64_t> dims;
};

Result<std::vector<InputSpec>> inputSpecs(const Model& model, const std::map<std::string, std::vector<int64_t>>& shapes)
{
    std::vector<InputSpec> specs;
    const Graph& g = model.graph();
    for (ValueId id : g.inputs()) {
        const Value& v = g.value(id);
        InputSpec s { v.name, v.type.elementType, {} };
        if (auto it = shapes.find(v.name); it != shapes.end())
            s.dims = it->second;
        else if (auto known = v.type.knownDims())
            s.dims = *known;
        else
            return Status(StatusCode::InvalidArgument,
                fmt::format("{}: input '{}' has shape {}; give its size with --input-shape {}=DIMS",
                    model.displayName(), v.name, v.type.shapeString(), v.name));
        specs.push_back(std::move(s));
    }
    return specs;
}

// A tensor for `spec`: the right element type, and the dims (a leading batch of 1 may be missing in the file).
Result<HostTensor> fit(HostTensor t, const InputSpec& spec, const fs::path& file)
{
    std::vector<int64_t> dims = t.dims();
    if (dims.size() + 1 == spec.dims.size() && spec.dims[0] == 1)
        dims.insert(dims.begin(), 1);
    if (dims != spec.dims || t.dataType() != spec.type)
        return Status(StatusCode::InvalidArgument,
            fmt::format("{}: holds {} {}, but input '{}' takes {} {}", file.string(), dataTypeName(t.dataType()),
                formatDims(t.dims()), spec.name, dataTypeName(spec.type), formatDims(spec.dims)));
    HostTensor out(spec.type, spec.dims);
    std::memcpy(out.rawData(), t.rawData(), t.byteSize());
    return out;
}

Result<HostTensor> loadAny(const fs::path& file)
{
    if (file.extension() == ".npy")
        return loadNpyFile(file);
    auto t = loadTensorFile(file);
    if (!t)
        return t.status();
    return HostTensor::fromTensor(*t);
}

bool isDataFile(const fs::path& p)
{
    return p.extension() == ".pb" || p.extension() == ".npy";
}

std::vector<fs::path> sortedEntries(const fs::path& dir)
{
    std::vector<fs::path> entries;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
        entries.push_back(e.path());
    std::sort(entries.begin(), entries.end());
    return entries;
}

// input_0.pb, input_1.pb ... of one test data set.
Result<Sample> loadDataSet(const fs::path& dir, const std::vector<InputSpec>& specs)
{
    Sample sample;
    for (size_t k = 0; k < specs.size(); ++k) {
        fs::path file = dir / fmt::format("input_{}.pb", k);
        if (!fs::exists(file))
            return Status(StatusCode::NotFound,
                fmt::format("{}: missing {} for input '{}'", dir.string(), file.filename().string(), specs[k].name));
        auto t = loadAny(file);
        if (!t)
            return t.status();
        auto fitted = fit(std::move(*t), specs[k], file);
        if (!fitted)
            return fitted.status();
        sample.push_back(std::move(*fitted));
    }
    return sample;
}

// One sample an image; every unreadable image is named (the first ten), not only the first.
Result<std::vector<Sample>> loadImages(const Model& model, const fs::path& dir, const std::vector<fs::path>& files,
    const ImagePreprocess& preprocess, const std::map<std::string, std::vector<int64_t>>& inputShapes,
    std::string* description)
{
    auto plan = planImageInput(model, preprocess, inputShapes);
    if (!plan)
        return plan.status();
    std::vector<Sample> samples;
    std::vector<std::string> unreadable;
    for (const fs::path& f : files) {
        auto image = decodeImageFile(f);
        if (!image) {
            unreadable.push_back(image.status().message());
            continue;
        }
        Sample s;
        s.push_back(preprocessImage(*image, *plan));
        samples.push_back(std::move(s));
    }
    if (!unreadable.empty()) {
        std::string list;
        for (size_t i = 0; i < unreadable.size() && i < 10; ++i)
            list += "\n  " + unreadable[i];
        if (unreadable.size() > 10)
            list += fmt::format("\n  ... and {} more", unreadable.size() - 10);
        return Status(StatusCode::InvalidArgument,
            fmt::format("{}: {} of {} images are unreadable (remove or replace them):{}", dir.string(),
                unreadable.size(), files.size(), list));
    }
    if (description)
        *description = fmt::format("{} image{} from {}, {}", samples.size(), samples.size() == 1 ? "" : "s",
            dir.string(), describeImagePlan(*plan));
    return samples;
}

} // namespace

Result<std::vector<Sample>> loadSamples(const Model& model, const std::string& spec,
    const std::map<std::string, std::vector<int64_t>>& inputShapes, const ImagePreprocess& image,
    std::string* description)
{
    const fs::path dir(spec);
    std::error_code ec;
    const bool isRandom = spec == "random" || spec.rfind("random:", 0) == 0;
    if (!isRandom && fs::is_directory(dir, ec)) {
        auto images = listImageFiles(dir);
        if (!images)
            return images.status();
        if (!images->empty())
            return loadImages(model, dir, *images, image, inputShapes, description);
    }
    if (!(image == ImagePreprocess {}))
        return Status(StatusCode::InvalidArgument,
            fmt::format("'{}': the image preprocessing options apply to a folder of PNG or JPEG images", spec));

    auto specs = inputSpecs(model, inputShapes);
    if (!specs)
        return specs.status();
    std::vector<Sample> samples;
    auto described = [&](std::vector<Sample> loaded, const std::string& what) -> Result<std::vector<Sample>> {
        if (description)
            *description = what;
        return loaded;
    };
    if (isRandom) {
        int64_t n = 1;
        if (spec.size() > 7) {
            const std::string_view digits = std::string_view(spec).substr(7);
            auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
            if (ec != std::errc() || p != digits.data() + digits.size() || n < 1 || n > 100000)
                return Status(
                    StatusCode::InvalidArgument, fmt::format("'{}': expected random or random:N with N >= 1", spec));
        }
        // Seeded uniform [0, 1), the distribution of the reference inputs in ../shared; integer inputs stay zero.
        std::mt19937 rng(0);
        std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
        for (int64_t s = 0; s < n; ++s) {
            Sample sample;
            for (const InputSpec& in : *specs) {
                HostTensor t(in.type, in.dims);
                if (in.type == DataType::Float)
                    for (float& x : t.data<float>())
                        x = uniform(rng);
                sample.push_back(std::move(t));
            }
            samples.push_back(std::move(sample));
        }
        return described(std::move(samples), fmt::format("{} seeded uniform [0, 1) sample{}", n, n == 1 ? "" : "s"));
    }

    if (!fs::is_directory(dir, ec))
        return Status(StatusCode::NotFound, fmt::format("{}: not a folder (expected a folder or random[:N])", spec));
    const auto entries = sortedEntries(dir);
    for (const fs::path& e : entries)
        if (fs::is_directory(e) && e.filename().string().rfind("test_data_set_", 0) == 0) {
            auto s = loadDataSet(e, *specs);
            if (!s)
                return s.status();
            samples.push_back(std::move(*s));
        }
    if (!samples.empty()) {
        const size_t n = samples.size();
        return described(std::move(samples), fmt::format("{} test data set{} from {}", n, n == 1 ? "" : "s", spec));
    }
    if (fs::exists(dir / "input_0.pb")) {
        auto s = loadDataSet(dir, *specs);
        if (!s)
            return s.status();
        samples.push_back(std::move(*s));
        return described(std::move(samples), fmt::format("the test data set in {}", spec));
    }
    std::vector<fs::path> files;
    for (const fs::path& e : entries)
        if (isDataFile(e))
            files.push_back(e);
    if (files.empty())
        return Status(StatusCode::NotFound,
            fmt::format("{}: no test_data_set_*/, input_0.pb, .pb, .npy, .png or .jpg files in this folder", spec));
    if (specs->size() != 1)
        return Status(StatusCode::InvalidArgument,
            fmt::format("{}: a folder of single tensors feeds a model with one input; {} has {} (use "
                        "test_data_set_*/input_K.pb folders)",
                spec, model.displayName(), specs->size()));
    for (const fs::path& f : files) {
        auto t = loadAny(f);
        if (!t)
            return t.status();
        auto fitted = fit(std::move(*t), specs->front(), f);
        if (!fitted)
            return fitted.status();
        Sample s;
        s.push_back(std::move(*fitted));
        samples.push_back(std::move(s));
    }
    const size_t n = samples.size();
    return described(std::move(samples), fmt::format("{} tensor file{} from {}", n, n == 1 ? "" : "s", spec));
}

void bindFreeInputShapes(
    const Model& model, std::span<const Sample> samples, std::map<std::string, std::vector<int64_t>>& inputShapes)
{
    if (samples.empty())
        return;
    const Graph& g = model.graph();
    for (size_t k = 0; k < g.inputs().size() && k < samples.front().size(); ++k) {
        const Value& v = g.value(g.inputs()[k]);
        if (!v.type.isFullyKnown() && !inputShapes.count(v.name))
            inputShapes[v.name] = samples.front()[k].dims();
    }
}

Result<HostTensor> loadNpyFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Status(StatusCode::NotFound, fmt::format("{}: cannot open", path.string()));
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto bad = [&](const std::string& why) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: not a readable .npy file: {}", path.string(), why));
    };
    if (data.size() < 10 || data.compare(0, 6, "\x93NUMPY") != 0)
        return bad("no NUMPY magic");
    const int major = static_cast<unsigned char>(data[6]);
    size_t headerLen = 0;
    size_t headerStart = 0;
    if (major == 1) {
        headerLen = static_cast<unsigned char>(data[8]) | (static_cast<unsigned char>(data[9]) << 8);
        headerStart = 10;
    } else if (major == 2 || major == 3) {
        if (data.size() < 12)
            return bad("truncated header");
        for (int b = 3; b >= 0; --b)
            headerLen = (headerLen << 8) | static_cast<unsigned char>(data[8 + static_cast<size_t>(b)]);
        headerStart = 12;
    } else
        return bad(fmt::format("format version {}", major));
    if (headerStart + headerLen > data.size())
        return bad("truncated header");
    const std::string header = data.substr(headerStart, headerLen);
    auto field = [&](const std::string& key) -> std::string {
        const size_t k = header.find("'" + key + "'");
        if (k == std::string::npos)
            return {};
        size_t v = header.find(':', k);
        if (v == std::string::npos)
            return {};
        ++v;
        while (v < header.size() && header[v] == ' ')
            ++v;
        if (header[v] == '(') {
            const size_t e = header.find(')', v);
            return e == std::string::npos ? std::string() : header.substr(v, e - v + 1);
        }
        size_t e = header.find_first_of(",}", v);
        return header.substr(v, e - v);
    };
    std::string descr = field("descr");
    descr.erase(std::remove(descr.begin(), descr.end(), '\''), descr.end());
    if (field("fortran_order").find("True") != std::string::npos)
        return bad("Fortran order is not supported (save with C order)");
    const std::string shape = field("shape");
    std::vector<int64_t> dims;
    for (size_t p = 1; p < shape.size();) {
        while (p < shape.size() && (shape[p] == ' ' || shape[p] == ','))
            ++p;
        if (p >= shape.size() || shape[p] == ')')
            break;
        int64_t d = 0;
        auto [q, ec] = std::from_chars(shape.data() + p, shape.data() + shape.size(), d);
        if (ec != std::errc())
            return bad("shape '" + shape + "'");
        dims.push_back(d);
        p = static_cast<size_t>(q - shape.data());
    }
    DataType type = DataType::Undefined;
    bool fromDouble = false;
    if (descr == "<f4")
        type = DataType::Float;
    else if (descr == "<f8")
        type = DataType::Float, fromDouble = true;
    else if (descr == "|u1" || descr == "<u1")
        type = DataType::UInt8;
    else if (descr == "|i1" || descr == "<i1")
        type = DataType::Int8;
    else if (descr == "<i4")
        type = DataType::Int32;
    else if (descr == "<i8")
        type = DataType::Int64;
    else
        return bad("element type '" + descr + "' (supported: <f4, <f8, |u1, |i1, <i4, <i8)");
    HostTensor t(type, dims);
    const size_t payload = data.size() - headerStart - headerLen;
    const size_t need = static_cast<size_t>(t.elementCount()) * (fromDouble ? 8 : dataTypeSize(type));
    if (payload < need)
        return bad(fmt::format("{} data bytes, the shape needs {}", payload, need));
    const char* src = data.data() + headerStart + headerLen;
    if (fromDouble) {
        auto out = t.data<float>();
        for (size_t i = 0; i < out.size(); ++i) {
            double d;
            std::memcpy(&d, src + i * 8, 8);
            out[i] = static_cast<float>(d);
        }
    } else if (need)
        std::memcpy(t.rawData(), src, need);
    return t;
}

} // namespace qs
