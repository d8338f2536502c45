//! Bodies, first half: the body queries (`fn_body`, `global_body`) and the lowering of
//! statements, with the scopes that `defer`, `break`, `continue` and labels relate to. Apart from
//! expressions (`exprs.rs`) only for size; both extend `BodyLowerer` (defined in `mod.rs`).

use super::*;

#[salsa::tracked(returns(clone))]
pub fn fn_body(db: &dyn Db, func: FunctionId) -> Arc<Body> {
    let mut lowerer = BodyLowerer {
        body: Body::default(),
        hoisted_expands: Vec::new(),
        defer_scopes: Vec::new(),
        label_scopes: Vec::new(),
        none_names: 0,
        return_type: None,
        catch_depth: 0,
        defer_catch_base: None,
        local_items: FxHashMap::default(),
        tuple_syntax: language::tuple_syntax(db, func.loc(db).file),
        value_callee_casts: Default::default(),
    };
    if let Some(node) = item_node(db, func.loc(db))
        && let Some(block) = node.children().find(|c| c.kind() == BLOCK)
    {
        lowerer.value_callee_casts = paren_calls::value_callee_casts(db, func.loc(db), &node);
        lowerer.local_items = fn_local_items(db, func)
            .iter()
            .map(|l| (l.range, (l.name.clone(), l.def)))
            .collect();
        lowerer.return_type = (node.kind() == FN)
            .then(|| node.children().find(|c| is_type_kind(c.kind())))
            .flatten()
            .map(|t| lower_type(&t));
        lowerer.none_names = node
            .children()
            .filter(|c| c.kind() == PARAM_LIST)
            .flat_map(|l| l.children().filter(|p| p.kind() == PARAM))
            .filter(|p| name_text(p) == "none")
            .count();
        let root = lowerer.block(&block);
        lowerer.return_val_slot(&block, root);
        lowerer.body.root_block = Some(root);
    }
    Arc::new(lowerer.body)
}

/// The name of a function's return-value slot (`__return_val = MyType(); __return_val.x += 1;`):
/// a variable of the return type that the function returns when its body ends.
pub const RETURN_VAL_LOCAL: &str = "__return_val";

impl BodyLowerer {
    /// A body that names `__return_val` declares it first and returns it at its end.
    fn return_val_slot(&mut self, block: &SyntaxNode, root: StmtId) {
        let Some(ty) = self.return_type.clone() else {
            return;
        };
        if matches!(&ty, TypeRef::Path(p) if p.segments.len() == 1 && p.segments[0].name == "void")
        {
            return;
        }
        let names_slot = block.descendants_with_tokens().any(|t| {
            t.as_token()
                .is_some_and(|t| t.kind() == IDENT && t.text() == RETURN_VAL_LOCAL)
        });
        if !names_slot {
            return;
        }
        let range = range_of(block);
        let start = TextRange::new(range.start, range.start);
        let local = self.body.locals.alloc(LocalData {
            name: RETURN_VAL_LOCAL.into(),
            ty: Some(ty),
            array_dims: Vec::new(),
            mutable: true,
            is_static: false,
            is_groupshared: false,
            name_range: start,
        });
        let decl = self
            .body
            .alloc_stmt(Stmt::Local { local, init: None }, start);
        let end = TextRange::new(range.end, range.end);
        let path = PathRef::single(RETURN_VAL_LOCAL.into(), end);
        let value = self.body.alloc_expr(Expr::Path(path), end);
        let ret = self.body.alloc_stmt(Stmt::Return(Some(value)), end);
        if let Stmt::Block(stmts) = &mut self.body.stmts[root] {
            stmts.insert(0, decl);
            stmts.push(ret);
        }
    }
}

#[salsa::tracked(returns(clone))]
pub fn global_body(db: &dyn Db, global: GlobalId) -> Arc<Body> {
    let loc = global.loc(db);
    let mut lowerer = BodyLowerer {
        body: Body::default(),
        hoisted_expands: Vec::new(),
        defer_scopes: Vec::new(),
        label_scopes: Vec::new(),
        none_names: 0,
        return_type: None,
        catch_depth: 0,
        defer_catch_base: None,
        local_items: FxHashMap::default(),
        tuple_syntax: language::tuple_syntax(db, loc.file),
        value_callee_casts: Default::default(),
    };
    let ordinal = loc.path.last().map_or(0, |s| s.ordinal);
    if let Some(node) = item_node(db, loc)
        && let Some(decl) = global_declarator(&node, &loc.name(), ordinal)
        && let Some(init) = decl.children().find(|c| is_expr_kind(c.kind()))
    {
        lowerer.value_callee_casts = paren_calls::value_callee_casts(db, loc, &init);
        let e = lowerer.expr(&init);
        lowerer.body.root_expr = Some(e);
    }
    Arc::new(lowerer.body)
}

impl BodyLowerer {
    pub(super) fn block(&mut self, node: &SyntaxNode) -> StmtId {
        let children = node
            .children()
            .filter(|c| is_stmt_kind(c.kind()) || locals::is_local_item_kind(c.kind()));
        let stmts = self.scope_stmts(DeferScopeKind::Block, children);
        self.body.alloc_stmt(Stmt::Block(stmts), range_of(node))
    }

    /// Lowers the statements of a scope (a block, a `case` clause); the statements it `defer`s
    /// run at its normal end, last declared first.
    fn scope_stmts(
        &mut self,
        kind: DeferScopeKind,
        nodes: impl Iterator<Item = SyntaxNode>,
    ) -> Vec<StmtId> {
        self.defer_scopes.push(DeferScope {
            kind,
            deferred: Vec::new(),
        });
        let none_names = self.none_names;
        let mut stmts = Vec::new();
        let mut falls_through = true;
        for child in nodes {
            falls_through = !matches!(
                child.kind(),
                RETURN_STMT | BREAK_STMT | CONTINUE_STMT | DISCARD_STMT
            );
            stmts.extend(self.stmt(&child));
        }
        let scope = self.defer_scopes.pop();
        if falls_through && let Some(scope) = scope {
            for deferred in scope.deferred.iter().rev() {
                stmts.extend(self.deferred_stmt(deferred));
            }
        }
        self.none_names = none_names;
        stmts
    }

    /// The body of an `if`, `else` or loop. A lone `defer` there is a scope of its own, as in
    /// slangc: `for (...) defer f(i);` runs `f(i)` at the end of every iteration.
    fn sub_stmt(&mut self, node: &SyntaxNode) -> StmtId {
        if node.kind() != DEFER_STMT {
            return self.stmt_one(node);
        }
        let stmts = self.scope_stmts(DeferScopeKind::Block, std::iter::once(node.clone()));
        self.body.alloc_stmt(Stmt::Block(stmts), range_of(node))
    }

    fn opt_sub_stmt(&mut self, node: Option<SyntaxNode>, range: TextRange) -> StmtId {
        match node {
            Some(n) => self.sub_stmt(&n),
            None => self.empty(range),
        }
    }

    /// Lowers a loop or switch body inside a scope that `break`/`continue` leave.
    fn in_scope<T>(&mut self, kind: DeferScopeKind, f: impl FnOnce(&mut Self) -> T) -> T {
        self.defer_scopes.push(DeferScope {
            kind,
            deferred: Vec::new(),
        });
        let out = f(self);
        self.defer_scopes.pop();
        out
    }

    /// The deferred statements that leaving the scopes up to and including the innermost one
    /// `stop` accepts must run, innermost scope first and last declared first in each (`break`
    /// leaves its `case` clause, whose defers run first).
    fn pending_defers(&self, stop: impl Fn(DeferScopeKind) -> bool) -> Vec<SyntaxNode> {
        let mut out = Vec::new();
        for scope in self.defer_scopes.iter().rev() {
            out.extend(scope.deferred.iter().rev().cloned());
            if stop(scope.kind) {
                break;
            }
        }
        out
    }

    /// `exit` (a `return`, `break` or `continue`) preceded by the deferred statements it runs.
    fn exit_through_defers(
        &mut self,
        pending: Vec<SyntaxNode>,
        exit: Stmt,
        range: TextRange,
    ) -> Stmt {
        if pending.is_empty() {
            return exit;
        }
        let mut stmts = Vec::new();
        // `return e;` evaluates `e` before the deferred statements run.
        let exit = match exit {
            Stmt::Return(Some(value)) => {
                let local = self.body.locals.alloc(LocalData {
                    name: DEFER_RETURN_LOCAL.into(),
                    ty: self.return_type.clone(),
                    array_dims: Vec::new(),
                    mutable: false,
                    is_static: false,
                    is_groupshared: false,
                    name_range: range,
                });
                stmts.push(self.body.alloc_stmt(
                    Stmt::Local {
                        local,
                        init: Some(value),
                    },
                    range,
                ));
                let path = PathRef::single(DEFER_RETURN_LOCAL.into(), range);
                Stmt::Return(Some(self.body.alloc_expr(Expr::Path(path), range)))
            }
            other => other,
        };
        // A deferred statement never sees its own scope's defers again.
        let saved = std::mem::take(&mut self.defer_scopes);
        for deferred in &pending {
            stmts.extend(self.deferred_stmt(deferred));
        }
        self.defer_scopes = saved;
        stmts.push(self.body.alloc_stmt(exit, range));
        Stmt::Block(stmts)
    }

    /// Lowers a statement; a declaration of several variables gives several statements.
    fn stmt(&mut self, node: &SyntaxNode) -> Vec<StmtId> {
        let range = range_of(node);
        let stmt = match node.kind() {
            BLOCK => return vec![self.block(node)],
            VAR_DECL => return self.var_decl(node),
            EXPR_STMT => match node.children().find(|c| is_expr_kind(c.kind())) {
                Some(e) => Stmt::Expr(self.expr(&e)),
                None => Stmt::Empty,
            },
            IF_STMT => {
                let cond_node = node
                    .children()
                    .find(|c| is_expr_kind(c.kind()) || c.kind() == VAR_DECL);
                let mut branches = node
                    .children()
                    .filter(|c| is_stmt_kind(c.kind()) && c.kind() != VAR_DECL);
                let then_node = branches.next();
                let else_node = branches.next().or_else(|| {
                    node.children()
                        .find(|c| c.kind() == ELSE_BRANCH)
                        .and_then(|e| e.children().find(|c| is_stmt_kind(c.kind())))
                });
                let then_branch = self.opt_sub_stmt(then_node, range);
                let else_branch = else_node.map(|e| self.sub_stmt(&e));
                match cond_node {
                    Some(decl) if decl.kind() == VAR_DECL => {
                        let d = decl.children().find(|c| c.kind() == DECLARATOR);
                        let init = d
                            .as_ref()
                            .and_then(|d| d.children().find(|c| is_expr_kind(c.kind())));
                        let init = self.opt_expr(init, range);
                        let local = self.body.locals.alloc(LocalData {
                            name: d.as_ref().map(name_text).unwrap_or_default(),
                            ty: None,
                            array_dims: Vec::new(),
                            mutable: false,
                            is_static: false,
                            is_groupshared: false,
                            name_range: d
                                .as_ref()
                                .and_then(|d| d.children().find(|c| c.kind() == NAME))
                                .map_or(range, |n| range_of(&n)),
                        });
                        Stmt::IfLet {
                            local,
                            init,
                            then_branch,
                            else_branch,
                        }
                    }
                    Some(cond) => Stmt::If {
                        cond: self.expr(&cond),
                        then_branch,
                        else_branch,
                    },
                    None => Stmt::If {
                        cond: self.missing(range),
                        then_branch,
                        else_branch,
                    },
                }
            }
            FOR_STMT => {
                // The loop's own scope holds the variables of its initialiser.
                let none_names = self.none_names;
                let (mut init, mut cond, mut step, mut body) = (None, None, None, None);
                let mut state = 0;
                let mut after_paren = false;
                for el in node.children_with_tokens() {
                    match el {
                        SyntaxElement::Token(t) => match t.kind() {
                            SEMICOLON => state += 1,
                            R_PAREN => after_paren = true,
                            _ => {}
                        },
                        SyntaxElement::Node(n) => {
                            if after_paren {
                                if is_stmt_kind(n.kind()) {
                                    body = Some(
                                        self.in_scope(DeferScopeKind::Loop, |b| b.sub_stmt(&n)),
                                    );
                                }
                            } else if n.kind() == VAR_DECL || n.kind() == EXPR_STMT {
                                let stmts = self.stmt(&n);
                                init = Some(self.seq(stmts, range_of(&n)));
                                state = 1;
                            } else if is_expr_kind(n.kind()) {
                                let e = self.expr(&n);
                                match state {
                                    0 => {
                                        init =
                                            Some(self.body.alloc_stmt(Stmt::Expr(e), range_of(&n)))
                                    }
                                    1 => cond = Some(e),
                                    _ => step = Some(e),
                                }
                            }
                        }
                    }
                }
                let body = body.unwrap_or_else(|| self.empty(range));
                self.none_names = none_names;
                Stmt::For {
                    init,
                    cond,
                    step,
                    body,
                    attrs: loop_attrs(node),
                }
            }
            WHILE_STMT => {
                let cond = node.children().find(|c| is_expr_kind(c.kind()));
                let cond = self.opt_expr(cond, range);
                let body = node.children().find(|c| is_stmt_kind(c.kind()));
                let body = self.in_scope(DeferScopeKind::Loop, |b| b.opt_sub_stmt(body, range));
                Stmt::While {
                    cond,
                    body,
                    attrs: loop_attrs(node),
                }
            }
            DO_STMT => {
                let body = node.children().find(|c| is_stmt_kind(c.kind()));
                let body = self.in_scope(DeferScopeKind::Loop, |b| b.opt_sub_stmt(body, range));
                let cond = node.children().find(|c| is_expr_kind(c.kind()));
                let cond = self.opt_expr(cond, range);
                Stmt::DoWhile {
                    body,
                    cond,
                    attrs: loop_attrs(node),
                }
            }
            SWITCH_STMT if has_token(node, TARGET_SWITCH_KW) => return self.target_switch(node),
            SWITCH_STMT => {
                let target_switch = false;
                let scrutinee = node.children().find(|c| is_expr_kind(c.kind()));
                let scrutinee = self.opt_expr(scrutinee, range);
                let mut cases = Vec::new();
                if let Some(sw) = node.children().find(|c| c.kind() == SWITCH_BODY) {
                    for clause in sw.children() {
                        let value = match clause.kind() {
                            CASE_CLAUSE if target_switch => None,
                            CASE_CLAUSE => clause
                                .children()
                                .find(|c| is_expr_kind(c.kind()))
                                .map(|v| self.expr(&v)),
                            DEFAULT_CLAUSE => None,
                            _ => continue,
                        };
                        // A clause is a scope: its defers run before it falls through or breaks.
                        let stmts = clause.children().filter(|c| {
                            is_stmt_kind(c.kind()) || locals::is_local_item_kind(c.kind())
                        });
                        let body = self.scope_stmts(DeferScopeKind::Switch, stmts);
                        let label = clause
                            .first_token()
                            .map_or_else(|| range_of(&clause), |t| token_range(&t));
                        cases.push(SwitchCase { value, body, label });
                    }
                }
                Stmt::Switch { scrutinee, cases }
            }
            BREAK_STMT => match node.children().find(|c| c.kind() == NAME_REF) {
                Some(label) => self.break_label(&label, range),
                None => {
                    let pending = self.pending_defers(|k| k != DeferScopeKind::Block);
                    self.exit_through_defers(pending, Stmt::Break, range)
                }
            },
            CONTINUE_STMT => {
                let pending = self.pending_defers(|k| k == DeferScopeKind::Loop);
                self.exit_through_defers(pending, Stmt::Continue, range)
            }
            RETURN_STMT => {
                let value = node
                    .children()
                    .find(|c| is_expr_kind(c.kind()))
                    .map(|e| self.expr(&e));
                let pending = self.pending_defers(|_| false);
                self.exit_through_defers(pending, Stmt::Return(value), range)
            }
            DEFER_STMT => {
                if let Some(inner) = node.children().find(|c| is_stmt_kind(c.kind()))
                    && let Some(scope) = self.defer_scopes.last_mut()
                {
                    scope.deferred.push(inner);
                }
                Stmt::Empty
            }
            LABELED_STMT => return self.labeled(node),
            DISCARD_STMT => Stmt::Discard,
            THROW_STMT => {
                let value = node.children().find(|c| is_expr_kind(c.kind()));
                Stmt::Throw {
                    value: self.opt_expr(value, range),
                    in_defer: self.defer_catch_base == Some(self.catch_depth),
                }
            }
            DO_CATCH_STMT => self.do_catch(node, range),
            INTRINSIC_ASM_STMT => match self.inline_wgsl(node, range) {
                Some(stmt) => stmt,
                None => {
                    Stmt::Expr(self.unsupported(range, "inline target code (`__intrinsic_asm`)"))
                }
            },
            kind if locals::is_local_item_kind(kind) => {
                let id = self.body.alloc_stmt(Stmt::Empty, range);
                if let Some(item) = self.local_items.get(&range) {
                    self.body.local_items.insert(id, item.clone());
                }
                return vec![id];
            }
            _ => Stmt::Empty,
        };
        vec![self.body.alloc_stmt(stmt, range)]
    }

    /// A statement a `defer` runs: an error thrown in it must be caught inside it.
    fn deferred_stmt(&mut self, node: &SyntaxNode) -> Vec<StmtId> {
        let saved = self.defer_catch_base.replace(self.catch_depth);
        let out = self.stmt(node);
        self.defer_catch_base = saved;
        out
    }

    /// `do { ... } catch (e : E) { ... } catch { ... }`.
    fn do_catch(&mut self, node: &SyntaxNode, range: TextRange) -> Stmt {
        self.catch_depth += 1;
        let body = node.children().find(|c| is_stmt_kind(c.kind()));
        let body = self.opt_sub_stmt(body, range);
        self.catch_depth -= 1;
        let mut catches = Vec::new();
        for clause in node.children().filter(|c| c.kind() == CATCH_CLAUSE) {
            let param = clause
                .children()
                .find(|c| c.kind() == PARAM_LIST)
                .and_then(|l| l.children().find(|p| p.kind() == PARAM));
            let c_style = param.as_ref().is_some_and(|p| !has_token(p, COLON));
            let local = clause
                .children()
                .find(|c| c.kind() == PARAM_LIST)
                .and_then(|l| l.children().find(|p| p.kind() == PARAM))
                .map(|p| {
                    let param = lower_param(&p);
                    self.body.locals.alloc(LocalData {
                        name: param.name,
                        ty: Some(param.ty),
                        array_dims: Vec::new(),
                        mutable: false,
                        is_static: false,
                        is_groupshared: false,
                        name_range: param.name_range,
                    })
                });
            let block = clause.children().find(|c| c.kind() == BLOCK);
            let body = match block {
                Some(b) => self.block(&b),
                None => self.empty(range_of(&clause)),
            };
            catches.push(CatchClause {
                local,
                body,
                c_style,
            });
        }
        Stmt::DoCatch { body, catches }
    }

    /// `outer: stmt`: the label is in scope inside `stmt`; `break outer;` can leave `stmt` when
    /// it is a loop or a `switch`.
    fn labeled(&mut self, node: &SyntaxNode) -> Vec<StmtId> {
        let name_node = node.children().find(|c| c.kind() == NAME);
        let label = self.body.labels.alloc(LabelData {
            name: name_node.as_ref().map(name_text_of_ref).unwrap_or_default(),
            name_range: name_node.as_ref().map_or(range_of(node), range_of),
            target: None,
        });
        let Some(inner) = node.children().find(|c| is_stmt_kind(c.kind())) else {
            return Vec::new();
        };
        self.label_scopes.push(LabelScope {
            label,
            defer_depth: self.defer_scopes.len(),
        });
        let stmts = self.stmt(&inner);
        self.label_scopes.pop();
        let breakable = matches!(inner.kind(), FOR_STMT | WHILE_STMT | DO_STMT | SWITCH_STMT)
            && !has_token(&inner, TARGET_SWITCH_KW);
        if breakable && let [target] = stmts[..] {
            self.body.labels[label].target = Some(target);
        }
        stmts
    }

    /// `break outer;`: runs the defers of the scopes it leaves, up to the labelled statement.
    fn break_label(&mut self, label: &SyntaxNode, range: TextRange) -> Stmt {
        let name = name_text_of_ref(label);
        let scope = self
            .label_scopes
            .iter()
            .rev()
            .find(|s| self.body.labels[s.label].name == name);
        let (target, depth) = match scope {
            Some(s) => (Some(s.label), s.defer_depth),
            None => (None, self.defer_scopes.len()),
        };
        let pending: Vec<SyntaxNode> = self.defer_scopes[depth..]
            .iter()
            .rev()
            .flat_map(|scope| scope.deferred.iter().rev().cloned())
            .collect();
        self.exit_through_defers(pending, Stmt::BreakLabel { name, target }, range)
    }

    fn opt_expr(&mut self, node: Option<SyntaxNode>, range: TextRange) -> ExprId {
        match node {
            Some(n) => self.expr(&n),
            None => self.missing(range),
        }
    }

    fn stmt_one(&mut self, node: &SyntaxNode) -> StmtId {
        let stmts = self.stmt(node);
        if stmts.len() == 1 {
            stmts[0]
        } else {
            self.seq(stmts, range_of(node))
        }
    }

    /// Several statements in the current scope (declarations with several declarators).
    fn seq(&mut self, stmts: Vec<StmtId>, range: TextRange) -> StmtId {
        if stmts.len() == 1 {
            return stmts[0];
        }
        self.body.alloc_stmt(Stmt::Seq(stmts), range)
    }

    fn empty(&mut self, range: TextRange) -> StmtId {
        self.body.alloc_stmt(Stmt::Empty, range)
    }

    pub(super) fn missing(&mut self, range: TextRange) -> ExprId {
        self.body.alloc_expr(Expr::Missing, range)
    }

    /// A missing expression standing for source that parses but cannot be compiled.
    pub(super) fn unsupported(&mut self, range: TextRange, what: impl Into<SmolStr>) -> ExprId {
        let id = self.missing(range);
        self.body.unsupported.insert(id, what.into());
        id
    }

    /// `__target_switch { case wgsl: ... default: ... }`: we compile for one target family
    /// (WGSL, and SPIR-V through naga from the same IR), so the body is the `wgsl` case, else
    /// `default` (what slangc's wgsl target picks). Labels of one clause share its statements.
    fn target_switch(&mut self, node: &SyntaxNode) -> Vec<StmtId> {
        let range = range_of(node);
        let clauses: Vec<SyntaxNode> = node
            .children()
            .find(|c| c.kind() == SWITCH_BODY)
            .map(|sw| {
                sw.children()
                    .filter(|c| matches!(c.kind(), CASE_CLAUSE | DEFAULT_CLAUSE))
                    .collect()
            })
            .unwrap_or_default();
        let names_wgsl = |clause: &SyntaxNode| {
            clause.kind() == CASE_CLAUSE
                && clause
                    .children()
                    .find(|c| is_expr_kind(c.kind()))
                    .is_some_and(|label| label.text() == "wgsl")
        };
        // An empty clause falls through to the next one with statements.
        let start = clauses
            .iter()
            .position(names_wgsl)
            .or_else(|| clauses.iter().position(|c| c.kind() == DEFAULT_CLAUSE));
        let Some(start) = start else {
            let what = "a `__target_switch` without a `wgsl` or `default` case";
            let missing = self.unsupported(range, what);
            return vec![self.body.alloc_stmt(Stmt::Expr(missing), range)];
        };
        let chosen = clauses[start..]
            .iter()
            .find(|c| c.children().any(|s| is_stmt_kind(s.kind())));
        let mut stmts: Vec<SyntaxNode> = chosen
            .map(|c| c.children().filter(|s| is_stmt_kind(s.kind())).collect())
            .unwrap_or_default();
        // A case's closing `break` leaves the target switch, not an enclosing loop.
        if stmts.last().is_some_and(|s| s.kind() == BREAK_STMT) {
            stmts.pop();
        }
        let body = self.scope_stmts(DeferScopeKind::Block, stmts.into_iter());
        vec![self.body.alloc_stmt(Stmt::Block(body), range)]
    }

    fn var_decl(&mut self, node: &SyntaxNode) -> Vec<StmtId> {
        let modifiers = lower_modifiers(node);
        let is_let = has_token(node, LET_KW);
        let ty = node
            .children()
            .find(|c| is_type_kind(c.kind()))
            .map(|t| lower_type(&t))
            .or_else(|| super::struct_vars::declared_struct_type(node));
        let mutable = !(is_let || modifiers.is_const);
        let mut out = Vec::new();
        // `struct S { ... } s;`: the struct comes into scope first.
        if let Some(s) = super::struct_vars::declared_struct(node) {
            out.extend(self.stmt(&s));
        }
        for decl in node.children().filter(|d| d.kind() == DECLARATOR) {
            let array_dims = decl
                .children()
                .filter(|c| c.kind() == ARRAY_SUFFIX)
                .map(|s| array_suffix_len(&s))
                .collect();
            let name_range = decl
                .children()
                .find(|c| c.kind() == NAME)
                .map_or_else(|| range_of(&decl), |n| range_of(&n));
            // `var x: int` (let-style) writes the type in the declarator.
            let ty = ty.clone().or_else(|| {
                decl.children()
                    .find(|c| is_type_kind(c.kind()))
                    .map(|t| lower_type(&t))
            });
            let local = self.body.locals.alloc(LocalData {
                name: name_text(&decl),
                ty,
                array_dims,
                mutable,
                is_static: modifiers.is_static,
                is_groupshared: modifiers.is_static && modifiers.is_groupshared,
                name_range,
            });
            let init = decl
                .children()
                .find(|c| is_expr_kind(c.kind()))
                .map(|e| self.expr(&e));
            if self.body.locals[local].name == "none" {
                self.none_names += 1;
            }
            out.push(
                self.body
                    .alloc_stmt(Stmt::Local { local, init }, range_of(&decl)),
            );
        }
        out
    }
}
