//! Shared lowering of signatures: modifiers, attributes, generic parameters and `where` clauses,
//! type references, paths, generic arguments and constant expressions (with `parse_int`). Apart
//! because item data and bodies both use it and it reads no database.

use super::*;

pub(super) fn lower_modifiers(node: &SyntaxNode) -> Modifiers {
    let mut m = Modifiers::default();
    let mut saw_in = false;
    let mut saw_out = false;
    // `static const struct { ... } s;`: the modifiers before `struct` are the variables'.
    let before_struct = super::struct_vars::declared_struct(node);
    for t in tokens(node).chain(before_struct.iter().flat_map(tokens)) {
        match t.kind() {
            STATIC_KW => m.is_static = true,
            CONST_KW => m.is_const = true,
            UNIFORM_KW => m.is_uniform = true,
            GROUPSHARED_KW => m.is_groupshared = true,
            NO_DIFF_KW => m.no_diff = true,
            PUBLIC_KW => m.visibility = Some(Visibility::Public),
            INTERNAL_KW => m.visibility = Some(Visibility::Internal),
            PRIVATE_KW => m.visibility = Some(Visibility::Private),
            IN_KW => saw_in = true,
            OUT_KW => saw_out = true,
            INOUT_KW => m.dir = ParamDir::InOut,
            REF_KW => m.dir = ParamDir::Ref,
            ROW_MAJOR_KW => m.matrix_layout = Some(MatrixLayout::RowMajor),
            COLUMN_MAJOR_KW => m.matrix_layout = Some(MatrixLayout::ColumnMajor),
            _ => {}
        }
    }
    if m.matrix_layout.is_none() {
        m.matrix_layout = type_matrix_layout(node);
    }
    if saw_out {
        m.dir = if saw_in {
            ParamDir::InOut
        } else {
            ParamDir::Out
        };
    }
    m
}

/// A layout modifier written inside the declared type of `node` (`row_major float3x3 m;`
/// parsed as part of the type, `StructuredBuffer<column_major float3x4>`).
fn type_matrix_layout(node: &SyntaxNode) -> Option<MatrixLayout> {
    let ty = node.children().find(|c| is_type_kind(c.kind()))?;
    ty.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find_map(|t| match t.kind() {
            ROW_MAJOR_KW => Some(MatrixLayout::RowMajor),
            COLUMN_MAJOR_KW => Some(MatrixLayout::ColumnMajor),
            _ => None,
        })
}

/// A loop's attributes, with those written before its label (`[MaxIters(4)] outer: for`).
pub(super) fn loop_attrs(node: &SyntaxNode) -> Vec<Attr> {
    let mut attrs = node
        .parent()
        .filter(|p| p.kind() == LABELED_STMT)
        .map(|p| lower_attrs(&p))
        .unwrap_or_default();
    attrs.extend(lower_attrs(node));
    attrs
}

pub(crate) fn lower_attrs(node: &SyntaxNode) -> Vec<Attr> {
    let mut attrs = written_attrs(node);
    attrs.extend(func_extension_attr(node));
    attrs
}

/// `__func_extension fwd_diff(f)` / `bwd_diff(f)` is what `[ForwardDerivativeOf(f)]` /
/// `[BackwardDerivativeOf(f)]` says on an ordinary function.
fn func_extension_attr(node: &SyntaxNode) -> Option<Attr> {
    if node.kind() != FUNC_EXTENSION {
        return None;
    }
    // `__func_extension __apply(f)(params) -> Tuple<R, Ctx>`: `f`'s primal pass with a context
    // whose `operator()` is the backward pass (`ApplyOf(f)`, read by lowering).
    if let Some(target) = node.children().find(super::tree::is_apply_target) {
        let primal = target
            .children()
            .find(|c| c.kind() == ARG_LIST)?
            .children()
            .find(|e| is_expr_kind(e.kind()))?;
        return Some(Attr {
            name: SmolStr::new("ApplyOf"),
            args: vec![lower_attr_arg(&primal)],
            range: range_of(&target),
        });
    }
    let target = node.children().find(|c| c.kind() == DIFF_EXPR)?;
    let name = match first_token(&target)?.kind() {
        FWD_DIFF_KW | UFWD_DIFF_KW => "ForwardDerivativeOf",
        BWD_DIFF_KW | UBWD_DIFF_KW => "BackwardDerivativeOf",
        _ => return None,
    };
    let primal = target.children().find(|e| is_expr_kind(e.kind()))?;
    Some(Attr {
        name: SmolStr::new(name),
        args: vec![lower_attr_arg(&primal)],
        range: range_of(&target),
    })
}

fn written_attrs(node: &SyntaxNode) -> Vec<Attr> {
    // The modifier `__implicit_conversion(cost)` (the core module's spelling) marks a
    // constructor as an implicit conversion, as the attribute `[__implicit_conversion]` does.
    let implicit_conversion = node
        .children()
        .filter(|c| c.kind() == MODIFIER)
        .filter(|m| first_token(m).is_some_and(|t| t.text() == "__implicit_conversion"))
        .map(|m| Attr {
            name: SmolStr::new("__implicit_conversion"),
            args: Vec::new(),
            range: range_of(&m),
        });
    let attrs: Vec<Attr> = node
        .children()
        .filter(|c| c.kind() == ATTRIBUTE)
        .map(|a| {
            let name = a
                .children()
                .find(|c| c.kind() == PATH)
                .map(|p| SmolStr::new(p.text().to_string().trim()))
                .unwrap_or_default();
            let args = a
                .children()
                .find(|c| c.kind() == ARG_LIST)
                .map(|l| {
                    l.children()
                        .filter(|e| is_expr_kind(e.kind()))
                        .map(|e| lower_attr_arg(&e))
                        .collect()
                })
                .unwrap_or_default();
            Attr {
                name,
                args,
                range: range_of(&a),
            }
        })
        .collect();
    attrs.into_iter().chain(implicit_conversion).collect()
}

fn lower_attr_arg(e: &SyntaxNode) -> AttrArg {
    match e.kind() {
        LITERAL => match first_token(e).map(|t| (t.kind(), t.text().to_string())) {
            Some((INT_NUMBER, text)) => {
                parse_int(&text).map_or(AttrArg::Other(text), |(v, _, _)| AttrArg::Int(v as i64))
            }
            Some((FLOAT_NUMBER, text)) => AttrArg::Float(text),
            Some((STRING, text)) => AttrArg::String(text.trim_matches('"').to_string()),
            Some((_, text)) => AttrArg::Other(text),
            None => AttrArg::Other(String::new()),
        },
        PREFIX_EXPR if has_token(e, MINUS) => match e
            .children()
            .find(|c| c.kind() == LITERAL)
            .and_then(|l| first_token(&l))
        {
            Some(t) if t.kind() == INT_NUMBER => parse_int(t.text())
                .map_or(AttrArg::Other(e.text().to_string()), |(v, _, _)| {
                    AttrArg::Int(-(v as i64))
                }),
            _ => AttrArg::Other(e.text().to_string()),
        },
        PATH_EXPR | FIELD_EXPR => match expr_as_path(e) {
            Some(p) => AttrArg::Path(p),
            None => AttrArg::Other(e.text().to_string()),
        },
        _ => AttrArg::Other(e.text().to_string()),
    }
}

/// `a.b::c` written as an expression, as a path (for attribute arguments).
fn expr_as_path(e: &SyntaxNode) -> Option<PathRef> {
    match e.kind() {
        PATH_EXPR => {
            let name_ref = e.children().find(|c| c.kind() == NAME_REF)?;
            Some(PathRef {
                segments: vec![PathSegRef {
                    name: name_ref_text(&name_ref),
                    // `S<5>.value`: the arguments of a generic type.
                    args: e
                        .children()
                        .find(|c| c.kind() == GENERIC_ARG_LIST)
                        .map(|l| lower_generic_args(&l)),
                    range: range_of(&name_ref),
                }],
            })
        }
        FIELD_EXPR => {
            let base = e.children().find(|c| is_expr_kind(c.kind()))?;
            let mut path = expr_as_path(&base)?;
            let name_ref = e.children().filter(|c| c.kind() == NAME_REF).last()?;
            path.segments.push(PathSegRef {
                name: name_ref_text(&name_ref),
                args: None,
                range: range_of(&name_ref),
            });
            Some(path)
        }
        _ => None,
    }
}

pub(super) fn lower_generics(node: &SyntaxNode) -> Vec<GenericParamData> {
    node.children()
        .filter(|c| c.kind() == GENERIC_PARAM_LIST)
        .flat_map(|l| l.children().collect::<Vec<_>>())
        .filter_map(|p| match p.kind() {
            TYPE_PARAM => {
                // Types before `=` are constraints, the one after it the default.
                let (mut constraints, mut default) = (Vec::new(), None);
                let mut after_eq = false;
                for el in p.children_with_tokens() {
                    match el {
                        rowan::NodeOrToken::Token(t) if t.kind() == EQ => after_eq = true,
                        rowan::NodeOrToken::Node(t) if is_type_kind(t.kind()) && after_eq => {
                            default = Some(GenericArgRef::Type(lower_type(&t)));
                        }
                        rowan::NodeOrToken::Node(t) if is_type_kind(t.kind()) => {
                            constraints.extend(lower_bound_types(&t));
                        }
                        _ => {}
                    }
                }
                Some(GenericParamData {
                    name: name_text(&p),
                    kind: GenericParamKind::Type { constraints },
                    range: range_of(&p),
                    variadic: has_token(&p, EACH_KW),
                    default,
                })
            }
            VALUE_PARAM => Some(GenericParamData {
                name: name_text(&p),
                kind: GenericParamKind::Value {
                    ty: p
                        .children()
                        .find(|c| is_type_kind(c.kind()))
                        .map_or(TypeRef::Error, |t| lower_type(&t)),
                },
                range: range_of(&p),
                // A value pack: `let each D : int` or `each int D`.
                variadic: has_token(&p, EACH_KW),
                default: p
                    .children()
                    .find(|c| is_expr_kind(c.kind()))
                    .map(|e| GenericArgRef::Const(lower_const(&e))),
            }),
            _ => None,
        })
        .collect()
}

pub(super) fn lower_where(node: &SyntaxNode) -> Vec<WherePred> {
    node.children()
        .filter(|c| c.kind() == WHERE_CLAUSE)
        .flat_map(|w| {
            w.children()
                .filter(|p| p.kind() == WHERE_PRED)
                .collect::<Vec<_>>()
        })
        .filter_map(|pred| {
            let mut types = pred
                .children()
                .filter(|c| is_type_kind(c.kind()))
                .map(|t| lower_type(&t));
            let subject = types.next()?;
            Some(WherePred {
                subject,
                bounds: types
                    .flat_map(|t| match t {
                        TypeRef::And(parts) => parts,
                        t => vec![t],
                    })
                    .collect(),
                optional: has_token(&pred, OPTIONAL_KW),
                equal: has_token(&pred, EQ2),
            })
        })
        .collect()
}

pub(crate) fn is_type_kind(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        PATH_TYPE
            | ARRAY_TYPE
            | EXPAND_TYPE
            | EACH_TYPE
            | POINTER_TYPE
            | FUNC_TYPE
            | AND_TYPE
            | PACK_QUERY_TYPE
    )
}

/// A type where a list of interfaces is expected (bases, constraints, `where` bounds): a
/// conjunction `IA & IB` stands for each of its parts.
pub(super) fn lower_bound_types(node: &SyntaxNode) -> Vec<TypeRef> {
    match lower_type(node) {
        TypeRef::And(parts) => parts,
        t => vec![t],
    }
}

pub fn lower_type(node: &SyntaxNode) -> TypeRef {
    match node.kind() {
        PATH_TYPE => match node.children().find(|c| c.kind() == PATH) {
            Some(path) => {
                let p = lower_path(&path);
                if p.segments.len() == 1
                    && p.segments[0].name == "This"
                    && p.segments[0].args.is_none()
                {
                    TypeRef::This
                } else {
                    TypeRef::Path(p)
                }
            }
            None => TypeRef::Error,
        },
        ARRAY_TYPE => {
            let inner = node
                .children()
                .find(|c| is_type_kind(c.kind()))
                .map_or(TypeRef::Error, |t| lower_type(&t));
            let len = node
                .children()
                .find(|c| is_expr_kind(c.kind()))
                .map(|e| lower_const(&e));
            TypeRef::Array(Box::new(inner), len)
        }
        EXPAND_TYPE => TypeRef::Expand(Box::new(
            node.children()
                .find(|c| is_type_kind(c.kind()))
                .map_or(TypeRef::Error, |t| lower_type(&t)),
        )),
        POINTER_TYPE => TypeRef::Pointer(Box::new(
            node.children()
                .find(|c| is_type_kind(c.kind()))
                .map_or(TypeRef::Error, |t| lower_type(&t)),
        )),
        // `functype(A, B) throws E -> R`: the types inside the parentheses are the parameters,
        // the one after `->` the result.
        FUNC_TYPE => {
            let mut params = Vec::new();
            let mut ret = None;
            let mut throws = None;
            let mut after_arrow = false;
            for el in node.children_with_tokens() {
                match el {
                    rowan::NodeOrToken::Token(t) if t.kind() == THIN_ARROW => after_arrow = true,
                    rowan::NodeOrToken::Node(n) if n.kind() == THROWS_CLAUSE => {
                        throws = n
                            .children()
                            .find(|c| is_type_kind(c.kind()))
                            .map(|t| Box::new(lower_type(&t)));
                    }
                    rowan::NodeOrToken::Node(n) if is_type_kind(n.kind()) => {
                        if after_arrow {
                            ret = Some(lower_type(&n));
                        } else {
                            params.push(lower_type(&n));
                        }
                    }
                    _ => {}
                }
            }
            TypeRef::Func {
                params,
                ret: Box::new(ret.unwrap_or(TypeRef::Error)),
                throws,
            }
        }
        AND_TYPE => TypeRef::And(
            node.children()
                .filter(|c| is_type_kind(c.kind()))
                .flat_map(|t| lower_bound_types(&t))
                .collect(),
        ),
        PACK_QUERY_TYPE => {
            let op = first_token(node).and_then(|t| crate::PackOp::from_name(t.text()));
            match op {
                Some(op) => TypeRef::PackQuery {
                    op,
                    args: lower_generic_args(node),
                    member: node
                        .children()
                        .find(|c| c.kind() == PATH)
                        .map(|p| lower_path(&p)),
                    range: range_of(node),
                },
                None => TypeRef::Error,
            }
        }
        // `each T`: the element of the pack, written as the pack's type parameter.
        EACH_TYPE => node
            .children()
            .find(|c| is_type_kind(c.kind()))
            .map_or(TypeRef::Error, |t| lower_type(&t)),
        _ => TypeRef::Error,
    }
}

fn lower_path(path: &SyntaxNode) -> PathRef {
    let mut segments = Vec::new();
    // `::Foo`: a type in the global scope.
    if let Some(t) = path.first_child_or_token().and_then(|c| c.into_token())
        && t.kind() == COLON2
    {
        segments.push(PathSegRef {
            name: crate::data::GLOBAL_SCOPE_SEGMENT.into(),
            args: None,
            range: token_range(&t),
        });
    }
    for child in path.children() {
        match child.kind() {
            PATH => segments.extend(lower_path(&child).segments),
            PATH_SEGMENT => {
                let name_ref = child.children().find(|c| c.kind() == NAME_REF);
                segments.push(PathSegRef {
                    name: name_ref.as_ref().map(name_ref_text).unwrap_or_default(),
                    args: child
                        .children()
                        .find(|c| c.kind() == GENERIC_ARG_LIST)
                        .map(|l| lower_generic_args(&l)),
                    range: name_ref.map_or_else(|| range_of(&child), |n| range_of(&n)),
                });
            }
            _ => {}
        }
    }
    PathRef { segments }
}

pub(super) fn lower_generic_args(list: &SyntaxNode) -> Vec<GenericArgRef> {
    list.children()
        .filter_map(|a| match a.kind() {
            TYPE_ARG => Some(GenericArgRef::Type(
                a.children()
                    .find(|c| is_type_kind(c.kind()))
                    .map_or(TypeRef::Error, |t| lower_type(&t)),
            )),
            CONST_ARG => Some(GenericArgRef::Const(
                a.children()
                    .find(|c| is_expr_kind(c.kind()))
                    .map_or(ConstRef::Other, |e| lower_const(&e)),
            )),
            _ => None,
        })
        .collect()
}

/// The operand of `sizeof(...)` (a `SIZEOF_EXPR`) or `alignof(...)` (its `ARG_LIST`): a type,
/// or a name (of a type or a variable). A layout argument (`sizeof(T, Layout)`) or another
/// expression is not a constant here.
fn sizeof_const(node: &SyntaxNode, align: bool) -> ConstRef {
    let operands: Vec<SyntaxNode> = node
        .children()
        .filter(|c| is_type_kind(c.kind()) || is_expr_kind(c.kind()))
        .collect();
    let [operand] = operands.as_slice() else {
        return ConstRef::Other;
    };
    let ty = if is_type_kind(operand.kind()) {
        lower_type(operand)
    } else {
        match operand.kind() {
            PATH_EXPR | FIELD_EXPR => match expr_as_path(operand) {
                Some(p) => TypeRef::Path(p),
                None => return ConstRef::Other,
            },
            // `sizeof(S[3])`: an array type, parsed as an index expression.
            INDEX_EXPR => {
                let parts: Vec<SyntaxNode> = operand
                    .children()
                    .filter(|c| is_expr_kind(c.kind()))
                    .collect();
                match parts.as_slice() {
                    [base, len] if base.kind() == PATH_EXPR => match expr_as_path(base) {
                        Some(p) => {
                            TypeRef::Array(Box::new(TypeRef::Path(p)), Some(lower_const(len)))
                        }
                        None => return ConstRef::Other,
                    },
                    _ => return ConstRef::Other,
                }
            }
            _ => return ConstRef::Other,
        }
    };
    ConstRef::SizeOf(Box::new(ty), align)
}

/// The type an expression names where a type is expected (`alignof(T, Std430DataLayout)`'s
/// layout argument): a path, or `Error`.
pub(super) fn expr_as_type(e: &SyntaxNode) -> TypeRef {
    if is_type_kind(e.kind()) {
        return lower_type(e);
    }
    match e.kind() {
        PATH_EXPR | FIELD_EXPR => expr_as_path(e).map_or(TypeRef::Error, TypeRef::Path),
        _ => TypeRef::Error,
    }
}

pub(super) fn lower_const(e: &SyntaxNode) -> ConstRef {
    match e.kind() {
        LITERAL => match first_token(e) {
            Some(t) if t.kind() == TRUE_KW => ConstRef::Int(1),
            Some(t) if t.kind() == FALSE_KW => ConstRef::Int(0),
            t => t
                .filter(|t| t.kind() == INT_NUMBER)
                .and_then(|t| parse_int(t.text()))
                .map_or(ConstRef::Other, |(v, _, _)| ConstRef::Int(v as i64)),
        },
        PREFIX_EXPR if has_token(e, BANG) || has_token(e, TILDE) => {
            let op = if has_token(e, BANG) { "!" } else { "~" };
            e.children()
                .find(|c| is_expr_kind(c.kind()))
                .map_or(ConstRef::Other, |i| {
                    ConstRef::Unary(op.into(), Box::new(lower_const(&i)))
                })
        }
        TERNARY_EXPR => {
            let parts: Vec<SyntaxNode> = e.children().filter(|c| is_expr_kind(c.kind())).collect();
            match parts.as_slice() {
                [c, a, b] => ConstRef::Select(
                    Box::new(lower_const(c)),
                    Box::new(lower_const(a)),
                    Box::new(lower_const(b)),
                ),
                _ => ConstRef::Other,
            }
        }
        PATH_EXPR | FIELD_EXPR => expr_as_path(e).map_or(ConstRef::Other, ConstRef::Path),
        SIZEOF_EXPR => sizeof_const(e, false),
        // `countof(T)` of a type or value pack: folded when the pack is bound.
        COUNTOF_EXPR => e
            .children()
            .find(|c| matches!(c.kind(), PATH_EXPR | FIELD_EXPR))
            .and_then(|c| expr_as_path(&c))
            .map_or(ConstRef::Other, ConstRef::CountOf),
        // `alignof(x)`: parsed as a call of the name.
        CALL_EXPR
            if e.children()
                .find(|c| is_expr_kind(c.kind()))
                .is_some_and(|c| {
                    c.kind() == PATH_EXPR && c.text().to_string().trim() == "alignof"
                }) =>
        {
            match e.children().find(|c| c.kind() == ARG_LIST) {
                Some(args) => sizeof_const(&args, true),
                None => ConstRef::Other,
            }
        }
        PAREN_EXPR => e
            .children()
            .find(|c| is_expr_kind(c.kind()))
            .map_or(ConstRef::Other, |i| lower_const(&i)),
        PREFIX_EXPR if has_token(e, MINUS) => e
            .children()
            .find(|c| is_expr_kind(c.kind()))
            .map_or(ConstRef::Other, |i| {
                ConstRef::Neg(Box::new(lower_const(&i)))
            }),
        BIN_EXPR => {
            let operands: Vec<SyntaxNode> =
                e.children().filter(|c| is_expr_kind(c.kind())).collect();
            let op: String = tokens(e)
                .filter(|t| !t.kind().is_trivia())
                .map(|t| t.text().to_string())
                .collect();
            match operands.as_slice() {
                [a, b] => ConstRef::Binary(
                    op.into(),
                    Box::new(lower_const(a)),
                    Box::new(lower_const(b)),
                ),
                _ => ConstRef::Other,
            }
        }
        // `int(5)`, `bool(1)`, `(uint)N`: a conversion to an integer or `bool` type.
        CALL_EXPR | CAST_EXPR => {
            let (ty_text, inner) = if e.kind() == CALL_EXPR {
                let callee = e.children().find(|c| is_expr_kind(c.kind()));
                let args: Vec<SyntaxNode> = e
                    .children()
                    .find(|c| c.kind() == ARG_LIST)
                    .map(|l| l.children().filter(|c| is_expr_kind(c.kind())).collect())
                    .unwrap_or_default();
                match (callee, args.as_slice()) {
                    (Some(c), [a]) if c.kind() == PATH_EXPR => (c.text().to_string(), a.clone()),
                    _ => return ConstRef::Other,
                }
            } else {
                let ty = e.children().find(|c| is_type_kind(c.kind()));
                let inner = e.children().find(|c| is_expr_kind(c.kind()));
                match (ty, inner) {
                    (Some(t), Some(i)) => (t.text().to_string(), i),
                    _ => return ConstRef::Other,
                }
            };
            match ty_text.trim() {
                "bool" => ConstRef::Unary(
                    "!".into(),
                    Box::new(ConstRef::Unary("!".into(), Box::new(lower_const(&inner)))),
                ),
                "int" | "uint" | "int64_t" | "uint64_t" | "int32_t" | "uint32_t" => {
                    lower_const(&inner)
                }
                _ => ConstRef::Other,
            }
        }
        _ => ConstRef::Other,
    }
}

/// Parses an integer literal: value, unsigned suffix, 64-bit suffix.
pub fn parse_int(text: &str) -> Option<(u64, bool, bool)> {
    let lower = text.to_ascii_lowercase();
    let digits = lower.trim_end_matches(['u', 'l']);
    let suffix = &lower[digits.len()..];
    let mut unsigned = suffix.contains('u');
    let mut wide = suffix.contains("ll") || (suffix.contains('l') && !unsigned && suffix.len() > 1);
    let decimal = !(digits.starts_with('0') && digits.len() > 1);
    let value = if let Some(hex) = digits.strip_prefix("0x") {
        u64::from_str_radix(hex, 16).ok()?
    } else if let Some(bin) = digits.strip_prefix("0b") {
        u64::from_str_radix(bin, 2).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        u64::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse().ok()?
    };
    // A literal too large for its type takes the first type that holds it, as slangc does:
    // decimal ones `int`, then `int64_t`; others `int`, `uint`, `int64_t`, `uint64_t` (the
    // unsigned ones the unsigned types only).
    if !wide {
        if unsigned {
            wide = value > u64::from(u32::MAX);
        } else if decimal {
            wide = value > i32::MAX as u64;
        } else if value > u64::from(u32::MAX) {
            wide = true;
            unsigned = value > i64::MAX as u64;
        } else if value > i32::MAX as u64 {
            unsigned = true;
        }
    } else if !unsigned && !decimal && value > i64::MAX as u64 {
        unsigned = true;
    }
    Some((value, unsigned, wide))
}
