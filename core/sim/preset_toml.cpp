#include "core/sim/preset_toml.hpp"

#include <cstdio>
#include <variant>

#include "core/sim/toml_text.hpp"

namespace reslab {
namespace {

std::string value_text(const Value& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::int64_t>) return std::to_string(v);
        if constexpr (std::is_same_v<T, double>) {
          char text[32];
          std::snprintf(text, sizeof text, "%.17g", v);
          std::string written = text;
          if (written.find_first_of(".eE") == std::string::npos) written += ".0";
          return written;
        }
        if constexpr (std::is_same_v<T, std::string>) return toml_quoted(v);
        return "\"\"";  // a null argument is never written: the caller skips it
      },
      value);
}

}  // namespace

std::string preset_toml(const Preset& preset) {
  std::string out = "[[presets]]\nname = " + toml_quoted(preset.name) + "\n";
  if (!preset.title.empty())
    out += "title = { en = " + toml_quoted(preset.title.en) +
           ", zh = " + toml_quoted(preset.title.zh.empty() ? preset.title.en : preset.title.zh) + " }\n";
  if (!preset.naive_harm_by_backend.empty()) {
    std::string harm;
    for (const auto& [backend, harmful] : preset.naive_harm_by_backend)
      harm += (harm.empty() ? "" : ", ") + toml_key(backend) + " = " + (harmful ? "true" : "false");
    out += "naive_harm = { " + harm + " }\n";
  } else if (!preset.naive_harm) {
    out += "naive_harm = false\n";
  }
  std::string order;
  for (const auto& id : preset.order) order += (order.empty() ? "" : ", ") + toml_quoted(id);
  out += "order = [" + order + "]\n";
  if (!preset.times.empty()) {
    std::string times;
    for (const auto& [id, seconds] : preset.times)
      times += (times.empty() ? "" : ", ") + toml_key(id) + " = " + std::to_string(seconds);
    out += "times = { " + times + " }\n";
  }
  std::string args;
  for (const auto& [id, values] : preset.args) {
    std::string event;
    for (const auto& [name, value] : values)
      if (!is_null(value)) event += (event.empty() ? "" : ", ") + toml_key(name) + " = " + value_text(value);
    if (!event.empty()) args += (args.empty() ? "" : ", ") + toml_key(id) + " = { " + event + " }";
  }
  if (!args.empty()) out += "args = { " + args + " }\n";
  return out;
}

}  // namespace reslab
