//! Ordering of [`Rational`] values, and conversion from integers.

use super::Rational;
use crate::Int;
use core::cmp::Ordering;

impl Ord for Rational {
    /// Compares signs, then `a·d` with `c·b` for `a/b` and `c/d`.
    ///
    /// ```
    /// use carry::Rational;
    /// let r = |s: &str| s.parse::<Rational>().unwrap();
    /// assert!(r("-1/2") < r("-1/3"));
    /// assert!(r("2/3") > r("0.666"));
    /// ```
    fn cmp(&self, other: &Rational) -> Ordering {
        let (a, b) = (self.numer.signum(), other.numer.signum());
        if a != b || self.denom == other.denom {
            return a.cmp(&b).then_with(|| self.numer.cmp(&other.numer));
        }
        (&self.numer * &other.denom).cmp(&(&other.numer * &self.denom))
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Rational) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq<Int> for Rational {
    /// ```
    /// use carry::{Int, Rational};
    /// assert_eq!("6/2".parse::<Rational>().unwrap(), Int::from(3));
    /// ```
    fn eq(&self, other: &Int) -> bool {
        self.denom == 1 && self.numer == *other
    }
}

impl PartialOrd<Int> for Rational {
    /// ```
    /// use carry::{Int, Rational};
    /// assert!("5/2".parse::<Rational>().unwrap() < Int::from(3));
    /// ```
    fn partial_cmp(&self, other: &Int) -> Option<Ordering> {
        Some(self.numer.cmp(&(other * &self.denom)))
    }
}

impl From<Int> for Rational {
    /// The integer `n` as `n/1`.
    ///
    /// ```
    /// use carry::{Int, Rational};
    /// assert!(Rational::from(Int::from(-5)).is_integer());
    /// ```
    fn from(n: Int) -> Rational {
        Rational {
            numer: n,
            denom: Int::ONE,
        }
    }
}

impl From<&Int> for Rational {
    /// The integer `n` as `n/1`.
    ///
    /// ```
    /// use carry::{Int, Rational};
    /// assert_eq!(Rational::from(&Int::from(7)).to_string(), "7");
    /// ```
    fn from(n: &Int) -> Rational {
        Rational::from(n.clone())
    }
}

/// `From` for each primitive integer type, through [`Int`].
macro_rules! from_primitive {
    ($($t:ty),*) => {$(
        impl From<$t> for Rational {
            /// The integer as `n/1`.
            fn from(n: $t) -> Rational {
                Rational::from(Int::from(n))
            }
        }
    )*};
}

from_primitive!(bool, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
