//! The constant-time check of carry, in the manner of libsecp256k1's ctime_tests: every secret
//! input is marked undefined with a Valgrind client request, so that memcheck reports any branch
//! ("Conditional jump or move depends on uninitialised value(s)") or memory index ("Use of
//! uninitialised value") that depends on it. Results are marked defined again (declassified)
//! before they are looked at.
//!
//! This is a crate of its own that depends on carry as any user's crate does, so that it is
//! built with cargo's default release profile or with whatever `CARGO_PROFILE_RELEASE_*`
//! variables and `RUSTFLAGS` `scripts/ct.sh` sets: constant time is checked in the builds
//! users make, not only in the repository's own profile.
//!
//! `carry-ct` runs every check and exits 42 under `valgrind --error-exitcode=42` if one leaks;
//! `carry-ct --list-leaks` names the self-test's deliberately leaking functions and
//! `carry-ct leak NAME` runs one of them, which memcheck must report (so the harness is known
//! to detect leaks in this build). Without valgrind the client requests do nothing and the
//! binary just runs. docs/constant-time.md lists every function and the check that covers it.

mod fields;
mod modulus;
mod selftest;
mod uint;

use std::hint::black_box;

/// Valgrind client requests (valgrind.h, amd64): the magic rotation sequence is a no-op on a
/// real CPU and a request under valgrind.
mod valgrind {
    const MAKE_MEM_UNDEFINED: u64 = 0x4d43_0001;
    const MAKE_MEM_DEFINED: u64 = 0x4d43_0002;

    #[cfg(target_arch = "x86_64")]
    fn request(args: &[u64; 6]) -> u64 {
        let result: u64;
        // SAFETY: rdi rotates by 3 + 13 + 61 + 51 = 128 bits (back to itself) and
        // `xchg rbx, rbx` exchanges a register with itself: without valgrind nothing changes
        // but the flags; under valgrind, the sequence is the client request whose arguments
        // rax points to (six readable u64), with the result in rdx.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") 0u64 => result,
                in("rax") args.as_ptr(),
                inout("rdi") 0u64 => _,
            );
        }
        result
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn request(_: &[u64; 6]) -> u64 {
        0
    }

    fn mark<T: ?Sized>(what: u64, x: &T) {
        let p = x as *const T as *const u8 as u64;
        request(&[what, p, size_of_val(x) as u64, 0, 0, 0]);
    }

    /// Marks the bytes of `x` undefined: secret from here on.
    pub fn secret<T: ?Sized>(x: &T) {
        mark(MAKE_MEM_UNDEFINED, x);
    }

    /// Marks the bytes of `x` defined again (declassified), so that they can be inspected.
    pub fn public<T: ?Sized>(x: &T) {
        mark(MAKE_MEM_DEFINED, x);
    }
}

pub use valgrind::{public, secret};

/// `x` read back from memory after it is marked secret: a volatile load, so that the compiler
/// cannot pass on a copy it still holds (or a constant it folded), which memcheck would not see
/// as secret (with fat LTO and opt-level `s` it did, and the self-test caught it).
fn marked<A: Copy>(x: A) -> A {
    secret(&x);
    // SAFETY: `&x` is a valid, aligned reference to a `Copy` value.
    unsafe { core::ptr::read_volatile(&x) }
}

/// Runs `f` on the secret `a` and declassifies its result.
pub fn on1<A: Copy, R>(a: A, f: impl Fn(A) -> R) {
    let a = marked(a);
    let r = f(black_box(a));
    public(&r);
    black_box(&r);
}

/// Runs `f` on the secrets `a` and `b` and declassifies its result.
pub fn on2<A: Copy, B: Copy, R>(a: A, b: B, f: impl Fn(A, B) -> R) {
    let (a, b) = (marked(a), marked(b));
    let r = f(black_box(a), black_box(b));
    public(&r);
    black_box(&r);
}

/// The checks, each one public function on one type (or one size), by name.
#[derive(Default)]
pub struct Checks {
    list: Vec<(String, Box<dyn Fn()>)>,
}

impl Checks {
    /// Adds the check `f` of the function `name`.
    pub fn add(&mut self, name: impl Into<String>, f: impl Fn() + 'static) {
        self.list.push((name.into(), Box::new(f)));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let leaks = selftest::leaks();
    match args.first().map(String::as_str) {
        Some("--list-leaks") => {
            for (name, _) in &leaks.list {
                println!("{name}");
            }
        }
        Some("leak") => {
            let name = args.get(1).expect("carry-ct leak NAME");
            let (_, f) = leaks
                .list
                .iter()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("no leak named {name:?}"));
            f();
        }
        None => {
            let mut checks = Checks::default();
            fields::checks(&mut checks);
            uint::checks(&mut checks);
            modulus::checks(&mut checks);
            let native = cfg!(all(target_feature = "bmi2", target_feature = "adx"));
            eprintln!(
                "carry-ct: field kernels {}",
                if native {
                    "MULX/ADX (compiled in)"
                } else {
                    "portable (valgrind hides ADX from run-time detection)"
                }
            );
            for (name, f) in &checks.list {
                eprintln!("carry-ct: {name}");
                f();
            }
            println!("carry-ct: {} functions checked", checks.list.len());
        }
        Some(other) => panic!("unknown argument {other:?} (none, --list-leaks or leak NAME)"),
    }
}
