#include "games/core/json.h"

#include <algorithm>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace logomachie::games {
namespace {

[[noreturn]] void bad_field(std::string_view key, std::string_view what) {
  throw ActionError("bad_field", "Le champ " + guillemets(key) + " " + std::string(what) + ".");
}

void write_canonical(const Json& v, std::string& out) {
  switch (v.kind()) {
    case boost::json::kind::object: {
      const auto& o = v.get_object();
      std::vector<const boost::json::key_value_pair*> items;
      items.reserve(o.size());
      for (const auto& kv : o) items.push_back(&kv);
      std::sort(items.begin(), items.end(), [](auto* a, auto* b) { return a->key() < b->key(); });
      out += '{';
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        out += boost::json::serialize(Json(items[i]->key()));
        out += ':';
        write_canonical(items[i]->value(), out);
      }
      out += '}';
      return;
    }
    case boost::json::kind::array: {
      out += '[';
      bool first = true;
      for (const auto& e : v.get_array()) {
        if (!first) out += ',';
        first = false;
        write_canonical(e, out);
      }
      out += ']';
      return;
    }
    default:
      out += boost::json::serialize(v);
  }
}

}  // namespace

void refuse(std::string code, std::string message) {
  throw ActionError(std::move(code), std::move(message));
}

std::string guillemets(std::string_view s) {
  return "«\u00a0" + std::string(s) + "\u00a0»";  // the one place (typography: ok)
}

JsonArray string_array(const std::vector<std::string>& items) {
  JsonArray out;
  out.reserve(items.size());
  for (const auto& s : items) out.emplace_back(s);
  return out;
}

namespace {
thread_local FieldLog* active_field_log = nullptr;
}  // namespace

FieldLog::FieldLog(const JsonObject& watched) : watched_(&watched), previous_(active_field_log) {
  active_field_log = this;
}

FieldLog::~FieldLog() {
  active_field_log = previous_;
}

void FieldLog::note(const JsonObject& o, std::string_view key) {
  for (auto* log = active_field_log; log; log = log->previous_) {
    if (log->watched_ != &o) continue;
    if (std::find(log->keys_.begin(), log->keys_.end(), key) == log->keys_.end())
      log->keys_.emplace_back(key);
    return;
  }
}

std::optional<JsonObject> only_fields_read(const JsonObject& body, const FieldLog& read) {
  const auto kept = [&](std::string_view key) {
    return key == "type" || std::find(read.keys().begin(), read.keys().end(), key) != read.keys().end();
  };
  bool extra = false;
  for (const auto& kv : body) extra = extra || !kept(kv.key());
  if (!extra) return std::nullopt;
  JsonObject out;
  for (const auto& kv : body) {
    if (kept(kv.key())) out.emplace(kv.key(), kv.value());
  }
  return out;
}

const Json* find_field(const JsonObject& o, std::string_view key) {
  FieldLog::note(o, key);
  return o.if_contains(key);
}

const Json& require(const JsonObject& o, std::string_view key) {
  const auto* v = find_field(o, key);
  if (!v) bad_field(key, "est manquant");
  return *v;
}

std::string_view get_string(const JsonObject& o, std::string_view key) {
  const auto& v = require(o, key);
  if (!v.is_string()) bad_field(key, "doit être un texte");
  return v.get_string();
}

std::optional<std::string_view> get_optional_string(const JsonObject& o, std::string_view key) {
  const auto* v = find_field(o, key);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) bad_field(key, "doit être un texte");
  return std::string_view(v->get_string());
}

int64_t get_int(const JsonObject& o, std::string_view key, int64_t min, int64_t max) {
  const auto& v = require(o, key);
  int64_t n = 0;
  if (v.is_int64()) {
    n = v.get_int64();
  } else if (v.is_uint64() && v.get_uint64() <= static_cast<uint64_t>(INT64_MAX)) {
    n = static_cast<int64_t>(v.get_uint64());
  } else {
    bad_field(key, "doit être un nombre entier");
  }
  if (n < min || n > max) {
    bad_field(key, "doit être compris entre " + std::to_string(min) + " et " + std::to_string(max));
  }
  return n;
}

std::optional<int64_t> get_optional_int(const JsonObject& o, std::string_view key, int64_t min, int64_t max) {
  const auto* v = find_field(o, key);
  if (!v || v->is_null()) return std::nullopt;
  return get_int(o, key, min, max);
}

bool get_bool(const JsonObject& o, std::string_view key, bool fallback) {
  const auto* v = find_field(o, key);
  if (!v || v->is_null()) return fallback;
  if (!v->is_bool()) bad_field(key, "doit valoir true ou false");
  return v->get_bool();
}

const JsonArray& get_array(const JsonObject& o, std::string_view key) {
  const auto& v = require(o, key);
  if (!v.is_array()) bad_field(key, "doit être une liste");
  return v.get_array();
}

const JsonObject& get_object(const JsonObject& o, std::string_view key) {
  const auto& v = require(o, key);
  if (!v.is_object()) bad_field(key, "doit être un objet");
  return v.get_object();
}

std::string canonical(const Json& v) {
  std::string out;
  write_canonical(v, out);
  return out;
}

Json parse_json(std::string_view text) {
  boost::system::error_code ec;
  boost::json::parse_options opts;
  opts.max_depth = 64;
  Json v = boost::json::parse(text, ec, {}, opts);
  if (ec) throw ActionError("bad_json", "Message illisible\u00a0: ce n’est pas du JSON valide.");
  return v;
}

}  // namespace logomachie::games
