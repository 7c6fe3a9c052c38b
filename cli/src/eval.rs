//! Evaluation of the infix syntax's statements: variables, user functions, the last result.
//!
//! Each statement is evaluated at the context's working precision; when an approximation
//! cannot be decided (a comparison, a floor, the digits to print), the statement is
//! evaluated again from the start at twice the precision, up to [`MAX_PRECISION_STEPS`]
//! doublings. Exact values never need this.
//!
//! Recursion through user functions is limited to [`MAX_CALLS`] nested calls, and the
//! evaluator's own recursion (calls and nested expressions) to [`MAX_EVAL_DEPTH`], which the
//! evaluating thread's stack is sized for (`STACK_BYTES` in `run`).

use crate::calc::{self, Context, Op, Unary};
use crate::error::Error;
use crate::parser::{parse, Definition, Expr, Statement};
use crate::value::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// User functions may call each other this deep.
pub const MAX_CALLS: usize = 10_000;
/// Expressions and calls may nest this deep in evaluation.
pub const MAX_EVAL_DEPTH: usize = 50_000;
/// A statement is evaluated at most this many times, at doubling precisions.
pub const MAX_PRECISION_STEPS: u32 = 8;

/// Variables, functions and the last result, kept from one statement to the next.
#[derive(Clone, Debug, Default)]
pub struct Session {
    variables: HashMap<Box<str>, Arc<Value>>,
    functions: HashMap<Box<str>, Arc<Definition>>,
    last: Option<Arc<Value>>,
}

impl Session {
    /// Parses `text` and runs its statements in order, giving each expression statement's
    /// value to `emit` (which may ask, by an error with `retry`, for the value at a higher
    /// precision). Statements before an error keep their effect.
    pub fn run(
        &mut self,
        text: &str,
        cx: &Context,
        emit: &mut dyn FnMut(&Value, &Context) -> Result<(), Error>,
    ) -> Result<usize, Error> {
        let statements = parse(text, cx.max_bits)?;
        for statement in &statements {
            self.execute(statement, cx, emit)?;
        }
        Ok(statements.len())
    }

    /// Runs one statement.
    pub fn execute(
        &mut self,
        statement: &Statement,
        cx: &Context,
        emit: &mut dyn FnMut(&Value, &Context) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let (expr, offset) = match statement {
            Statement::Define(definition) => {
                self.functions
                    .insert(definition.name.clone(), definition.clone());
                return Ok(());
            }
            Statement::Expr(expr, offset) | Statement::Assign(_, offset, expr) => (expr, *offset),
        };
        let printed = matches!(statement, Statement::Expr(..));
        let mut attempt = 0;
        cx.precision.set(cx.initial_precision());
        cx.wanted_precision.set(0);
        let value = loop {
            let result = Evaluator {
                session: self,
                cx,
                depth: 0,
                calls: 0,
            }
            .eval(expr, None)
            .map_err(|e| e.place(offset))
            .and_then(|v| {
                if printed {
                    emit(&v, cx).map(|()| v)
                } else {
                    Ok(v)
                }
            });
            match result {
                Err(e) if e.retry && attempt < MAX_PRECISION_STEPS => {
                    attempt += 1;
                    let wanted = cx.wanted_precision.replace(0);
                    cx.precision.set((cx.precision.get() * 2).max(wanted));
                }
                Err(e) if e.retry => {
                    let message = format!(
                        "{} at {} bits of working precision",
                        e.message,
                        cx.precision.get()
                    );
                    return Err(Error::at(e.offset.unwrap_or(offset), message));
                }
                other => break other?,
            }
        };
        let value = Arc::new(value);
        self.last = Some(value.clone());
        if let Statement::Assign(name, ..) = statement {
            self.variables.insert(name.clone(), value);
        }
        Ok(())
    }

    /// The value of the variable `name`, if there is one.
    #[cfg(test)]
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.variables.get(name).map(|v| &**v)
    }
}

/// The parameters of the user function being evaluated, and their values.
type Frame<'a> = Option<(&'a Definition, &'a [Value])>;

struct Evaluator<'a> {
    session: &'a Session,
    cx: &'a Context,
    depth: usize,
    calls: usize,
}

impl Evaluator<'_> {
    /// The value of `expr`. The recursion goes through this function and `nested`, kept
    /// small; each kind of node has its own function, whose frame is on the stack only while
    /// that node is evaluated.
    fn eval(&mut self, expr: &Expr, frame: Frame<'_>) -> Result<Value, Error> {
        match expr {
            Expr::Number(x) => Ok(Value::Exact(x.clone())),
            Expr::Name(name, offset) => self.name(name, *offset, frame),
            _ => {
                if self.depth == MAX_EVAL_DEPTH {
                    return Err(Error::from(format!(
                        "evaluation nested deeper than {MAX_EVAL_DEPTH} levels"
                    )));
                }
                self.depth += 1;
                let value = self.nested(expr, frame);
                self.depth -= 1;
                value
            }
        }
    }

    #[inline(never)]
    fn nested(&mut self, expr: &Expr, frame: Frame<'_>) -> Result<Value, Error> {
        match expr {
            Expr::Number(_) | Expr::Name(..) => unreachable!("evaluated in eval"),
            Expr::Unary(op, offset, operand) => self.unary(*op, *offset, operand, frame),
            Expr::Chain(first, rest) => self.chain(first, rest, frame),
            Expr::Compare(first, rest) => self.compare(first, rest, frame),
            Expr::Logic(op, first, rest) => self.logic(*op, first, rest, frame),
            Expr::Power(base, exponents) => self.power(base, exponents, frame),
            Expr::Factorial(operand, ops) => self.factorial(operand, ops, frame),
            Expr::If(offset, parts) => self.if_else(*offset, parts, frame),
            Expr::Call(name, offset, args) => self.call(name, *offset, args, frame),
        }
    }

    #[inline(never)]
    fn unary(
        &mut self,
        op: Unary,
        offset: usize,
        operand: &Expr,
        frame: Frame<'_>,
    ) -> Result<Value, Error> {
        let x = self.eval(operand, frame)?;
        self.cx.step(offset)?;
        calc::unary(op, &x, self.cx).map_err(|e| e.place(offset))
    }

    #[inline(never)]
    fn chain(
        &mut self,
        first: &Expr,
        rest: &[(Op, usize, Expr)],
        frame: Frame<'_>,
    ) -> Result<Value, Error> {
        let cx = self.cx;
        let mut value = self.eval(first, frame)?;
        for (op, offset, operand) in rest {
            let rhs = self.eval(operand, frame)?;
            cx.step(*offset)?;
            value = calc::binary(*op, &value, &rhs, cx).map_err(|e| e.place(*offset))?;
        }
        Ok(value)
    }

    #[inline(never)]
    fn compare(
        &mut self,
        first: &Expr,
        rest: &[(Op, usize, Expr)],
        frame: Frame<'_>,
    ) -> Result<Value, Error> {
        let cx = self.cx;
        let mut lhs = self.eval(first, frame)?;
        for (op, offset, operand) in rest {
            let rhs = self.eval(operand, frame)?;
            cx.step(*offset)?;
            let holds = calc::binary(*op, &lhs, &rhs, cx).map_err(|e| e.place(*offset))?;
            if !calc::truth(&holds)? {
                return Ok(Value::from(false));
            }
            lhs = rhs;
        }
        Ok(Value::from(true))
    }

    #[inline(never)]
    fn logic(
        &mut self,
        op: Op,
        first: &Expr,
        rest: &[(usize, Expr)],
        frame: Frame<'_>,
    ) -> Result<Value, Error> {
        let mut value = calc::truth(&self.eval(first, frame)?)?;
        for (offset, operand) in rest {
            if value == (op == Op::Or) {
                break;
            }
            self.cx.step(*offset)?;
            value = calc::truth(&self.eval(operand, frame)?).map_err(|e| e.place(*offset))?;
        }
        Ok(Value::from(value))
    }

    #[inline(never)]
    fn power(
        &mut self,
        base: &Expr,
        exponents: &[(usize, Expr)],
        frame: Frame<'_>,
    ) -> Result<Value, Error> {
        let cx = self.cx;
        let mut values = Vec::with_capacity(exponents.len() + 1);
        values.push(self.eval(base, frame)?);
        for (_, e) in exponents {
            values.push(self.eval(e, frame)?);
        }
        let mut value = values.pop().expect("a power has an exponent");
        for (offset, _) in exponents.iter().rev() {
            let base = values.pop().expect("one value per operator");
            cx.step(*offset)?;
            value = calc::binary(Op::Pow, &base, &value, cx).map_err(|e| e.place(*offset))?;
        }
        Ok(value)
    }

    #[inline(never)]
    fn factorial(
        &mut self,
        operand: &Expr,
        ops: &[(usize, bool)],
        frame: Frame<'_>,
    ) -> Result<Value, Error> {
        let cx = self.cx;
        let mut value = self.eval(operand, frame)?;
        for &(offset, double) in ops {
            cx.step(offset)?;
            let args = [value];
            value = if double {
                calc::double_factorial(&args, cx)
            } else {
                calc::call(calc::function("factorial").expect("built in"), &args, cx)
            }
            .map_err(|e| e.place(offset))?;
        }
        Ok(value)
    }

    #[inline(never)]
    fn if_else(
        &mut self,
        offset: usize,
        parts: &[Expr; 3],
        frame: Frame<'_>,
    ) -> Result<Value, Error> {
        let [condition, then, otherwise] = parts;
        let c = self.eval(condition, frame)?;
        self.cx.step(offset)?;
        if calc::truth(&c).map_err(|e| e.place(offset))? {
            self.eval(then, frame)
        } else {
            self.eval(otherwise, frame)
        }
    }

    /// The value of a name: a parameter, a variable, the last result or a constant.
    #[inline(never)]
    fn name(&mut self, name: &str, offset: usize, frame: Frame<'_>) -> Result<Value, Error> {
        if let Some((definition, values)) = frame {
            if let Some(i) = definition.params.iter().position(|p| &**p == name) {
                return Ok(values[i].clone());
            }
        }
        if let Some(value) = self.session.variables.get(name) {
            return Ok((**value).clone());
        }
        if name == "_" || name == "ans" {
            return self
                .session
                .last
                .as_deref()
                .cloned()
                .ok_or_else(|| Error::at(offset, format!("no result yet for '{name}'")));
        }
        if let Some(constant) = calc::constant(name) {
            self.cx.step(offset)?;
            return (constant.value)(self.cx).map_err(|e| e.place(offset));
        }
        if calc::function(name).is_some() || self.session.functions.contains_key(name) {
            return Err(Error::at(
                offset,
                format!("{name} is a function: write {name}(...)"),
            ));
        }
        Err(Error::at(offset, format!("unknown variable {name:?}")))
    }

    /// A call of `name` at `offset`.
    #[inline(never)]
    fn call(
        &mut self,
        name: &str,
        offset: usize,
        args: &[Expr],
        frame: Frame<'_>,
    ) -> Result<Value, Error> {
        if name == "cond" && args.len() == 3 {
            return self.cond(offset, args, frame);
        }
        let session = self.session;
        let user = session.functions.get(name);
        let builtin = calc::function(name);
        if user.is_none() && builtin.is_none() {
            return Err(unknown_function(name, offset));
        }
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            values.push(self.eval(arg, frame)?);
        }
        self.cx.step(offset)?;
        match user {
            Some(definition) => self.user_call(definition, offset, &values),
            None => builtin_call(
                builtin.expect("a built-in function"),
                offset,
                &values,
                self.cx,
            ),
        }
    }

    /// `cond(c, a, b)`: only the chosen one of `a` and `b` is evaluated.
    #[inline(never)]
    fn cond(&mut self, offset: usize, args: &[Expr], frame: Frame<'_>) -> Result<Value, Error> {
        let c = self.eval(&args[0], frame)?;
        self.cx.step(offset)?;
        let chosen = if calc::truth(&c).map_err(|e| e.place(offset))? {
            1
        } else {
            2
        };
        self.eval(&args[chosen], frame)
    }

    /// A call of the user function `definition` at `offset`.
    #[inline(never)]
    fn user_call(
        &mut self,
        definition: &Definition,
        offset: usize,
        values: &[Value],
    ) -> Result<Value, Error> {
        if values.len() != definition.params.len() || self.calls == MAX_CALLS {
            return Err(refused_call(definition, offset, values.len()));
        }
        self.calls += 1;
        let value = self.eval(&definition.body, Some((definition, values)));
        self.calls -= 1;
        match value {
            Err(e) if self.calls == 0 => Err(outermost(e, &definition.name, offset)),
            value => value,
        }
    }
}

#[cold]
fn unknown_function(name: &str, offset: usize) -> Error {
    Error::at(offset, format!("unknown function {name:?} (see --help)"))
}

/// A built-in function's call, at `offset`.
#[inline(never)]
fn builtin_call(
    f: &calc::Function,
    offset: usize,
    values: &[Value],
    cx: &Context,
) -> Result<Value, Error> {
    calc::call(f, values, cx).map_err(|e| e.place(offset))
}

/// Why a call of a user function with `count` arguments is refused: their number, or the
/// depth of recursion.
#[cold]
fn refused_call(definition: &Definition, offset: usize, count: usize) -> Error {
    let n = definition.params.len();
    if count != n {
        let s = if n == 1 { "" } else { "s" };
        let name = &definition.name;
        return Error::at(offset, format!("{name} takes {n} argument{s}, not {count}"));
    }
    Error::at(offset, format!("recursion deeper than {MAX_CALLS} calls"))
}

/// An error from inside a function's body, shown at the outermost call and naming the
/// function.
#[cold]
fn outermost(mut e: Error, name: &str, offset: usize) -> Error {
    if !e.retry {
        e.message = format!("in {name}: {}", e.message);
    }
    e.offset = Some(offset);
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::real::{decimal, Real};
    use carry::Rational;

    fn run(session: &mut Session, text: &str, cx: &Context) -> Result<Vec<String>, Error> {
        let mut out = Vec::new();
        session.run(text, cx, &mut |v, _| {
            out.push(v.to_string());
            Ok(())
        })?;
        Ok(out)
    }

    fn cx() -> Context {
        Context::new(None, 1 << 20, 1 << 32, 1_000_000)
    }

    #[test]
    fn statements_functions_and_the_last_result() {
        let cx = cx();
        let mut s = Session::default();
        let out = run(
            &mut s,
            "f(n) = if (n <= 1) 1 else n * f(n - 1)\nf(10); ans + 1",
            &cx,
        );
        assert_eq!(out.unwrap(), ["3628800", "3628801"]);
        assert_eq!(run(&mut s, "x = 2; x << 3", &cx).unwrap(), ["16"]);
        assert!(s.variable("x").is_some());
    }

    /// The evaluator's recursion fits the stack `run` gives it: a recursion of the deepest
    /// kind allowed ends with an error, not an overflow.
    #[test]
    fn deep_recursion_is_an_error() {
        let e = std::thread::Builder::new()
            .stack_size(crate::run::STACK_BYTES)
            .spawn(|| {
                let cx = cx();
                let mut s = Session::default();
                run(&mut s, "f(n) = 1 + f(n + 1); f(0)", &cx).unwrap_err()
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(e.message, "in f: recursion deeper than 10000 calls");
        assert_eq!(e.offset, Some(21));
    }

    /// A printed approximation too wide for its digits makes the statement run again at a
    /// higher precision until the digits are decided.
    #[test]
    fn undecided_output_is_evaluated_again_more_precisely() {
        let cx = Context::new(Some(30), 1 << 20, 1 << 32, 1_000_000);
        let mut s = Session::default();
        s.variables
            .insert("x".into(), Arc::new(Value::from(Rational::ONE)));
        let mut precisions = Vec::new();
        s.run("x", &cx, &mut |_, cx| {
            // A stand-in for an approximation of 1/3 computed to the working precision.
            let p = cx.precision.get();
            precisions.push(p);
            let third = Real::from_rational(&Rational::new(1.into(), 3.into()), p / 2);
            decimal::to_decimal(&third, 30)
                .map(|_| ())
                .ok_or_else(|| Error::undecided("digits"))
        })
        .unwrap();
        assert_eq!(precisions.len(), 2, "{precisions:?}");
        assert_eq!(precisions[1], 2 * precisions[0]);
    }
}
