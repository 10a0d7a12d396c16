#include "serve_command.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "args.h"
#include "game_context.h"
#include "server/directory.h"
#include "server/http_server.h"
#include "server/store.h"

namespace logomachie::cli {
namespace {

// Under the 60 s stand-in grace (server::kGraceMs), so that a phone gone
// silent is seen as away in time for its bot to play.
constexpr std::uint64_t kMaxIdleTimeoutS = 50;

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

// The command-line flags given; they win over the environment and the defaults.
struct ServeFlags {
  std::optional<std::uint64_t> port, idle_timeout, max_connections, max_rooms, lease_ms, room_threads,
      commit_window_us;
  std::optional<std::string> bind, db, web, store, directory, node, trust_proxy;

  void apply(server::ServeOptions& options) const {
    if (port) options.port = static_cast<uint16_t>(*port);
    if (bind) options.bind = *bind;
    if (db) options.db = *db;
    if (web) options.web = *web;
    if (idle_timeout) options.idle_timeout_ms = static_cast<int64_t>(*idle_timeout) * 1000;
    if (max_connections) options.max_connections = *max_connections;
    if (max_rooms) options.max_rooms = *max_rooms;
    if (room_threads) options.room_threads = *room_threads;
    if (commit_window_us) options.commit_window_us = static_cast<int64_t>(*commit_window_us);
    if (store) options.store = *store;
    if (directory) options.directory = *directory;
    if (node) options.node = *node;
    if (lease_ms) options.lease_ms = static_cast<int64_t>(*lease_ms);
    if (trust_proxy) {
      std::string_view rest(*trust_proxy);
      while (!rest.empty()) {
        const auto comma = rest.find(',');
        if (const auto one = rest.substr(0, comma); !one.empty()) options.trusted_proxies.emplace_back(one);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
      }
    }
  }
};

}  // namespace

int serve_command(std::span<const std::string> args, std::string lexicon_path) {
  ServeFlags flags;
  Args cli("serve", lexicon_path);
  cli.about(
         "  the game server (docs/protocol.md); rooms left empty with no game under way close after 10 "
         "minutes\n"
         "  environment: LOGOMACHIE_PORT, LOGOMACHIE_BIND, LOGOMACHIE_DB, LOGOMACHIE_WEB (the flags win)\n")
      .number("port", "N", flags.port, {0, 65535}, "port to listen on (default 8080; 0: any free port)")
      .text("bind", "ADDRESS", flags.bind, "default 127.0.0.1; 0.0.0.0 to play on the local network")
      .text("db", "FILE", flags.db, "the games' store (default var/logomachie.db)")
      .text("web", "DIR", flags.web, "the built web client (default: build/web, beside the program)")
      .number("idle-timeout", "SECONDS", flags.idle_timeout, {2, kMaxIdleTimeoutS},
              "2 to 50, default 20: a silent WebSocket is pinged at half of it, closed after it")
      .number("max-connections", "N", flags.max_connections, {1, 10'000'000},
              "default: the descriptor limit less 64")
      .number("max-rooms", "N", flags.max_rooms, {1, 10'000'000}, "default 10000")
      .number("room-threads", "N", flags.room_threads, {1, 64},
              "threads that run the rooms and bots (default 8; docs/design.md, Threads)")
      .number("commit-window-us", "US", flags.commit_window_us, {0, 20'000},
              "default 1000: how long a batch of actions waits for more before its sync (0: at once)")
      .text(
          "store", "URL", flags.store,
          "a PostgreSQL store (postgresql://user@host:port/db) instead of the SQLite file (docs/scaling.md)")
      .text("directory", "URL", flags.directory,
            "a cluster's Redis directory of rooms (redis://host:port); needs --store and --node")
      .text("node", "NAME", flags.node, "this server's name in the cluster (letters, digits, - and _)")
      .number("lease-ms", "MS", flags.lease_ms, {300, 60'000},
              "default 3000: how long a node's rooms stay its own after its last renewal")
      .text("trust-proxy", "ADDRESSES", flags.trust_proxy,
            "comma-separated addresses of proxies whose X-Forwarded-For names the client (a load balancer)");
  if (auto done = cli.parse(args)) return *done;

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
  flags.apply(options);
  if (!options.store.empty() && !server::is_postgres_url(options.store)) {
    std::cerr << "logomachie serve: --store takes a postgresql:// URL (--db names a SQLite file)\n";
    return 2;
  }
  if (!options.directory.empty() && options.store.empty()) {
    std::cerr << "logomachie serve: a cluster (--directory) needs a shared store (--store postgresql://…)\n";
    return 2;
  }
  if (!options.store.empty() && options.node.empty()) {
    std::cerr
        << "logomachie serve: --store and --directory need --node NAME (this server's name in the cluster)\n";
    return 2;
  }
  if (!std::all_of(options.node.begin(), options.node.end(),
                   [](unsigned char ch) { return std::isalnum(ch) || ch == '-' || ch == '_'; })) {
    std::cerr << "logomachie serve: --node takes letters, digits, - and _\n";
    return 2;
  }
  auto lex = open_lexicon(lexicon_path, "serve");
  if (!lex) return 1;
  try {
    server::HttpServer http(*lex, options);
    const std::string host =
        options.bind == "0.0.0.0" || options.bind == "127.0.0.1" ? "localhost" : options.bind;
    const std::string where = options.store.empty() ? options.db.string() : "PostgreSQL";
    std::cout << "Logomachie est prêt\u00a0: ouvre http://" << host << ":" << http.port() << "/\n"
              << "(parties enregistrées dans " << where << "\u00a0; Ctrl+C pour arrêter)\n";
    if (http.web_files() == 0) {
      std::cout << "Attention\u00a0: l’interface web n’est pas construite dans " << options.web.string()
                << " (make run la construit).\n";
    }
    std::cout << std::flush;
    http.run();
  } catch (const server::DirectoryError& e) {
    std::cerr << "logomachie serve: " << e.what() << "\n";
    return 1;
  } catch (const server::StoreError& e) {
    std::cerr << "logomachie serve: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "logomachie serve: " << e.what() << "\n";
    return 1;
  }
  std::cout << "Logomachie s’arrête. À bientôt\u00a0!\n";
  return 0;
}

}  // namespace logomachie::cli
