//! What the benchmarks share: the peers harness's input generator (splitmix64 seeded with
//! FNV-1a-64 of the case name), the case type, interleaved median timing of several
//! implementations, the criterion pass over every case, the run that prints the ratio table,
//! and time formatting. Each benchmark uses part of it.
#![allow(dead_code)]

use carry::Int;
use criterion::Criterion;
use rug::Integer;
use std::time::{Duration, Instant};

/// splitmix64, seeded like the peers harness: with FNV-1a-64 of the case name.
pub struct Rng(u64);

impl Rng {
    pub fn for_case(name: &str) -> Rng {
        Rng(name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, c| {
            (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
        }))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Exactly `bits` bits: `ceil(bits/64)` random words, least significant first, the top
    /// word masked to the width and its top bit set.
    pub fn exact_words(&mut self, bits: u32) -> Vec<u64> {
        let k = bits.div_ceil(64) as usize;
        let mut words: Vec<u64> = (0..k).map(|_| self.next_u64()).collect();
        if !bits.is_multiple_of(64) {
            words[k - 1] &= (1 << (bits % 64)) - 1;
        }
        words[k - 1] |= 1 << ((bits - 1) % 64);
        words
    }
}

/// Exactly `bits` bits (top bit set), as a GMP integer.
pub fn exact(rng: &mut Rng, bits: u32) -> Integer {
    Integer::from_digits(&rng.exact_words(bits), rug::integer::Order::Lsf)
}

/// The same value as a carry `Int`.
pub fn int(x: &Integer) -> Int {
    Int::from_str_radix(&x.to_string_radix(16), 16).unwrap()
}

/// One iteration of one implementation.
pub type Routine = Box<dyn FnMut()>;

/// A benchmark case: the same work done by `N` implementations, carry's first.
pub struct Case<const N: usize> {
    pub name: String,
    /// Operations per call of a routine: the table reports time per operation.
    pub ops: f64,
    pub routines: [Routine; N],
}

/// Runs a benchmark binary's cases: keeps those whose name contains one of the
/// comma-separated texts of `CARRY_BENCH_FILTER`; unless `CARRY_BENCH_QUICK` is set, the
/// criterion pass; then the interleaved medians (`full` or, quick, `quick` rounds and batch
/// length) printed as a markdown table with each other implementation's time over carry's
/// (above 1: carry faster). `note` goes into the table's heading line.
pub fn run<const N: usize>(
    impls: [&str; N],
    mut cases: Vec<Case<N>>,
    full: (usize, Duration),
    quick: (usize, Duration),
    note: &str,
) {
    let filter = std::env::var("CARRY_BENCH_FILTER").unwrap_or_default();
    cases.retain(|c| filter.split(',').any(|f| c.name.contains(f)));
    let is_quick = std::env::var_os("CARRY_BENCH_QUICK").is_some_and(|v| v != "0");
    if !is_quick {
        criterion_pass(
            impls,
            cases.iter_mut().map(|c| (c.name.as_str(), &mut c.routines)),
        );
    }
    let (rounds, batch) = if is_quick { quick } else { full };
    println!();
    println!("Median time per operation ({rounds} interleaved rounds of ~{batch:?} batches{note}); speedup = other's time / carry's time (above 1: carry faster).");
    println!();
    let others = &impls[1..];
    let names: Vec<String> = impls.iter().map(|i| i.to_string()).collect();
    let speedups: Vec<String> = others
        .iter()
        .map(|o| format!("carry/{o} speedup"))
        .collect();
    println!(
        "| case | {} | {} |",
        names.join(" | "),
        speedups.join(" | ")
    );
    println!("|---|{}", "---:|".repeat(2 * N - 1));
    for case in &mut cases {
        let t = medians(&mut case.routines, rounds, batch).map(|t| t / case.ops);
        let times: Vec<String> = t.iter().map(|&x| human(x)).collect();
        let ratios: Vec<String> = t[1..]
            .iter()
            .map(|&x| format!("{:.2}x", x / t[0]))
            .collect();
        println!(
            "| {} | {} | {} |",
            case.name,
            times.join(" | "),
            ratios.join(" | ")
        );
    }
}

/// Nanoseconds per iteration of `f` over one batch of `iters`.
fn time_batch(f: &mut Routine, iters: u64) -> f64 {
    let start = Instant::now();
    for _ in 0..iters {
        f();
    }
    start.elapsed().as_nanos() as f64 / iters as f64
}

/// Median nanoseconds per iteration of each routine, measured in `rounds` rounds that
/// interleave the routines, each running batches of about `batch`.
pub fn medians<const N: usize>(
    routines: &mut [Routine; N],
    rounds: usize,
    batch: Duration,
) -> [f64; N] {
    let iters: Vec<u64> = routines
        .iter_mut()
        .map(|f| {
            let per = time_batch(f, 1).max(time_batch(f, 3)).max(1.0);
            ((batch.as_nanos() as f64 / per) as u64).max(1)
        })
        .collect();
    let mut samples: [Vec<f64>; N] = std::array::from_fn(|_| vec![]);
    for _ in 0..rounds {
        for (i, f) in routines.iter_mut().enumerate() {
            samples[i].push(time_batch(f, iters[i]));
        }
    }
    samples.map(|mut s| {
        s.sort_by(f64::total_cmp);
        s[s.len() / 2]
    })
}

/// One criterion group per case, one function per implementation.
pub fn criterion_pass<'a, const N: usize>(
    impls: [&str; N],
    cases: impl Iterator<Item = (&'a str, &'a mut [Routine; N])>,
) {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    for (name, routines) in cases {
        let mut group = c.benchmark_group(name);
        for (imp, f) in impls.iter().zip(routines.iter_mut()) {
            group.bench_function(*imp, |b| b.iter(&mut *f));
        }
        group.finish();
    }
    c.final_summary();
}

pub fn human(ns: f64) -> String {
    match ns {
        ns if ns < 1e3 => format!("{ns:.1} ns"),
        ns if ns < 1e6 => format!("{:.2} µs", ns / 1e3),
        ns => format!("{:.2} ms", ns / 1e6),
    }
}
