//! The `zeroize-int` feature: every buffer an `Int` releases is wiped before it is freed, and
//! none is kept for reuse. A global allocator inspects each eight-byte-aligned block (limb
//! buffers; text and byte vectors are byte-aligned) freed while the test is armed: without the
//! wipe it sees the old limbs, and with a buffer cache it sees no frees at all.

use carry::Int;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Inspecting;

thread_local! {
    static ARMED: Cell<bool> = const { Cell::new(false) };
}

/// Limb buffers freed while armed, and how many of them held a nonzero byte.
static FREED: AtomicUsize = AtomicUsize::new(0);
static DIRTY: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` unchanged; `dealloc` only reads the block it is
// given, which is still allocated and `layout.size()` bytes long.
unsafe impl GlobalAlloc for Inspecting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if layout.align() == 8 && ARMED.try_with(Cell::get).unwrap_or(false) {
            // SAFETY: `ptr` is a live block of `layout.size()` bytes until freed below.
            let bytes = unsafe { std::slice::from_raw_parts(ptr, layout.size()) };
            FREED.fetch_add(1, Relaxed);
            if bytes.iter().any(|&b| b != 0) {
                DIRTY.fetch_add(1, Relaxed);
            }
        }
        // SAFETY: the caller's contract, forwarded.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Inspecting = Inspecting;

/// A value of `n` limbs, every limb nonzero.
fn value(n: usize, seed: u64) -> Int {
    let limbs: Vec<u64> = (1..=n as u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ seed | 1)
        .collect();
    Int::from_limbs(&limbs)
}

#[test]
fn dropped_ints_are_wiped_and_not_cached() {
    // Built before arming: the operands' own buffers are freed at the end, armed.
    let a = value(40, 1);
    let b = -value(23, 2);
    let small = value(3, 3);
    ARMED.with(|armed| armed.set(true));
    for _ in 0..3 {
        let sum = &a + &b;
        let diff = &a - &b;
        let prod = &a * &b; // Karatsuba: scratch from the buffer cache
        let square = &diff * &diff;
        let (q, r) = prod.div_rem(&a);
        let shifted = (&square << 300u32) >> 7u32;
        let mut acc = Int::ZERO;
        acc.assign_mul(&sum, &small);
        acc.assign_add(&acc.clone(), &shifted);
        assert_eq!(q, b);
        assert!(r.is_zero());
        drop((sum, diff, prod, square, q, r, shifted, acc));
    }
    drop((a, b, small));
    ARMED.with(|armed| armed.set(false));
    let (freed, dirty) = (FREED.load(Relaxed), DIRTY.load(Relaxed));
    // Each round frees at least its seven heap results; a cache would have kept them.
    assert!(
        freed >= 21,
        "only {freed} limb buffers were freed: buffers are being cached"
    );
    // With tiny thresholds these operands reach the algorithms that allocate their own scratch
    // space and free it without wiping (the README's Security section lists them), so there
    // only the cache is checked.
    if cfg!(not(feature = "tiny-thresholds")) {
        assert_eq!(
            dirty, 0,
            "{dirty} of {freed} freed limb buffers were not wiped"
        );
    }
}
