//! `Int.__format__`: the format-spec mini-language of `int`, rendered in Rust for the integer
//! presentation types (`''`, `d`, `b`, `o`, `x`, `X`) so that huge values format in
//! subquadratic time and without the interpreter's digit limit. The float types (`e`, `f`,
//! `g`, `%`, ...) go through `float` as `int` does, and the rest (`c`, `n`, and every invalid
//! spec, so that the error is `int`'s own) is handed to `int.__format__`.

use carry::Int;

/// A parsed spec of one of the integer presentation types this module renders.
pub struct Spec {
    fill: char,
    align: char,
    sign: char,
    alternate: bool,
    width: usize,
    grouping: Option<char>,
    ty: char,
}

/// What to do with a spec.
pub enum Plan {
    /// Render it here.
    Native(Spec),
    /// Format `float(x)` with the same spec (the float presentation types).
    Float,
    /// Hand the whole thing to `int.__format__`.
    Delegate,
}

/// Parses `spec` as CPython's `parse_internal_render_format_spec` does for an `int`.
pub fn plan(spec: &str) -> Plan {
    let c: Vec<char> = spec.chars().collect();
    let mut i = 0;
    let is_align = |ch: char| matches!(ch, '<' | '>' | '=' | '^');
    let (mut fill, mut align) = (' ', '>');
    let (mut fill_set, mut align_set) = (false, false);
    if c.len() >= 2 && is_align(c[1]) {
        fill = c[0];
        align = c[1];
        fill_set = true;
        align_set = true;
        i = 2;
    } else if !c.is_empty() && is_align(c[0]) {
        align = c[0];
        align_set = true;
        i = 1;
    }
    let mut sign = '-';
    if i < c.len() && matches!(c[i], '+' | '-' | ' ') {
        sign = c[i];
        i += 1;
    }
    if i < c.len() && c[i] == 'z' {
        return Plan::Delegate;
    }
    let mut alternate = false;
    if i < c.len() && c[i] == '#' {
        alternate = true;
        i += 1;
    }
    if i < c.len() && c[i] == '0' && !fill_set {
        fill = '0';
        if !align_set {
            align = '=';
        }
        i += 1;
    }
    let start = i;
    while i < c.len() && c[i].is_ascii_digit() {
        i += 1;
    }
    let width = if i > start {
        match c[start..i].iter().collect::<String>().parse::<usize>() {
            Ok(w) if w < 1 << 30 => w,
            _ => return Plan::Delegate,
        }
    } else {
        0
    };
    let mut grouping = None;
    if i < c.len() && matches!(c[i], ',' | '_') {
        grouping = Some(c[i]);
        i += 1;
    }
    if i < c.len() && matches!(c[i], ',' | '_') {
        return Plan::Delegate;
    }
    if i < c.len() && c[i] == '.' {
        // A precision: only the float types take one (an error otherwise, which int raises).
        return match c.last() {
            Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%') => Plan::Float,
            _ => Plan::Delegate,
        };
    }
    let ty = match c.len() - i {
        0 => 'd',
        1 => c[i],
        _ => return Plan::Delegate,
    };
    match ty {
        'd' => {}
        'b' | 'o' | 'x' | 'X' if grouping != Some(',') => {}
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' => return Plan::Float,
        _ => return Plan::Delegate,
    }
    Plan::Native(Spec {
        fill,
        align,
        sign,
        alternate,
        width,
        grouping,
        ty,
    })
}

/// Renders `x` by `spec`.
pub fn render(x: &Int, s: &Spec) -> String {
    let (radix, prefix) = match s.ty {
        'b' => (2, "0b"),
        'o' => (8, "0o"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        _ => (10, ""),
    };
    let mut digits = x.abs().to_str_radix(radix);
    if s.ty == 'X' {
        digits.make_ascii_uppercase();
    }
    let sign = if x.is_negative() {
        "-"
    } else {
        match s.sign {
            '+' => "+",
            ' ' => " ",
            _ => "",
        }
    };
    let prefix = if s.alternate { prefix } else { "" };
    let lead = sign.len() + prefix.len();
    let body = match s.grouping {
        Some(sep) => {
            let group = if radix == 10 { 3 } else { 4 };
            let min_width = if s.fill == '0' && s.align == '=' {
                s.width.saturating_sub(lead)
            } else {
                0
            };
            group_digits(digits.as_bytes(), group, sep, min_width)
        }
        None => digits,
    };
    let len = lead + body.chars().count();
    let pad = s.width.saturating_sub(len);
    let fill = |n: usize| std::iter::repeat_n(s.fill, n).collect::<String>();
    let mut out = String::with_capacity(len + pad * s.fill.len_utf8());
    match s.align {
        '<' => {
            out.push_str(sign);
            out.push_str(prefix);
            out.push_str(&body);
            out.push_str(&fill(pad));
        }
        '^' => {
            out.push_str(&fill(pad / 2));
            out.push_str(sign);
            out.push_str(prefix);
            out.push_str(&body);
            out.push_str(&fill(pad - pad / 2));
        }
        '=' => {
            out.push_str(sign);
            out.push_str(prefix);
            out.push_str(&fill(pad));
            out.push_str(&body);
        }
        _ => {
            out.push_str(&fill(pad));
            out.push_str(sign);
            out.push_str(prefix);
            out.push_str(&body);
        }
    }
    out
}

/// Digits with a separator every `group` from the right, zero-extended until the result has
/// at least `min_width` characters (CPython's `_PyUnicode_InsertThousandsGrouping`: the
/// padding zeros are grouped too).
fn group_digits(d: &[u8], group: usize, sep: char, min_width: usize) -> String {
    let mut groups: Vec<Vec<u8>> = Vec::new();
    let mut remaining = d.len() as isize;
    let mut min_width = min_width as isize;
    let g = group as isize;
    loop {
        let l = g.min(remaining.max(min_width).max(1));
        let zeros = (l - remaining).max(0) as usize;
        let chars = remaining.min(l).max(0) as usize;
        let end = remaining.max(0) as usize;
        let mut part = vec![b'0'; zeros];
        part.extend_from_slice(&d[end - chars..end]);
        groups.push(part);
        remaining -= chars as isize;
        min_width -= l;
        if remaining <= 0 && min_width <= 0 {
            break;
        }
        min_width -= 1;
    }
    let mut out = String::with_capacity(d.len() + d.len() / group + 8);
    for (k, part) in groups.iter().rev().enumerate() {
        if k > 0 {
            out.push(sep);
        }
        // The parts are ASCII digits.
        out.push_str(std::str::from_utf8(part).unwrap_or_default());
    }
    out
}
