#include "serve_command.h"

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "game_context.h"
#include "server/http_server.h"
#include "server/store.h"

namespace logomachie::cli {
namespace {

constexpr std::string_view kUsage =
    "usage: logomachie serve [--port N] [--bind ADDRESS] [--db FILE] [--web DIR]\n"
    "                        [--idle-timeout SECONDS] [--max-connections N] [--max-rooms N]\n"
    "  defaults: port 8080, bind 127.0.0.1 (0.0.0.0 to play on the local network), db var/logomachie.db,\n"
    "  web: the built client beside the program (build/web); idle timeout 20 s, at most 50 (a silent\n"
    "  WebSocket is pinged at half of it, closed after it); max connections: the descriptor limit less 64;\n"
    "  max rooms 10000 (rooms left empty with no game under way close after 10 minutes);\n"
    "  environment: LOGOMACHIE_PORT, LOGOMACHIE_BIND, LOGOMACHIE_DB, LOGOMACHIE_WEB.\n";

constexpr uint64_t kMaxIdleTimeoutS = 50;  // < server::kGraceMs (60 s)

std::optional<uint64_t> number_of(std::string_view s, uint64_t low, uint64_t high) {
  uint64_t v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < low || v > high) return std::nullopt;
  return v;
}

std::optional<uint16_t> port_of(std::string_view s) {
  unsigned v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v > 65535) return std::nullopt;
  return static_cast<uint16_t>(v);
}

// build/bin/logomachie serves build/web (where `make run` builds the client).
std::filesystem::path default_web() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "build/web";
  return exe.parent_path().parent_path() / "web";
}

}  // namespace

int serve_command(std::span<const std::string_view> args, std::string_view lexicon_path) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  server::ServeOptions options;
  if (const char* v = std::getenv("LOGOMACHIE_BIND")) options.bind = v;
  if (const char* v = std::getenv("LOGOMACHIE_DB")) options.db = v;
  options.web = default_web();
  if (const char* v = std::getenv("LOGOMACHIE_WEB")) options.web = v;
  if (const char* v = std::getenv("LOGOMACHIE_PORT")) {
    const auto p = port_of(v);
    if (!p) {
      std::cerr << "logomachie serve: LOGOMACHIE_PORT is not a port number\n";
      return 2;
    }
    options.port = *p;
  }
  for (std::size_t i = 0; i < args.size(); i += 2) {
    if (i + 1 >= args.size()) {
      std::cerr << "logomachie serve: " << args[i] << " needs a value\n" << kUsage;
      return 2;
    }
    const auto v = args[i + 1];
    if (args[i] == "--port" && port_of(v)) {
      options.port = *port_of(v);
    } else if (args[i] == "--bind") {
      options.bind = std::string(v);
    } else if (args[i] == "--db") {
      options.db = std::string(v);
    } else if (args[i] == "--web") {
      options.web = std::string(v);
    } else if (args[i] == "--idle-timeout" && number_of(v, 2, kMaxIdleTimeoutS)) {
      // Below the stand-in grace, so that a phone gone silent is seen as away in time for its bot.
      options.idle_timeout_ms = static_cast<int64_t>(*number_of(v, 2, kMaxIdleTimeoutS)) * 1000;
    } else if (args[i] == "--max-rooms" && number_of(v, 1, 10'000'000)) {
      options.max_rooms = *number_of(v, 1, 10'000'000);
    } else if (args[i] == "--max-connections" && number_of(v, 1, 10'000'000)) {
      options.max_connections = *number_of(v, 1, 10'000'000);
    } else {
      std::cerr << "logomachie serve: bad option " << args[i] << " " << v << "\n" << kUsage;
      return 2;
    }
  }
  auto lex = open_lexicon(lexicon_path, "serve");
  if (!lex) return 1;
  try {
    server::HttpServer http(*lex, options);
    const std::string host = options.bind == "0.0.0.0" || options.bind == "127.0.0.1" ? "localhost" : options.bind;
    std::cout << "Logomachie est prêt : ouvre http://" << host << ":" << http.port() << "/\n"
              << "(parties enregistrées dans " << options.db.string() << " ; Ctrl+C pour arrêter)\n";
    if (http.web_files() == 0) {
      std::cout << "Attention : l’interface web n’est pas construite dans " << options.web.string()
                << " (make run la construit).\n";
    }
    std::cout << std::flush;
    http.run();
  } catch (const server::StoreError& e) {
    std::cerr << "logomachie serve: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "logomachie serve: " << e.what() << "\n";
    return 1;
  }
  std::cout << "Logomachie s’arrête. À bientôt !\n";
  return 0;
}

}  // namespace logomachie::cli
