//! The primes below 2^16, sieved at compile time, for trial division, sieving and primorials.

/// How many primes there are below 2^16.
const COUNT: usize = 6542;

/// The primes below 2^16 in increasing order.
pub(crate) static SMALL_PRIMES: [u16; COUNT] = sieve();

/// Eratosthenes' sieve below 2^16, evaluated by the compiler.
const fn sieve() -> [u16; COUNT] {
    const LIMIT: usize = 1 << 16;
    let mut composite = [false; LIMIT];
    let mut primes = [0u16; COUNT];
    let mut count = 0;
    let mut i = 2;
    while i < LIMIT {
        if !composite[i] {
            primes[count] = i as u16;
            count += 1;
            let mut j = i * i;
            while j < LIMIT {
                composite[j] = true;
                j += i;
            }
        }
        i += 1;
    }
    primes
}

#[cfg(test)]
mod tests {
    use super::SMALL_PRIMES;

    #[test]
    fn small_primes_are_the_primes_below_65536() {
        assert_eq!(SMALL_PRIMES[..6], [2, 3, 5, 7, 11, 13]);
        assert_eq!(SMALL_PRIMES[SMALL_PRIMES.len() - 1], 65521);
        assert!(SMALL_PRIMES.windows(2).all(|w| w[0] < w[1]));
    }
}
