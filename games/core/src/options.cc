#include "games/core/options.h"

#include <algorithm>
#include <stdexcept>

namespace logomachie::games {
namespace {

std::string_view kind_name(OptionSpec::Kind kind) {
  switch (kind) {
    case OptionSpec::Kind::kInt:
      return "int";
    case OptionSpec::Kind::kBool:
      return "bool";
    case OptionSpec::Kind::kChoice:
      return "choice";
    case OptionSpec::Kind::kText:
      return "text";
    case OptionSpec::Kind::kSeats:
      return "seats";
  }
  return "";
}

// The values of `choices` as French text: « a », « b » ou « c ».
std::string listed(const std::vector<OptionValue>& choices) {
  std::string out;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i) out += i + 1 == choices.size() ? " ou " : ", ";
    const auto& v = choices[i].value;
    out += guillemets(v.is_string() ? std::string_view(v.get_string()) : std::string_view(canonical(v)));
  }
  return out;
}

[[noreturn]] void bad(const OptionSpec& spec, std::string_view expected) {
  refuse("bad_option",
         "Réglage " + guillemets(spec.label) + " (" + spec.name + ")\u00a0: " + std::string(expected) + ".");
}

bool among(const std::vector<OptionValue>& choices, const Json& v) {
  return std::any_of(choices.begin(), choices.end(), [&](const OptionValue& c) { return c.value == v; });
}

std::size_t characters(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// `v` checked against `spec`, in its canonical form (integers as int64).
Json checked(const OptionSpec& spec, const Json& v, int players) {
  switch (spec.kind) {
    case OptionSpec::Kind::kInt: {
      const auto range = "un nombre entier de " + std::to_string(spec.min) + " à " + std::to_string(spec.max);
      int64_t n = 0;
      if (v.is_int64())
        n = v.get_int64();
      else if (v.is_uint64() && v.get_uint64() <= static_cast<uint64_t>(spec.max))
        n = static_cast<int64_t>(v.get_uint64());
      else
        bad(spec, range);
      if (n < spec.min || n > spec.max) bad(spec, range);
      return n;
    }
    case OptionSpec::Kind::kBool:
      if (!v.is_bool()) bad(spec, "oui ou non (true ou false)");
      return v;
    case OptionSpec::Kind::kChoice:
      if (!among(spec.choices, v) && !spec.open) bad(spec, listed(spec.choices));
      return v;
    case OptionSpec::Kind::kText:
      if (!v.is_string() ||
          (spec.max > 0 && characters(v.get_string()) > static_cast<std::size_t>(spec.max))) {
        bad(spec,
            spec.max > 0 ? "un texte de " + std::to_string(spec.max) + " caractères au plus" : "un texte");
      }
      return v;
    case OptionSpec::Kind::kSeats: {
      const auto expected = "une valeur par place (" + std::to_string(players) + "), " + listed(spec.choices);
      if (!v.is_array() || v.get_array().size() != static_cast<std::size_t>(players)) bad(spec, expected);
      for (const auto& x : v.get_array()) {
        if (!among(spec.choices, x)) bad(spec, expected);
      }
      return v;
    }
  }
  return v;
}

Json default_for(const OptionSpec& spec, int players) {
  if (spec.kind != OptionSpec::Kind::kSeats || !spec.default_value.is_array()) return spec.default_value;
  const auto& pattern = spec.default_value.get_array();
  JsonArray out;
  for (int p = 0; p < players && !pattern.empty(); ++p)
    out.push_back(pattern[static_cast<std::size_t>(p) % pattern.size()]);
  return out;
}

JsonArray values_json(const std::vector<OptionValue>& values) {
  JsonArray out;
  for (const auto& v : values) out.push_back(JsonObject{{"value", v.value}, {"label", v.label}});
  return out;
}

}  // namespace

ResolvedOptions resolve_options(const GameInfo& info, const JsonObject& options, int players) {
  const auto spec_of = [&](std::string_view name) -> const OptionSpec* {
    for (const auto& s : info.options) {
      if (s.name == name) return &s;
    }
    return nullptr;
  };
  JsonObject given;
  for (const auto& kv : options) {
    const auto* spec = spec_of(kv.key());
    if (!spec)
      refuse("unknown_option",
             "Option inconnue pour " + info.title + "\u00a0: " + guillemets(kv.key()) + ".");
    if (!kv.value().is_null()) given[kv.key()] = checked(*spec, kv.value(), players);
  }
  JsonObject out;
  for (const auto& s : info.options) {
    if (const auto* v = given.if_contains(s.name))
      out[s.name] = *v;
    else if (auto d = default_for(s, players); !d.is_null())
      out[s.name] = std::move(d);
  }
  return ResolvedOptions(info, std::move(out));
}

const Json& ResolvedOptions::at(std::string_view name, OptionSpec::Kind kind) const {
  const auto spec = std::find_if(info_->options.begin(), info_->options.end(),
                                 [&](const OptionSpec& s) { return s.name == name; });
  if (spec == info_->options.end() || spec->kind != kind) {
    throw std::logic_error(info_->name + ": no " + std::string(kind_name(kind)) + " option " +
                           std::string(name));
  }
  const auto* v = values_.if_contains(name);
  if (!v) throw std::logic_error(info_->name + ": option " + std::string(name) + " has no default");
  return *v;
}

int ResolvedOptions::integer(std::string_view name) const {
  return static_cast<int>(at(name, OptionSpec::Kind::kInt).as_int64());
}

bool ResolvedOptions::flag(std::string_view name) const {
  return at(name, OptionSpec::Kind::kBool).as_bool();
}

std::string_view ResolvedOptions::text(std::string_view name) const {
  const auto spec = std::find_if(info_->options.begin(), info_->options.end(),
                                 [&](const OptionSpec& s) { return s.name == name; });
  const bool text = spec != info_->options.end() && spec->kind == OptionSpec::Kind::kText;
  const auto& v = at(name, text ? OptionSpec::Kind::kText : OptionSpec::Kind::kChoice);
  if (!v.is_string())
    throw std::logic_error(info_->name + ": option " + std::string(name) + " is not a string here");
  return v.get_string();
}

const Json* ResolvedOptions::find(std::string_view name) const {
  return values_.if_contains(name);
}

Json options_json(const GameInfo& info) {
  JsonArray list;
  for (const auto& s : info.options) {
    JsonObject o{
        {"name", s.name}, {"label", s.label}, {"kind", kind_name(s.kind)}, {"default", s.default_value}};
    if (s.kind == OptionSpec::Kind::kInt) {
      o["min"] = s.min;
      o["max"] = s.max;
    }
    if (s.kind == OptionSpec::Kind::kText && s.max > 0) o["max"] = s.max;
    if (!s.choices.empty()) o["choices"] = values_json(s.choices);
    if (!s.suggested.empty()) o["suggested"] = values_json(s.suggested);
    if (s.open) o["open"] = true;
    if (s.advanced) o["advanced"] = true;
    if (!s.unset.empty()) o["unset"] = s.unset;
    if (!s.help.empty()) o["help"] = s.help;
    list.push_back(std::move(o));
  }
  return list;
}

namespace {

OptionSpec option(std::string name, std::string label, OptionSpec::Kind kind, Json fallback) {
  OptionSpec s;
  s.name = std::move(name);
  s.label = std::move(label);
  s.kind = kind;
  s.default_value = std::move(fallback);
  return s;
}

}  // namespace

OptionSpec int_option(std::string name, std::string label, int64_t fallback, int64_t min, int64_t max,
                      std::vector<OptionValue> suggested) {
  auto s = option(std::move(name), std::move(label), OptionSpec::Kind::kInt, fallback);
  s.min = min;
  s.max = max;
  s.suggested = std::move(suggested);
  return s;
}

OptionSpec bool_option(std::string name, std::string label, bool fallback) {
  return option(std::move(name), std::move(label), OptionSpec::Kind::kBool, fallback);
}

OptionSpec choice_option(std::string name, std::string label, Json fallback,
                         std::vector<OptionValue> choices) {
  auto s = option(std::move(name), std::move(label), OptionSpec::Kind::kChoice, std::move(fallback));
  s.choices = std::move(choices);
  return s;
}

OptionSpec text_option(std::string name, std::string label, const std::string& fallback, int64_t max,
                       std::vector<OptionValue> suggested) {
  auto s = option(std::move(name), std::move(label), OptionSpec::Kind::kText, Json(fallback));
  s.max = max;
  s.suggested = std::move(suggested);
  return s;
}

OptionSpec seats_option(std::string name, std::string label, JsonArray pattern,
                        std::vector<OptionValue> choices) {
  auto s = option(std::move(name), std::move(label), OptionSpec::Kind::kSeats, std::move(pattern));
  s.choices = std::move(choices);
  return s;
}

std::vector<OptionValue> seconds(std::initializer_list<int> values, std::string_view zero) {
  std::vector<OptionValue> out;
  for (int n : values) {
    std::string label;
    if (n == 0)
      label = zero;
    else if (n % 60 == 0)
      label = n == 60 ? "1 minute" : std::to_string(n / 60) + " minutes";
    else
      label = std::to_string(n) + " secondes";
    out.push_back({n, std::move(label)});
  }
  return out;
}

std::vector<OptionValue> counted(std::initializer_list<int> values, std::string_view one,
                                 std::string_view many) {
  std::vector<OptionValue> out;
  for (int n : values) out.push_back({n, std::to_string(n) + " " + std::string(n > 1 ? many : one)});
  return out;
}

}  // namespace logomachie::games
