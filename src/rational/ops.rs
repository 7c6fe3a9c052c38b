//! The `std::ops` operators for [`Rational`]: `+ - * /` with `Rational`, [`Int`] or a
//! primitive integer on either side, by value and by reference, and the `*Assign` forms.
//!
//! Sums and products cancel common factors before multiplying (Knuth, TAOCP vol. 2,
//! §4.5.1): for `a/b + c/d` with `g = gcd(b, d)`, only `gcd(a·d/g + c·b/g, g)` remains to
//! divide out; for `(a/b)·(c/d)`, `gcd(a, d)` and `gcd(c, b)`.

use super::Rational;
use crate::Int;
use core::iter::{Product, Sum};
use core::ops::*;

/// `x / g`, skipping the division when `g` is 1.
fn exact_div(x: &Int, g: &Int) -> Int {
    if *g == 1 {
        x.clone()
    } else {
        x / g
    }
}

/// `(a/b) · (c/d)` for fractions in lowest terms with `b, d > 0`.
fn mul_parts(a: &Int, b: &Int, c: &Int, d: &Int) -> Rational {
    let g1 = a.gcd(d);
    let g2 = c.gcd(b);
    let numer = exact_div(a, &g1) * exact_div(c, &g2);
    let denom = exact_div(b, &g2) * exact_div(d, &g1);
    Rational::from_reduced(numer, denom)
}

impl Rational {
    /// `self + (-1)^negate · o`.
    fn add_signed(&self, o: &Rational, negate: bool) -> Rational {
        let (a, b, d) = (&self.numer, &self.denom, &o.denom);
        let c = if negate { -&o.numer } else { o.numer.clone() };
        if *b == 1 && *d == 1 {
            return Rational::from(a + c);
        }
        if b == d {
            return Rational::reduce(a + c, b.clone());
        }
        let g = b.gcd(d);
        if g == 1 {
            return Rational::from_reduced(a * d + c * b, b * d);
        }
        let (b1, d1) = (b / &g, d / &g);
        let t = a * &d1 + c * &b1;
        let g2 = t.gcd(&g);
        let denom = b1 * exact_div(d, &g2);
        Rational::from_reduced(exact_div(&t, &g2), denom)
    }

    fn add_ref(&self, o: &Rational) -> Rational {
        self.add_signed(o, false)
    }

    fn sub_ref(&self, o: &Rational) -> Rational {
        self.add_signed(o, true)
    }

    fn mul_ref(&self, o: &Rational) -> Rational {
        mul_parts(&self.numer, &self.denom, &o.numer, &o.denom)
    }

    fn div_ref(&self, o: &Rational) -> Rational {
        self.checked_div(o)
            .expect("attempt to divide a Rational by zero")
    }

    /// `self / o`, or `None` when `o` is zero.
    ///
    /// ```
    /// use carry::Rational;
    /// let x: Rational = "3/4".parse().unwrap();
    /// assert_eq!(x.checked_div(&"-3".parse().unwrap()).unwrap().to_string(), "-1/4");
    /// assert!(x.checked_div(&Rational::ZERO).is_none());
    /// ```
    pub fn checked_div(&self, o: &Rational) -> Option<Rational> {
        if o.is_zero() {
            return None;
        }
        let (c, d) = if o.numer.is_negative() {
            (-&o.denom, -&o.numer)
        } else {
            (o.denom.clone(), o.numer.clone())
        };
        Some(mul_parts(&self.numer, &self.denom, &c, &d))
    }
}

/// One operator on every combination of `Rational`, `&Rational`, `Int`, `&Int` and the
/// primitive integers, with the assigning forms; `$by_ref` is the `&Rational` kernel.
macro_rules! rational_op {
    ($Op:ident $op:ident $OpAssign:ident $op_assign:ident, $by_ref:ident) => {
        impl $Op<&Rational> for &Rational {
            type Output = Rational;
            fn $op(self, b: &Rational) -> Rational {
                self.$by_ref(b)
            }
        }
        impl $Op<&Rational> for Rational {
            type Output = Rational;
            fn $op(self, b: &Rational) -> Rational {
                self.$by_ref(b)
            }
        }
        impl $Op<Rational> for &Rational {
            type Output = Rational;
            fn $op(self, b: Rational) -> Rational {
                self.$by_ref(&b)
            }
        }
        impl $Op<Rational> for Rational {
            type Output = Rational;
            fn $op(self, b: Rational) -> Rational {
                self.$by_ref(&b)
            }
        }
        impl $OpAssign<&Rational> for Rational {
            fn $op_assign(&mut self, b: &Rational) {
                *self = self.$by_ref(b);
            }
        }
        impl $OpAssign<Rational> for Rational {
            fn $op_assign(&mut self, b: Rational) {
                *self = self.$by_ref(&b);
            }
        }
        rational_op!(@int $Op $op $OpAssign $op_assign, $by_ref, Int, &Int);
        rational_op!(@int $Op $op $OpAssign $op_assign, $by_ref,
            i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
    };
    (@int $Op:ident $op:ident $OpAssign:ident $op_assign:ident, $by_ref:ident, $($t:ty),*) => {$(
        impl $Op<$t> for &Rational {
            type Output = Rational;
            fn $op(self, b: $t) -> Rational {
                self.$by_ref(&Rational::from(b))
            }
        }
        impl $Op<$t> for Rational {
            type Output = Rational;
            fn $op(self, b: $t) -> Rational {
                self.$by_ref(&Rational::from(b))
            }
        }
        impl $Op<&Rational> for $t {
            type Output = Rational;
            fn $op(self, b: &Rational) -> Rational {
                Rational::from(self).$by_ref(b)
            }
        }
        impl $Op<Rational> for $t {
            type Output = Rational;
            fn $op(self, b: Rational) -> Rational {
                Rational::from(self).$by_ref(&b)
            }
        }
        impl $OpAssign<$t> for Rational {
            fn $op_assign(&mut self, b: $t) {
                *self = self.$by_ref(&Rational::from(b));
            }
        }
    )*};
}

rational_op!(Add add AddAssign add_assign, add_ref);
rational_op!(Sub sub SubAssign sub_assign, sub_ref);
rational_op!(Mul mul MulAssign mul_assign, mul_ref);
rational_op!(Div div DivAssign div_assign, div_ref);

impl Neg for Rational {
    type Output = Rational;
    /// ```
    /// let x: carry::Rational = "1/2".parse().unwrap();
    /// assert_eq!((-x).to_string(), "-1/2");
    /// ```
    fn neg(self) -> Rational {
        Rational {
            numer: -self.numer,
            denom: self.denom,
        }
    }
}

impl Neg for &Rational {
    type Output = Rational;
    /// ```
    /// let x: carry::Rational = "1/2".parse().unwrap();
    /// assert_eq!((-&x).to_string(), "-1/2");
    /// ```
    fn neg(self) -> Rational {
        Rational {
            numer: -&self.numer,
            denom: self.denom.clone(),
        }
    }
}

impl Sum for Rational {
    /// ```
    /// use carry::Rational;
    /// let s: Rational = (1..=3).map(|k| Rational::from(k).recip()).sum();
    /// assert_eq!(s.to_string(), "11/6");
    /// ```
    fn sum<I: Iterator<Item = Rational>>(iter: I) -> Rational {
        iter.fold(Rational::ZERO, |s, x| s + x)
    }
}

impl<'a> Sum<&'a Rational> for Rational {
    fn sum<I: Iterator<Item = &'a Rational>>(iter: I) -> Rational {
        iter.fold(Rational::ZERO, |s, x| s + x)
    }
}

impl Product for Rational {
    /// ```
    /// use carry::Rational;
    /// let p: Rational = (1..=3).map(|k| Rational::from(k).recip()).product();
    /// assert_eq!(p.to_string(), "1/6");
    /// ```
    fn product<I: Iterator<Item = Rational>>(iter: I) -> Rational {
        iter.fold(Rational::ONE, |p, x| p * x)
    }
}

impl<'a> Product<&'a Rational> for Rational {
    fn product<I: Iterator<Item = &'a Rational>>(iter: I) -> Rational {
        iter.fold(Rational::ONE, |p, x| p * x)
    }
}
