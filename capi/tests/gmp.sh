# Sourced by the C test and benchmark scripts: where cargo put GMP. No pipelines into
# `head` here: under `set -o pipefail` an early-closing reader turns a harmless SIGPIPE
# in the writer into a failed script.

# The first argument that is a directory.
first_dir() {
    for d in "$@"; do
        if [ -d "$d" ]; then echo "$d"; return; fi
    done
}

# The first build output of gmp-mpfr-sys that holds GMP's header and static library.
find_gmp() {
    for d in target/release/build/gmp-mpfr-sys-*/out; do
        if [ -f "$d/lib/libgmp.a" ] && [ -f "$d/include/gmp.h" ]; then echo "$d"; return; fi
    done
}

# GMP's sources, as cargo unpacked the gmp-mpfr-sys package behind the rug dev-dependency.
gmp_sources() {
    local manifest
    manifest=$($CARGO metadata --format-version 1 | python3 -c '
import json, sys
for p in json.load(sys.stdin)["packages"]:
    if p["name"] == "gmp-mpfr-sys":
        print(p["manifest_path"]); break')
    first_dir "$(dirname "$manifest")"/gmp-*-c
}

# GMP built for the tests, building the differential tests first if it is not there yet.
built_gmp() {
    local gmp
    gmp=$(find_gmp)
    if [ -z "$gmp" ]; then
        $CARGO test --release --no-run --test diff >/dev/null
        gmp=$(find_gmp)
    fi
    echo "$gmp"
}
