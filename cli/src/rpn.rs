//! `--rpn`: the postfix syntax of blip_mp's `bp`, on exact rationals.
//!
//! Words separated by whitespace act on a stack; `: name ... ;` defines a word whose body
//! is resolved when it is defined (classic Forth threaded code): redefining a word later
//! changes what later text means, not the bodies compiled before.

use crate::calc::{self, Context, Function};
use crate::infix::parse_literal;
use crate::Error;
use carry::Rational;
use std::collections::HashMap;
use std::sync::Arc;

/// User words may call each other this deep.
const MAX_DEPTH: usize = 1000;

/// The built-in words that are not functions of the infix syntax, with their help.
pub const WORDS: &[(&str, &str)] = &[
    ("+", "( a b -- a+b )"),
    ("-", "( a b -- a-b )"),
    ("*", "( a b -- a*b )"),
    ("/", "( a b -- a/b ) exact"),
    ("%", "( a b -- a%b ) remainder, sign of a"),
    ("^", "( a n -- a^n ) integer n"),
    ("neg", "( a -- -a )"),
    ("dup", "( a -- a a )"),
    ("drop", "( a -- )"),
    ("swap", "( a b -- b a )"),
    ("over", "( a b -- a b a )"),
    ("!", "( n -- n! ) also factorial"),
    ("fibonacci", "( n -- F(n) ) also fib"),
    (": name ... ;", "define a word; its body is resolved now"),
];

/// One step of a program.
#[derive(Clone, Debug)]
enum Instr {
    Push(Rational),
    Binary(char),
    Neg,
    Dup,
    Drop,
    Swap,
    Over,
    Call(&'static Function),
    User(Arc<Definition>),
}

/// A user word: its name and resolved body.
#[derive(Debug)]
struct Definition {
    name: String,
    body: Vec<Instr>,
}

impl Instr {
    fn name(&self) -> String {
        match self {
            Instr::Push(x) => x.to_string(),
            Instr::Binary(op) => op.to_string(),
            Instr::Neg => "neg".into(),
            Instr::Dup => "dup".into(),
            Instr::Drop => "drop".into(),
            Instr::Swap => "swap".into(),
            Instr::Over => "over".into(),
            Instr::Call(f) => f.name.into(),
            Instr::User(d) => d.name.clone(),
        }
    }
}

/// A word of the input and where it starts.
struct Word<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// The whitespace-separated words of `text` with their 1-based lines and columns.
fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    for (l, line) in text.lines().enumerate() {
        let mut column = 0;
        let mut start = None;
        for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
            column += 1;
            match (c.is_whitespace(), start) {
                (false, None) => start = Some((i, column)),
                (true, Some((s, col))) => {
                    out.push(Word {
                        text: &line[s..i],
                        line: l + 1,
                        column: col,
                    });
                    start = None;
                }
                _ => {}
            }
        }
    }
    out
}

/// The stack and the dictionary of user words, kept across lines in interactive use.
#[derive(Clone, Debug, Default)]
pub struct Machine {
    stack: Vec<Rational>,
    dictionary: HashMap<String, Arc<Definition>>,
}

impl Machine {
    /// The top of the stack.
    pub fn top(&self) -> Option<&Rational> {
        self.stack.last()
    }

    /// What `word` means now: a user word, a built-in, or a number.
    fn resolve(&self, word: &Word<'_>) -> Result<Instr, Error> {
        let w = word.text;
        if let Some(d) = self.dictionary.get(w) {
            return Ok(Instr::User(d.clone()));
        }
        let builtin = match w {
            "+" | "-" | "*" | "/" | "%" | "^" => {
                Some(Instr::Binary(w.chars().next().unwrap_or('+')))
            }
            "neg" => Some(Instr::Neg),
            "dup" => Some(Instr::Dup),
            "drop" => Some(Instr::Drop),
            "swap" => Some(Instr::Swap),
            "over" => Some(Instr::Over),
            "!" => calc::function("factorial").map(Instr::Call),
            _ => calc::function(w).map(Instr::Call),
        };
        if let Some(instr) = builtin {
            return Ok(instr);
        }
        let (negative, digits) = match w.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, w.strip_prefix('+').unwrap_or(w)),
        };
        if digits.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
            let offset = w.len() - digits.len();
            let value = if digits.contains('/') {
                digits.parse::<Rational>().map_err(|e| {
                    let column = word.column + offset + e.position();
                    Error::at(column, format!("bad number {w:?}: {e}"))
                })
            } else {
                parse_literal(digits, word.column + offset)
            }
            .map_err(|e| e.on_line(word.line))?;
            return Ok(Instr::Push(if negative { -value } else { value }));
        }
        Err(Error::at(word.column, format!("unknown word {w:?} (see --help)")).on_line(word.line))
    }

    /// Runs `text`; on an error the stack and dictionary are left as they were. Errors name
    /// the line only when `text` has several.
    pub fn run(&mut self, text: &str, cx: &Context) -> Result<(), Error> {
        let multiline = text.lines().nth(1).is_some();
        self.run_words(text, cx).map_err(|mut e| {
            if !multiline {
                e.line = None;
            }
            e
        })
    }

    fn run_words(&mut self, text: &str, cx: &Context) -> Result<(), Error> {
        let mut m = self.clone();
        let words = words(text);
        let mut i = 0;
        while i < words.len() {
            let word = &words[i];
            i += 1;
            if word.text == ":" {
                i = m.define(&words, i, word)?;
                continue;
            }
            if word.text == ";" {
                return Err(Error::at(word.column, "';' outside a definition").on_line(word.line));
            }
            let instr = m.resolve(word)?;
            m.execute(&instr, cx, 0)
                .map_err(|msg| Error::at(word.column, msg).on_line(word.line))?;
        }
        *self = m;
        Ok(())
    }

    /// Compiles the definition whose `:` is `colon` and whose name is `words[i]`; returns the
    /// index past its `;`.
    fn define(
        &mut self,
        words: &[Word<'_>],
        mut i: usize,
        colon: &Word<'_>,
    ) -> Result<usize, Error> {
        let fail = |w: &Word<'_>, m: String| Err(Error::at(w.column, m).on_line(w.line));
        let Some(name) = words.get(i) else {
            return fail(colon, "':' needs a name".into());
        };
        if matches!(name.text, ":" | ";") {
            return fail(name, format!("{:?} cannot be a word's name", name.text));
        }
        i += 1;
        let mut body = Vec::new();
        loop {
            let Some(word) = words.get(i) else {
                return fail(colon, format!("definition of {:?} has no ';'", name.text));
            };
            i += 1;
            match word.text {
                ";" => break,
                ":" => return fail(word, "':' inside a definition".into()),
                _ => body.push(self.resolve(word)?),
            }
        }
        let definition = Definition {
            name: name.text.to_string(),
            body,
        };
        self.dictionary
            .insert(definition.name.clone(), Arc::new(definition));
        Ok(i)
    }

    /// The top `n` values, removed from the stack, or an underflow error for `what`.
    fn pop(&mut self, n: usize, what: &str) -> Result<Vec<Rational>, String> {
        if self.stack.len() < n {
            let s = if n == 1 { "" } else { "s" };
            return Err(format!(
                "stack underflow: {what} needs {n} value{s}, the stack has {}",
                self.stack.len()
            ));
        }
        Ok(self.stack.split_off(self.stack.len() - n))
    }

    fn execute(&mut self, instr: &Instr, cx: &Context, depth: usize) -> Result<(), String> {
        cx.check_cancel()?;
        let name = instr.name();
        match instr {
            Instr::Push(x) => self.stack.push(x.clone()),
            Instr::Binary(op) => {
                let v = self.pop(2, &name)?;
                self.stack.push(calc::binary(*op, &v[0], &v[1], cx)?);
            }
            Instr::Neg => {
                let v = self.pop(1, &name)?;
                self.stack.push(-&v[0]);
            }
            Instr::Dup => {
                let v = self.pop(1, &name)?;
                self.stack.extend([v[0].clone(), v[0].clone()]);
            }
            Instr::Drop => {
                self.pop(1, &name)?;
            }
            Instr::Swap => {
                let v = self.pop(2, &name)?;
                self.stack.extend([v[1].clone(), v[0].clone()]);
            }
            Instr::Over => {
                let v = self.pop(2, &name)?;
                self.stack
                    .extend([v[0].clone(), v[1].clone(), v[0].clone()]);
            }
            Instr::Call(f) => {
                let args = self.pop(f.arity, f.name)?;
                self.stack.push(calc::call(f, &args, cx)?);
            }
            Instr::User(d) => {
                if depth == MAX_DEPTH {
                    return Err(format!("words nested deeper than {MAX_DEPTH} levels"));
                }
                for step in &d.body {
                    self.execute(step, cx, depth + 1)
                        .map_err(|m| format!("in {}: {m}", d.name))?;
                }
            }
        }
        Ok(())
    }
}
