#!/usr/bin/env bash
# The constant-time check over build configurations (make ct, make ct-matrix).
#
# Each configuration builds ct/ (a crate that depends on carry as users' crates do) with
# cargo's release profile changed by CARGO_PROFILE_RELEASE_* variables and RUSTFLAGS, into a
# target directory of its own, then runs it under valgrind memcheck with the secrets marked
# undefined (it must report nothing) and runs each deliberately leaking function of its
# self-test in its own process (each must be reported). A configuration is five values:
#
#   opt-level   2 | 3 | s
#   cgu         codegen-units: 1 | 16
#   lto         false (cargo's default: no cross-crate LTO) | fat
#   cpu         generic (no flag) | native (-C target-cpu=native, without AVX-512, GFNI, VAES,
#               VPCLMULQDQ and SHA, which valgrind 3.19 does not decode; the MULX/ADX field
#               kernels are then compiled in)
#   debug       false | true (debug info)
#
# Usage: scripts/ct.sh subset|pairs|full [NAME-FILTER]. CT_JOBS configurations build at once
# (default 2). Prints the matrix it ran, with the functions checked in each, and exits 1 if a
# configuration leaks, fails to build or misses a self-test leak.
set -u
cd "$(dirname "$0")/.."

CARGO=${CARGO:-cargo}
JOBS=${CT_JOBS:-2}
OUT=target/ct

# `make ct`: two configurations, cargo's default release profile for a dependency (opt-level
# 3, codegen-units 16, no LTO, generic CPU, no debug info) and its opposite on every axis but
# opt-level (opt-level s, codegen-units 1, fat LTO, native CPU, debug info).
SUBSET="
3 16 false generic false
s 1 fat native true
"

# `scripts/ct.sh pairs`: six configurations that contain every pair of values of any two axes
# (a covering array of strength 2).
PAIRS="
3 16 false generic false
3 1 fat native true
2 16 false native true
2 1 fat generic false
s 1 false generic true
s 16 fat native false
"

full() {
    for opt in 2 3 s; do
        for cgu in 1 16; do
            for lto in false fat; do
                for cpu in generic native; do
                    for debug in false true; do
                        echo "$opt $cgu $lto $cpu $debug"
                    done
                done
            done
        done
    done
}

case "${1:-subset}" in
    subset) CONFIGS=$SUBSET ;;
    pairs) CONFIGS=$PAIRS ;;
    full) CONFIGS=$(full) ;;
    *) echo "usage: $0 subset|pairs|full [filter]" >&2; exit 2 ;;
esac
FILTER=${2:-}

name_of() { echo "O$1-cgu$2-lto_$3-$4-debug_$5"; }

# Builds and checks one configuration; writes its result line to $OUT/NAME.result.
run_one() {
    local opt=$1 cgu=$2 lto=$3 cpu=$4 debug=$5
    local name dir log flags start bin functions leaks status
    name=$(name_of "$@")
    dir=$OUT/$name
    log=$OUT/$name.log
    mkdir -p "$dir"
    rm -f "$OUT/$name.result"
    flags=""
    if [ "$cpu" = native ]; then
        flags="-C target-cpu=native -C target-feature=-avx512f,-gfni,-vaes,-vpclmulqdq,-sha"
    fi
    start=$(date +%s)
    if ! CARGO_PROFILE_RELEASE_OPT_LEVEL=$opt CARGO_PROFILE_RELEASE_CODEGEN_UNITS=$cgu \
        CARGO_PROFILE_RELEASE_LTO=$lto CARGO_PROFILE_RELEASE_DEBUG=$debug RUSTFLAGS="$flags" \
        $CARGO build --release --quiet --manifest-path ct/Cargo.toml --target-dir "$dir" \
        >"$log" 2>&1; then
        echo "$name FAIL build ($log)" >"$OUT/$name.result"
        return
    fi
    bin=$dir/release/carry-ct
    valgrind -q --error-exitcode=42 "$bin" >"$OUT/$name.out" 2>>"$log"
    status=$?
    functions=$(sed -n 's/^carry-ct: \([0-9]*\) functions checked$/\1/p' "$OUT/$name.out")
    if [ $status -ne 0 ] || [ -z "$functions" ]; then
        echo "$name FAIL leak: valgrind exit $status ($log)" >"$OUT/$name.result"
        return
    fi
    # Every deliberately leaking function must be reported, each in its own run.
    leaks=0
    local total=0 missed=""
    while IFS= read -r leak; do
        total=$((total + 1))
        valgrind -q --error-exitcode=42 "$bin" leak "$leak" >/dev/null 2>&1
        if [ $? -eq 42 ]; then
            leaks=$((leaks + 1))
        else
            missed="$missed [$leak]"
        fi
    done < <("$bin" --list-leaks)
    if [ $leaks -ne $total ] || [ $total -eq 0 ]; then
        echo "$name FAIL self-test: not reported:$missed" >"$OUT/$name.result"
        return
    fi
    echo "$name ok $functions $leaks/$total $(($(date +%s) - start))s" >"$OUT/$name.result"
}

command -v valgrind >/dev/null || { echo "ct: valgrind is missing (make deps installs it)"; exit 1; }
mkdir -p "$OUT"
started=$(date +%s)
names=()
while read -r opt cgu lto cpu debug; do
    [ -z "$opt" ] && continue
    name=$(name_of "$opt" "$cgu" "$lto" "$cpu" "$debug")
    case "$name" in *"$FILTER"*) ;; *) continue ;; esac
    names+=("$name")
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
        wait -n
    done
    echo "ct: building and checking $name"
    run_one "$opt" "$cgu" "$lto" "$cpu" "$debug" &
done <<<"$CONFIGS"
wait

fail=0
echo
printf '%-40s %-6s %-10s %-14s %s\n' "configuration" "result" "functions" "self-test" "time"
for name in "${names[@]}"; do
    read -r _ result rest <"$OUT/$name.result" || result=FAIL
    if [ "$result" = ok ]; then
        read -r functions leaks time <<<"$rest"
        printf '%-40s %-6s %-10s %-14s %s\n' "$name" ok "$functions" "$leaks reported" "$time"
    else
        printf '%-40s %s\n' "$name" "FAIL: $rest"
        fail=1
    fi
done
echo "ct: ${#names[@]} configurations in $(($(date +%s) - started))s"
if [ $fail -ne 0 ]; then
    echo "ct: FAILED (the logs are in $OUT/)"
    exit 1
fi
echo "ct: no secret-dependent branch or memory index in any configuration; every self-test leak reported"
