//! The tokens of the infix syntax, each a kind and a byte range of the text (24 bytes a
//! token, numbers and names read from the text only when parsed), at most
//! [`MAX_TOKENS`](crate::limits::MAX_TOKENS) of them.
//!
//! `#` starts a comment to the end of the line. A newline separates statements, except
//! inside parentheses and after a `\`.

use crate::error::Error;
use crate::limits::{MAX_INPUT_BYTES, MAX_TOKENS};

/// Operator symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sym {
    Plus,
    Minus,
    Star,
    Slash,
    SlashSlash,
    Percent,
    /// `^` (also written `**`).
    Caret,
    Bang,
    BangBang,
    Tilde,
    Amp,
    AmpAmp,
    Pipe,
    PipePipe,
    Lt,
    Le,
    Gt,
    Ge,
    EqEq,
    Ne,
    Shl,
    Shr,
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Number,
    Name,
    Sym(Sym),
    Open,
    Close,
    Comma,
    Assign,
    Semicolon,
    Newline,
    End,
}

/// A token: its kind and where it is in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// The symbols, longest first so that the longest match wins.
const SYMBOLS: &[(&str, Sym)] = &[
    ("**", Sym::Caret),
    ("//", Sym::SlashSlash),
    ("!!", Sym::BangBang),
    ("!=", Sym::Ne),
    ("&&", Sym::AmpAmp),
    ("||", Sym::PipePipe),
    ("<=", Sym::Le),
    (">=", Sym::Ge),
    ("==", Sym::EqEq),
    ("<<", Sym::Shl),
    (">>", Sym::Shr),
    ("+", Sym::Plus),
    ("-", Sym::Minus),
    ("*", Sym::Star),
    ("/", Sym::Slash),
    ("%", Sym::Percent),
    ("^", Sym::Caret),
    ("!", Sym::Bang),
    ("~", Sym::Tilde),
    ("&", Sym::Amp),
    ("|", Sym::Pipe),
    ("<", Sym::Lt),
    (">", Sym::Gt),
];

/// The tokens of `text`; the last is `End`.
pub fn tokenize(text: &str) -> Result<Vec<Token>, Error> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(Error::at(
            MAX_INPUT_BYTES,
            format!("input too long: more than {} MiB", MAX_INPUT_BYTES >> 20),
        ));
    }
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let kind = match c {
            b'\n' if depth == 0 => {
                i += 1;
                if matches!(
                    tokens.last(),
                    None | Some(Token {
                        kind: Kind::Newline,
                        ..
                    })
                ) {
                    continue;
                }
                Kind::Newline
            }
            b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c => {
                i += 1;
                continue;
            }
            b'#' => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'\\'
                if text[i + 1..]
                    .trim_start_matches([' ', '\t', '\r'])
                    .starts_with('\n') =>
            {
                i = i + 1 + text[i + 1..].find('\n').unwrap_or(0) + 1;
                continue;
            }
            b'0'..=b'9' | b'.' => {
                i += literal_len(&bytes[i..]);
                Kind::Number
            }
            b'(' => {
                depth += 1;
                i += 1;
                Kind::Open
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
                Kind::Close
            }
            b',' => {
                i += 1;
                Kind::Comma
            }
            b';' => {
                i += 1;
                Kind::Semicolon
            }
            b'=' if bytes.get(i + 1) != Some(&b'=') => {
                i += 1;
                Kind::Assign
            }
            _ => {
                let ch = text[i..].chars().next().unwrap_or(' ');
                if ch.is_alphabetic() || ch == '_' {
                    i += text[i..]
                        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .unwrap_or(bytes.len() - i);
                    Kind::Name
                } else if let Some((s, sym)) =
                    SYMBOLS.iter().find(|(s, _)| text[i..].starts_with(s))
                {
                    i += s.len();
                    Kind::Sym(*sym)
                } else {
                    return Err(Error::at(i, format!("unexpected character {ch:?}")));
                }
            }
        };
        if tokens.len() == MAX_TOKENS {
            return Err(Error::at(
                start,
                format!("input too long: more than {MAX_TOKENS} tokens in one program"),
            ));
        }
        tokens.push(Token {
            kind,
            start,
            end: i,
        });
    }
    // The end is placed right after the last token (not after trailing comments).
    let end = tokens.last().map_or(0, |t| t.end);
    tokens.push(Token {
        kind: Kind::End,
        start: end,
        end,
    });
    Ok(tokens)
}

/// The length of the number literal at the start of `bytes`: letters, digits, `_` and `.`,
/// and a sign right after the `e` of a decimal exponent.
fn literal_len(bytes: &[u8]) -> usize {
    let prefixed = bytes.len() > 1 && bytes[0] == b'0' && b"xXoObB".contains(&bytes[1]);
    let mut len = 0;
    while len < bytes.len() {
        let c = bytes[len];
        let sign_after_e = !prefixed
            && (c == b'+' || c == b'-')
            && len > 0
            && matches!(bytes[len - 1], b'e' | b'E')
            && bytes.get(len + 1).is_some_and(u8::is_ascii_digit);
        if !(c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || sign_after_e) {
            break;
        }
        len += 1;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Kind> {
        tokenize(text).unwrap().iter().map(|t| t.kind).collect()
    }

    #[test]
    fn symbols_take_the_longest_match() {
        use Kind::Sym as S;
        assert_eq!(
            kinds("a<=b<<c!!d**e//f"),
            [
                Kind::Name,
                S(Sym::Le),
                Kind::Name,
                S(Sym::Shl),
                Kind::Name,
                S(Sym::BangBang),
                Kind::Name,
                S(Sym::Caret),
                Kind::Name,
                S(Sym::SlashSlash),
                Kind::Name,
                Kind::End
            ]
        );
        assert_eq!(
            kinds("x == 1"),
            [Kind::Name, S(Sym::EqEq), Kind::Number, Kind::End]
        );
        assert_eq!(
            kinds("x = 1e-3"),
            [Kind::Name, Kind::Assign, Kind::Number, Kind::End]
        );
    }

    #[test]
    fn newlines_comments_and_continuations() {
        assert_eq!(
            kinds("1 # one\n\n\n(2\n+ 3) \\\n + 4\n"),
            [
                Kind::Number,
                Kind::Newline,
                Kind::Open,
                Kind::Number,
                Kind::Sym(Sym::Plus),
                Kind::Number,
                Kind::Close,
                Kind::Sym(Sym::Plus),
                Kind::Number,
                Kind::Newline,
                Kind::End
            ]
        );
    }

    #[test]
    fn limits() {
        let long = "1+".repeat(MAX_TOKENS / 2) + "1";
        let e = tokenize(&long).unwrap_err();
        assert_eq!(e.offset, Some(MAX_TOKENS));
        assert!(e.message.contains("more than 1000000 tokens"));
        assert!(tokenize(&"1+".repeat(MAX_TOKENS / 2 - 1)).is_ok());
    }
}
