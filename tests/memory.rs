//! Memory that outlives an operation: a thread keeps only `Int`'s buffer cache (under 80 KiB),
//! whatever it multiplied. Live heap bytes are counted by a global allocator; this binary has
//! one test, so no other test allocates meanwhile.

use carry::Int;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is passed to the system allocator unchanged; only a counter is updated.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::SeqCst);
        // SAFETY: the caller's contract is System's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::SeqCst);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::SeqCst);
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        LIVE.fetch_add(new as isize - layout.size() as isize, Ordering::SeqCst);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A value of `limbs` limbs, all bits mixed.
fn value(limbs: u32, seed: u64) -> Int {
    let mut x = seed;
    let words: Vec<u64> = (0..limbs)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            x ^ (x >> 29)
        })
        .collect();
    Int::from_limbs(&words)
}

#[test]
fn a_thread_keeps_under_80_kib_after_large_products() {
    // Products of every algorithm up to the NTT (tens of thousands of limbs), squares and
    // quotients; the first round fills the process-wide twiddle cache.
    let work = || {
        for limbs in [10u32, 100, 1000, 40_000, 5000] {
            let (a, b) = (value(limbs, 1), value(limbs, 2));
            let p = &a * &b;
            let s = &a * &a;
            let q = &p / &value(limbs / 2 + 1, 3);
            assert_eq!(&p / &b, a);
            drop((p, s, q));
        }
    };
    work();
    let before = LIVE.load(Ordering::SeqCst);
    let kept = std::thread::spawn(move || {
        work();
        // Still inside the thread: its thread-locals are alive.
        LIVE.load(Ordering::SeqCst) - before
    })
    .join()
    .unwrap();
    assert!(
        kept <= 80 * 1024,
        "a thread keeps {kept} bytes after its products"
    );
    // The cache holds buffers of the last round's sizes, and frees them when the thread exits.
    let left = LIVE.load(Ordering::SeqCst) - before;
    if !cfg!(feature = "zeroize-int") {
        assert!(
            kept >= 5000 * 8,
            "a thread keeps only {kept} bytes: no cache?"
        );
    }
    assert!(left <= 1024, "{left} bytes outlive the thread");
}
