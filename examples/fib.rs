//! The bigint-benchmark task "fib(N) in decimal": `cargo run --release --example fib --
//! 10000000` prints F(N) with carry (`Int::fibonacci`, fast doubling); `-- 10000000 --rug`
//! does the same with GMP's `mpz_fib_ui` through rug, for comparison (`time` both).

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args
        .first()
        .map_or(Ok(1000), |s| s.parse())
        .expect("N must be a number");
    let text = if args.iter().any(|a| a == "--rug") {
        rug::Integer::from(rug::Integer::fibonacci(n as u32)).to_string()
    } else {
        carry::Int::fibonacci(n).to_string()
    };
    writeln!(std::io::stdout().lock(), "{text}").expect("stdout");
}
