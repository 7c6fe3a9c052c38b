#!/usr/bin/env python3
"""Time scheduled orders of a kernel in a dependent chain and print the fastest seeds.

    python3 scripts/asm/search.py KERNEL [--seeds N] [--noise 1,2,3] [--rounds R]
    python3 scripts/asm/search.py KERNEL --only 6:2,34:1 [--rounds R]

For KERNEL (one of SIGNATURES below) the script takes the order gen.py emits, the orders
`schedule.schedule` makes of it for seeds 0..N−1 at each noise level, and the order committed in
the source, writes them as functions into one Rust program that runs a chain `x = f(x, y)` (or
`x = f(x)` for a square) with each, compiles it with rustc (`-C opt-level=3`, BMI2 and ADX
enabled), and runs it: R rounds, each timing every order once in a shuffled sequence; an order's
figure is its fastest round. It prints the orders by time, the committed one marked. Run it
pinned and under the bench lock (`flock /work/bench.lock taskset -c 1 ...`); then record the
chosen seed in schedules.txt and confirm with `cargo bench --bench field` before and after.
Standard library only (plus rustc).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import field  # noqa: E402
import gen  # noqa: E402
import schedule  # noqa: E402

# BN254's base-field modulus: a four-limb p with a spare top bit (the no-carry kernels' case).
P = 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47

SIGNATURES = {
    "mont_mul_4_nc": ("fn k{i}(a: &[u64; 4], b: &[u64; 4], pk: &[u64; 6]) -> [u64; 4]",
                      "x = k{i}(&black_box(x), &y, &pk);"),
    "mont_sqr_4_nc": ("fn k{i}(a: &[u64; 4], pk: &[u64; 6]) -> [u64; 4]",
                      "x = k{i}(&black_box(x), &pk);"),
}


def committed(name):
    """The instruction order of the kernel in the source."""
    _, path, anchor, _ = next(k for k in gen.KERNELS if k[0] == name)
    src = open(os.path.join(gen.ROOT, path), encoding="utf-8").read().split("\n")
    start = next(i for i, l in enumerate(src) if anchor in l)
    call = next(i for i in range(start, len(src)) if re.search(r"\basm!\($", src[i]))
    end = next(i for i in range(call + 1, len(src)) if src[i].strip() == ");")
    return [l.strip()[1:-2] for l in src[call + 1:end] if l.strip().startswith('"')]


def program(name, orders, iters, rounds):
    sig, step = SIGNATURES[name]
    body = getattr(field, name)()
    ops = "\n".join("            " + o for o in body.operands)
    inv = (-pow(P, -1, 1 << 128)) % (1 << 128)
    pk = [(P >> (64 * j)) & (2**64 - 1) for j in range(4)] + [inv & (2**64 - 1), inv >> 64]
    out = ["#![allow(unused)]", "use std::hint::black_box;", "use std::time::Instant;", ""]
    for i, order in enumerate(orders):
        tmpl = "\n".join(f'            "{x}",' for x in order)
        out += ["#[inline(always)]", sig.format(i=i) + " {", "    let (r0, r1, r2, r3);",
                "    unsafe {", "        core::arch::asm!(", tmpl, ops, "        );", "    }",
                "    [r0, r1, r2, r3]", "}", "",
                "#[inline(never)]",
                f"fn chain{i}(x0: [u64; 4], y: [u64; 4], pk: [u64; 6], n: u64) -> [u64; 4] {{",
                "    let mut x = x0;", "    for _ in 0..n {", "        " + step.format(i=i),
                "    }", "    x", "}", ""]
    calls = "\n".join(f"            {i} => chain{i}(x, y, pk, n)," for i in range(len(orders)))
    out += ["fn main() {",
            f"    let pk: [u64; 6] = [{', '.join(hex(w) + 'u64' for w in pk)}];",
            "    let x = [1u64, 2, 3, 4];",
            "    let y = [5u64, 6, 7, 8];",
            f"    let n: u64 = {iters};",
            f"    let mut best = vec![f64::MAX; {len(orders)}];",
            "    let mut seed = 0x9e3779b97f4a7c15u64;",
            f"    for _ in 0..{rounds} {{",
            f"        let mut idx: Vec<usize> = (0..{len(orders)}).collect();",
            "        for k in (1..idx.len()).rev() {",
            "            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;",
            "            idx.swap(k, (seed % (k as u64 + 1)) as usize);",
            "        }",
            "        for &i in &idx {",
            "            let t = Instant::now();",
            "            let r = match i {", calls, "                _ => unreachable!(),",
            "            };", "            black_box(r);",
            "            let ns = t.elapsed().as_nanos() as f64 / n as f64;",
            "            if ns < best[i] { best[i] = ns; }",
            "        }", "    }",
            "    for (i, b) in best.iter().enumerate() { println!(\"{i} {b:.3}\"); }", "}"]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel", choices=sorted(SIGNATURES))
    ap.add_argument("--seeds", type=int, default=40)
    ap.add_argument("--noise", default="1,2,3,4")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--iters", type=int, default=200000)
    ap.add_argument("--only", help="time just these seed:noise pairs (and the committed order)")
    args = ap.parse_args()
    emitted = getattr(field, args.kernel)().instructions()
    labels, orders = ["emitted"], [emitted]
    now = committed(args.kernel)
    if schedule.respects(now, emitted):
        labels.append("committed")
        orders.append(now)
    seen = {tuple(o) for o in orders}
    pairs = [(int(seed), float(noise)) for noise in args.noise.split(",")
             for seed in range(args.seeds)]
    if args.only:
        pairs = [(int(x.split(":")[0]), float(x.split(":")[1])) for x in args.only.split(",")]
    for seed, noise in pairs:
        order = schedule.schedule(emitted, seed, noise)
        if tuple(order) not in seen:
            seen.add(tuple(order))
            labels.append(f"seed {seed} noise {noise:g}")
            orders.append(order)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "search.rs")
        open(src, "w").write(program(args.kernel, orders, args.iters, args.rounds))
        exe = os.path.join(tmp, "search")
        subprocess.run(["rustc", "--edition", "2021", "-C", "opt-level=3", "-C",
                        "target-feature=+bmi2,+adx", "-o", exe, src], check=True)
        out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
    times = {int(i): float(t) for i, t in (line.split() for line in out.split("\n") if line)}
    for i in sorted(times, key=times.get):
        print(f"{times[i]:8.3f} ns  {labels[i]}")


if __name__ == "__main__":
    main()
