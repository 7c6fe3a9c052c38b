//! The infix syntax: tokens to a tree, by precedence climbing.
//!
//! ```text
//! program    := statement ((';' | newline) statement)*
//! statement  := name '(' names ')' '=' expression     a function
//!             | name '=' expression                   an assignment
//!             | expression
//! expression := or
//! or         := and ('||' and)*
//! and        := compare ('&&' compare)*
//! compare    := bitor (('<' | '<=' | '>' | '>=' | '==' | '!=') bitor)*     chained: a < b < c
//! bitor      := bitand ('|' bitand)*
//! bitand     := shift ('&' shift)*
//! shift      := sum (('<<' | '>>') sum)*
//! sum        := product (('+' | '-') product)*
//! product    := unary (('*' | '/' | '//' | '%' | 'mod') unary)*
//! unary      := ('-' | '+' | '!' | '~') unary | power
//! power      := postfix ('^' (postfix | unary))*            right-associative
//! postfix    := atom ('!' | '!!')*
//! atom       := number | name | name '(' arguments ')' | '(' expression ')'
//!             | 'if' '(' expression ')' expression 'else' expression
//! ```
//!
//! Chains of one precedence level are parsed by loops into one node (a list of operands),
//! so neither the parser nor the evaluator recurses along them: the depth of recursion is
//! the nesting of parentheses, calls, prefix operators and `if`, limited to [`MAX_DEPTH`]
//! together with the height of power towers (`a^b^c` nests as `a^(b^c)`).

use crate::calc::{self, Op, Unary};
use crate::error::Error;
use crate::lexer::{tokenize, Kind, Sym, Token};
use carry::{Int, ParseIntErrorKind, Rational};
use std::sync::Arc;

/// Parentheses, prefix operators, calls and `if` may nest this deep.
pub const MAX_DEPTH: usize = 1000;

/// Words that cannot name a variable or a function.
pub const KEYWORDS: &[&str] = &["if", "else", "mod"];

/// An expression.
#[derive(Clone, Debug)]
pub enum Expr {
    Number(Rational),
    /// A variable or constant, and its offset.
    Name(Box<str>, usize),
    Unary(Unary, usize, Box<Expr>),
    /// `first op₁ x₁ op₂ x₂ …`, left-associative, one precedence level; each operator with
    /// its offset.
    Chain(Box<Expr>, Vec<(Op, usize, Expr)>),
    /// `a < b <= c …`: true when every comparison holds; evaluated left to right, stopping at
    /// the first that fails.
    Compare(Box<Expr>, Vec<(Op, usize, Expr)>),
    /// `a && b && …` or `a || b || …` (the `Op` says which), evaluated left to right only as
    /// far as needed; 0 or 1.
    Logic(Op, Box<Expr>, Vec<(usize, Expr)>),
    /// `a ^ b ^ c …`: the base, then each `^` offset and exponent; right-associative.
    Power(Box<Expr>, Vec<(usize, Expr)>),
    /// `x! !! …`: each postfix operator's offset and whether it is `!!`.
    Factorial(Box<Expr>, Vec<(usize, bool)>),
    /// A call: the name, its offset, the arguments.
    Call(Box<str>, usize, Vec<Expr>),
    /// `if (c) a else b`, at the offset of `if`.
    If(usize, Box<[Expr; 3]>),
}

/// A user function: `name(params) = body`.
#[derive(Debug)]
pub struct Definition {
    pub name: Box<str>,
    pub params: Vec<Box<str>>,
    pub body: Expr,
}

/// A statement and the offset where it starts.
#[derive(Clone, Debug)]
pub enum Statement {
    Expr(Expr, usize),
    /// `name = value`, at the offset of the name.
    Assign(Box<str>, usize, Expr),
    Define(Arc<Definition>),
}

/// Parses `text` into statements; numbers above `max_bits` are refused.
pub fn parse(text: &str, max_bits: u64) -> Result<Vec<Statement>, Error> {
    let tokens = tokenize(text)?;
    let mut parser = Parser {
        text,
        tokens,
        next: 0,
        depth: 0,
        max_bits,
    };
    let mut statements = Vec::new();
    loop {
        match parser.peek().kind {
            Kind::End => return Ok(statements),
            Kind::Semicolon | Kind::Newline => {
                parser.advance();
                continue;
            }
            _ => {}
        }
        statements.push(parser.statement()?);
        let token = parser.advance();
        match token.kind {
            Kind::End | Kind::Semicolon | Kind::Newline => {}
            Kind::Close => return Err(Error::at(token.start, "unmatched ')'")),
            _ => {
                return Err(Error::at(
                    token.start,
                    format!("unexpected {}", parser.describe(token)),
                ))
            }
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    next: usize,
    depth: usize,
    max_bits: u64,
}

/// The left-associative levels, loosest first: their operators.
const LEVELS: &[&[(Sym, Op)]] = &[
    &[(Sym::Pipe, Op::BitOr)],
    &[(Sym::Amp, Op::BitAnd)],
    &[(Sym::Shl, Op::Shl), (Sym::Shr, Op::Shr)],
    &[(Sym::Plus, Op::Add), (Sym::Minus, Op::Sub)],
    &[
        (Sym::Star, Op::Mul),
        (Sym::Slash, Op::Div),
        (Sym::SlashSlash, Op::FloorDiv),
        (Sym::Percent, Op::Rem),
    ],
];

const COMPARISONS: &[(Sym, Op)] = &[
    (Sym::Lt, Op::Lt),
    (Sym::Le, Op::Le),
    (Sym::Gt, Op::Gt),
    (Sym::Ge, Op::Ge),
    (Sym::EqEq, Op::Eq),
    (Sym::Ne, Op::Ne),
];

impl Parser<'_> {
    fn peek(&self) -> Token {
        self.tokens[self.next]
    }

    fn advance(&mut self) -> Token {
        let token = self.tokens[self.next];
        self.next = (self.next + 1).min(self.tokens.len() - 1);
        token
    }

    fn text(&self, t: Token) -> &str {
        &self.text[t.start..t.end]
    }

    /// Whether the next token is the name `word`.
    fn at_word(&self, word: &str) -> bool {
        let t = self.peek();
        t.kind == Kind::Name && self.text(t) == word
    }

    /// The next token's operator, if it is one of `ops`, consumed.
    fn take(&mut self, ops: &[(Sym, Op)]) -> Option<(Op, usize)> {
        let t = self.peek();
        let Kind::Sym(sym) = t.kind else {
            return None;
        };
        let &(_, op) = ops.iter().find(|(s, _)| *s == sym)?;
        self.advance();
        Some((op, t.start))
    }

    /// `parse` one level deeper, for the token at `offset`.
    fn nested<T>(
        &mut self,
        offset: usize,
        parse: impl FnOnce(&mut Self) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if self.depth == MAX_DEPTH {
            return Err(Error::at(
                offset,
                format!("nesting deeper than {MAX_DEPTH} levels"),
            ));
        }
        self.depth += 1;
        let value = parse(self);
        self.depth -= 1;
        value
    }

    fn describe(&self, t: Token) -> String {
        match t.kind {
            Kind::Number => format!("number {}", self.text(t)),
            Kind::Name => format!("name {:?}", self.text(t)),
            Kind::Sym(_)
            | Kind::Open
            | Kind::Close
            | Kind::Comma
            | Kind::Assign
            | Kind::Semicolon => {
                format!("'{}'", self.text(t))
            }
            Kind::Newline => "end of line".into(),
            Kind::End => "end of input".into(),
        }
    }

    fn statement(&mut self) -> Result<Statement, Error> {
        let first = self.peek();
        if first.kind == Kind::Name {
            let name = self.text(first).to_string();
            let next = self.tokens[self.next + 1].kind;
            if next == Kind::Assign {
                if calc::function(&name).is_some() {
                    return Err(Error::at(first.start, format!("cannot assign to {name:?}")));
                }
                check_name(&name, first.start)?;
                self.next += 2;
                return Ok(Statement::Assign(
                    name.into(),
                    first.start,
                    self.expression()?,
                ));
            }
            if next == Kind::Open {
                if let Some(params) = self.parameters() {
                    if calc::function(&name).is_some() {
                        return Err(Error::at(
                            first.start,
                            format!("cannot redefine the built-in function {name:?}"),
                        ));
                    }
                    check_name(&name, first.start)?;
                    for (i, p) in params.iter().enumerate() {
                        check_name(self.text(*p), p.start)?;
                        if params[..i].iter().any(|q| self.text(*q) == self.text(*p)) {
                            return Err(Error::at(
                                p.start,
                                format!("{:?} is a parameter twice", self.text(*p)),
                            ));
                        }
                    }
                    let params = params.iter().map(|p| self.text(*p).into()).collect();
                    let body = self.expression()?;
                    let definition = Definition {
                        name: name.into(),
                        params,
                        body,
                    };
                    return Ok(Statement::Define(Arc::new(definition)));
                }
            }
        }
        Ok(Statement::Expr(self.expression()?, first.start))
    }

    /// After a name: `(a, b) =`, consumed, and the parameters' tokens; `None` (consuming
    /// nothing) when the tokens are not a function's head.
    fn parameters(&mut self) -> Option<Vec<Token>> {
        let mut i = self.next + 2;
        let mut params = Vec::new();
        if self.tokens[i].kind != Kind::Close {
            loop {
                let t = self.tokens[i];
                if t.kind != Kind::Name {
                    return None;
                }
                params.push(t);
                i += 1;
                match self.tokens[i].kind {
                    Kind::Comma => i += 1,
                    Kind::Close => break,
                    _ => return None,
                }
            }
        }
        if self.tokens[i + 1].kind != Kind::Assign {
            return None;
        }
        self.next = i + 2;
        Some(params)
    }

    pub fn expression(&mut self) -> Result<Expr, Error> {
        self.logic(Op::Or)
    }

    /// `||` chains (`op` = `Or`) of `&&` chains (`op` = `And`) of comparisons.
    fn logic(&mut self, op: Op) -> Result<Expr, Error> {
        let operand = |p: &mut Self| {
            if op == Op::Or {
                p.logic(Op::And)
            } else {
                p.compare()
            }
        };
        let sym = if op == Op::Or {
            Sym::PipePipe
        } else {
            Sym::AmpAmp
        };
        let first = operand(self)?;
        let mut rest = Vec::new();
        while let Some((_, offset)) = self.take(&[(sym, op)]) {
            rest.push((offset, operand(self)?));
        }
        Ok(if rest.is_empty() {
            first
        } else {
            Expr::Logic(op, Box::new(first), rest)
        })
    }

    fn compare(&mut self) -> Result<Expr, Error> {
        let first = self.level(0)?;
        let mut rest = Vec::new();
        while let Some((op, offset)) = self.take(COMPARISONS) {
            rest.push((op, offset, self.level(0)?));
        }
        Ok(if rest.is_empty() {
            first
        } else {
            Expr::Compare(Box::new(first), rest)
        })
    }

    /// The left-associative level `i` of [`LEVELS`] (the last also takes `mod`).
    fn level(&mut self, i: usize) -> Result<Expr, Error> {
        let operand = |p: &mut Self| {
            if i + 1 < LEVELS.len() {
                p.level(i + 1)
            } else {
                p.unary()
            }
        };
        let first = operand(self)?;
        let mut rest = Vec::new();
        loop {
            let op = match self.take(LEVELS[i]) {
                Some(op) => op,
                None if i + 1 == LEVELS.len() && self.at_word("mod") => {
                    (Op::Mod, self.advance().start)
                }
                None => break,
            };
            rest.push((op.0, op.1, operand(self)?));
        }
        Ok(if rest.is_empty() {
            first
        } else {
            Expr::Chain(Box::new(first), rest)
        })
    }

    /// unary := ('-' | '+' | '!' | '!!' | '~') unary | power
    fn unary(&mut self) -> Result<Expr, Error> {
        let t = self.peek();
        let op = match t.kind {
            Kind::Sym(Sym::Minus) => Some(Unary::Neg),
            Kind::Sym(Sym::Plus) => None,
            Kind::Sym(Sym::Bang | Sym::BangBang) => Some(Unary::Not),
            Kind::Sym(Sym::Tilde) => Some(Unary::BitNot),
            _ => return self.power(),
        };
        self.advance();
        let operand = self.nested(t.start, Parser::unary)?;
        Ok(match (op, t.kind) {
            (None, _) => operand,
            (Some(Unary::Not), Kind::Sym(Sym::BangBang)) => {
                let not = Expr::Unary(Unary::Not, t.start + 1, Box::new(operand));
                Expr::Unary(Unary::Not, t.start, Box::new(not))
            }
            (Some(op), _) => Expr::Unary(op, t.start, Box::new(operand)),
        })
    }

    /// power := postfix ('^' (postfix | unary))*, right-associative; a prefix operator in
    /// an exponent takes the rest of the chain (`2^-3^2 = 2^-(3^2)`).
    fn power(&mut self) -> Result<Expr, Error> {
        let base = self.postfix()?;
        let mut exponents = Vec::new();
        while let Some((_, offset)) = self.take(&[(Sym::Caret, Op::Pow)]) {
            // A power tower nests: its exponents count toward the depth limit.
            if self.depth + exponents.len() >= MAX_DEPTH {
                return Err(Error::at(
                    offset,
                    format!("nesting deeper than {MAX_DEPTH} levels"),
                ));
            }
            let prefixed = matches!(
                self.peek().kind,
                Kind::Sym(Sym::Minus | Sym::Plus | Sym::Bang | Sym::BangBang | Sym::Tilde)
            );
            if prefixed {
                exponents.push((offset, self.unary()?));
                break;
            }
            exponents.push((offset, self.postfix()?));
        }
        Ok(if exponents.is_empty() {
            base
        } else {
            Expr::Power(Box::new(base), exponents)
        })
    }

    /// postfix := atom ('!' | '!!')*
    fn postfix(&mut self) -> Result<Expr, Error> {
        let atom = self.atom()?;
        let mut ops = Vec::new();
        loop {
            match self.peek().kind {
                Kind::Sym(Sym::Bang) => ops.push((self.advance().start, false)),
                Kind::Sym(Sym::BangBang) => ops.push((self.advance().start, true)),
                _ => break,
            }
        }
        Ok(if ops.is_empty() {
            atom
        } else {
            Expr::Factorial(Box::new(atom), ops)
        })
    }

    fn atom(&mut self) -> Result<Expr, Error> {
        let t = self.advance();
        match t.kind {
            Kind::Number => {
                let literal = self.text(t);
                check_literal_size(literal, t.start, self.max_bits)?;
                Ok(Expr::Number(parse_literal(literal, t.start)?))
            }
            Kind::Name if self.text(t) == "if" => self.nested(t.start, |p| p.if_else(t.start)),
            Kind::Name if KEYWORDS.contains(&self.text(t)) => Err(Error::at(
                t.start,
                format!("expected a number but found {}", self.describe(t)),
            )),
            Kind::Name => {
                let name: Box<str> = self.text(t).into();
                if self.peek().kind == Kind::Open {
                    self.advance();
                    return self.nested(t.start, |p| p.call(name, t.start));
                }
                Ok(Expr::Name(name, t.start))
            }
            Kind::Open => {
                let value = self.nested(t.start, Parser::expression)?;
                self.close(t.start)?;
                Ok(value)
            }
            _ => Err(Error::at(
                t.start,
                format!("expected a number but found {}", self.describe(t)),
            )),
        }
    }

    /// After `if`: `(c) a else b`; a newline may come before `else`.
    fn if_else(&mut self, at: usize) -> Result<Expr, Error> {
        let open = self.advance();
        if open.kind != Kind::Open {
            return Err(Error::at(
                open.start,
                format!("expected '(' after if but found {}", self.describe(open)),
            ));
        }
        let condition = self.expression()?;
        self.close(open.start)?;
        let then = self.expression()?;
        let mut look = self.next;
        while self.tokens[look].kind == Kind::Newline {
            look += 1;
        }
        let t = self.tokens[look];
        if !(t.kind == Kind::Name && self.text(t) == "else") {
            return Err(Error::at(
                self.peek().start,
                format!("expected else but found {}", self.describe(self.peek())),
            ));
        }
        self.next = look + 1;
        let otherwise = self.expression()?;
        Ok(Expr::If(at, Box::new([condition, then, otherwise])))
    }

    /// Consumes the `)` that closes the `(` at `open`.
    fn close(&mut self, open: usize) -> Result<(), Error> {
        let t = self.advance();
        match t.kind {
            Kind::Close => Ok(()),
            Kind::End => Err(Error::at(open, "unclosed '('")),
            _ => Err(Error::at(
                t.start,
                format!("expected ')' but found {}", self.describe(t)),
            )),
        }
    }

    /// A call of `name` at `offset`, after its `(`.
    fn call(&mut self, name: Box<str>, offset: usize) -> Result<Expr, Error> {
        let mut args = Vec::new();
        if self.peek().kind != Kind::Close {
            args.push(self.expression()?);
            while self.peek().kind == Kind::Comma {
                self.advance();
                args.push(self.expression()?);
            }
        }
        self.close(offset + name.len())?;
        Ok(Expr::Call(name, offset, args))
    }
}

/// An error when `name` cannot be assigned, defined or be a parameter.
fn check_name(name: &str, offset: usize) -> Result<(), Error> {
    // The constants (pi, e) may be shadowed by a variable or parameter of their name.
    if KEYWORDS.contains(&name) || ["_", "ans"].contains(&name) {
        return Err(Error::at(offset, format!("cannot assign to {name:?}")));
    }
    Ok(())
}

/// An error when the number `literal` at `offset` would exceed `max_bits`, estimated from
/// its digits and exponent before it is converted.
pub fn check_literal_size(literal: &str, offset: usize, max_bits: u64) -> Result<(), Error> {
    let lower = literal.to_ascii_lowercase();
    let prefixed = [("0x", 4.0), ("0o", 3.0), ("0b", 1.0)]
        .iter()
        .find_map(|&(p, bits)| lower.strip_prefix(p).map(|digits| (bits, digits, 0.0)));
    let (bits_per_digit, digits, exponent) = match prefixed {
        Some(p) => p,
        None => {
            let (mantissa, exponent) = lower.split_once('e').unwrap_or((&lower, "0"));
            let exponent: String = exponent
                .trim_start_matches(['+', '-'])
                .chars()
                .filter(|&c| c != '_')
                .collect();
            // An exponent of 20 digits or more is beyond any limit; parsing reports it.
            let e: f64 = if exponent.len() < 20 {
                exponent.parse().unwrap_or(0.0)
            } else {
                f64::INFINITY
            };
            (std::f64::consts::LOG2_10, mantissa, e)
        }
    };
    // At least this many bits: a leading digit 1 and the others 0.
    let count = digits.bytes().filter(u8::is_ascii_alphanumeric).count() as f64;
    let bits = (count - 1.0 + exponent).max(0.0) * bits_per_digit + 1.0;
    if bits > max_bits as f64 {
        return Err(Error::at(
            offset,
            format!(
                "number too large: about {bits:.0} bits (the limit is {max_bits}; see --max-bits)"
            ),
        ));
    }
    Ok(())
}

/// A literal at `offset`: decimal (`12`, `1_000`, `0.25`, `.5`, `1.5e-3`), or
/// `0x`/`0o`/`0b` and digits (an underscore may follow the prefix, as in Python).
pub fn parse_literal(literal: &str, offset: usize) -> Result<Rational, Error> {
    let (radix, prefix) = match literal.get(..2).map(str::to_ascii_lowercase).as_deref() {
        Some("0x") => (16, 2),
        Some("0o") => (8, 2),
        Some("0b") => (2, 2),
        _ => (10, 0),
    };
    if radix == 10 && literal.contains(['.', 'e', 'E']) {
        return literal.parse::<Rational>().map_err(|e| {
            Error::at(
                offset + e.position(),
                format!("bad number {literal:?}: {e}"),
            )
        });
    }
    let skip = prefix + usize::from(prefix > 0 && literal[prefix..].starts_with('_'));
    let digits = &literal[skip..];
    if digits.is_empty() {
        return Err(Error::at(
            offset,
            format!("missing digits after {:?}", &literal[..prefix]),
        ));
    }
    Int::from_str_radix(digits, radix)
        .map(Rational::from)
        .map_err(|e| {
            let problem = match e.kind() {
                ParseIntErrorKind::InvalidDigit(c) => {
                    format!("invalid digit {c:?} in a base {radix} number")
                }
                ParseIntErrorKind::MisplacedUnderscore => "'_' must sit between two digits".into(),
                _ => format!("bad number: {e}"),
            };
            Error::at(offset + skip + e.position(), problem)
        })
}
