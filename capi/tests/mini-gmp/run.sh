#!/usr/bin/env bash
# Builds mini-gmp's own test programs (GMP 6.3, from the sources cargo unpacked for the
# gmp-mpfr-sys crate behind the rug dev-dependency) against <carry/gmp.h> and libcarry, with
# testutils.c from this directory, and runs them; with --valgrind, under valgrind memcheck
# (any error or leak fails the test). The GPL test files are used where cargo put them and
# are never copied into the repository: the build directory links to them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"
valgrind=""
if [ "${1:-}" = "--valgrind" ]; then
    valgrind="valgrind -q --error-exitcode=42 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible"
fi
CC=${CC:-cc}
CARGO=${CARGO:-cargo}

. "$here/../gmp.sh"
gmp_src=$(gmp_sources)
tests="$gmp_src/mini-gmp/tests"
gmp=$(built_gmp)
$CARGO build --release -p carry-capi

build=target/c-tests/mini-gmp
rm -rf "$build" && mkdir -p "$build/tests"
for h in mini-gmp.h mini-mpq.h; do
    echo '#include <carry/gmp.h>' > "$build/$h"
done
for f in "$tests"/t-*.c "$tests"/hex-random.[ch] "$tests"/mini-random.[ch] "$tests"/testutils.h; do
    ln -s "$f" "$build/tests/"
done
cp "$here/testutils.c" "$build/tests/carry-testutils.c"

cd "$build/tests"
cflags="-O1 -g -Wall -Wno-unused-but-set-variable"
$CC $cflags -I "$root/$gmp/include" -c hex-random.c -o hex-random.o
$CC $cflags -I "$root/include" -c mini-random.c -o mini-random.o
$CC $cflags -I "$root/include" -c carry-testutils.c -o testutils.o
libs="$root/target/release/libcarry.a $root/$gmp/lib/libgmp.a -lm -lpthread -ldl"
progs=$(cd "$tests" && ls t-*.c | sed 's/\.c$//')
for t in $progs; do
    $CC $cflags -w -I "$root/include" -c "$t.c" -o "$t.o" &
done
wait
for t in $progs; do
    $CC "$t.o" hex-random.o mini-random.o testutils.o $libs -o "$t" &
done
wait

# Two programs at a time (the machine's cores); each one's output goes to its .log.
export valgrind
printf '%s\n' $progs | xargs -P "${JOBS:-2}" -I{} sh -c \
    'if $valgrind ./{} >{}.log 2>&1; then echo "ok {}"; else echo "FAIL {}"; fi' > results
passed=$(grep -c '^ok ' results || true)
failed=$(grep -c '^FAIL ' results || true)
for t in $(sed -n 's/^FAIL //p' results); do
    echo "FAIL: $t"; tail -20 "$t.log"
done
echo "mini-gmp tests${valgrind:+ (valgrind)}: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
