//! The `std::ops` operators for [`Rational`]: `+ - * /` with `Rational`, [`Int`] or a
//! primitive integer on either side, by value and by reference, and the `*Assign` forms.
//!
//! Sums and products cancel common factors before multiplying (Henrici's formulas; Knuth,
//! TAOCP vol. 2, §4.5.1): for `a/b + c/d` with `g = gcd(b, d)`, only `gcd(a·d/g + c·b/g, g)`
//! remains to divide out; for `(a/b)·(c/d)`, `gcd(a, d)` and `gcd(c, b)`. Every division by a
//! common factor is exact (Hensel's [`Int::div_exact`]). An integer operand `c` needs less:
//! `a/b ± c = (a ± c·b)/b` with no gcd, `(a/b)·c` one `gcd(c, b)`. The assigning forms of `+`
//! and `-` accumulate the numerator in place with a fused multiply-add.

use super::{small, Rational};
use crate::Int;
use core::iter::{Product, Sum};
use core::ops::*;

/// `x / g` in place for a `g` that divides `x`.
fn exact_div_assign(x: &mut Int, g: &Int) {
    if *g != 1u32 {
        *x = x.div_exact(g);
    }
}

/// `x / g` for a `g` that divides `x` (Hensel's exact division), skipping it when `g` is 1.
fn exact_div(x: &Int, g: &Int) -> Int {
    if *g == 1u32 {
        x.clone()
    } else {
        x.div_exact(g)
    }
}

/// `(a/b) · (c/d)` for fractions in lowest terms with `b, d > 0`.
fn mul_parts(a: &Int, b: &Int, c: &Int, d: &Int) -> Rational {
    if let (Some((sa, a)), Some((_, b)), Some((sc, c)), Some((_, d))) = (
        small::limb(a),
        small::limb(b),
        small::limb(c),
        small::limb(d),
    ) {
        return small::mul(sa, a, b, sc, c, d);
    }
    let g1 = a.gcd(d);
    let g2 = c.gcd(b);
    let numer = exact_div(a, &g1) * exact_div(c, &g2);
    let denom = exact_div(b, &g2) * exact_div(d, &g1);
    Rational::from_reduced(numer, denom)
}

impl Rational {
    /// `self + (-1)^negate · o`.
    fn add_signed(&self, o: &Rational, negate: bool) -> Rational {
        match (small::limbs_of(self), small::limbs_of(o)) {
            (Some((sa, a, b)), Some((sc, c, d))) => {
                return small::add(sa, a, b, sc != negate, c, d)
            }
            (None, Some((sc, c, d))) if d > 1 => {
                let mut r = self.clone();
                small::add_assign(&mut r, sc != negate, c, d);
                return r;
            }
            (Some((sa, a, b)), None) if b > 1 => {
                // self - o = -(o - self).
                let mut r = o.clone();
                small::add_assign(&mut r, sa != negate, a, b);
                if negate {
                    r.numer = -r.numer;
                }
                return r;
            }
            _ => {}
        }
        let (a, b, c, d) = (&self.numer, &self.denom, &o.numer, &o.denom);
        if *d == 1u32 {
            return self.add_int_signed(c, negate);
        }
        if b == d {
            let n = if negate { a - c } else { a + c };
            return Rational::reduce(n, b.clone());
        }
        let g = b.gcd(d);
        let fused = |x: &mut Int, y: &Int, z: &Int| {
            if negate {
                x.sub_mul(y, z)
            } else {
                x.add_mul(y, z)
            }
        };
        if g == 1u32 {
            let mut n = a * d;
            fused(&mut n, c, b);
            return Rational::from_reduced(n, b * d);
        }
        let (b1, d1) = (b.div_exact(&g), d.div_exact(&g));
        let mut t = a * &d1;
        fused(&mut t, c, &b1);
        let g2 = t.gcd(&g);
        exact_div_assign(&mut t, &g2);
        Rational::from_reduced(t, b1 * exact_div(d, &g2))
    }

    /// `self + (-1)^negate · c` for an integer `c`: `(a ± c·b)/b`, already in lowest terms.
    fn add_int_signed(&self, c: &Int, negate: bool) -> Rational {
        let mut numer = self.numer.clone();
        if negate {
            numer.sub_mul(c, &self.denom);
        } else {
            numer.add_mul(c, &self.denom);
        }
        Rational::from_reduced(numer, self.denom.clone())
    }

    /// `self · c` for an integer `c`: `(a·(c/g)) / (b/g)` with `g = gcd(c, b)`.
    fn mul_int(&self, c: &Int) -> Rational {
        if c.is_zero() {
            return Rational::ZERO;
        }
        let g = c.gcd(&self.denom);
        Rational::from_reduced(&self.numer * exact_div(c, &g), exact_div(&self.denom, &g))
    }

    /// `self / c` for a nonzero integer `c`: `(a/g) / (b·(c/g))` with `g = gcd(a, c)`, the
    /// sign moved to the numerator.
    fn div_int(&self, c: &Int) -> Rational {
        assert!(!c.is_zero(), "attempt to divide a Rational by zero");
        let g = self.numer.gcd(c);
        let mut numer = exact_div(&self.numer, &g);
        let mut denom = &self.denom * exact_div(c, &g);
        if denom.is_negative() {
            numer = -numer;
            denom = -denom;
        }
        Rational::from_reduced(numer, denom)
    }

    fn add_int(&self, c: &Int) -> Rational {
        self.add_int_signed(c, false)
    }

    fn sub_int(&self, c: &Int) -> Rational {
        self.add_int_signed(c, true)
    }

    /// `self += (-1)^negate · o` in place, by the formulas of [`Rational::add_signed`], the
    /// numerator accumulated with a fused multiply-add into its own buffer.
    fn add_assign_signed(&mut self, o: &Rational, negate: bool) {
        let fused = |x: &mut Int, a: &Int, b: &Int| {
            if negate {
                x.sub_mul(a, b)
            } else {
                x.add_mul(a, b)
            }
        };
        let (c, d) = (&o.numer, &o.denom);
        if *d == 1u32 {
            return fused(&mut self.numer, c, &self.denom);
        }
        if let Some((sc, cl, dl)) = small::limbs_of(o) {
            if let Some((sa, a, b)) = small::limbs_of(self) {
                *self = small::add(sa, a, b, sc != negate, cl, dl);
            } else {
                small::add_assign(self, sc != negate, cl, dl);
            }
            return;
        }
        if self.denom == *d {
            fused(&mut self.numer, c, &Int::ONE);
            let g = self.numer.gcd(d);
            if g != 1u32 {
                self.numer = self.numer.div_exact(&g);
                self.denom = self.denom.div_exact(&g);
            }
            return;
        }
        let g = self.denom.gcd(d);
        if g == 1u32 {
            self.numer *= d;
            fused(&mut self.numer, c, &self.denom);
            self.denom *= d;
            return;
        }
        let b1 = self.denom.div_exact(&g);
        self.numer *= &d.div_exact(&g);
        fused(&mut self.numer, c, &b1);
        let g2 = self.numer.gcd(&g);
        exact_div_assign(&mut self.numer, &g2);
        self.denom = b1 * exact_div(d, &g2);
    }

    fn add_assign_ref(&mut self, o: &Rational) {
        self.add_assign_signed(o, false)
    }

    fn sub_assign_ref(&mut self, o: &Rational) {
        self.add_assign_signed(o, true)
    }

    fn mul_assign_ref(&mut self, o: &Rational) {
        *self = self.mul_ref(o);
    }

    fn div_assign_ref(&mut self, o: &Rational) {
        *self = self.div_ref(o);
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
    ($Op:ident $op:ident $OpAssign:ident $op_assign:ident, $by_ref:ident, $by_int:ident, $by_assign:ident) => {
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
                self.$by_assign(b);
            }
        }
        impl $OpAssign<Rational> for Rational {
            fn $op_assign(&mut self, b: Rational) {
                self.$by_assign(&b);
            }
        }
        impl $Op<&Int> for &Rational {
            type Output = Rational;
            fn $op(self, b: &Int) -> Rational {
                self.$by_int(b)
            }
        }
        impl $Op<&Int> for Rational {
            type Output = Rational;
            fn $op(self, b: &Int) -> Rational {
                self.$by_int(b)
            }
        }
        impl $OpAssign<&Int> for Rational {
            fn $op_assign(&mut self, b: &Int) {
                *self = self.$by_int(b);
            }
        }
        impl $Op<Int> for &Rational {
            type Output = Rational;
            fn $op(self, b: Int) -> Rational {
                self.$by_int(&b)
            }
        }
        impl $Op<Int> for Rational {
            type Output = Rational;
            fn $op(self, b: Int) -> Rational {
                self.$by_int(&b)
            }
        }
        impl $OpAssign<Int> for Rational {
            fn $op_assign(&mut self, b: Int) {
                *self = self.$by_int(&b);
            }
        }
        rational_op!(@int $Op $op, $by_ref, Int, &Int);
        rational_op!(@int $Op $op, $by_ref,
            i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
        rational_op!(@prim $Op $op $OpAssign $op_assign, $by_int,
            i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
    };
    (@int $Op:ident $op:ident, $by_ref:ident, $($t:ty),*) => {$(
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
    )*};
    (@prim $Op:ident $op:ident $OpAssign:ident $op_assign:ident, $by_int:ident, $($t:ty),*) => {$(
        impl $Op<$t> for &Rational {
            type Output = Rational;
            fn $op(self, b: $t) -> Rational {
                self.$by_int(&Int::from(b))
            }
        }
        impl $Op<$t> for Rational {
            type Output = Rational;
            fn $op(self, b: $t) -> Rational {
                self.$by_int(&Int::from(b))
            }
        }
        impl $OpAssign<$t> for Rational {
            fn $op_assign(&mut self, b: $t) {
                *self = self.$by_int(&Int::from(b));
            }
        }
    )*};
}

rational_op!(Add add AddAssign add_assign, add_ref, add_int, add_assign_ref);
rational_op!(Sub sub SubAssign sub_assign, sub_ref, sub_int, sub_assign_ref);
rational_op!(Mul mul MulAssign mul_assign, mul_ref, mul_int, mul_assign_ref);
rational_op!(Div div DivAssign div_assign, div_ref, div_int, div_assign_ref);

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
