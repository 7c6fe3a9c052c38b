#!/usr/bin/env bash
# Real programs compile unchanged against libcarry: GMP's demos/factorize.c and
# demos/isprime.c (from the GMP sources cargo unpacked for gmp-mpfr-sys), groups.c (every
# function group) and edges.c (the short-operand paths at their edges, with aliasing), each
# built with -I include/carry against libcarry and against GMP, run on the same inputs; the
# outputs must be identical.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"
CC=${CC:-cc}
CARGO=${CARGO:-cargo}
. "$here/../gmp.sh"
demos=$(gmp_sources)/demos
gmp=$(built_gmp)
$CARGO build --release -p carry-capi
out=target/c-tests/programs && rm -rf $out && mkdir -p $out
for p in "$demos/factorize.c" "$demos/isprime.c" "$here/groups.c" "$here/edges.c"; do
    name=$(basename "$p" .c)
    $CC -O1 -w -I include/carry "$p" target/release/libcarry.a -lpthread -ldl -lm -o $out/$name-carry
    $CC -O1 -w -I "$gmp/include" "$p" "$gmp/lib/libgmp.a" -lm -o $out/$name-gmp
done
# groups.c once more against the shared library.
$CC -O1 -w -I include/carry "$here/groups.c" -L target/release -Wl,-rpath,"$root/target/release" -lcarry \
    -o $out/groups-so-carry
cp $out/groups-gmp $out/groups-so-gmp
run() {  # name args... (standard input: $input)
    local name=$1; shift
    printf '%s' "${input:-}" > $out/input
    "$out/$name-carry" "$@" < $out/input > $out/carry.out 2>&1 || echo "exit $?" >> $out/carry.out
    "$out/$name-gmp" "$@" < $out/input > $out/gmp.out 2>&1 || echo "exit $?" >> $out/gmp.out
    if cmp -s $out/carry.out $out/gmp.out; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL: $name $*"; diff $out/carry.out $out/gmp.out > $out/diff.txt || true; sed -n 1,20p $out/diff.txt
    fi
}
passed=0 failed=0
run groups
run groups-so
run edges
run factorize 123456789012345678901234567890 2305843009213693951 147573952589676412927
run factorize -q 600851475143 1000000016000000063 18446744073709551617
input="1208925819614629174706176 0x7fffffff -360" run factorize
run isprime 2 97 561 1000003 170141183460469231731687303715884105727 170141183460469231731687303715884105729
run isprime -q 2305843009213693951
run isprime -q 2305843009213693953
echo "C programs (GMP demos, groups.c, edges.c) against GMP: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
