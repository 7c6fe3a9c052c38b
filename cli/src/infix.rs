//! The infix syntax: a recursive-descent evaluator over tokens, with variables, `_` for
//! the last result, function calls and postfix `!`.
//!
//! ```text
//! line       := statement (';' statement)*
//! statement  := name '=' expression | expression
//! expression := term (('+' | '-') term)*
//! term       := unary (('*' | '/' | '%') unary)*
//! unary      := ('-' | '+') unary | power
//! power      := postfix ('^' unary)?
//! postfix    := atom '!'*
//! atom       := number | name | name '(' arguments ')' | '(' expression ')'
//! ```

use crate::calc::{self, Context};
use crate::Error;
use carry::{Int, ParseIntErrorKind, Rational};
use std::collections::HashMap;

/// Parentheses, unary signs and calls may nest this deep (the parser recurses on them).
const MAX_DEPTH: usize = 1000;

fn error<T>(column: usize, message: impl Into<String>) -> Result<T, Error> {
    Err(Error::at(column, message))
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Number(Rational),
    Name(String),
    Op(char),
    Open,
    Close,
    Comma,
    Assign,
    Semicolon,
    End,
}

/// The tokens of `text`, each with its column; the last is `End`.
fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, Error> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let (token, len) = match c {
            '0'..='9' | '.' => {
                let len = literal_len(&chars[i..]);
                let literal: String = chars[i..i + len].iter().collect();
                (Token::Number(parse_literal(&literal, column)?), len)
            }
            c if c.is_alphabetic() || c == '_' => {
                let len = chars[i..]
                    .iter()
                    .take_while(|c| c.is_alphanumeric() || **c == '_')
                    .count();
                (Token::Name(chars[i..i + len].iter().collect()), len)
            }
            '+' | '-' | '*' | '/' | '%' | '^' | '!' => (Token::Op(c), 1),
            '(' => (Token::Open, 1),
            ')' => (Token::Close, 1),
            ',' => (Token::Comma, 1),
            '=' => (Token::Assign, 1),
            ';' => (Token::Semicolon, 1),
            _ => return error(column, format!("unexpected character {c:?}")),
        };
        tokens.push((token, column));
        i += len;
    }
    tokens.push((Token::End, chars.len() + 1));
    Ok(tokens)
}

/// The length of the number literal at the start of `chars`: letters, digits, `_` and `.`,
/// and a sign right after the `e` of a decimal exponent.
fn literal_len(chars: &[char]) -> usize {
    let prefixed = chars.len() > 1 && chars[0] == '0' && "xXoObB".contains(chars[1]);
    let mut len = 0;
    while len < chars.len() {
        let c = chars[len];
        let sign_after_e = !prefixed
            && (c == '+' || c == '-')
            && len > 0
            && matches!(chars[len - 1], 'e' | 'E')
            && chars.get(len + 1).is_some_and(char::is_ascii_digit);
        if !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || sign_after_e) {
            break;
        }
        len += 1;
    }
    len
}

/// A literal starting at `column`: decimal (`12`, `1_000`, `0.25`, `.5`, `1.5e-3`), or
/// `0x`/`0o`/`0b` and digits (an underscore may follow the prefix, as in Python).
pub fn parse_literal(literal: &str, column: usize) -> Result<Rational, Error> {
    let (radix, prefix) = match literal.get(..2).map(str::to_ascii_lowercase).as_deref() {
        Some("0x") => (16, 2),
        Some("0o") => (8, 2),
        Some("0b") => (2, 2),
        _ => (10, 0),
    };
    if radix == 10 && literal.contains(['.', 'e', 'E']) {
        return literal.parse::<Rational>().map_err(|e| {
            Error::at(
                column + e.position(),
                format!("bad number {literal:?}: {e}"),
            )
        });
    }
    let skip = prefix + usize::from(prefix > 0 && literal[prefix..].starts_with('_'));
    let digits = &literal[skip..];
    if digits.is_empty() {
        return error(
            column,
            format!("missing digits after {:?}", &literal[..prefix]),
        );
    }
    Int::from_str_radix(digits, radix)
        .map(Rational::from)
        .or_else(|e| {
            let problem = match e.kind() {
                ParseIntErrorKind::InvalidDigit(c) => {
                    format!("invalid digit {c:?} in a base {radix} number")
                }
                ParseIntErrorKind::MisplacedUnderscore => "'_' must sit between two digits".into(),
                _ => format!("bad number: {e}"),
            };
            error(column + skip + e.position(), problem)
        })
}

/// Variables and the last result, kept from one line to the next.
#[derive(Clone, Debug, Default)]
pub struct Session {
    variables: HashMap<String, Rational>,
    last: Option<Rational>,
}

/// A recursive-descent evaluator over the tokens.
struct Parser<'a> {
    tokens: Vec<(Token, usize)>,
    next: usize,
    depth: usize,
    session: Session,
    cx: &'a Context,
}

impl Parser<'_> {
    fn peek(&self) -> &(Token, usize) {
        &self.tokens[self.next]
    }

    fn advance(&mut self) -> (Token, usize) {
        let token = self.tokens[self.next].clone();
        self.next = (self.next + 1).min(self.tokens.len() - 1);
        token
    }

    /// The next token if it is one of `ops`.
    fn take_op(&mut self, ops: &[char]) -> Option<(char, usize)> {
        match *self.peek() {
            (Token::Op(c), column) if ops.contains(&c) => {
                self.advance();
                Some((c, column))
            }
            _ => None,
        }
    }

    /// `op` applied at `column`, with the error placed there.
    fn apply(
        &self,
        op: char,
        a: &Rational,
        b: &Rational,
        column: usize,
    ) -> Result<Rational, Error> {
        calc::binary(op, a, b, self.cx).map_err(|m| Error::at(column, m))
    }

    /// expression := term (('+' | '-') term)*
    fn expression(&mut self) -> Result<Rational, Error> {
        let mut value = self.term()?;
        while let Some((op, column)) = self.take_op(&['+', '-']) {
            let rhs = self.term()?;
            value = self.apply(op, &value, &rhs, column)?;
        }
        Ok(value)
    }

    /// term := unary (('*' | '/' | '%') unary)*
    fn term(&mut self) -> Result<Rational, Error> {
        let mut value = self.unary()?;
        while let Some((op, column)) = self.take_op(&['*', '/', '%']) {
            let rhs = self.unary()?;
            value = self.apply(op, &value, &rhs, column)?;
        }
        Ok(value)
    }

    /// unary := ('-' | '+') unary | power
    fn unary(&mut self) -> Result<Rational, Error> {
        match self.take_op(&['-', '+']) {
            Some((op, column)) => {
                let value = self.nested(column, Parser::unary)?;
                Ok(if op == '-' { -value } else { value })
            }
            None => self.power(),
        }
    }

    /// `parse` one level deeper, for the token at `column`.
    fn nested<T>(
        &mut self,
        column: usize,
        parse: impl FnOnce(&mut Self) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if self.depth == MAX_DEPTH {
            return error(column, format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        self.depth += 1;
        let value = parse(self);
        self.depth -= 1;
        value
    }

    /// power := postfix ('^' unary)?
    fn power(&mut self) -> Result<Rational, Error> {
        let base = self.postfix()?;
        match self.take_op(&['^']) {
            Some((_, column)) => {
                let exponent = self.unary()?;
                self.apply('^', &base, &exponent, column)
            }
            None => Ok(base),
        }
    }

    /// postfix := atom '!'*
    fn postfix(&mut self) -> Result<Rational, Error> {
        let mut value = self.atom()?;
        while let Some((_, column)) = self.take_op(&['!']) {
            let factorial = calc::function("factorial").expect("a built-in function");
            value = calc::call(factorial, &[value], self.cx).map_err(|m| Error::at(column, m))?;
        }
        Ok(value)
    }

    /// atom := number | name | name '(' arguments ')' | '(' expression ')'
    fn atom(&mut self) -> Result<Rational, Error> {
        match self.advance() {
            (Token::Number(n), _) => Ok(n),
            (Token::Name(name), column) => {
                if self.peek().0 == Token::Open {
                    self.advance();
                    return self.nested(column, |p| p.call(&name, column));
                }
                self.variable(&name, column)
            }
            (Token::Open, column) => {
                let value = self.nested(column, Parser::expression)?;
                self.close(column)?;
                Ok(value)
            }
            (token, column) => error(
                column,
                format!("expected a number but found {}", describe(&token)),
            ),
        }
    }

    /// Consumes the `)` that closes the `(` at `open`.
    fn close(&mut self, open: usize) -> Result<(), Error> {
        match self.advance() {
            (Token::Close, _) => Ok(()),
            (Token::End, _) => error(open, "unclosed '('"),
            (token, at) => error(at, format!("expected ')' but found {}", describe(&token))),
        }
    }

    /// The value of the variable `name` at `column`.
    fn variable(&self, name: &str, column: usize) -> Result<Rational, Error> {
        if name == "_" {
            return self
                .session
                .last
                .clone()
                .ok_or_else(|| Error::at(column, "no result yet for '_'"));
        }
        if let Some(value) = self.session.variables.get(name) {
            return Ok(value.clone());
        }
        if calc::function(name).is_some() {
            return error(column, format!("{name} is a function: write {name}(...)"));
        }
        error(column, format!("unknown variable {name:?}"))
    }

    /// A call of `name` at `column`, after its `(`.
    fn call(&mut self, name: &str, column: usize) -> Result<Rational, Error> {
        let Some(f) = calc::function(name) else {
            return error(column, format!("unknown function {name:?} (see --help)"));
        };
        let mut args = Vec::new();
        if self.peek().0 != Token::Close {
            args.push(self.expression()?);
            while self.peek().0 == Token::Comma {
                self.advance();
                args.push(self.expression()?);
            }
        }
        self.close(column + name.chars().count())?;
        calc::call(f, &args, self.cx).map_err(|m| Error::at(column, m))
    }
}

fn describe(token: &Token) -> String {
    match token {
        Token::Number(n) => format!("number {n}"),
        Token::Name(name) => format!("name {name:?}"),
        Token::Op(c) => format!("'{c}'"),
        Token::Open => "'('".into(),
        Token::Close => "')'".into(),
        Token::Comma => "','".into(),
        Token::Assign => "'='".into(),
        Token::Semicolon => "';'".into(),
        Token::End => "end of input".into(),
    }
}

impl Session {
    /// Evaluates the statements of `text` (separated by `;`): the values of its expressions
    /// (assignments have none). Variables and `_` change only when the whole line succeeds.
    pub fn evaluate(&mut self, text: &str, cx: &Context) -> Result<Vec<Rational>, Error> {
        let tokens = tokenize(text)?;
        if tokens[0].0 == Token::End {
            return error(1, "empty expression");
        }
        let mut parser = Parser {
            tokens,
            next: 0,
            depth: 0,
            session: self.clone(),
            cx,
        };
        let mut results = Vec::new();
        loop {
            let target = match (&parser.peek().0, parser.tokens.get(parser.next + 1)) {
                (Token::Name(name), Some((Token::Assign, _))) => {
                    let name = name.clone();
                    let (_, column) = parser.advance();
                    parser.advance();
                    if name == "_" || calc::function(&name).is_some() {
                        return error(column, format!("cannot assign to {name:?}"));
                    }
                    Some(name)
                }
                _ => None,
            };
            let value = parser.expression()?;
            let end = match parser.advance() {
                (Token::End, _) => true,
                (Token::Semicolon, _) => parser.peek().0 == Token::End,
                (Token::Close, column) => return error(column, "unmatched ')'"),
                (token, column) => {
                    return error(column, format!("unexpected {}", describe(&token)))
                }
            };
            parser.session.last = Some(value.clone());
            match target {
                Some(name) => {
                    parser.session.variables.insert(name, value);
                }
                None => results.push(value),
            }
            if end {
                break;
            }
        }
        *self = parser.session;
        Ok(results)
    }
}
