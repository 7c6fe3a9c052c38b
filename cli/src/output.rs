//! How results are written: decimals, fractions, other bases, BLIP bytes.

use crate::calc::{self, Context};
use crate::error::Error;
use crate::options::Radix;
use crate::real::decimal;
use crate::value::{Value, DEFAULT_DIGITS};
use carry::{Int, Rounding};

/// The text of `value` in `radix`, with `digits` decimal places for non-integers when
/// given. An approximation prints with a leading `~` and its digits correctly rounded (an
/// error with `retry` when the working precision cannot decide them yet).
pub fn render(
    value: &Value,
    radix: Radix,
    digits: Option<usize>,
    cx: &Context,
) -> Result<String, Error> {
    // Decimal conversion takes about twice the value's size in scratch space.
    cx.reserve(2.0 * value.bits())?;
    let x = match (value, radix) {
        (Value::Exact(x), _) => x,
        (Value::Approx(a), Radix::Base(10)) => {
            let places = digits.unwrap_or(DEFAULT_DIGITS) as u64;
            return match decimal::to_decimal(a, places) {
                Some(text) => Ok(format!("~{text}")),
                None => {
                    let prec = cx.precision.get();
                    cx.wanted_precision
                        .set(decimal::next_precision(a, places, prec));
                    Err(Error::undecided(
                        "cannot decide the digits to print (the value may lie exactly halfway \
                         between two roundings)",
                    ))
                }
            };
        }
        (Value::Approx(_), _) => {
            return Err(format!("an approximation ({value}) prints only in decimal").into())
        }
    };
    let (n, d) = (x.numer(), x.denom());
    Ok(match radix {
        Radix::Base(10) => match digits {
            Some(places) if !x.is_integer() => {
                x.to_decimal_string_rounded(places, Rounding::HalfEven)
            }
            _ => x.to_decimal_string().unwrap_or_else(|| x.to_string()),
        },
        Radix::Base(base) => {
            let text = |i: &Int| match base {
                16 => format!("{i:#x}"),
                8 => format!("{i:#o}"),
                2 => format!("{i:#b}"),
                _ => i.to_str_radix(base),
            };
            if x.is_integer() {
                text(n)
            } else {
                format!("{}/{}", text(n), text(d))
            }
        }
        Radix::Blip => {
            if !x.is_integer() {
                return Err(
                    format!("--blip needs an integer result, not {}", calc::show(value)).into(),
                );
            }
            let bytes = n.to_blip();
            bytes
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<Vec<_>>()
                .join(" ")
        }
    })
}
