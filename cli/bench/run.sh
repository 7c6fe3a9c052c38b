#!/usr/bin/env bash
# The calculator's speed table: carry against `bc -l`, python3 (integers) and mpmath with
# gmpy2, each as a whole command printing its result to /dev/null, pinned to one core under
# the shared bench lock. Prints a markdown table (docs/calculator.md shows one).
#
#   cli/bench/run.sh                 # every row; bc and python capped at BENCH_TIMEOUT s
#   BENCH_TIMEOUT=60 BENCH_RUNS=1 cli/bench/run.sh
#
# Needs: cli/bench/setup.sh (bc, and the pinned mpmath and gmpy2 in cli/bench/.venv).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
timeout_s=${BENCH_TIMEOUT:-300}
runs=${BENCH_RUNS:-3}
lock=${BENCH_LOCK:-/work/bench.lock}
core=${BENCH_CORE:-1}

"$here/setup.sh"
(cd "$root" && nice -n 10 cargo build --release -q -p carry-cli)
carry="$root/target/release/carry"
venv_python="$here/.venv/bin/python"

# The best wall time of $runs runs of a command (seconds), measured inside the lock (not
# counting the wait for it), or ">T" when it outlives the cap.
time_it() {
    local best="" status t timing
    timing=$(mktemp)
    for ((i = 0; i < runs; i++)); do
        status=0
        if [ -e "$lock" ]; then
            flock "$lock" /usr/bin/time -f %e -o "$timing" taskset -c "$core" \
                timeout "$timeout_s" "$@" </dev/null >/dev/null 2>&1 || status=$?
        else
            /usr/bin/time -f %e -o "$timing" taskset -c "$core" \
                timeout "$timeout_s" "$@" </dev/null >/dev/null 2>&1 || status=$?
        fi
        if [ "$status" -eq 124 ]; then
            echo ">$timeout_s"
            rm -f "$timing"
            return
        elif [ "$status" -ne 0 ]; then
            echo "failed"
            rm -f "$timing"
            return
        fi
        t=$(tail -1 "$timing")
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" -eq 1 ]; then
            best=$t
        fi
        # A run of more than 10 s is not repeated.
        if [ "$(echo "$t > 10" | bc -l)" -eq 1 ]; then
            break
        fi
    done
    rm -f "$timing"
    printf "%.2f" "$best"
}

bc_program() {
    case "$1" in
    pi) echo "scale=$2; 4*a(1)" ;;
    e) echo "scale=$2; e(1)" ;;
    sqrt2) echo "scale=$2; sqrt(2)" ;;
    pow2) echo "2^$2" ;;
    factorial) echo "define f(n) { auto r, i; r = 1; for (i = 2; i <= n; i++) r *= i; return r; }; f($2)" ;;
    esac
}

bc_file=$(mktemp)
trap 'rm -f "$bc_file"' EXIT

# computation and size | carry's options | carry's expression
rows=(
    "pi 100000|--digits 100000|pi"
    "pi 1000000|--digits 1000000|pi"
    "e 100000|--digits 100000|exp(1)"
    "sqrt2 100000|--digits 100000|sqrt(2)"
    "pow2 1000000||2^(10^6)"
    "factorial 100000||factorial(10^5)"
)

cpu="$(lscpu | sed -n 's/^Model name: *//p' | head -1), family $(lscpu | sed -n 's/^CPU family: *//p'), model $(lscpu | sed -n 's/^Model: *//p')"
echo "CPU: $cpu; one core (taskset -c $core); $(date -u +%Y-%m-%d); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "bc: $(bc --version | head -1); python3: $(python3 --version 2>&1 | cut -d' ' -f2);" \
    "mpmath $("$venv_python" -c 'import mpmath; print(mpmath.__version__)'), gmpy2" \
    "$("$venv_python" -c 'import gmpy2; print(gmpy2.version())') ($("$venv_python" -c 'import gmpy2; print(gmpy2.mp_version())'))"
echo
echo "| computation | carry | bc -l | python3 (integers) | mpmath + gmpy2 |"
echo "| --- | ---: | ---: | ---: | ---: |"
for row in "${rows[@]}"; do
    IFS='|' read -r what options expression <<<"$row"
    # shellcheck disable=SC2086
    set -- $what
    # shellcheck disable=SC2086
    t_carry=$(time_it "$carry" $options "$expression")
    bc_program "$1" "$2" >"$bc_file"
    t_bc=$(time_it env BC_LINE_LENGTH=0 bc -lq "$bc_file")
    t_py=$(time_it python3 "$here/peers.py" int "$1" "$2")
    t_mp=$(time_it "$venv_python" "$here/peers.py" mpmath "$1" "$2")
    shown="carry ${options:+$options }'$expression'"
    echo "| \`$shown\` | $t_carry | $t_bc | $t_py | $t_mp |"
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); wall seconds of the whole command, best of $runs (runs over 10 s once)"
