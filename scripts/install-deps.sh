#!/usr/bin/env bash
# Installs everything Logomachie needs to build, run and test, on Debian 12.
# Idempotent and quiet when everything is already there: `make run` and `make test`
# call it every time. Debian packages via apt-get, npm packages via `npm ci`.
set -euo pipefail

cd "$(dirname "$0")/.."

# Debian packages, one per line with the reason it is needed.
packages=(
  build-essential      # g++ 12, make
  cmake                # >= 3.25 (presets)
  ninja-build          # fast builds
  ccache               # rebuilds in seconds
  clang                # fuzz preset (libFuzzer)
  libclang-rt-14-dev   # libFuzzer and sanitizer runtimes for clang
  clang-format         # ctest format_check (scripts/check-format.sh, .clang-format)
  clang-tidy           # scripts/check-tidy.sh (.clang-tidy; run by hand, not by make test)
  pkg-config
  libicu-dev           # Unicode normalisation and case folding
  libboost1.81-dev     # Boost headers (JSON now; Beast/Asio for the server)
  libboost-json1.81-dev  # Boost.JSON: actions, views, JSON Lines (games/core)
  libcli11-dev         # CLI11 2.1, header-only: the command line of every `logomachie` command (cli/args.cc)
  libsqlite3-dev       # the server's embedded store (server/)
  libjemalloc-dev      # the server's allocator: many threads allocate and free each other's messages (docs/design.md)
  zlib1g-dev           # gzip for the web client's files (server/static_files.cc)
  libgtest-dev         # unit tests
  libgmock-dev
  libbenchmark-dev     # bench/
  python3-grammalecte  # fr-allvars dictionary (forms, lemmas, tags)
  mythes-fr            # French thesaurus
  hunspell-fr-comprehensive  # benchmark baseline (and future suggestions)
  libhunspell-dev
  chromium             # headless browser for the end-to-end test (driven by npm playwright-core)
  curl                 # the soak benchmark reads /metrics (scripts/soak.sh)
  bsdextrautils        # column, for the soak benchmark's tables
  libpq-dev            # PostgreSQL client library: the cluster's shared store (server/postgres_store.cc)
  libhiredis-dev       # Redis client library: the cluster's directory of room leases (server/redis_directory.cc)
  postgresql           # a throwaway PostgreSQL for the cluster (scripts/cluster.sh, tests/cluster/)
  redis-server         # the cluster's Redis (scripts/cluster.sh)
  redis-tools          # redis-cli (scripts/cluster.sh owner)
  haproxy              # the load balancer in front of the nodes (deploy/haproxy.cfg)
)
# Node.js and npm may come from elsewhere than Debian (a newer Node is often
# preinstalled, and Debian's npm package conflicts with it): install Debian's
# only when the commands are missing.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing Debian packages: ${missing[*]}"
  # The cluster scripts make their own throwaway PostgreSQL: the package
  # need not create (and start) a system-wide one.
  if [[ " ${missing[*]} " == *" postgresql "* ]] && [ ! -e /etc/postgresql-common/createcluster.conf ] && [ "$(id -u)" -eq 0 ]; then
    mkdir -p /etc/postgresql-common
    echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
  fi
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm packages: the lexicon build (frequency ranks) and the web client
# (TypeScript, Vite, Preact, playwright-core). `npm ci` only when the lockfile
# changed since the last install.
for npm_dir in lexicon/npm web tests/cluster; do
  stamp="$npm_dir/node_modules/.install-stamp"
  if [ ! -f "$stamp" ] || [ "$npm_dir/package-lock.json" -nt "$stamp" ]; then
    echo "install-deps: npm ci in $npm_dir"
    (cd "$npm_dir" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
done
