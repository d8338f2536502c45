//! Bodies, second half: the lowering of expressions (lambdas included), operators and literals.
//! Apart from statements (`stmts.rs`) only for size; both extend `BodyLowerer` (defined in
//! `mod.rs`).

use super::*;

/// The `expand` at the left end of a binary or conditional expression (`expand a + b`).
fn leading_expand(node: &SyntaxNode) -> Option<SyntaxNode> {
    if !matches!(node.kind(), BIN_EXPR | TERNARY_EXPR) {
        return None;
    }
    let mut cur = node.clone();
    loop {
        match cur.kind() {
            BIN_EXPR | TERNARY_EXPR => cur = cur.children().find(|c| is_expr_kind(c.kind()))?,
            EXPAND_EXPR => return Some(cur),
            _ => return None,
        }
    }
}

/// A comma expression (`a, b`): a binary expression whose operator is `,`.
/// The operands of `a, b, c` (a left-nested chain of commas) in order; one operand otherwise.
pub(super) fn comma_operands(expr: SyntaxNode) -> Vec<SyntaxNode> {
    let mut items = vec![expr];
    while let Some(first) = items.first().filter(|e| is_comma_expr(e)).cloned() {
        let parts: Vec<SyntaxNode> = first
            .children()
            .filter(|c| is_expr_kind(c.kind()))
            .collect();
        items.splice(0..1, parts);
    }
    items
}

pub(super) fn is_comma_expr(node: &SyntaxNode) -> bool {
    node.kind() == BIN_EXPR
        && tokens(node)
            .filter(|t| !t.kind().is_trivia())
            .map(|t| t.kind())
            .eq([COMMA])
}

impl BodyLowerer {
    /// `(float a) => a * k` / `(int i) => { ... }`: parameters become locals of this body; a
    /// block body is a scope of its own (a `return` in it leaves the lambda, running none of the
    /// enclosing function's `defer`s).
    fn lambda(&mut self, node: &SyntaxNode) -> Expr {
        let params = node
            .children()
            .find(|c| c.kind() == PARAM_LIST)
            .map(|list| {
                list.children()
                    .filter(|c| c.kind() == PARAM)
                    .map(|p| {
                        let data = lower_param(&p);
                        self.body.locals.alloc(LocalData {
                            name: data.name,
                            ty: Some(data.ty),
                            array_dims: Vec::new(),
                            mutable: true,
                            is_static: false,
                            is_groupshared: false,
                            name_range: data.name_range,
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        let body = match node.children().find(|c| c.kind() == BLOCK) {
            Some(block) => {
                // Nor can a `break label;` in it leave the enclosing function's loops.
                let saved = std::mem::take(&mut self.defer_scopes);
                let labels = std::mem::take(&mut self.label_scopes);
                let stmt = self.block(&block);
                self.defer_scopes = saved;
                self.label_scopes = labels;
                LambdaBody::Block(stmt)
            }
            None => LambdaBody::Expr(match node.children().find(|c| is_expr_kind(c.kind())) {
                Some(e) => self.expr(&e),
                None => self.missing(range_of(node)),
            }),
        };
        Expr::Lambda { params, body }
    }

    pub(super) fn expr(&mut self, node: &SyntaxNode) -> ExprId {
        let range = range_of(node);
        // `expand s += each x;` parses as `(expand s) += each x`, but Slang's `expand` takes
        // the whole expression after it (up to a comma): lower it as `expand (s += each x)`.
        if let Some(expand) = leading_expand(node)
            && !self.hoisted_expands.contains(&expand)
        {
            self.hoisted_expands.push(expand);
            let inner = self.expr(node);
            self.hoisted_expands.pop();
            return self.body.alloc_expr(Expr::Expand(inner), range);
        }
        let anchor = match node.kind() {
            BIN_EXPR => tokens(node)
                .find(|t| !t.kind().is_trivia())
                .map(|t| token_range(&t)),
            CALL_EXPR => node.children().find(|c| c.kind() == ARG_LIST).map(|l| {
                let r = range_of(&l);
                TextRange::new(r.start, r.start + 1)
            }),
            _ => None,
        };
        let id = self.expr_inner(node, range);
        if let Some(anchor) = anchor {
            self.body.anchors.insert(id, anchor);
        }
        id
    }

    fn expr_inner(&mut self, node: &SyntaxNode, range: TextRange) -> ExprId {
        let exprs: Vec<SyntaxNode> = node.children().filter(|c| is_expr_kind(c.kind())).collect();
        let sub = |this: &mut Self, i: usize| match exprs.get(i) {
            Some(e) => this.expr(e),
            None => this.missing(range),
        };
        let expr = match node.kind() {
            LITERAL
                if self.none_names > 0
                    && first_token(node).is_some_and(|t| t.kind() == NONE_KW) =>
            {
                Expr::Path(PathRef::single("none".into(), range))
            }
            LITERAL => Expr::Literal(lower_literal(node)),
            PATH_EXPR => {
                let name_ref = node.children().find(|c| c.kind() == NAME_REF);
                let name = name_ref.as_ref().map(name_ref_text).unwrap_or_default();
                let name_range = name_ref.map_or(range, |n| range_of(&n));
                // `::f`: the name in the global scope.
                let path = if first_token(node).is_some_and(|t| t.kind() == COLON2) {
                    Expr::Path(PathRef::global(name, name_range))
                } else {
                    Expr::Path(PathRef::single(name, name_range))
                };
                match node.children().find(|c| c.kind() == GENERIC_ARG_LIST) {
                    Some(list) => {
                        let base = self.body.alloc_expr(path, name_range);
                        Expr::GenericApply {
                            base,
                            args: lower_generic_args(&list),
                        }
                    }
                    None => path,
                }
            }
            THIS_EXPR => Expr::This,
            SPIRV_ASM_EXPR => return self.spirv_asm(node),
            LAMBDA_EXPR => self.lambda(node),
            PAREN_EXPR if self.tuple_syntax && exprs.first().is_some_and(is_comma_expr) => {
                // Slang 2026: `(a, b)` is `makeTuple(a, b)`.
                let items = comma_operands(exprs[0].clone());
                let args = items.iter().map(|e| self.expr(e)).collect();
                let name_range = TextRange::new(range.start, range.start + 1);
                let path = Expr::Path(PathRef::single("makeTuple".into(), name_range));
                let callee = self.body.alloc_expr(path, name_range);
                Expr::Call { callee, args }
            }
            PAREN_EXPR => {
                return match exprs.first() {
                    Some(inner) => self.expr(inner),
                    None => self.missing(range),
                };
            }
            CAST_EXPR if self.value_callee_casts.contains(&range) => self.paren_callee_call(node),
            CAST_EXPR => {
                let ty = node
                    .children()
                    .find(|c| is_type_kind(c.kind()))
                    .map_or(TypeRef::Error, |t| lower_type(&t));
                Expr::Cast {
                    ty,
                    expr: sub(self, 0),
                }
            }
            INIT_LIST_EXPR => Expr::InitList(exprs.iter().map(|e| self.expr(e)).collect()),
            // `alignof(T)` / `alignof(expr)` / `alignof(T, Layout)`: Slang's builtin operator,
            // parsed as a call of the name.
            CALL_EXPR if exprs.first().is_some_and(is_alignof_callee) => {
                let mut args = node
                    .children()
                    .filter(|c| c.kind() == ARG_LIST)
                    .flat_map(|l| l.children().filter(|a| is_expr_kind(a.kind())));
                let operand = args.next();
                let layout = args.next().map(|l| super::signatures::expr_as_type(&l));
                Expr::SizeOf {
                    ty: TypeRef::Error,
                    expr: Some(match operand {
                        Some(a) => self.expr(&a),
                        None => self.missing(range),
                    }),
                    align: true,
                    layout,
                }
            }
            CALL_EXPR => {
                let callee = sub(self, 0);
                let args = node
                    .children()
                    .find(|c| c.kind() == ARG_LIST)
                    .map(|l| {
                        l.children()
                            .filter(|a| is_expr_kind(a.kind()))
                            .map(|a| self.expr(&a))
                            .collect()
                    })
                    .unwrap_or_default();
                Expr::Call { callee, args }
            }
            INDEX_EXPR => Expr::Index {
                base: sub(self, 0),
                index: sub(self, 1),
            },
            FIELD_EXPR => {
                let name_ref = node.children().filter(|c| c.kind() == NAME_REF).last();
                let name = name_ref.as_ref().map(name_ref_text).unwrap_or_default();
                let name_range = name_ref.map_or(range, |n| range_of(&n));
                let base = sub(self, 0);
                // `a::b` on a plain path is a longer path (namespaces, static members).
                if has_token(node, COLON2)
                    && let Expr::Path(p) = &self.body.exprs[base]
                {
                    let mut p = p.clone();
                    p.segments.push(PathSegRef {
                        name,
                        args: None,
                        range: name_range,
                    });
                    // `T::method<4>(x)`, `ns::f<float>`: explicit generic arguments of the
                    // last name, as for a one-name path.
                    match node.children().find(|c| c.kind() == GENERIC_ARG_LIST) {
                        Some(list) => Expr::GenericApply {
                            base: self.body.alloc_expr(Expr::Path(p), name_range),
                            args: lower_generic_args(&list),
                        },
                        None => Expr::Path(p),
                    }
                } else if matches!(name.as_str(), "fwd_diff" | "bwd_diff") {
                    // `f.fwd_diff` / `obj.method.bwd_diff`: the derivative operator written as
                    // a member of the function, the same as `fwd_diff(f)`.
                    Expr::Diff {
                        kind: if name == "bwd_diff" {
                            DiffKind::Backward
                        } else {
                            DiffKind::Forward
                        },
                        func: base,
                    }
                } else {
                    let field = Expr::Field {
                        base,
                        name,
                        name_range,
                    };
                    // `x.method<T>(...)`: explicit generic arguments of a member.
                    match node.children().find(|c| c.kind() == GENERIC_ARG_LIST) {
                        Some(list) => Expr::GenericApply {
                            base: self.body.alloc_expr(field, name_range),
                            args: lower_generic_args(&list),
                        },
                        None => field,
                    }
                }
            }
            PREFIX_EXPR => {
                let op = match first_token(node).map(|t| t.kind()) {
                    Some(MINUS) => PrefixOp::Neg,
                    Some(PLUS) => PrefixOp::Plus,
                    Some(BANG) => PrefixOp::Not,
                    Some(TILDE) => PrefixOp::BitNot,
                    Some(PLUS2) => PrefixOp::Inc,
                    Some(MINUS2) => PrefixOp::Dec,
                    Some(STAR) => PrefixOp::Deref,
                    Some(AMP) => PrefixOp::AddressOf,
                    _ => PrefixOp::Plus,
                };
                let expr = sub(self, 0);
                // `-2147483648` is an `int` (slangc's exception to the literal's own type,
                // `int64_t` because 2147483648 does not fit in an `int`).
                if op == PrefixOp::Neg
                    && exprs
                        .first()
                        .is_some_and(|e| e.text().to_string().trim() == "2147483648")
                    && let Expr::Literal(Literal::Int { wide, .. }) = &mut self.body.exprs[expr]
                {
                    *wide = false;
                }
                Expr::Prefix { op, expr }
            }
            POSTFIX_EXPR => {
                let op = if has_token(node, MINUS2) {
                    PostfixOp::Dec
                } else {
                    PostfixOp::Inc
                };
                Expr::Postfix {
                    op,
                    expr: sub(self, 0),
                }
            }
            BIN_EXPR => {
                let op_text: String = node
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .filter(|t| !t.kind().is_trivia())
                    .map(|t| t.text().to_string())
                    .collect();
                let lhs = sub(self, 0);
                let rhs = sub(self, 1);
                match op_text.as_str() {
                    "=" => Expr::Assign { op: None, lhs, rhs },
                    t if t.len() >= 2
                        && t.ends_with('=')
                        && !matches!(t, "==" | "!=" | "<=" | ">=") =>
                    {
                        Expr::Assign {
                            op: binary_op(&t[..t.len() - 1]),
                            lhs,
                            rhs,
                        }
                    }
                    t => Expr::Binary {
                        op: binary_op(t).unwrap_or(BinaryOp::Add),
                        lhs,
                        rhs,
                    },
                }
            }
            TERNARY_EXPR => Expr::Ternary {
                cond: sub(self, 0),
                then_branch: sub(self, 1),
                else_branch: sub(self, 2),
            },
            DIFF_EXPR => {
                let kind = if has_token(node, BWD_DIFF_KW) || has_token(node, UBWD_DIFF_KW) {
                    DiffKind::Backward
                } else {
                    DiffKind::Forward
                };
                Expr::Diff {
                    kind,
                    func: sub(self, 0),
                }
            }
            NO_DIFF_EXPR => Expr::NoDiff(sub(self, 0)),
            IS_EXPR | AS_EXPR => {
                let ty = node
                    .children()
                    .find(|c| is_type_kind(c.kind()))
                    .map_or(TypeRef::Error, |t| lower_type(&t));
                let expr = sub(self, 0);
                if node.kind() == IS_EXPR {
                    Expr::Is { expr, ty }
                } else {
                    Expr::As { expr, ty }
                }
            }
            SIZEOF_EXPR => {
                // `sizeof(T)`, `sizeof(x)`, then the layout of `sizeof(T, Layout)`.
                let mut types = node.children().filter(|c| is_type_kind(c.kind()));
                if exprs.is_empty() {
                    let ty = types.next().map_or(TypeRef::Error, |t| lower_type(&t));
                    Expr::SizeOf {
                        ty,
                        expr: None,
                        align: false,
                        layout: types.next().map(|t| lower_type(&t)),
                    }
                } else {
                    Expr::SizeOf {
                        ty: TypeRef::Error,
                        expr: Some(sub(self, 0)),
                        align: false,
                        layout: types.next().map(|t| lower_type(&t)),
                    }
                }
            }
            COUNTOF_EXPR => Expr::CountOf(sub(self, 0)),
            // The `expand` that starts a binary expression was hoisted over the whole of it.
            EXPAND_EXPR if self.hoisted_expands.contains(node) => return sub(self, 0),
            EXPAND_EXPR => Expr::Expand(sub(self, 0)),
            EACH_EXPR => Expr::Each(sub(self, 0)),
            TRY_EXPR => Expr::Try(sub(self, 0)),
            _ => Expr::Missing,
        };
        self.body.alloc_expr(expr, range)
    }
}

fn binary_op(text: &str) -> Option<BinaryOp> {
    Some(match text {
        "+" => BinaryOp::Add,
        "-" => BinaryOp::Sub,
        "*" => BinaryOp::Mul,
        "/" => BinaryOp::Div,
        "%" => BinaryOp::Rem,
        "<<" => BinaryOp::Shl,
        ">>" => BinaryOp::Shr,
        "&" => BinaryOp::BitAnd,
        "|" => BinaryOp::BitOr,
        "^" => BinaryOp::BitXor,
        "&&" => BinaryOp::And,
        "||" => BinaryOp::Or,
        "==" => BinaryOp::Eq,
        "!=" => BinaryOp::Ne,
        "<" => BinaryOp::Lt,
        "<=" => BinaryOp::Le,
        ">" => BinaryOp::Gt,
        ">=" => BinaryOp::Ge,
        "," => BinaryOp::Comma,
        _ => return None,
    })
}

fn lower_literal(node: &SyntaxNode) -> Literal {
    let Some(tok) = first_token(node) else {
        return Literal::None;
    };
    let text = tok.text();
    match tok.kind() {
        INT_NUMBER => match parse_int(text) {
            Some((value, unsigned, wide)) => Literal::Int {
                value,
                unsigned,
                wide,
            },
            None => Literal::Int {
                value: 0,
                unsigned: false,
                wide: false,
            },
        },
        FLOAT_NUMBER => {
            // The suffix letters after the digits: `h` anywhere (`h`, `hf`, `fh`) makes a half,
            // else `l` (`l`, `lf`, `LF`, `fl`) a double, else `f` a float.
            let suffix: String = text
                .chars()
                .rev()
                .take_while(|c| matches!(c, 'f' | 'F' | 'h' | 'H' | 'l' | 'L'))
                .collect::<String>()
                .to_ascii_lowercase();
            // Hex floats (`0x1.8p3f`) have no `h`/`l` digits, so the scan stops at the exponent.
            let last = if suffix.contains('h') {
                Some('h')
            } else if suffix.contains('l') {
                Some('l')
            } else if suffix.contains('f') {
                Some('f')
            } else {
                None
            };
            Literal::Float {
                value: syntax::float_literal_value(text).unwrap_or(0.0),
                suffix: last,
            }
        }
        TRUE_KW => Literal::Bool(true),
        FALSE_KW => Literal::Bool(false),
        STRING => Literal::String(text.trim_matches('"').to_string()),
        _ => Literal::None,
    }
}

/// Whether a call's callee is the bare name `alignof` (no generic arguments, no path).
fn is_alignof_callee(callee: &SyntaxNode) -> bool {
    callee.kind() == PATH_EXPR
        && callee.children().all(|c| c.kind() == NAME_REF)
        && callee
            .children()
            .find(|c| c.kind() == NAME_REF)
            .is_some_and(|n| name_ref_text(&n) == "alignof")
}
