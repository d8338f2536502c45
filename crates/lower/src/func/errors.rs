//! Error handling (`throws`, `throw`, `try`, `do`/`catch`) on targets without exceptions.
//!
//! A function declared `throws E` gets two hidden trailing `out` parameters: the error (`E`)
//! and whether it threw (`bool`, cleared on entry). Every call of such a function passes two
//! temporaries and tests the flag right after the call; a `throw e;` and a failed call send the
//! error to the same place:
//! - the innermost enclosing `do` whose `catch` clauses take the error's type (or a clause
//!   without a parameter): the `do` body is lowered inside a one-run loop, so the error is
//!   stored in the clause's variable, the clause number in a selector, and a `break` (through
//!   the flags of labelled breaks when loops lie between) leaves the body; after the loop the
//!   selector picks the clause;
//! - else the caller: the error and the flag go to the hidden parameters, and the function
//!   returns a zero value.
//!
//! A plain `break` or `continue` in a `do` body that belongs to an enclosing loop or `switch`
//! passes the one-run loop with a flag in the same way. `defer`red statements run at the normal
//! exits of their scope, as hir expands them; an error leaving a scope does not run them.

use hir::export::{StmtId, normalize};
use hir::{FunctionId, Stmt, Ty};
use ir::{Arg, BinaryOp, Inst, Literal, Place, Scalar, TypeId, ValueId};

use super::{Breakable, FnLower};
use crate::{R, internal, unsupported};

/// Where errors go inside one function.
#[derive(Default)]
pub(super) struct ErrorState {
    /// The hidden parameters of a throwing function: (error, threw).
    pub out: Option<(Place, Place)>,
    /// The `do` bodies being lowered, innermost last.
    catches: Vec<CatchCtx>,
    /// A `bool` local per loop that a `continue` reaches through `do` bodies.
    continue_flags: Vec<(StmtId, ir::LocalId)>,
    /// (`do` statement, flag): after that `do` body's loop, `if (flag) continue;`.
    continue_exits: Vec<(StmtId, ir::LocalId)>,
}

struct CatchCtx {
    stmt: StmtId,
    /// Per clause: the error type it takes (`None`: every error) and its variable.
    clauses: Vec<(Option<Ty>, Option<ir::LocalId>)>,
    /// Which clause runs (1-based; 0: none).
    selector: ir::LocalId,
}

/// The hidden arguments of a call of a throwing function: the two temporaries passed, the
/// error's local, the flag's local and the error's hir type.
pub(super) type ThrowArgs = (Vec<Arg>, ir::LocalId, ir::LocalId, Ty);

/// The two hidden parameters of a function declared `throws E`, if it is one.
pub(super) fn hidden_params(cx: &mut crate::Ctx, func: FunctionId) -> R<Vec<ir::Param>> {
    let Some(err) = hir::export::fn_throws(cx.db, func) else {
        return Ok(Vec::new());
    };
    let ty = cx.ir_ty(&err)?;
    let flag = cx.module.types.bool();
    Ok(vec![
        ir::Param {
            name: "error".into(),
            ty,
            dir: ir::ParamDir::Out,
        },
        ir::Param {
            name: "threw".into(),
            ty: flag,
            dir: ir::ParamDir::Out,
        },
    ])
}

impl FnLower<'_, '_> {
    /// At the start of a throwing function: where its errors go, and "no error" stored.
    pub(super) fn begin_throwing_fn(&mut self, func: FunctionId) -> R<()> {
        if hir::export::fn_throws(self.cx.db, func).is_none() {
            return Ok(());
        }
        let n = self.f.params.len() as u32;
        if n < 2 {
            return Err(internal(
                "a throwing function without its hidden parameters",
            ));
        }
        let (err, threw) = (Place::param(n - 2), Place::param(n - 1));
        let no = self.lit(Literal::Bool(false))?;
        self.stmt(ir::Stmt::Store {
            place: threw.clone(),
            value: no,
        });
        let ety = self.f.params[n as usize - 2].ty;
        let zero = self.emit(Inst::Zero, Some(ety))?;
        self.stmt(ir::Stmt::Store {
            place: err.clone(),
            value: zero,
        });
        self.errors.out = Some((err, threw));
        Ok(())
    }

    /// The hidden arguments of a call of `callee` (already declared as `id`) when it throws:
    /// the temporaries to pass, and the error's hir type.
    pub(super) fn throw_args(
        &mut self,
        callee: FunctionId,
        subst: &crate::Subst,
        this_ty: Option<&Ty>,
        id: ir::FuncId,
    ) -> R<Option<ThrowArgs>> {
        let Some(err) = hir::export::fn_throws(self.cx.db, callee) else {
            return Ok(None);
        };
        let err = crate::apply(subst, this_ty, &err);
        let params = self
            .cx
            .module
            .function(id)
            .map(|f| f.params.clone())
            .unwrap_or_default();
        let n = params.len();
        if n < 2 {
            return Err(internal("a throwing callee without its hidden parameters"));
        }
        let e = self.new_local("error", params[n - 2].ty);
        let t = self.new_local("threw", params[n - 1].ty);
        Ok(Some((
            vec![Arg::Place(Place::local(e)), Arg::Place(Place::local(t))],
            e,
            t,
            err,
        )))
    }

    /// After a call of a throwing function: when it threw, its error goes on.
    pub(super) fn check_thrown(&mut self, err: ir::LocalId, threw: ir::LocalId, ty: &Ty) -> R<()> {
        let flag = self.emit(Inst::Load(Place::local(threw)), None)?;
        let ty = ty.clone();
        let then_block = self.block(|b| {
            let v = b.emit(Inst::Load(Place::local(err)), None)?;
            b.send_error(v, &ty)
        })?;
        self.stmt(ir::Stmt::If {
            cond: flag,
            then_block,
            else_block: Vec::new(),
        });
        Ok(())
    }

    /// `throw e;`.
    pub(super) fn lower_throw(&mut self, value: hir::ExprId) -> R<()> {
        let ty = self.ety(value);
        let v = self.lower_expr(value)?;
        self.send_error(v, &ty)
    }

    fn same_ty(&self, a: &Ty, b: &Ty) -> bool {
        let a = crate::apply(&self.subst, self.this_ty.as_ref(), a);
        let b = crate::apply(&self.subst, self.this_ty.as_ref(), b);
        normalize(self.cx.db, self.cx.file, &a) == normalize(self.cx.db, self.cx.file, &b)
    }

    /// Sends error `v` (of type `ty`) to its handler: a `catch` clause or the caller.
    fn send_error(&mut self, v: ValueId, ty: &Ty) -> R<()> {
        let mut target = None;
        'find: for (k, c) in self.errors.catches.iter().enumerate().rev() {
            for (j, (cty, _)) in c.clauses.iter().enumerate() {
                if cty.as_ref().is_none_or(|t| self.same_ty(t, ty)) {
                    target = Some((k, j));
                    break 'find;
                }
            }
        }
        if let Some((k, j)) = target {
            let (stmt, local, selector) = {
                let c = &self.errors.catches[k];
                (c.stmt, c.clauses[j].1, c.selector)
            };
            if let Some(l) = local {
                let lt = self.f.locals[l.0 as usize].ty;
                let v = self.coerce(v, lt)?;
                self.stmt(ir::Stmt::Store {
                    place: Place::local(l),
                    value: v,
                });
            }
            let sel = self.lit(Literal::U32(j as u32 + 1))?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(selector),
                value: sel,
            });
            let pos = self
                .breakables
                .iter()
                .rposition(|b| b.stmt == stmt)
                .ok_or_else(|| internal("a `do` body outside its statement"))?;
            return self.break_to(pos, "do");
        }
        let Some((err, threw)) = self.errors.out.clone() else {
            // hir reports errors that nothing catches; this guards the IR.
            return Err(unsupported(
                "an error that no `catch` takes in a function not declared `throws`",
            ));
        };
        let et = self.place_ty(&err)?;
        let v = self.coerce(v, et)?;
        self.stmt(ir::Stmt::Store {
            place: err,
            value: v,
        });
        let yes = self.lit(Literal::Bool(true))?;
        self.stmt(ir::Stmt::Store {
            place: threw,
            value: yes,
        });
        let ret = self.f.ret;
        let value = if self.cx.module.types.is_void(ret) {
            None
        } else {
            Some(self.emit(Inst::Zero, Some(ret))?)
        };
        self.stmt(ir::Stmt::Return(value));
        Ok(())
    }

    /// Leaves the breakable at `pos` (a loop, `switch` or `do` body) from inside nested ones:
    /// directly when it is the innermost, else through a flag tested after each one between.
    pub(super) fn break_to(&mut self, pos: usize, name: &str) -> R<()> {
        if pos + 1 < self.breakables.len() {
            let target = self.breakables[pos].stmt;
            let flag = match self.label_flags.get(&target) {
                Some(&f) => f,
                None => {
                    let bool_ty = self.cx.module.types.scalar(Scalar::Bool);
                    let f = self.new_local(&format!("break_{name}"), bool_ty);
                    self.label_flags.insert(target, f);
                    f
                }
            };
            let yes = self.lit(Literal::Bool(true))?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(flag),
                value: yes,
            });
            for b in &mut self.breakables[pos + 1..] {
                if !b.exits.contains(&flag) {
                    b.exits.push(flag);
                }
            }
        }
        self.stmt(ir::Stmt::Break);
        Ok(())
    }

    fn is_do_body(&self, b: &Breakable) -> bool {
        matches!(self.body.stmts[b.stmt], Stmt::DoCatch { .. })
    }

    /// A plain `break`: leaves the innermost loop or `switch`, through any `do` bodies between.
    pub(super) fn lower_plain_break(&mut self) -> R<()> {
        let pos = self.breakables.iter().rposition(|b| !self.is_do_body(b));
        match pos {
            Some(pos) if pos + 1 < self.breakables.len() => self.break_to(pos, "loop"),
            _ => {
                self.stmt(ir::Stmt::Break);
                Ok(())
            }
        }
    }

    /// A plain `continue`: through any `do` bodies between it and its loop, a flag set here is
    /// tested after the outermost of them, which continues the loop there.
    pub(super) fn lower_plain_continue(&mut self) -> R<()> {
        let is_loop = |s: &Stmt| {
            matches!(
                s,
                Stmt::For { .. } | Stmt::While { .. } | Stmt::DoWhile { .. }
            )
        };
        let pos = self
            .breakables
            .iter()
            .rposition(|b| is_loop(&self.body.stmts[b.stmt]));
        let through: Vec<usize> = match pos {
            Some(pos) => (pos + 1..self.breakables.len())
                .filter(|k| self.is_do_body(&self.breakables[*k]))
                .collect(),
            None => Vec::new(),
        };
        let (Some(pos), Some(&outermost)) = (pos, through.first()) else {
            self.stmt(ir::Stmt::Continue);
            return Ok(());
        };
        let target = self.breakables[pos].stmt;
        let flag = match self
            .errors
            .continue_flags
            .iter()
            .find(|(s, _)| *s == target)
        {
            Some((_, f)) => *f,
            None => {
                let bool_ty = self.cx.module.types.bool();
                let f = self.new_local("continue_loop", bool_ty);
                self.errors.continue_flags.push((target, f));
                f
            }
        };
        let yes = self.lit(Literal::Bool(true))?;
        self.stmt(ir::Stmt::Store {
            place: Place::local(flag),
            value: yes,
        });
        // Every construct inside the outermost `do` body breaks on; that body's loop is
        // followed by the `continue`.
        for b in &mut self.breakables[outermost + 1..] {
            if !b.exits.contains(&flag) {
                b.exits.push(flag);
            }
        }
        let stmt = self.breakables[outermost].stmt;
        if !self.errors.continue_exits.contains(&(stmt, flag)) {
            self.errors.continue_exits.push((stmt, flag));
        }
        self.stmt(ir::Stmt::Break);
        Ok(())
    }

    /// `do { body } catch (e : E) { ... } ...`.
    pub(super) fn lower_do_catch(&mut self, s: StmtId) -> R<()> {
        let Stmt::DoCatch { body, catches } = self.body.stmts[s].clone() else {
            return Err(internal("not a `do`/`catch`"));
        };
        let u32_ty = self.cx.module.types.u32();
        let selector = self.new_local("caught", u32_ty);
        let none = self.lit(Literal::U32(0))?;
        self.stmt(ir::Stmt::Store {
            place: Place::local(selector),
            value: none,
        });
        let mut clauses = Vec::new();
        for c in &catches {
            clauses.push(match c.local {
                Some(l) => {
                    let hty = self.infer.local_ty(l);
                    let ty: TypeId = self.ir_ty(&hty)?;
                    let name = self.body.locals[l].name.to_string();
                    let il = self.new_local(&name, ty);
                    self.locals.insert(l, il);
                    (Some(hty), Some(il))
                }
                None => (None, None),
            });
        }
        self.errors.catches.push(CatchCtx {
            stmt: s,
            clauses,
            selector,
        });
        self.breakables.push(Breakable {
            stmt: s,
            exits: Vec::new(),
        });
        let lowered = self.block(|b| {
            b.lower_stmt(body)?;
            b.stmt(ir::Stmt::Break);
            Ok(())
        });
        let exits = self.breakables.pop().map(|b| b.exits).unwrap_or_default();
        self.errors.catches.pop();
        let lowered = lowered?;
        if let Some(&flag) = self.label_flags.get(&s) {
            let no = self.lit(Literal::Bool(false))?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(flag),
                value: no,
            });
        }
        self.stmt(ir::Stmt::Loop {
            body: lowered,
            continuing: Vec::new(),
            break_if: None,
            attrs: ir::LoopAttrs::default(),
        });
        let continues: Vec<ir::LocalId> = self
            .errors
            .continue_exits
            .iter()
            .filter(|(st, _)| *st == s)
            .map(|(_, f)| *f)
            .collect();
        self.errors.continue_exits.retain(|(st, _)| *st != s);
        for flag in exits {
            if continues.contains(&flag) {
                continue;
            }
            let set = self.emit(Inst::Load(Place::local(flag)), None)?;
            self.stmt(ir::Stmt::If {
                cond: set,
                then_block: vec![ir::Stmt::Break],
                else_block: Vec::new(),
            });
        }
        for flag in continues {
            let set = self.emit(Inst::Load(Place::local(flag)), None)?;
            let then_block = self.block(|b| {
                let no = b.lit(Literal::Bool(false))?;
                b.stmt(ir::Stmt::Store {
                    place: Place::local(flag),
                    value: no,
                });
                b.stmt(ir::Stmt::Continue);
                Ok(())
            })?;
            self.stmt(ir::Stmt::If {
                cond: set,
                then_block,
                else_block: Vec::new(),
            });
        }
        // The clause the selector names.
        let mut else_block = Vec::new();
        for (j, c) in catches.iter().enumerate().rev() {
            let sel = self.emit(Inst::Load(Place::local(selector)), None)?;
            let want = self.lit(Literal::U32(j as u32 + 1))?;
            let is = self.emit(Inst::Binary(BinaryOp::Eq, sel, want), None)?;
            let then_block = self.block(|b| b.lower_stmt(c.body))?;
            let stmt = ir::Stmt::If {
                cond: is,
                then_block,
                else_block: std::mem::take(&mut else_block),
            };
            else_block = vec![stmt];
        }
        for st in else_block {
            self.stmt(st);
        }
        Ok(())
    }
}
