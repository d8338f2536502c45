//! Error handling: `throws E` on functions, `throw e;`, `try f()` and `do { } catch (e : E) { }`.
//!
//! An error thrown by `throw` or by the call under `try` goes to the innermost enclosing
//! `do`/`catch` with a clause for its type (or a clause without a parameter, which catches every
//! error); with none, it leaves the function, which must then be declared `throws` of that type.
//! A throwing function called without `try`, a `try` or `throw` that nothing catches, and a
//! `throw` leaving a `defer`red statement are errors, as in slangc.

use base_db::Db;

use crate::TextRange;
use crate::body::*;
use crate::ids::FunctionId;
use crate::lower;
use crate::resolve::Resolver;
use crate::ty::Ty;

use super::{ExprRes, InferCtx};

/// The error type of a function declared `throws E` (`None` for a function that throws nothing).
#[salsa::tracked(returns(clone))]
pub fn fn_throws(db: &dyn Db, func: FunctionId) -> Option<Ty> {
    let data = lower::fn_data(db, func);
    let tr = data.throws.as_ref()?;
    let resolver = Resolver::for_item(db, func.loc(db));
    Some(resolver.resolve_type(tr, &mut Vec::new()))
}

/// Which construct sends an error (for the messages).
#[derive(Clone, Copy)]
enum Sender {
    Try,
    Throw,
}

impl Sender {
    fn word(self) -> &'static str {
        match self {
            Sender::Try => "try",
            Sender::Throw => "throw",
        }
    }
}

impl<'a, 'db> InferCtx<'a, 'db> {
    /// The function's own `throws` type, resolved in its scope (reports an unknown type once,
    /// from the body's inference).
    pub(super) fn check_throws_clause(&mut self) {
        let Some(func) = self.owner else { return };
        let data = lower::fn_data(self.db, func);
        if let Some(tr) = &data.throws {
            let mut diags = Vec::new();
            self.resolver.resolve_type(tr, &mut diags);
            self.result.diags.extend(diags);
        }
    }

    /// `try e`: `e` is a call of a throwing function; its error must be caught or rethrown.
    pub(super) fn infer_try(&mut self, e: ExprId, inner: ExprId, expected: Option<&Ty>) -> Ty {
        self.try_depth += 1;
        let ty = self.infer_expr(inner, expected);
        self.try_depth -= 1;
        let callee = match self.result.resolutions.get(&inner) {
            Some(ExprRes::Function(f)) => Some(*f),
            _ => None,
        };
        if let Some(err) = callee.and_then(|f| fn_throws(self.db, f)) {
            let range = keyword_range(self.body.expr_range(e), 3);
            self.check_handled(&err, range, Sender::Try);
        }
        ty
    }

    /// A call resolved to `chosen`: a throwing function must be called under `try`.
    pub(super) fn check_throwing_call(&mut self, call: ExprId, chosen: FunctionId) {
        if self.try_depth > 0 || lower::fn_data(self.db, chosen).throws.is_none() {
            return;
        }
        let name = lower::fn_data(self.db, chosen).name.clone();
        let msg = format!(
            "`{name}` may throw an error: call it as `try {name}(...)` inside a `do`/`catch` or a function declared `throws`"
        );
        self.error("E2072", msg, self.range(call));
    }

    /// `throw value;`.
    pub(super) fn infer_throw(&mut self, value: ExprId, in_defer: bool, range: TextRange) {
        let ty = self.infer_expr(value, None);
        let range = keyword_range(range, 5);
        if in_defer {
            self.error(
                "E2071",
                "'throw' requires 'catch' inside defer: an error may not leave a deferred statement; wrap the `throw` in `do { ... } catch { ... }` inside the `defer`",
                range,
            );
            return;
        }
        let ty = self.normalize(&ty);
        self.check_handled(&ty, range, Sender::Throw);
    }

    /// `do body catch (e : E) { ... } ...`.
    pub(super) fn infer_do_catch(&mut self, body: StmtId, catches: &[CatchClause]) {
        let mut frame = Vec::new();
        let mut types = Vec::new();
        for clause in catches {
            let ty = clause.local.map(|local| {
                let data = &self.body.locals[local];
                let mut diags = Vec::new();
                let ty = data
                    .ty
                    .as_ref()
                    .map_or(Ty::Unknown, |t| self.resolver.resolve_type(t, &mut diags));
                self.result.diags.extend(diags);
                self.normalize(&ty)
            });
            frame.push(ty.clone());
            types.push(ty);
        }
        self.catch_frames.push(frame);
        self.scopes.push(Vec::new());
        self.infer_stmt(body);
        self.scopes.pop();
        self.catch_frames.pop();
        for (clause, ty) in catches.iter().zip(types) {
            self.scopes.push(Vec::new());
            if let (Some(local), Some(ty)) = (clause.local, ty) {
                self.set_local_ty(local, ty);
                self.declare(local);
            }
            self.infer_stmt(clause.body);
            self.scopes.pop();
        }
    }

    /// An error of type `err` sent at `range`: caught by an enclosing `do`/`catch`, or thrown
    /// on by the function (whose `throws` type must be `err`).
    fn check_handled(&mut self, err: &Ty, range: TextRange, sender: Sender) {
        if err.has_unknown() {
            return;
        }
        for frame in self.catch_frames.iter().rev() {
            if frame
                .iter()
                .any(|c| c.as_ref().is_none_or(|t| t == err || t.has_unknown()))
            {
                return;
            }
        }
        // A lambda's body cannot throw out of the enclosing function.
        let throws = match (self.owner, self.lambda_frames.is_empty()) {
            (Some(func), true) => fn_throws(self.db, func),
            _ => None,
        };
        let word = sender.word();
        match throws {
            None => {
                let msg = match sender {
                    Sender::Try => {
                        "uncaught 'try' in non-throwing function: the current function is not declared to throw any errors and no `do`/`catch` around the `try` catches them; declare the function `throws E` or wrap the call in `do { ... } catch { ... }`"
                    }
                    Sender::Throw => {
                        "uncaught 'throw' in non-throwing function: the current function is not declared to throw any errors and no `do`/`catch` around the `throw` catches them; declare the function `throws E` or wrap the statement in `do { ... } catch { ... }`"
                    }
                };
                self.error("E2070", msg, range);
            }
            Some(t) if t.has_unknown() || t == *err => {}
            Some(t) => {
                let msg = format!(
                    "'{word}' sends an error of type `{}`, but the function is declared `throws {}` and no `do`/`catch` catches it: catch it or throw the declared type",
                    self.display(err),
                    self.display(&t)
                );
                self.error("E2073", msg, range);
            }
        }
    }
}

/// The keyword at the start of `range` (`len` bytes long), where slangc's caret points.
fn keyword_range(range: TextRange, len: u32) -> TextRange {
    TextRange::new(
        range.start,
        (range.start + len).min(range.end.max(range.start)),
    )
}
