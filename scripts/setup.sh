#!/usr/bin/env bash
# Idempotent bootstrap for the build and the tests.
#
#   bash scripts/setup.sh            # .venv with the pinned requirements.txt and this package
#   bash scripts/setup.sh --browser  # ... and Debian's Chromium for browser tests
#
# - Creates .venv in the repo root (python3 -m venv) when it is missing or broken.
# - Installs requirements.txt with pip only when it changed since the last
#   successful install: the sha256 of requirements.txt (plus the venv's Python
#   version) is kept in .venv/.requirements.sha256, so a rerun takes well under
#   a second.
# - Compiles src/ to bytecode (only what changed since), as pip does for
#   installed packages: build processes then start without compiling it.
# - With --browser: installs Debian's `chromium` package with apt-get when
#   /usr/bin/chromium (or $CHROMIUM_PATH, when set) is missing, and Debian's
#   `nginx` (the test that serves the site as a plain host would) when
#   /usr/sbin/nginx (or $NGINX_PATH) is missing; the tests run it as their own
#   process, never as a service. Uses sudo only when not root. (`playwright
#   install` cannot download browsers here.)
#   If that fails, it is fatal under CI / RULESITE_REQUIRE_ALL, else a warning.
#
# Silent when there is nothing to do; one line on stderr per slow step; on
# failure, the failing tool's output and a message saying what to do.
set -euo pipefail

repo_root="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$repo_root/.venv"
requirements="$repo_root/requirements.txt"
stamp="$venv/.requirements.sha256"

want_browser=0
for arg in "$@"; do
    case "$arg" in
        --browser) want_browser=1 ;;
        -h|--help) sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "setup.sh: unknown argument: $arg (known: --browser)" >&2; exit 2 ;;
    esac
done

log="$(mktemp "${TMPDIR:-/tmp}/rulesite-setup.XXXXXX")"
trap 'rm -f -- "$log"' EXIT

# True for a flag value like 1/true/yes; false for "", 0, false, no.
is_set() {
    case "${1,,}" in ""|0|false|no) return 1 ;; *) return 0 ;; esac
}
note() { echo "setup.sh: $*" >&2; }
die() {
    echo "setup.sh: error: $*" >&2
    if [[ -s "$log" ]]; then
        echo "---- output of the failing step (last 40 lines) ----" >&2
        tail -n 40 -- "$log" >&2
        echo "----" >&2
    fi
    exit 1
}

# Runs a command as root: directly when root, else through sudo.
as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root to run '$*' and sudo is not installed; run it as root yourself"
    fi
}

apt_install() {
    command -v apt-get >/dev/null 2>&1 \
        || die "apt-get not found: install the package(s) '$*' by hand (this script knows only Debian/Ubuntu)"
    note "installing $* with apt-get (once)..."
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >"$log" 2>&1 \
        || die "apt-get update failed"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" >"$log" 2>&1 \
        || die "apt-get install $* failed"
}

# ---- Python virtual environment --------------------------------------------
command -v python3 >/dev/null 2>&1 || die "python3 not found (need Python >= 3.11)"

if ! "$venv/bin/python" -c '' >/dev/null 2>&1; then
    # Missing, or left half-made / broken by an earlier failure: (re)create it.
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "python3 is $(python3 -V 2>&1); this project needs Python >= 3.11"
    if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
        # Debian ships venv/ensurepip in a separate package.
        apt_install python3-venv
    fi
    note "creating $venv ..."
    rm -rf -- "$venv"
    python3 -m venv "$venv" >"$log" 2>&1 || die "python3 -m venv $venv failed"
fi

# Serialize concurrent runs (e.g. a build and a test run started together).
if command -v flock >/dev/null 2>&1; then
    exec 9>"$venv/.setup.lock"
    flock 9
fi

[[ -f "$requirements" ]] || die "missing $requirements"
want_hash="$(
    { sha256sum <"$requirements"; sha256sum <"$repo_root/pyproject.toml"; "$venv/bin/python" -c 'import sys; print(sys.version)'; } \
        | sha256sum | cut -d' ' -f1
)"
have_hash="$(cat -- "$stamp" 2>/dev/null || true)"

if [[ "$want_hash" != "$have_hash" ]]; then
    note "installing requirements.txt into .venv ..."
    rm -f -- "$stamp"
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/python" -m pip install -q \
        --require-virtualenv -r "$requirements" >"$log" 2>&1 \
        || die "pip install -r requirements.txt failed (network to PyPI? a pin that does not exist?)"
    # The project itself, editable: `rulesite` on the venv's PATH, src/ importable.
    # Its dependencies are the pins above (--no-deps), its build uses them too.
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/python" -m pip install -q --require-virtualenv \
        --no-deps --no-build-isolation -e "$repo_root" >"$log" 2>&1 \
        || die "pip install -e . failed"
    echo "$want_hash" >"$stamp"
fi

# The project's own modules compiled to bytecode, as pip does for installed
# packages: an editable install is not, and where PYTHONDONTWRITEBYTECODE is set
# every build process would compile them again (0.1-0.2 s each). Only files
# changed since their bytecode are compiled; a stale one is never used.
"$venv/bin/python" -m compileall -q -j 0 "$repo_root/src" >"$log" 2>&1 || die "compiling src/ to bytecode failed"

# ---- Chromium for the browser tests ----------------------------------------
if [[ "$want_browser" -eq 1 ]]; then
    chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
    if [[ ! -x "$chromium" ]]; then
        if [[ -n "${CHROMIUM_PATH:-}" ]]; then
            die "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file"
        fi
        # In a subshell, so that a failure can be a warning on a developer's
        # machine (the browser tests then skip loudly) but stays fatal in CI.
        if ! ( apt_install chromium ) || [[ ! -x /usr/bin/chromium ]]; then
            : >"$log"  # its output was shown already
            if is_set "${RULESITE_REQUIRE_ALL:-}" || is_set "${CI:-}"; then
                die "could not install Debian's chromium (CI or RULESITE_REQUIRE_ALL is set, so this is fatal)"
            fi
            note "warning: Chromium is not installed; the browser tests will be skipped"
        fi
    fi
    nginx="${NGINX_PATH:-/usr/sbin/nginx}"
    if [[ ! -x "$nginx" ]]; then
        if [[ -n "${NGINX_PATH:-}" ]]; then
            die "NGINX_PATH=$NGINX_PATH is not an executable file"
        fi
        # Only the program: Debian's package also enables a service, which the
        # tests never use (they start nginx with a config of their own).
        if ! ( apt_install nginx ) || [[ ! -x /usr/sbin/nginx ]]; then
            : >"$log"
            if is_set "${RULESITE_REQUIRE_ALL:-}" || is_set "${CI:-}"; then
                die "could not install Debian's nginx (CI or RULESITE_REQUIRE_ALL is set, so this is fatal)"
            fi
            note "warning: nginx is not installed; the test of the documented nginx set-up will be skipped"
        fi
    fi
fi
