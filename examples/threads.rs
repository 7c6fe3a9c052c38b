//! Times the operations the `parallel` feature splits across threads, for a table at one and at
//! two threads: `RAYON_NUM_THREADS=1 cargo run --release --features parallel --example threads`
//! and the same with `RAYON_NUM_THREADS=2` (docs/performance.md). Prints one line per case:
//! name, milliseconds (the fastest of seven runs: on a shared host the
//! slower runs are the ones another tenant slowed). Products and divisions write into destinations
//! kept across the runs (`assign_mul`, `assign_div_rem`), as a loop over big values would: a
//! new result of a few hundred KiB each time is mapped and cleared by the kernel again on
//! every call (the allocator's threshold for mapping follows the size freed last), which on
//! two threads costs more than it does on one.

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

fn fastest_ms(mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..7)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[0]
}

fn main() {
    let threads = std::env::var("RAYON_NUM_THREADS").unwrap_or_else(|_| "default".into());
    println!("# RAYON_NUM_THREADS={threads}");
    for bits in [1u32 << 20, 10_000_000, 1 << 25] {
        let (a, b) = (value(bits, 1), value(bits, 2));
        let mut r = Int::default();
        println!("mul_{bits}\t{:.2}", fastest_ms(|| r.assign_mul(&a, &b)));
        println!("sqr_{bits}\t{:.2}", fastest_ms(|| r.assign_mul(&a, &a)));
    }
    for bits in [1u32 << 22, 10_000_000] {
        let a = value(bits, 3);
        let s = a.to_string();
        println!(
            "tostr_{bits}\t{:.2}",
            fastest_ms(|| drop(black_box(a.to_string())))
        );
        println!(
            "fromstr_{bits}\t{:.2}",
            fastest_ms(|| drop(black_box(s.parse::<Int>().expect("digits"))))
        );
    }
    for bits in [1u32 << 21, 10_000_000, 1 << 24] {
        let (n, d) = (value(2 * bits, 5), value(bits, 4));
        let (mut q, mut r) = (Int::default(), Int::default());
        println!(
            "divrem_{}_{bits}\t{:.2}",
            2 * bits,
            fastest_ms(|| q.assign_div_rem(&mut r, &n, &d))
        );
    }
    for n in [100_000u64, 500_000, 1_000_000] {
        println!(
            "factorial_{n}\t{:.2}",
            fastest_ms(|| drop(black_box(Int::factorial(n))))
        );
    }
}
