//! `spirv_asm { ... }` translated into Slang: we emit WGSL (and SPIR-V through naga from the
//! same IR), so the block's instructions become statements of the enclosing body in a scope of
//! their own (`Expr::Block`), type-checked and specialised like the code around them. A result
//! id `%x` is a local named `%x` (a name no Slang source can write), `$x`/`$(e)` are Slang
//! values, `&x` the place `x`, `$$T` a Slang type; the `result` id is the block's value.
//! Module-level instructions (`OpCapability`, `OpExtension`, `OpName`, decorations) and type
//! declarations produce no code. An instruction without a translation makes the whole block
//! unsupported (E4001 at lowering, naming the opcode); the instruction forms themselves are
//! checked in `rules/asm.rs` (E2229).

use super::spirv_asm_ops::{enum_value, ext_inst_function, result_form, scalar_type_name};
use super::*;
use syntax::T;

/// One piece of an instruction: a token, or a Slang part the parser kept as a node.
#[derive(Clone)]
enum Piece {
    Tok(SyntaxToken),
    /// `$$T`.
    Type(SyntaxNode),
    /// `__sampledType(T)`: the 4-vector a sample of a `T` texture returns.
    Sampled(SyntaxNode),
    /// `$x` / `$(e)`.
    Value(SyntaxNode),
    /// `&x`.
    Addr(SyntaxNode),
}

/// An operand after the instruction's form is known.
#[derive(Clone)]
enum Operand {
    Id(SmolStr),
    /// The `result` marker.
    Result,
    Type(TypeRef),
    Sampled(TypeRef),
    Value(SyntaxNode),
    Addr(SyntaxNode),
    Int(i64),
    Float(f64),
    /// A string (`OpName`'s, `OpExtension`'s).
    Str,
    /// An enum operand (`Device`, `Lod`, `AcquireRelease|ImageMemory` folded to `Int`).
    Word(SmolStr),
}

/// What an id names.
#[derive(Clone)]
enum IdKind {
    /// A value held in the local of the same name.
    Value,
    /// A type declared in the block.
    Type(AsmType),
    /// `OpSampledImage`: the texture and sampler operands.
    SampledImage(Operand, Operand),
    /// A pointer: `OpVariable`'s local or an access chain.
    Pointer(Place),
    /// `OpExtInstImport`.
    ExtSet,
}

#[derive(Clone)]
enum AsmType {
    Slang(TypeRef),
    Pointer(Option<TypeRef>),
    SampledImage,
    /// A type we keep no Slang form of (values of it get their type from their initialiser).
    Opaque,
}

#[derive(Clone)]
enum Place {
    Addr(SyntaxNode),
    Local(SmolStr),
    Chain(Box<Place>, Vec<Operand>),
}

struct Inst {
    id: Option<Operand>,
    ty: Option<Operand>,
    op: SmolStr,
    operands: Vec<Operand>,
}

/// The local holding the block's `result`.
const RESULT_LOCAL: &str = "%result%";

type Fallible<T> = Result<T, String>;

fn unsupported_op(op: &str) -> String {
    format!("the SPIR-V instruction `{op}` of a `spirv_asm` block for WGSL and naga's SPIR-V")
}

impl BodyLowerer {
    /// The `spirv_asm` block `node` as an `Expr::Block`, or an unsupported expression naming the
    /// first instruction we cannot translate.
    pub(super) fn spirv_asm(&mut self, node: &SyntaxNode) -> ExprId {
        let range = range_of(node);
        let mut t = AsmTranslation {
            ids: FxHashMap::default(),
            stmts: Vec::new(),
            has_result: false,
            range,
        };
        let result = split_instructions(node).into_iter().try_for_each(|pieces| {
            let inst = parse_instruction(&pieces)?;
            self.translate(&mut t, inst)
        });
        match result {
            Ok(()) => {
                let value = t.has_result.then(|| {
                    let path = PathRef::single(RESULT_LOCAL.into(), range);
                    self.body.alloc_expr(Expr::Path(path), range)
                });
                self.body.alloc_expr(
                    Expr::Block {
                        stmts: t.stmts,
                        value,
                    },
                    range,
                )
            }
            Err(what) => self.unsupported(range, what),
        }
    }

    fn translate(&mut self, t: &mut AsmTranslation, inst: Inst) -> Fallible<()> {
        let op = inst.op.as_str();
        let ty = match &inst.ty {
            Some(o) => Some(t.type_of(o)?),
            None => None,
        };
        let slang_ty = match &ty {
            Some(AsmType::Slang(ty)) => Some(ty.clone()),
            _ => None,
        };
        let ops = &inst.operands;
        let arg = |k: usize| {
            ops.get(k)
                .cloned()
                .ok_or_else(|| format!("`{op}` without its operand {}", k + 1))
        };
        let value: ExprId = match op {
            "OpCapability" | "OpExtension" | "OpName" | "OpMemberName" | "OpDecorate"
            | "OpMemberDecorate" | "OpNop" | "OpLine" | "OpNoLine" | "OpSource"
            | "OpSourceExtension" | "OpModuleProcessed" | "OpExecutionMode" => return Ok(()),
            "OpExtInstImport" => return t.define(&inst, IdKind::ExtSet),
            _ if op.starts_with("OpType") => {
                let declared = self.declared_type(t, op, ops)?;
                return t.define(&inst, IdKind::Type(declared));
            }
            "OpConstant" | "OpSpecConstant" => {
                let v = self.value(t, &arg(0)?)?;
                self.cast(slang_ty.as_ref(), v)
            }
            "OpConstantTrue" | "OpSpecConstantTrue" => self.literal(Literal::Bool(true)),
            "OpConstantFalse" | "OpSpecConstantFalse" => self.literal(Literal::Bool(false)),
            "OpConstantNull" => {
                let zero = self.int(0);
                self.cast(slang_ty.as_ref(), zero)
            }
            "OpConstantComposite" | "OpCompositeConstruct" => {
                let items = ops
                    .iter()
                    .map(|o| self.value(t, o))
                    .collect::<Fallible<Vec<_>>>()?;
                let list = self.body.alloc_expr(Expr::InitList(items), t.range);
                return self.bind(t, &inst, slang_ty, Some(list), false);
            }
            "OpUndef" => return self.bind(t, &inst, slang_ty, None, false),
            "OpCopyObject" => self.value(t, &arg(0)?)?,
            "OpLoad" => {
                let place = t.place_of(&arg(0)?)?;
                self.place_expr(t, &place)?
            }
            "OpStore" => {
                let place = t.place_of(&arg(0)?)?;
                let lhs = self.place_expr(t, &place)?;
                let rhs = self.value(t, &arg(1)?)?;
                let assign = self
                    .body
                    .alloc_expr(Expr::Assign { op: None, lhs, rhs }, t.range);
                t.stmts
                    .push(self.body.alloc_stmt(Stmt::Expr(assign), t.range));
                return Ok(());
            }
            "OpAccessChain" | "OpInBoundsAccessChain" => {
                let base = t.place_of(&arg(0)?)?;
                let chain = Place::Chain(Box::new(base), ops[1..].to_vec());
                return t.define(&inst, IdKind::Pointer(chain));
            }
            "OpVariable" => {
                let pointee = match ty {
                    Some(AsmType::Pointer(inner)) => inner,
                    Some(AsmType::Slang(ty)) => Some(ty),
                    _ => None,
                };
                let init = match ops.get(1) {
                    Some(o) => Some(self.value(t, o)?),
                    None => None,
                };
                let Some(Operand::Id(name)) = &inst.id else {
                    return Err("an `OpVariable` without a result id".into());
                };
                let name = name.clone();
                self.declare(t, &name, pointee, init, true);
                t.ids
                    .insert(name.clone(), IdKind::Pointer(Place::Local(name)));
                return Ok(());
            }
            "OpSelect" => {
                let cond = self.value(t, &arg(0)?)?;
                let then_branch = self.value(t, &arg(1)?)?;
                let else_branch = self.value(t, &arg(2)?)?;
                self.body.alloc_expr(
                    Expr::Ternary {
                        cond,
                        then_branch,
                        else_branch,
                    },
                    t.range,
                )
            }
            "OpSNegate" | "OpFNegate" | "OpNot" | "OpLogicalNot" => {
                let op = match op {
                    "OpNot" => PrefixOp::BitNot,
                    "OpLogicalNot" => PrefixOp::Not,
                    _ => PrefixOp::Neg,
                };
                let v = self.value(t, &arg(0)?)?;
                let v = self.cast(slang_ty.as_ref(), v);
                self.body.alloc_expr(Expr::Prefix { op, expr: v }, t.range)
            }
            "OpConvertFToU" | "OpConvertFToS" | "OpConvertSToF" | "OpConvertUToF"
            | "OpUConvert" | "OpSConvert" | "OpFConvert" | "OpSatConvertSToU"
            | "OpSatConvertUToS" => {
                let v = self.value(t, &arg(0)?)?;
                self.cast(slang_ty.as_ref(), v)
            }
            "OpBitcast" => {
                let target = slang_ty
                    .clone()
                    .ok_or("an `OpBitcast` to a type without a Slang form")?;
                let v = self.value(t, &arg(0)?)?;
                self.generic_call(t, "bit_cast", vec![target], vec![v])
            }
            "OpCompositeExtract" => {
                let mut v = self.value(t, &arg(0)?)?;
                for index in &ops[1..] {
                    let index = self.value(t, index)?;
                    v = self
                        .body
                        .alloc_expr(Expr::Index { base: v, index }, t.range);
                }
                v
            }
            "OpCompositeInsert" => {
                // A copy of the composite with one element replaced.
                let object = self.value(t, &arg(0)?)?;
                let composite = self.value(t, &arg(1)?)?;
                let name = t.id_name(&inst)?;
                self.declare(t, &name, slang_ty.clone(), Some(composite), true);
                t.ids.insert(name.clone(), IdKind::Value);
                let chain = Place::Chain(Box::new(Place::Local(name)), ops[2..].to_vec());
                let lhs = self.place_expr(t, &chain)?;
                let assign = self.body.alloc_expr(
                    Expr::Assign {
                        op: None,
                        lhs,
                        rhs: object,
                    },
                    t.range,
                );
                t.stmts
                    .push(self.body.alloc_stmt(Stmt::Expr(assign), t.range));
                return Ok(());
            }
            "OpDot" => {
                let a = self.value(t, &arg(0)?)?;
                let b = self.value(t, &arg(1)?)?;
                self.call(t, "dot", vec![a, b])
            }
            "OpExtInst" => {
                if !matches!(t.ids.get(&id_text(&arg(0)?)), Some(IdKind::ExtSet))
                    && !matches!(arg(0)?, Operand::Word(_))
                {
                    return Err(unsupported_op(op));
                }
                let Operand::Word(name) = arg(1)? else {
                    return Err(unsupported_op(op));
                };
                let Some((function, out_params)) = ext_inst_function(&name) else {
                    return Err(format!(
                        "the GLSL.std.450 instruction `{name}` of a `spirv_asm` block for WGSL and naga's SPIR-V"
                    ));
                };
                let mut args = Vec::new();
                for (k, o) in ops[2..].iter().enumerate() {
                    args.push(if out_params.contains(&k) {
                        let place = t.place_of(o)?;
                        self.place_expr(t, &place)?
                    } else {
                        self.value(t, o)?
                    });
                }
                let call = self.call(t, function, args);
                self.cast(slang_ty.as_ref(), call)
            }
            "OpSampledImage" => {
                return t.define(&inst, IdKind::SampledImage(arg(0)?, arg(1)?));
            }
            "OpImageSampleExplicitLod" | "OpImageSampleImplicitLod" => {
                self.image_sample(t, op, ops)?
            }
            "__truncate" => {
                // `__truncate $$To %id $$From value`: the leading components of a vector.
                let (Some(Operand::Type(from) | Operand::Sampled(from)), Some(v)) =
                    (ops.first(), ops.get(1))
                else {
                    return Err("a `__truncate` without its source type and value".into());
                };
                let from_len = match ops.first() {
                    Some(Operand::Sampled(_)) => Some(4),
                    _ => vector_len(from),
                };
                let to_len = slang_ty.as_ref().and_then(vector_len);
                let v = self.value(t, v)?;
                match (from_len, to_len) {
                    (Some(n), Some(m)) if m < n => {
                        let swizzle = &"xyzw"[..m as usize];
                        self.body.alloc_expr(
                            Expr::Field {
                                base: v,
                                name: swizzle.into(),
                                name_range: t.range,
                            },
                            t.range,
                        )
                    }
                    (None, None) => v,
                    (Some(n), Some(m)) if n == m => v,
                    (None, Some(_)) => {
                        return Err("a `__truncate` to a type longer than its source".into());
                    }
                    (Some(_), None) => self.body.alloc_expr(
                        Expr::Field {
                            base: v,
                            name: "x".into(),
                            name_range: t.range,
                        },
                        t.range,
                    ),
                    _ => return Err("a `__truncate` to a type longer than its source".into()),
                }
            }
            _ => {
                if let Some(bin) = binary_op(op) {
                    let (bop, same_type_operands) = bin;
                    let a = self.value(t, &arg(0)?)?;
                    let b = self.value(t, &arg(1)?)?;
                    let (a, b) = if same_type_operands {
                        (
                            self.cast(slang_ty.as_ref(), a),
                            self.cast(slang_ty.as_ref(), b),
                        )
                    } else {
                        (a, b)
                    };
                    let e = self.body.alloc_expr(
                        Expr::Binary {
                            op: bop,
                            lhs: a,
                            rhs: b,
                        },
                        t.range,
                    );
                    if same_type_operands {
                        e
                    } else {
                        self.cast(slang_ty.as_ref(), e)
                    }
                } else {
                    return Err(unsupported_op(op));
                }
            }
        };
        if inst.id.is_none() {
            // A value nobody names (a call kept for its effects).
            t.stmts
                .push(self.body.alloc_stmt(Stmt::Expr(value), t.range));
            return Ok(());
        }
        self.bind(t, &inst, slang_ty, Some(value), false)
    }

    /// The type an `OpType...` instruction declares.
    fn declared_type(
        &mut self,
        t: &AsmTranslation,
        op: &str,
        ops: &[Operand],
    ) -> Fallible<AsmType> {
        let int = |k: usize| match ops.get(k) {
            Some(Operand::Int(v)) => Some(*v),
            _ => None,
        };
        let scalar = |name: Option<&'static str>| {
            name.map_or(AsmType::Opaque, |n| {
                AsmType::Slang(TypeRef::Path(PathRef::single(n.into(), t.range)))
            })
        };
        Ok(match op {
            "OpTypeBool" => scalar(Some("bool")),
            "OpTypeInt" => scalar(scalar_type_name('i', int(0), int(1) == Some(1))),
            "OpTypeFloat" => scalar(scalar_type_name('f', int(0), true)),
            "OpTypeVector" => {
                let elem = match ops.first() {
                    Some(o) => t.type_of(o)?,
                    None => AsmType::Opaque,
                };
                match (elem, int(1)) {
                    (AsmType::Slang(TypeRef::Path(p)), Some(n)) if p.segments.len() == 1 => {
                        let name = format!("{}{n}", p.segments[0].name);
                        AsmType::Slang(TypeRef::Path(PathRef::single(name.into(), t.range)))
                    }
                    _ => AsmType::Opaque,
                }
            }
            "OpTypeSampledImage" => AsmType::SampledImage,
            "OpTypePointer" => AsmType::Pointer(match ops.get(1) {
                Some(o) => match t.type_of(o)? {
                    AsmType::Slang(ty) => Some(ty),
                    _ => None,
                },
                None => None,
            }),
            _ => AsmType::Opaque,
        })
    }

    /// `OpImageSample{Explicit,Implicit}Lod $$T %sampledImage coord [ImageOperands args...]` as
    /// the texture's `Sample*` method.
    fn image_sample(
        &mut self,
        t: &mut AsmTranslation,
        op: &str,
        ops: &[Operand],
    ) -> Fallible<ExprId> {
        let Some(Operand::Id(si)) = ops.first() else {
            return Err(unsupported_op(op));
        };
        let Some(IdKind::SampledImage(image, sampler)) = t.ids.get(si).cloned() else {
            return Err(format!("`{op}` of an id that is not an `OpSampledImage`"));
        };
        let coord = ops
            .get(1)
            .ok_or_else(|| format!("`{op}` without its coordinate"))?;
        let image = self.value(t, &image)?;
        let mut args = vec![self.value(t, &sampler)?, self.value(t, coord)?];
        let rest = &ops[2.min(ops.len())..];
        let method = match rest.first() {
            None => "Sample",
            Some(Operand::Word(w)) if w == "Lod" && rest.len() == 2 => {
                args.push(self.value(t, &rest[1])?);
                "SampleLevel"
            }
            Some(Operand::Word(w)) if w == "Bias" && rest.len() == 2 => {
                args.push(self.value(t, &rest[1])?);
                "SampleBias"
            }
            Some(Operand::Word(w)) if w == "Grad" && rest.len() == 3 => {
                args.push(self.value(t, &rest[1])?);
                args.push(self.value(t, &rest[2])?);
                "SampleGrad"
            }
            _ => {
                return Err(format!(
                    "the image operands of `{op}` in a `spirv_asm` block"
                ));
            }
        };
        let callee = self.body.alloc_expr(
            Expr::Field {
                base: image,
                name: method.into(),
                name_range: t.range,
            },
            t.range,
        );
        Ok(self.body.alloc_expr(Expr::Call { callee, args }, t.range))
    }

    /// An operand as a Slang value.
    fn value(&mut self, t: &AsmTranslation, o: &Operand) -> Fallible<ExprId> {
        Ok(match o {
            Operand::Id(name) => match t.ids.get(name) {
                Some(IdKind::Value) => {
                    let path = PathRef::single(name.clone(), t.range);
                    self.body.alloc_expr(Expr::Path(path), t.range)
                }
                Some(IdKind::Pointer(_)) => {
                    return Err(format!(
                        "the pointer `{name}` used as a value in a `spirv_asm` block"
                    ));
                }
                Some(_) => {
                    return Err(format!(
                        "the id `{name}` used as a value in a `spirv_asm` block"
                    ));
                }
                None => {
                    return Err(format!(
                        "the undefined SPIR-V id `{name}` in a `spirv_asm` block"
                    ));
                }
            },
            Operand::Value(node) => self.expr(node),
            Operand::Int(v) => self.int(*v),
            Operand::Float(v) => self.literal(Literal::Float {
                value: *v,
                suffix: None,
            }),
            Operand::Word(w) => match enum_value(w) {
                Some(v) => self.int(v),
                None => return Err(format!("the SPIR-V operand `{w}` of a `spirv_asm` block")),
            },
            Operand::Addr(_) => {
                return Err("an address `&x` used as a value in a `spirv_asm` block".into());
            }
            Operand::Result | Operand::Type(_) | Operand::Sampled(_) | Operand::Str => {
                return Err("a type or string used as a value in a `spirv_asm` block".into());
            }
        })
    }

    fn place_expr(&mut self, t: &AsmTranslation, place: &Place) -> Fallible<ExprId> {
        Ok(match place {
            Place::Addr(node) => self.expr(node),
            Place::Local(name) => {
                let path = PathRef::single(name.clone(), t.range);
                self.body.alloc_expr(Expr::Path(path), t.range)
            }
            Place::Chain(base, indices) => {
                let mut e = self.place_expr(t, base)?;
                for index in indices {
                    let index = self.value(t, index)?;
                    e = self
                        .body
                        .alloc_expr(Expr::Index { base: e, index }, t.range);
                }
                e
            }
        })
    }

    /// `%id = value` (or the block's `result`) as a local of the instruction's type.
    fn bind(
        &mut self,
        t: &mut AsmTranslation,
        inst: &Inst,
        ty: Option<TypeRef>,
        init: Option<ExprId>,
        mutable: bool,
    ) -> Fallible<()> {
        let name = t.id_name(inst)?;
        if name == RESULT_LOCAL {
            t.has_result = true;
        }
        self.declare(t, &name, ty.clone(), init, mutable);
        t.ids.insert(name, IdKind::Value);
        Ok(())
    }

    fn declare(
        &mut self,
        t: &mut AsmTranslation,
        name: &SmolStr,
        ty: Option<TypeRef>,
        init: Option<ExprId>,
        mutable: bool,
    ) {
        let local = self.body.locals.alloc(LocalData {
            name: name.clone(),
            ty,
            array_dims: Vec::new(),
            mutable,
            is_static: false,
            is_groupshared: false,
            name_range: t.range,
        });
        t.stmts
            .push(self.body.alloc_stmt(Stmt::Local { local, init }, t.range));
    }

    fn cast(&mut self, ty: Option<&TypeRef>, e: ExprId) -> ExprId {
        match ty {
            Some(ty) => {
                let range = self.body.expr_range(e);
                self.body.alloc_expr(
                    Expr::Cast {
                        ty: ty.clone(),
                        expr: e,
                    },
                    range,
                )
            }
            None => e,
        }
    }

    fn literal(&mut self, lit: Literal) -> ExprId {
        self.body
            .alloc_expr(Expr::Literal(lit), TextRange::default())
    }

    fn int(&mut self, v: i64) -> ExprId {
        let lit = self.literal(Literal::Int {
            value: v.unsigned_abs(),
            unsigned: false,
            wide: false,
        });
        if v < 0 {
            self.body.alloc_expr(
                Expr::Prefix {
                    op: PrefixOp::Neg,
                    expr: lit,
                },
                TextRange::default(),
            )
        } else {
            lit
        }
    }

    fn call(&mut self, t: &AsmTranslation, function: &str, args: Vec<ExprId>) -> ExprId {
        let path = PathRef::single(function.into(), t.range);
        let callee = self.body.alloc_expr(Expr::Path(path), t.range);
        self.body.alloc_expr(Expr::Call { callee, args }, t.range)
    }

    fn generic_call(
        &mut self,
        t: &AsmTranslation,
        function: &str,
        types: Vec<TypeRef>,
        args: Vec<ExprId>,
    ) -> ExprId {
        let path = PathRef::single(function.into(), t.range);
        let base = self.body.alloc_expr(Expr::Path(path), t.range);
        let callee = self.body.alloc_expr(
            Expr::GenericApply {
                base,
                args: types.into_iter().map(GenericArgRef::Type).collect(),
            },
            t.range,
        );
        self.body.alloc_expr(Expr::Call { callee, args }, t.range)
    }
}

struct AsmTranslation {
    ids: FxHashMap<SmolStr, IdKind>,
    stmts: Vec<StmtId>,
    has_result: bool,
    range: TextRange,
}

impl AsmTranslation {
    fn type_of(&self, o: &Operand) -> Fallible<AsmType> {
        Ok(match o {
            Operand::Type(ty) => AsmType::Slang(ty.clone()),
            Operand::Sampled(inner) => match inner {
                TypeRef::Path(p) if p.segments.len() == 1 => AsmType::Slang(TypeRef::Path(
                    PathRef::single(format!("{}4", p.segments[0].name).into(), self.range),
                )),
                _ => AsmType::Opaque,
            },
            Operand::Id(name) => match self.ids.get(name) {
                Some(IdKind::Type(ty)) => ty.clone(),
                _ => {
                    return Err(format!(
                        "the id `{name}` used as a type in a `spirv_asm` block"
                    ));
                }
            },
            _ => return Err("a result type that is not a type in a `spirv_asm` block".into()),
        })
    }

    fn place_of(&self, o: &Operand) -> Fallible<Place> {
        match o {
            Operand::Addr(node) => Ok(Place::Addr(node.clone())),
            Operand::Id(name) => match self.ids.get(name) {
                Some(IdKind::Pointer(p)) => Ok(p.clone()),
                _ => Err(format!(
                    "the id `{name}` used as a pointer in a `spirv_asm` block"
                )),
            },
            _ => Err(
                "a pointer operand that is neither `&x` nor a pointer id in a `spirv_asm` block"
                    .into(),
            ),
        }
    }

    fn id_name(&self, inst: &Inst) -> Fallible<SmolStr> {
        match &inst.id {
            Some(Operand::Id(name)) => Ok(name.clone()),
            Some(Operand::Result) => Ok(RESULT_LOCAL.into()),
            _ => Err(format!("`{}` without a result id", inst.op)),
        }
    }

    fn define(&mut self, inst: &Inst, kind: IdKind) -> Fallible<()> {
        if let Some(Operand::Id(name)) = &inst.id {
            self.ids.insert(name.clone(), kind);
        }
        Ok(())
    }
}

fn id_text(o: &Operand) -> SmolStr {
    match o {
        Operand::Id(name) => name.clone(),
        _ => SmolStr::default(),
    }
}

/// The binary operator of an arithmetic, bitwise, logical or comparison opcode, and whether its
/// operands have the result's type (not so for comparisons and shifts).
fn binary_op(op: &str) -> Option<(BinaryOp, bool)> {
    use BinaryOp::*;
    Some(match op {
        "OpIAdd" | "OpFAdd" => (Add, true),
        "OpISub" | "OpFSub" => (Sub, true),
        "OpIMul" | "OpFMul" | "OpVectorTimesScalar" => (Mul, true),
        "OpSDiv" | "OpUDiv" | "OpFDiv" => (Div, true),
        // `%` truncates like these (the sign of the dividend); `OpSMod`/`OpFMod` differ.
        "OpSRem" | "OpUMod" | "OpFRem" => (Rem, true),
        "OpBitwiseAnd" => (BitAnd, true),
        "OpBitwiseOr" => (BitOr, true),
        "OpBitwiseXor" => (BitXor, true),
        "OpShiftLeftLogical" => (Shl, false),
        "OpShiftRightLogical" | "OpShiftRightArithmetic" => (Shr, false),
        "OpLogicalAnd" => (And, false),
        "OpLogicalOr" => (Or, false),
        "OpIEqual" | "OpLogicalEqual" | "OpFOrdEqual" => (Eq, false),
        "OpINotEqual" | "OpLogicalNotEqual" | "OpFUnordNotEqual" => (Ne, false),
        "OpSLessThan" | "OpULessThan" | "OpFOrdLessThan" => (Lt, false),
        "OpSLessThanEqual" | "OpULessThanEqual" | "OpFOrdLessThanEqual" => (Le, false),
        "OpSGreaterThan" | "OpUGreaterThan" | "OpFOrdGreaterThan" => (Gt, false),
        "OpSGreaterThanEqual" | "OpUGreaterThanEqual" | "OpFOrdGreaterThanEqual" => (Ge, false),
        _ => return None,
    })
}

/// The component count of a vector type written `vector<T, N>` or `float3`; `None` for
/// scalars and other types.
fn vector_len(ty: &TypeRef) -> Option<u32> {
    let TypeRef::Path(p) = ty else {
        return None;
    };
    let seg = p.segments.last()?;
    if seg.name == "vector" {
        return match seg.args.as_deref() {
            Some([_, GenericArgRef::Const(ConstRef::Int(n))]) => u32::try_from(*n).ok(),
            _ => None,
        };
    }
    let digits = seg.name.trim_start_matches(|c: char| !c.is_ascii_digit());
    let base = &seg.name[..seg.name.len() - digits.len()];
    let known = ["float", "int", "uint", "half", "double", "bool"];
    if known.contains(&base) && digits.len() == 1 {
        digits.parse().ok().filter(|n| (1..=4).contains(n))
    } else {
        None
    }
}

/// The block's instructions: its pieces split at `;`.
fn split_instructions(node: &SyntaxNode) -> Vec<Vec<Piece>> {
    let elements: Vec<SyntaxElement> = node
        .children_with_tokens()
        .filter(|e| !e.as_token().is_some_and(|t| t.kind().is_trivia()))
        .collect();
    // Drop `spirv_asm {` and the closing `}`.
    let open = elements
        .iter()
        .position(|e| e.as_token().is_some_and(|t| t.kind() == T!['{']))
        .map_or(elements.len(), |i| i + 1);
    let mut end = elements.len();
    if elements
        .last()
        .and_then(|e| e.as_token())
        .is_some_and(|t| t.kind() == T!['}'])
    {
        end -= 1;
    }
    let mut out = vec![Vec::new()];
    let mut k = open;
    while k < end {
        match &elements[k] {
            SyntaxElement::Token(tok) if tok.kind() == T![;] => out.push(Vec::new()),
            SyntaxElement::Token(tok) if tok.kind() == DOLLAR => {
                // `$$T` / `$x`: the node after the sigils.
                let mut j = k + 1;
                let double = elements
                    .get(j)
                    .and_then(|e| e.as_token())
                    .is_some_and(|t| t.kind() == DOLLAR);
                if double {
                    j += 1;
                }
                if let Some(SyntaxElement::Node(n)) = elements.get(j) {
                    let piece = if double {
                        Piece::Type(n.clone())
                    } else {
                        Piece::Value(n.clone())
                    };
                    push_piece(&mut out, piece);
                    k = j + 1;
                    continue;
                }
                push_piece(&mut out, Piece::Tok(tok.clone()));
            }
            SyntaxElement::Token(tok) if tok.kind() == T![&] => {
                if let Some(SyntaxElement::Node(n)) = elements.get(k + 1) {
                    push_piece(&mut out, Piece::Addr(n.clone()));
                    k += 2;
                    continue;
                }
                push_piece(&mut out, Piece::Tok(tok.clone()));
            }
            SyntaxElement::Token(tok)
                if tok.kind() == IDENT
                    && tok.text() == "__sampledType"
                    && matches!(elements.get(k + 2), Some(SyntaxElement::Node(_))) =>
            {
                if let Some(SyntaxElement::Node(n)) = elements.get(k + 2) {
                    push_piece(&mut out, Piece::Sampled(n.clone()));
                }
                k += 3;
                if elements
                    .get(k)
                    .and_then(|e| e.as_token())
                    .is_some_and(|t| t.kind() == T![')'])
                {
                    k += 1;
                }
                continue;
            }
            SyntaxElement::Token(tok) => push_piece(&mut out, Piece::Tok(tok.clone())),
            SyntaxElement::Node(n) => push_piece(&mut out, Piece::Value(n.clone())),
        }
        k += 1;
    }
    out.retain(|i| !i.is_empty());
    out
}

/// Reads one instruction's form: `[%x [: T] =] Op operands`, with the result type and id of
/// the positional form (`OpIAdd $$int %x a b`) taken out by the opcode's result form.
fn parse_instruction(pieces: &[Piece]) -> Fallible<Inst> {
    let is_tok = |p: &Piece, text: &str| matches!(p, Piece::Tok(t) if t.text() == text);
    let eq = pieces.iter().position(|p| is_tok(p, "="));
    let (head, rest) = match eq {
        Some(eq) => (&pieces[..eq], &pieces[eq + 1..]),
        None => (&pieces[..0], pieces),
    };
    let Some(Piece::Tok(op_tok)) = rest.first() else {
        return Err("a `spirv_asm` instruction that does not start with its opcode".into());
    };
    let op: SmolStr = op_tok.text().into();
    let mut operands = read_operands(&rest[1..])?;
    let mut id = None;
    let mut ty = None;
    if eq.is_some() {
        let colon = head.iter().position(|p| is_tok(p, ":"));
        let id_part = read_operands(&head[..colon.unwrap_or(head.len())])?;
        id = id_part.into_iter().next();
        if let Some(c) = colon {
            ty = read_operands(&head[c + 1..])?.into_iter().next();
        } else if result_form(&op).0 && !operands.is_empty() {
            ty = Some(operands.remove(0));
        }
    } else {
        let (has_type, has_id) = result_form(&op);
        if has_type && !operands.is_empty() {
            ty = Some(operands.remove(0));
        }
        if has_id && !operands.is_empty() {
            id = Some(operands.remove(0));
        }
    }
    Ok(Inst {
        id,
        ty,
        op,
        operands,
    })
}

fn read_operands(pieces: &[Piece]) -> Fallible<Vec<Operand>> {
    let mut out: Vec<Operand> = Vec::new();
    let mut k = 0;
    while k < pieces.len() {
        let operand = match &pieces[k] {
            Piece::Type(n) => Operand::Type(asm_type(n)),
            Piece::Sampled(n) => Operand::Sampled(asm_type(n)),
            Piece::Value(n) => Operand::Value(n.clone()),
            Piece::Addr(n) => Operand::Addr(n.clone()),
            Piece::Tok(t) => match t.kind() {
                PERCENT => {
                    // `%name`: the next token is the name (a keyword or number too).
                    let name = match pieces.get(k + 1) {
                        Some(Piece::Tok(n)) => n.text().to_string(),
                        _ => return Err("a `%` without an id name in a `spirv_asm` block".into()),
                    };
                    k += 1;
                    Operand::Id(format!("%{name}").into())
                }
                INT_NUMBER => Operand::Int(
                    parse_int(t.text())
                        .and_then(|(v, ..)| i64::try_from(v).ok())
                        .ok_or("an integer operand out of range")?,
                ),
                FLOAT_NUMBER => {
                    Operand::Float(syntax::float_literal_value(t.text()).unwrap_or(0.0))
                }
                T![-] => match pieces.get(k + 1) {
                    Some(Piece::Tok(n)) if n.kind() == INT_NUMBER => {
                        k += 1;
                        let v = parse_int(n.text())
                            .and_then(|(v, ..)| i64::try_from(v).ok())
                            .ok_or("an integer operand out of range")?;
                        Operand::Int(-v)
                    }
                    Some(Piece::Tok(n)) if n.kind() == FLOAT_NUMBER => {
                        k += 1;
                        Operand::Float(-syntax::float_literal_value(n.text()).unwrap_or(0.0))
                    }
                    _ => {
                        return Err(
                            "a `-` that is not a number's sign in a `spirv_asm` block".into()
                        );
                    }
                },
                STRING => Operand::Str,
                T![|] => {
                    // `A|B`: the enum operands' bits together.
                    let a = match out.pop() {
                        Some(Operand::Word(w)) => enum_value(&w),
                        Some(Operand::Int(v)) => Some(v),
                        _ => None,
                    };
                    let b = match pieces.get(k + 1) {
                        Some(Piece::Tok(b)) => enum_value(b.text()),
                        _ => None,
                    };
                    k += 2;
                    let (Some(a), Some(b)) = (a, b) else {
                        return Err("a `|` between operands that are not known enum values".into());
                    };
                    out.push(Operand::Int(a | b));
                    continue;
                }
                _ if t.text() == "result" => Operand::Result,
                _ if t.kind() == IDENT || t.kind().is_keyword() => Operand::Word(t.text().into()),
                _ => {
                    return Err(format!("the operand `{}` of a `spirv_asm` block", t.text()));
                }
            },
        };
        out.push(operand);
        k += 1;
    }
    Ok(out)
}

fn asm_type(node: &SyntaxNode) -> TypeRef {
    if is_type_kind(node.kind()) {
        lower_type(node)
    } else {
        TypeRef::Error
    }
}

/// Appends a piece to the instruction being read (a new one if none is open yet).
fn push_piece(out: &mut Vec<Vec<Piece>>, piece: Piece) {
    match out.last_mut() {
        Some(instruction) => instruction.push(piece),
        None => out.push(vec![piece]),
    }
}
