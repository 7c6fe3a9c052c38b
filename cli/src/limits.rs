//! Resource limits: the size of the input, the memory of the whole run (counted by the
//! global allocator), and the defaults of the limits the command line can change.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One program (an expression, a file, a line of standard input) may be this long.
pub const MAX_INPUT_BYTES: usize = 64 << 20;
/// ... and have this many tokens (words in `--rpn`).
pub const MAX_TOKENS: usize = 1_000_000;
/// `--max-bits`: results estimated above this size are refused.
pub const DEFAULT_MAX_BITS: u64 = 100_000_000;
/// `--max-steps`: operations and calls of one evaluation.
pub const DEFAULT_MAX_STEPS: u64 = 10_000_000;
/// `--timeout` outside the interactive session, in seconds.
pub const DEFAULT_TIMEOUT: f64 = 60.0;
/// `--max-memory` when the physical memory is unknown.
const FALLBACK_MEMORY: u64 = 4 << 30;

/// Bytes allocated and not yet freed, by every thread.
static IN_USE: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting the bytes in use so that the calculator can refuse a
/// value that would take the run past `--max-memory` before allocating it.
pub struct Counting;

// SAFETY: every method forwards its arguments unchanged to the system allocator, which
// upholds the `GlobalAlloc` contract; the counter only observes the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's `layout` contract is passed on as is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` and `layout` come from `System` and `new_size` is valid, as the
        // caller guarantees.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            IN_USE.fetch_add(new_size, Ordering::Relaxed);
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
}

/// Bytes of memory in use by the whole process (as far as the allocator knows).
pub fn in_use() -> u64 {
    IN_USE.load(Ordering::Relaxed) as u64
}

/// The memory this process may use: the least of the physical memory, the control
/// group's limit and the address-space limit, where the system tells them.
pub fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let mut least: Option<u64> = None;
    let mut offer = |bytes: Option<u64>| {
        if let Some(b) = bytes.filter(|&b| b > 0) {
            least = Some(least.map_or(b, |l| l.min(b)));
        }
    };
    offer(read("/proc/meminfo").and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        kib.checked_mul(1024)
    }));
    for path in [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ] {
        offer(read(path).and_then(|t| t.trim().parse().ok()));
    }
    offer(read("/proc/self/limits").and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("Max address space"))?;
        line.split_whitespace().nth(3)?.parse().ok()
    }));
    least
}

/// The default `--max-memory`: half of [`available_memory`].
pub fn default_max_memory() -> u64 {
    available_memory().map_or(FALLBACK_MEMORY, |m| m / 2)
}

/// A size in bytes: `1000000`, `512K`, `64M`, `2G`, `1.5T` (powers of 1024; an `iB` or
/// `B` after the letter is allowed), or `N%` of the available memory.
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    if let Some(percent) = t.strip_suffix('%') {
        let p: f64 = percent.trim().parse().ok()?;
        if !(p > 0.0 && p <= 100.0) {
            return None;
        }
        let total = available_memory().unwrap_or(2 * FALLBACK_MEMORY);
        return Some((total as f64 * p / 100.0) as u64);
    }
    let t = t
        .strip_suffix("iB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(t);
    let (number, shift) = match t.chars().last()?.to_ascii_uppercase() {
        'K' => (&t[..t.len() - 1], 10),
        'M' => (&t[..t.len() - 1], 20),
        'G' => (&t[..t.len() - 1], 30),
        'T' => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let value: f64 = number.trim().parse().ok()?;
    let bytes = value * (1u64 << shift) as f64;
    (value >= 0.0 && bytes < 1.8e19).then_some(bytes as u64)
}

/// `bytes` for people: `12.5 MiB`.
pub fn show_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1000"), Some(1000));
        assert_eq!(parse_size("64M"), Some(64 << 20));
        assert_eq!(parse_size("2GiB"), Some(2 << 30));
        assert_eq!(parse_size("1.5k"), Some(1536));
        assert_eq!(parse_size("512 MB"), Some(512 << 20));
        assert!(parse_size("50%").is_some_and(|b| b > 0));
        for bad in ["", "M", "-1", "lots", "0%", "101%", "1e30"] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
        assert_eq!(show_bytes(12), "12 bytes");
        assert_eq!(show_bytes(13_107_200), "12.5 MiB");
    }

    #[test]
    fn memory_is_counted() {
        let before = in_use();
        let v = vec![0u8; 50 << 20];
        assert!(in_use() >= before + (50 << 20) - (1 << 20));
        drop(v);
        assert!(available_memory().is_some());
    }
}
