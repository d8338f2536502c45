//! Statements: blocks, declarations (function-local `static`s too), `if`, the loops, `switch`
//! and labelled `break`s. Apart from expressions because statements build the IR's control
//! structure (the blocks being filled and the breakable constructs) rather than values.

use hir::export::{Literal as HLit, PrefixOp, StmtId, enum_case_value, global_const_value};
use hir::{Expr, ExprId, ExprRes, Stmt};
use ir::{Inst, Literal, LoopAttrs, Place, Scalar, SwitchCase, UnaryOp, ValueId};

use super::{Breakable, FnLower};
use crate::{R, internal, unsupported};

impl FnLower<'_, '_> {
    /// `static T x = init;` in a function: a private global that keeps its value between calls,
    /// initialised the first time the declaration runs (a flag global records that).
    fn lower_static_local(&mut self, local: hir::LocalId, init: Option<ExprId>) -> R<()> {
        let ty = self.infer.local_ty(local);
        let ty = self.ir_ty(&ty)?;
        let (g, flag) = match self.shared_static_local(local) {
            Some(globals) => globals,
            None => {
                let globals = self.static_local_globals(local, init.is_some(), ty)?;
                self.record_static_local(local, globals);
                globals
            }
        };
        self.static_locals.insert(local, g);
        let (Some(init), Some(flag)) = (init, flag) else {
            return Ok(());
        };
        let done = self.emit(Inst::Load(Place::global(flag)), None)?;
        let first = self.emit(Inst::Unary(UnaryOp::Not, done), None)?;
        let then_block = self.block(|b| {
            let v = b.lower_value_as(init, ty)?;
            b.stmt(ir::Stmt::Store {
                place: Place::global(g),
                value: v,
            });
            let yes = b.lit(Literal::Bool(true))?;
            b.stmt(ir::Stmt::Store {
                place: Place::global(flag),
                value: yes,
            });
            Ok(())
        })?;
        self.stmt(ir::Stmt::If {
            cond: first,
            then_block,
            else_block: Vec::new(),
        });
        Ok(())
    }

    /// The global of a function-local `static` and, when it has an initialiser, the flag
    /// recording that it ran.
    fn static_local_globals(
        &mut self,
        local: hir::LocalId,
        has_init: bool,
        ty: ir::TypeId,
    ) -> R<(ir::GlobalId, Option<ir::GlobalId>)> {
        let name = self.cx.fresh_name(&self.body.locals[local].name);
        // `static groupshared T x;`: one variable of the thread group (no initialiser runs:
        // groupshared memory has none).
        if self.body.locals[local].is_groupshared {
            let g = self
                .cx
                .module
                .add_global(&name, ty, ir::GlobalKind::Groupshared);
            return Ok((g, None));
        }
        let zero = crate::consts::zero(self.cx, ty)?;
        let g = self.cx.module.add_private_global(&name, ty, zero);
        if !has_init {
            return Ok((g, None));
        }
        let flag_name = self.cx.fresh_name(&format!("{name}_initialised"));
        let bool_ty = self.cx.module.types.scalar(Scalar::Bool);
        let flag = self.cx.module.add_private_global(
            &flag_name,
            bool_ty,
            ir::ConstValue::Literal(Literal::Bool(false)),
        );
        Ok((g, Some(flag)))
    }

    pub(super) fn lower_stmt(&mut self, s: StmtId) -> R<()> {
        let range = self.body.stmt_range(s);
        let breakable = matches!(
            self.body.stmts[s],
            Stmt::For { .. } | Stmt::While { .. } | Stmt::DoWhile { .. } | Stmt::Switch { .. }
        );
        let r = if breakable {
            self.lower_breakable(s)
        } else {
            self.lower_stmt_inner(s)
        };
        r.map_err(|e| self.locate(e, range))
    }

    /// A loop or `switch`, then the tests of the labelled breaks that leave it for an
    /// enclosing one. The IR's `break` leaves only the innermost construct, so `break outer;`
    /// sets `outer`'s flag and each construct between re-breaks while it is set.
    fn lower_breakable(&mut self, s: StmtId) -> R<()> {
        self.breakables.push(Breakable {
            stmt: s,
            exits: Vec::new(),
        });
        let lowered = self.block(|b| b.lower_stmt_inner(s));
        let exits = self.breakables.pop().map(|b| b.exits).unwrap_or_default();
        let lowered = lowered?;
        // Cleared on every entry: the construct may run again (inside another loop).
        if let Some(&flag) = self.label_flags.get(&s) {
            let no = self.lit(Literal::Bool(false))?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(flag),
                value: no,
            });
        }
        for st in lowered {
            self.stmt(st);
        }
        for flag in exits {
            let set = self.emit(Inst::Load(Place::local(flag)), None)?;
            self.stmt(ir::Stmt::If {
                cond: set,
                then_block: vec![ir::Stmt::Break],
                else_block: Vec::new(),
            });
        }
        Ok(())
    }

    /// `break label;` (hir resolved the label and reported unknown or unbreakable ones).
    fn lower_break_label(&mut self, label: hir::LabelId) -> R<()> {
        let data = &self.body.labels[label];
        let pos = data
            .target
            .and_then(|t| self.breakables.iter().rposition(|b| b.stmt == t));
        let Some(pos) = pos else {
            return Err(internal(format!(
                "`break {}` outside the statement it names",
                data.name
            )));
        };
        if pos + 1 < self.breakables.len() {
            let target = self.breakables[pos].stmt;
            let flag = match self.label_flags.get(&target) {
                Some(&f) => f,
                None => {
                    let bool_ty = self.cx.module.types.scalar(Scalar::Bool);
                    let f = self.new_local(&format!("break_{}", data.name), bool_ty);
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

    fn lower_stmt_inner(&mut self, s: StmtId) -> R<()> {
        match self.body.stmts[s].clone() {
            Stmt::Local { local, init } if self.body.locals[local].is_static => {
                self.lower_static_local(local, init)
            }
            Stmt::Local { local, init } if self.cx.is_handle_only(&self.infer.local_ty(local)) => {
                match init {
                    Some(init) => self.bind_local(local, init),
                    None => Ok(()),
                }
            }
            // A `void` variable (`let r = bwd_diff(f)(p, 1.0);`) holds nothing: the call alone.
            Stmt::Local { local, init } if self.infer.local_ty(local) == hir::Ty::Void => {
                match init {
                    Some(init) => self.lower_effect(init),
                    None => Ok(()),
                }
            }
            Stmt::Local { local, init } => {
                let hir_ty = self.infer.local_ty(local);
                if let Some(init) = init
                    && self.has_handles(&hir_ty)
                {
                    self.bind_local(local, init)?;
                }
                let known = match init {
                    Some(init) => match self.unsized_local_ty(&hir_ty, init)? {
                        Some(t) => Some(t),
                        None => self.exist_local_ty(local, &hir_ty, init)?,
                    },
                    None => None,
                };
                let ty = match known {
                    Some(t) => t,
                    None => self.ir_ty(&hir_ty)?,
                };
                let name = self.body.locals[local].name.to_string();
                if self.address_taken(local) {
                    // Pointers may point at it: per-thread memory outside the function
                    // (`func/pointers.rs`), written by this declaration each time it runs.
                    return self.lower_addressed_local(local, &name, ty, &hir_ty, init);
                }
                let l = self.new_local(&name, ty);
                self.locals.insert(local, l);
                let value = match init {
                    Some(init) => Some(self.lower_value_as(init, ty)?),
                    None => match self.default_constructed(&hir_ty)? {
                        Some(v) => Some(v),
                        None if self.cx.has_defaults(ty) => Some(self.struct_default(ty)?),
                        None => None,
                    },
                };
                if let Some(v) = value {
                    self.stmt(ir::Stmt::Store {
                        place: Place::local(l),
                        value: v,
                    });
                }
                Ok(())
            }
            Stmt::Expr(e) => {
                let mark = self.blocks.last().map_or(0, Vec::len);
                match self.lower_effect(e) {
                    Err(x) => match self.take_choice() {
                        // Stored through `arr[i]` of buffers: once per element.
                        Some((index, count)) => {
                            if let Some(b) = self.blocks.last_mut() {
                                b.truncate(mark);
                            }
                            self.lower_by_choice(index, count, None, |this| {
                                this.lower_effect(e).map(|_| None)
                            })
                            .map(|_| ())
                        }
                        None => Err(x),
                    },
                    ok => ok,
                }
            }
            Stmt::Block(stmts) | Stmt::Seq(stmts) => {
                for s in stmts {
                    self.lower_stmt(s)?;
                }
                Ok(())
            }
            Stmt::If {
                cond,
                then_branch,
                else_branch,
            } => {
                match self.static_cond(cond) {
                    Some(true) => return self.lower_stmt(then_branch),
                    Some(false) => return else_branch.map_or(Ok(()), |e| self.lower_stmt(e)),
                    None => {}
                }
                let c = self.lower_cond(cond)?;
                let then_block = self.block(|b| b.lower_stmt(then_branch))?;
                let else_block = match else_branch {
                    Some(e) => self.block(|b| b.lower_stmt(e))?,
                    None => Vec::new(),
                };
                self.stmt(ir::Stmt::If {
                    cond: c,
                    then_block,
                    else_block,
                });
                Ok(())
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
                attrs,
            } => {
                if let Some(init) = init {
                    self.lower_stmt(init)?;
                }
                let loop_body = self.block(|b| {
                    if let Some(cond) = cond {
                        b.break_unless(cond)?;
                    }
                    b.lower_stmt(body)
                })?;
                let continuing = self.block(|b| match step {
                    Some(step) => b.lower_effect(step),
                    None => Ok(()),
                })?;
                let attrs = self.loop_attrs(&attrs);
                self.stmt(ir::Stmt::Loop {
                    body: loop_body,
                    continuing,
                    break_if: None,
                    attrs,
                });
                Ok(())
            }
            Stmt::While { cond, body, attrs } => {
                let loop_body = self.block(|b| {
                    b.break_unless(cond)?;
                    b.lower_stmt(body)
                })?;
                self.stmt(ir::Stmt::Loop {
                    body: loop_body,
                    continuing: Vec::new(),
                    break_if: None,
                    attrs: self.loop_attrs(&attrs),
                });
                Ok(())
            }
            Stmt::DoWhile { body, cond, attrs } => {
                let loop_body = self.block(|b| b.lower_stmt(body))?;
                let mut break_if = None;
                let continuing = self.block(|b| {
                    let c = b.lower_cond(cond)?;
                    break_if = Some(b.emit(Inst::Unary(UnaryOp::Not, c), None)?);
                    Ok(())
                })?;
                self.stmt(ir::Stmt::Loop {
                    body: loop_body,
                    continuing,
                    break_if,
                    attrs: self.loop_attrs(&attrs),
                });
                Ok(())
            }
            Stmt::Switch { scrutinee, cases } => self.lower_switch(scrutinee, &cases),
            Stmt::Break => self.lower_plain_break(),
            Stmt::BreakLabel { name, target } => match target {
                Some(label) => self.lower_break_label(label),
                None => Err(internal(format!("`break {name}` names no label"))),
            },
            Stmt::Continue => self.lower_plain_continue(),
            Stmt::Return(value) => {
                if self.ref_setter_return(value)?.is_some() {
                    return Ok(());
                }
                if let Some(l) = self.init_this {
                    let v = self.emit(Inst::Load(Place::local(l)), None)?;
                    self.stmt(ir::Stmt::Return(Some(v)));
                    return Ok(());
                }
                let v = match value {
                    // A resource is handed back as the global it names (`func/handle_flow.rs`).
                    Some(v) if self.return_handles(v)? => None,
                    Some(v) if self.cx.exist.inferring.contains(&self.id) => {
                        Some(self.infer_return(v)?)
                    }
                    Some(v) if !self.cx.module.types.is_void(self.f.ret) => {
                        let ret = self.f.ret;
                        Some(self.lower_value_as(v, ret)?)
                    }
                    Some(v) => {
                        self.lower_effect(v)?;
                        None
                    }
                    None => None,
                };
                self.stmt(ir::Stmt::Return(v));
                Ok(())
            }
            Stmt::Empty => Ok(()),
            Stmt::Discard => Err(unsupported("`discard` (compute shaders cannot discard)")),
            Stmt::Throw { value, .. } => self.lower_throw(value),
            Stmt::DoCatch { .. } => self.lower_do_catch(s),
            Stmt::IfLet {
                local,
                init,
                then_branch,
                else_branch,
            } => {
                let opt = self.lower_expr(init)?;
                if self.cx.optional_inner(self.vty(opt)).is_none() {
                    return Err(unsupported(
                        "`if (let ...)` on a value that is not an `Optional`",
                    ));
                }
                let has = self.emit(Inst::Extract(opt, 1), None)?;
                let ty = self.infer.local_ty(local);
                let ty = self.ir_ty(&ty)?;
                let name = self.body.locals[local].name.to_string();
                let l = self.new_local(&name, ty);
                self.locals.insert(local, l);
                let then_block = self.block(|b| {
                    let v = b.emit(Inst::Extract(opt, 0), None)?;
                    let v = b.coerce(v, ty)?;
                    b.stmt(ir::Stmt::Store {
                        place: Place::local(l),
                        value: v,
                    });
                    b.lower_stmt(then_branch)
                })?;
                let else_block = match else_branch {
                    Some(e) => self.block(|b| b.lower_stmt(e))?,
                    None => Vec::new(),
                };
                self.stmt(ir::Stmt::If {
                    cond: has,
                    then_block,
                    else_block,
                });
                Ok(())
            }
        }
    }

    /// `if (!cond) break;`
    fn break_unless(&mut self, cond: ExprId) -> R<()> {
        // `if (c) {} else { break }`: the shape autodiff reads a counting loop's trip count from.
        let c = self.lower_cond(cond)?;
        self.stmt(ir::Stmt::If {
            cond: c,
            then_block: Vec::new(),
            else_block: vec![ir::Stmt::Break],
        });
        Ok(())
    }

    pub(super) fn lower_cond(&mut self, e: ExprId) -> R<ValueId> {
        let v = self.lower_expr(e)?;
        self.as_bool(v)
    }

    fn lower_switch(&mut self, scrutinee: ExprId, cases: &[hir::export::SwitchCase]) -> R<()> {
        let v = self.lower_expr(scrutinee)?;
        let sel_scalar = match self.cx.module.types.scalar_of(self.vty(v)) {
            Some(Scalar::U32) => Scalar::U32,
            _ => Scalar::I32,
        };
        let sel_ty = self.cx.module.types.scalar(sel_scalar);
        let selector = self.coerce(v, sel_ty)?;
        let mut out: Vec<SwitchCase> = Vec::new();
        let mut pending_values: Vec<i64> = Vec::new();
        let mut pending_default = false;
        for case in cases {
            match case.value {
                Some(value) => pending_values.push(self.case_value(value)?),
                None => pending_default = true,
            }
            if case.body.is_empty() {
                continue;
            }
            let body = self.block(|b| {
                for s in &case.body {
                    b.lower_stmt(*s)?;
                }
                Ok(())
            })?;
            let ends = matches!(
                body.last(),
                Some(ir::Stmt::Break | ir::Stmt::Return(_) | ir::Stmt::Continue)
            );
            out.push(SwitchCase {
                values: std::mem::take(&mut pending_values),
                is_default: std::mem::take(&mut pending_default),
                body,
                fallthrough: !ends,
            });
        }
        if !pending_values.is_empty() || pending_default {
            out.push(SwitchCase {
                values: pending_values,
                is_default: pending_default,
                body: Vec::new(),
                fallthrough: false,
            });
        }
        if let Some(last) = out.last_mut() {
            last.fallthrough = false;
        }
        if !out.iter().any(|c| c.is_default) {
            out.push(SwitchCase {
                values: Vec::new(),
                is_default: true,
                body: Vec::new(),
                fallthrough: false,
            });
        }
        self.stmt(ir::Stmt::Switch {
            selector,
            cases: out,
        });
        Ok(())
    }

    fn case_value(&self, e: ExprId) -> R<i64> {
        match &self.body.exprs[e] {
            Expr::Literal(HLit::Int { value, .. }) => Ok(*value as i64),
            Expr::Literal(HLit::Bool(b)) => Ok(i64::from(*b)),
            Expr::Prefix {
                op: PrefixOp::Neg,
                expr,
            } => Ok(-self.case_value(*expr)?),
            Expr::Cast { expr, .. } => self.case_value(*expr),
            _ => match self.res(e) {
                Some(ExprRes::EnumCase(d, i)) => enum_case_value(self.cx.db, self.cx.file, d, i),
                Some(ExprRes::Global(g)) => global_const_value(self.cx.db, g),
                _ => None,
            }
            .map_or_else(
                || crate::consts::int_expr(self.cx, &self.body, &self.infer, e, &self.subst),
                Ok,
            ),
        }
    }
}

impl FnLower<'_, '_> {
    /// A loop's attributes; `[MaxIters(n)]` takes a literal, a generic value parameter or a
    /// named constant.
    fn loop_attrs(&self, attrs: &[hir::export::Attr]) -> LoopAttrs {
        let mut out = LoopAttrs::default();
        for a in attrs {
            match a.name.as_str() {
                "MaxIters" => {
                    let n = a.args.first().and_then(|arg| match arg {
                        hir::export::AttrArg::Path(p) if p.segments.len() == 1 => self
                            .generic_value(&p.last_name())
                            .or_else(|| self.attr_const(arg)),
                        _ => self.attr_const(arg),
                    });
                    out.max_iters = n.and_then(|n| u32::try_from(n).ok());
                }
                "ForceUnroll" | "unroll" => out.force_unroll = a.name == "ForceUnroll",
                _ => {}
            }
        }
        out
    }

    fn attr_const(&self, arg: &hir::export::AttrArg) -> Option<i64> {
        let loc = match self.item {
            hir::ItemDef::Function(f) => f.loc(self.cx.db),
            _ => return None,
        };
        hir::export::attr_int(self.cx.db, loc, arg)
    }
}
