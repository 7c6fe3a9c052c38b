//! What the fuzz targets share: a reader of the fuzzer's bytes, operands shaped like the
//! differential tests' edge values (0, ±1, 2^k ± 1, all-ones limbs, striped bits, lengths
//! around the algorithm thresholds), and conversions to GMP's integers (rug), the oracle.

use carry::Int;
use rug::integer::Order;
use rug::Integer;

/// The fuzzer's bytes, read front to back; zeros once they run out.
pub struct Reader<'a> {
    data: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Reader<'a> {
        Reader { data }
    }

    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.u8();
        }
        u64::from_le_bytes(b)
    }

    /// Up to `n` bytes (fewer when the input ends).
    pub fn bytes(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        head
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// The limb lengths where the algorithms change (Karatsuba, Toom-3, Toom-4, NTT, divide and
/// conquer and Barrett division, half-gcd, radix conversion), around which operands are drawn.
pub const THRESHOLDS: [usize; 12] = [1, 2, 16, 32, 48, 140, 180, 400, 700, 800, 1000, 1600];

/// A pseudo-random limb generator (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// `n` limbs of one of the edge shapes: random, all ones, striped runs of ones and zeros,
/// sparse, or a power of two plus or minus one.
pub fn shaped_limbs(shape: u8, n: usize, rng: &mut Rng) -> Vec<u64> {
    let mut limbs = vec![0u64; n];
    if n == 0 {
        return limbs;
    }
    match shape % 6 {
        0 => limbs.iter_mut().for_each(|l| *l = rng.next()),
        1 => limbs.iter_mut().for_each(|l| *l = u64::MAX),
        2 => {
            // Runs of ones and zeros of random lengths up to 256 bits.
            let mut bit = 0usize;
            let mut one = rng.next() & 1 == 1;
            while bit < 64 * n {
                let run = 1 + (rng.next() % 256) as usize;
                if one {
                    for b in bit..(bit + run).min(64 * n) {
                        limbs[b / 64] |= 1 << (b % 64);
                    }
                }
                bit += run;
                one = !one;
            }
        }
        3 => {
            for _ in 0..4 {
                let b = (rng.next() % (64 * n as u64)) as usize;
                limbs[b / 64] |= 1 << (b % 64);
            }
        }
        4 => {
            // 2^k + 1
            limbs[0] = 1;
        }
        _ => {
            // 2^k - 1 with a random top limb
            limbs.iter_mut().for_each(|l| *l = u64::MAX);
            limbs[n - 1] = rng.next() >> (rng.next() % 64);
        }
    }
    if shape % 6 == 4 {
        limbs[n - 1] |= 1 << (rng.next() % 64);
    }
    if limbs[n - 1] == 0 {
        limbs[n - 1] = 1;
    }
    limbs
}

/// An operand read from the input: short two's complement bytes (most often), an edge value,
/// or a long shaped value of up to `max_limbs` limbs, often at a threshold ± 1 limb.
pub fn operand(r: &mut Reader<'_>, max_limbs: usize) -> Int {
    let tag = r.u8();
    match tag % 8 {
        0..=3 => {
            let n = usize::from(r.u8()) % 48;
            Int::from_signed_bytes_le(r.bytes(n))
        }
        4 => match r.u8() % 6 {
            0 => Int::ZERO,
            1 => Int::ONE,
            2 => -Int::ONE,
            3 => (Int::ONE << u32::from(r.u16() % 4096)) + 1u8,
            4 => (Int::ONE << u32::from(r.u16() % 4096)) - 1u8,
            _ => -(Int::ONE << u32::from(r.u16() % 4096)),
        },
        _ => {
            let pick = r.u16();
            let n = if pick & 1 == 0 {
                let t = THRESHOLDS[usize::from(pick >> 1) % THRESHOLDS.len()];
                (t + usize::from((pick >> 5) % 3)).saturating_sub(1).max(1)
            } else {
                1 + usize::from(pick >> 1) % max_limbs.max(1)
            }
            .min(max_limbs.max(1));
            let mut rng = Rng(r.u64());
            let x = Int::from_limbs(&shaped_limbs(tag >> 3, n, &mut rng));
            if tag & 0x80 != 0 {
                -x
            } else {
                x
            }
        }
    }
}

/// The same value in GMP.
pub fn gmp(x: &Int) -> Integer {
    let m = Integer::from_digits(x.as_limbs(), Order::Lsf);
    if x.is_negative() {
        -m
    } else {
        m
    }
}

/// Asserts that carry's `got` equals GMP's `want`, naming the operation and the operands.
#[track_caller]
pub fn same(op: &str, got: &Int, want: &Integer, operands: &[&Int]) {
    if gmp(got) != *want {
        panic!(
            "{op}: carry and GMP differ\noperands: {}\ncarry: {got:#x}\nGMP:   {want:#x}",
            operands
                .iter()
                .map(|x| format!("{x:#x}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
}
