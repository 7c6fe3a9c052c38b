//! Times the operations the `parallel` feature splits across threads, for a table at one and at
//! two threads: `RAYON_NUM_THREADS=1 cargo run --release --features parallel --example threads`
//! and the same with `RAYON_NUM_THREADS=2` (docs/performance.md). Prints one line per case:
//! name, milliseconds (median of five runs).

use carry::Int;
use std::hint::black_box;
use std::time::Instant;

/// A pseudo-random value of `bits` bits (top bit set).
fn value(bits: u32, seed: u64) -> Int {
    let mut s = seed;
    let mut hex = String::with_capacity(bits as usize / 4 + 1);
    hex.push('8');
    for _ in 1..bits.div_ceil(4) {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        hex.push(char::from_digit(((s >> 60) & 15) as u32, 16).expect("a hex digit"));
    }
    Int::from_str_radix(&hex, 16).expect("hex digits")
}

fn median_ms(mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..5)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[2]
}

fn main() {
    let threads = std::env::var("RAYON_NUM_THREADS").unwrap_or_else(|_| "default".into());
    println!("# RAYON_NUM_THREADS={threads}");
    for bits in [1u32 << 20, 10_000_000, 1 << 25] {
        let (a, b) = (value(bits, 1), value(bits, 2));
        println!("mul_{bits}\t{:.2}", median_ms(|| drop(black_box(&a * &b))));
        println!("sqr_{bits}\t{:.2}", median_ms(|| drop(black_box(&a * &a))));
    }
    for bits in [1u32 << 22, 10_000_000] {
        let a = value(bits, 3);
        let s = a.to_string();
        println!(
            "tostr_{bits}\t{:.2}",
            median_ms(|| drop(black_box(a.to_string())))
        );
        println!(
            "fromstr_{bits}\t{:.2}",
            median_ms(|| drop(black_box(s.parse::<Int>().expect("digits"))))
        );
    }
    let (n, d) = (value(1 << 25, 5), value(1 << 24, 4));
    println!(
        "divrem_{}_{}\t{:.2}",
        1u32 << 25,
        1u32 << 24,
        median_ms(|| drop(black_box(n.div_rem(&d))))
    );
    println!(
        "factorial_1000000\t{:.2}",
        median_ms(|| drop(black_box(Int::factorial(1_000_000))))
    );
}
