#!/usr/bin/env bash
# Builds capi/bench/bench.c twice, against libcarry and against the GMP that gmp-mpfr-sys
# built (its static library), runs the two alternately, one operand size at a time (pinned
# to one core), and prints the fastest time of each case and the ratio
# GMP time / carry time (above 1: carry is faster).
#   capi/bench/run.sh [runs=3] [seconds-per-case=0.2] [max-bits=65536] [only-names-containing]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
runs=${1:-3} secs=${2:-0.2} maxbits=${3:-65536} only=${4:-}
CC=${CC:-cc}
CARGO=${CARGO:-cargo}
. "$root/capi/tests/gmp.sh"
gmp=$(built_gmp)
$CARGO build --release -p carry-capi
out=target/c-bench && mkdir -p $out
$CC -O2 -I include/carry capi/bench/bench.c target/release/libcarry.a -lpthread -ldl -lm -o $out/bench-carry
$CC -O2 -I "$gmp/include" capi/bench/bench.c "$gmp/lib/libgmp.a" -lm -o $out/bench-gmp
pin=""
command -v taskset >/dev/null && pin="taskset -c ${BENCH_CPU:-1}"
# The libraries alternate size by size (not whole runs), so that a burst of other work on the
# machine falls on both alike.
for i in $(seq "$runs"); do
    : > $out/carry.$i
    : > $out/gmp.$i
    for s in 64 256 1024 4096 65536 64000; do
        [ "$s" -le "$maxbits" ] || [ "$s" = 64000 ] || continue
        $pin $out/bench-carry "$secs" "$s" "$only" "$s" >> $out/carry.$i
        $pin $out/bench-gmp "$secs" "$s" "$only" "$s" >> $out/gmp.$i
    done
done
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); load: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%F)"
python3 - "$out" "$runs" <<'PY'
import sys
out, runs = sys.argv[1], int(sys.argv[2])
def load(lib):
    best = {}
    order = []
    for i in range(1, runs + 1):
        for line in open(f"{out}/{lib}.{i}"):
            name, bits, ns = line.split()
            key = (name, int(bits))
            if key not in best:
                order.append(key)
                best[key] = float(ns)
            best[key] = min(best[key], float(ns))
    return best, order
c, order = load("carry")
g, _ = load("gmp")
print(f"| {'function':<14} | {'bits':>6} | {'carry ns':>12} | {'GMP ns':>12} | {'GMP/carry':>9} |")
print(f"|{'-'*16}|{'-'*8}:|{'-'*13}:|{'-'*13}:|{'-'*10}:|")
for key in order:
    name, bits = key
    print(f"| {name:<14} | {bits:>6} | {c[key]:>12.1f} | {g[key]:>12.1f} | {g[key]/c[key]:>8.2f}x |")
PY
