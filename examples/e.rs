//! The bigint-benchmark task "e to N digits": e = Σ 1/k! by binary splitting, then one division
//! and a decimal conversion. `cargo run --release --example e -- 1000000` prints the digits
//! with carry; `-- 1000000 --rug` does the same with GMP through rug, for comparison
//! (`time` both; the README quotes the ratio).

use std::io::Write;

/// `(p, q)` with `p / q = Σ_{k=a+1}^{b} a!/k!` and `q = (a+1)·…·b`.
fn split(a: u64, b: u64) -> (carry::Int, carry::Int) {
    if b - a == 1 {
        return (carry::Int::ONE, carry::Int::from(b));
    }
    let m = (a + b) / 2;
    let (p1, q1) = split(a, m);
    let (p2, q2) = split(m, b);
    (p1 * &q2 + p2, q1 * q2)
}

/// The same with rug.
fn split_rug(a: u64, b: u64) -> (rug::Integer, rug::Integer) {
    if b - a == 1 {
        return (rug::Integer::from(1), rug::Integer::from(b));
    }
    let m = (a + b) / 2;
    let (p1, q1) = split_rug(a, m);
    let (p2, q2) = split_rug(m, b);
    (p1 * &q2 + p2, q1 * q2)
}

/// Terms needed: the smallest k with log10(k!) above `digits` plus a margin.
fn terms(digits: u64) -> u64 {
    let (mut k, mut log10) = (1u64, 0f64);
    while log10 < digits as f64 + 10.0 {
        k += 1;
        log10 += (k as f64).log10();
    }
    k
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let digits: u64 = args
        .first()
        .map_or(Ok(1000), |s| s.parse())
        .expect("the digit count must be a number");
    let k = terms(digits);
    let text = if args.iter().any(|a| a == "--rug") {
        let (p, q) = split_rug(0, k);
        let scale = rug::Integer::from(rug::Integer::u_pow_u(10, digits as u32));
        ((q.clone() + p) * scale / q).to_string()
    } else {
        let (p, q) = split(0, k);
        let scale = carry::Int::from(10u32).pow(digits as u32);
        ((&q + p) * scale / &q).to_string()
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}.{}", &text[..1], &text[1..]).expect("stdout");
}
