//! A small body emitter shared by the reverse-mode passes: typed instructions appended to a stack
//! of open blocks of one function, plus value-rewriting helpers for cloned code.

use ir::{
    Arg, BinaryOp, Block, Function, Inst, Literal, Local, LocalId, Module, Place, Stmt, TypeId,
    TypeKind, UnaryOp, ValueData, ValueId,
};
use rustc_hash::FxHashMap;

/// Adds `inst` to `func`'s values, typed as the IR builder types it (`explicit` where the
/// instruction alone does not say); a typing failure is recorded in `errors`. Does not place it
/// in a block.
pub(crate) fn append_value(
    module: &mut Module,
    func: &mut Function,
    inst: Inst,
    explicit: Option<TypeId>,
    errors: &mut Vec<String>,
) -> ValueId {
    let ctx = ir::infer::Ctx {
        globals: &module.globals,
        functions: &module.functions,
        params: &func.params,
        locals: &func.locals,
        values: &func.values,
    };
    let ty = match ir::infer::infer_type(&mut module.types, &ctx, &inst) {
        Ok(Some(t)) => t,
        Ok(None) => explicit.unwrap_or_else(|| {
            errors.push(format!("{inst:?} needs a type"));
            module.types.void()
        }),
        Err(e) => {
            errors.push(e);
            module.types.void()
        }
    };
    let v = ValueId(func.values.len() as u32);
    func.values.push(ValueData { ty, inst });
    v
}

pub(crate) struct Emitter<'m> {
    pub module: &'m mut Module,
    pub func: Function,
    pub blocks: Vec<Block>,
    pub errors: Vec<String>,
}

impl<'m> Emitter<'m> {
    pub fn new(module: &'m mut Module, func: Function) -> Emitter<'m> {
        Emitter {
            module,
            func,
            blocks: vec![Vec::new()],
            errors: Vec::new(),
        }
    }

    pub fn push(&mut self, s: Stmt) {
        if let Some(b) = self.blocks.last_mut() {
            b.push(s);
        }
    }
    pub fn push_block(&mut self, block: Block) {
        if let Some(b) = self.blocks.last_mut() {
            b.extend(block);
        }
    }
    pub fn open(&mut self) {
        self.blocks.push(Vec::new());
    }
    pub fn close(&mut self) -> Block {
        self.blocks.pop().unwrap_or_default()
    }

    /// Appends `inst` as a new value typed as the IR builder types it.
    pub fn emit(&mut self, inst: Inst, explicit: Option<TypeId>) -> ValueId {
        let v = append_value(
            self.module,
            &mut self.func,
            inst,
            explicit,
            &mut self.errors,
        );
        self.push(Stmt::Let(v));
        v
    }

    /// The value of a bool that folds to a constant (literals through `!`, `&&`, `||`).
    pub fn const_bool(&self, v: ValueId) -> Option<bool> {
        match &self.func.value(v)?.inst {
            Inst::Literal(Literal::Bool(b)) => Some(*b),
            Inst::Unary(UnaryOp::Not, a) => self.const_bool(*a).map(|b| !b),
            Inst::Binary(BinaryOp::LogicalAnd, a, b) => {
                match (self.const_bool(*a), self.const_bool(*b)) {
                    (Some(false), _) | (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                }
            }
            Inst::Binary(BinaryOp::LogicalOr, a, b) => {
                match (self.const_bool(*a), self.const_bool(*b)) {
                    (Some(true), _) | (_, Some(true)) => Some(true),
                    (Some(false), Some(false)) => Some(false),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    pub fn ty(&self, v: ValueId) -> TypeId {
        self.func.value_ty(v).unwrap_or(TypeId(u32::MAX))
    }

    pub fn place_ty(&mut self, place: &Place) -> Option<TypeId> {
        let ctx = ir::infer::Ctx {
            globals: &self.module.globals,
            functions: &self.module.functions,
            params: &self.func.params,
            locals: &self.func.locals,
            values: &self.func.values,
        };
        match ir::infer::place_type(&mut self.module.types, &ctx, place) {
            Ok(t) => Some(t),
            Err(e) => {
                self.errors.push(e);
                None
            }
        }
    }

    pub fn local(&mut self, name: &str, ty: TypeId) -> LocalId {
        self.func.locals.push(Local {
            name: name.to_string(),
            ty,
        });
        LocalId(self.func.locals.len() as u32 - 1)
    }

    pub fn load(&mut self, place: Place) -> ValueId {
        self.emit(Inst::Load(place), None)
    }
    pub fn store(&mut self, place: Place, value: ValueId) {
        self.push(Stmt::Store { place, value });
    }
    pub fn bin(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> ValueId {
        self.emit(Inst::Binary(op, a, b), None)
    }
    pub fn neg(&mut self, a: ValueId) -> ValueId {
        self.emit(Inst::Unary(UnaryOp::Neg, a), None)
    }
    pub fn not(&mut self, a: ValueId) -> ValueId {
        self.emit(Inst::Unary(UnaryOp::Not, a), None)
    }
    pub fn lit(&mut self, l: Literal) -> ValueId {
        self.emit(Inst::Literal(l), None)
    }
    pub fn zero(&mut self, ty: TypeId) -> ValueId {
        self.emit(Inst::Zero, Some(ty))
    }
    pub fn set_flag(&mut self, flag: LocalId, value: bool) {
        let v = self.lit(Literal::Bool(value));
        self.store(Place::local(flag), v);
    }
    /// `a || b || ...` of the loaded flags (`None` for no flags).
    pub fn any_flag(&mut self, flags: &[LocalId]) -> Option<ValueId> {
        let mut acc = None;
        for &f in flags {
            let v = self.load(Place::local(f));
            acc = Some(match acc {
                None => v,
                Some(a) => self.bin(BinaryOp::LogicalOr, a, v),
            });
        }
        acc
    }

    /// `a + b` for differentials of any shape (structs and arrays element by element).
    pub fn add_diff(&mut self, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ty(a);
        match self.module.types.kind(ty).clone() {
            TypeKind::Struct(id) => {
                let n = self
                    .module
                    .types
                    .struct_def(id)
                    .map_or(0, |s| s.fields.len());
                self.add_elements(a, b, ty, n as u32)
            }
            TypeKind::Array { len, .. } => self.add_elements(a, b, ty, len),
            // A presence flag (`Optional`'s `hasValue` in a differential): present in either.
            TypeKind::Scalar(ir::Scalar::Bool) => self.bin(BinaryOp::LogicalOr, a, b),
            _ => self.bin(BinaryOp::Add, a, b),
        }
    }

    fn add_elements(&mut self, a: ValueId, b: ValueId, ty: TypeId, n: u32) -> ValueId {
        let mut items = Vec::new();
        for i in 0..n {
            let x = self.emit(Inst::Extract(a, i), None);
            let y = self.emit(Inst::Extract(b, i), None);
            items.push(self.add_diff(x, y));
        }
        self.emit(Inst::Construct(items), Some(ty))
    }
}

/// Every value operand of `inst` rewritten through `map` (unmapped values stay).
pub(crate) fn map_inst(inst: &Inst, map: &FxHashMap<ValueId, ValueId>) -> Inst {
    let m = |v: &ValueId| *map.get(v).unwrap_or(v);
    let mp = |p: &Place| map_place(p, map);
    match inst {
        Inst::Literal(_) | Inst::Zero | Inst::ArrayLength(_) => inst.clone(),
        Inst::Load(p) => Inst::Load(mp(p)),
        Inst::Unary(op, a) => Inst::Unary(*op, m(a)),
        Inst::Binary(op, a, b) => Inst::Binary(*op, m(a), m(b)),
        Inst::Select {
            cond,
            accept,
            reject,
        } => Inst::Select {
            cond: m(cond),
            accept: m(accept),
            reject: m(reject),
        },
        Inst::Convert(a, s) => Inst::Convert(m(a), *s),
        Inst::Bitcast(a, s) => Inst::Bitcast(m(a), *s),
        Inst::Construct(args) => Inst::Construct(args.iter().map(m).collect()),
        Inst::Texture { op, texture, args } => Inst::Texture {
            op: *op,
            texture: *texture,
            args: args.iter().map(m).collect(),
        },
        Inst::Splat(a) => Inst::Splat(m(a)),
        Inst::Extract(a, i) => Inst::Extract(m(a), *i),
        Inst::ExtractDyn(a, i) => Inst::ExtractDyn(m(a), m(i)),
        Inst::Swizzle(a, c) => Inst::Swizzle(m(a), c.clone()),
        Inst::Insert { base, index, value } => Inst::Insert {
            base: m(base),
            index: *index,
            value: m(value),
        },
        Inst::InsertDyn { base, index, value } => Inst::InsertDyn {
            base: m(base),
            index: m(index),
            value: m(value),
        },
        Inst::Math(f, args) => Inst::Math(*f, args.iter().map(m).collect()),
        Inst::Call(f, args) => Inst::Call(
            *f,
            args.iter()
                .map(|a| match a {
                    Arg::Value(v) => Arg::Value(m(v)),
                    Arg::Place(p) => Arg::Place(mp(p)),
                })
                .collect(),
        ),
        Inst::Atomic {
            op,
            place,
            value,
            compare,
        } => Inst::Atomic {
            op: *op,
            place: mp(place),
            value: m(value),
            compare: compare.as_ref().map(m),
        },
        Inst::Print(f, args) => Inst::Print(*f, args.iter().map(m).collect()),
    }
}

pub(crate) fn map_place(p: &Place, map: &FxHashMap<ValueId, ValueId>) -> Place {
    Place {
        root: p.root,
        path: p
            .path
            .iter()
            .map(|a| match a {
                ir::Access::Dynamic(v) => ir::Access::Dynamic(*map.get(v).unwrap_or(v)),
                other => *other,
            })
            .collect(),
    }
}

/// Rewrites, in place, the operands of every statement of `block` and of the instructions it
/// defines (each value is defined once, so rewriting its instruction is local to this block).
pub(crate) fn rewrite_block(
    block: &mut Block,
    values: &mut [ValueData],
    map: &FxHashMap<ValueId, ValueId>,
) {
    let m = |v: &mut ValueId| {
        if let Some(n) = map.get(v) {
            *v = *n;
        }
    };
    for s in block {
        match s {
            Stmt::Let(v) => {
                if let Some(d) = values.get_mut(v.0 as usize) {
                    d.inst = map_inst(&d.inst, map);
                }
            }
            Stmt::Store { place, value } => {
                *place = map_place(place, map);
                m(value);
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                m(cond);
                rewrite_block(then_block, values, map);
                rewrite_block(else_block, values, map);
            }
            Stmt::Switch { selector, cases } => {
                m(selector);
                for c in cases {
                    rewrite_block(&mut c.body, values, map);
                }
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                rewrite_block(body, values, map);
                rewrite_block(continuing, values, map);
                if let Some(c) = break_if {
                    m(c);
                }
            }
            Stmt::Return(Some(v)) => m(v),
            Stmt::Return(None) | Stmt::Break | Stmt::Continue | Stmt::Barrier(_) => {}
        }
    }
}

/// A copy of `block` with fresh values for everything it defines (uses of values defined outside
/// stay). Used to unroll loops.
pub(crate) fn clone_block(
    block: &Block,
    values: &mut Vec<ValueData>,
    map: &mut FxHashMap<ValueId, ValueId>,
) -> Block {
    let mut out = Vec::new();
    for s in block {
        out.push(match s {
            Stmt::Let(v) => {
                let Some(d) = values.get(v.0 as usize).cloned() else {
                    continue;
                };
                let n = ValueId(values.len() as u32);
                values.push(ValueData {
                    ty: d.ty,
                    inst: map_inst(&d.inst, map),
                });
                map.insert(*v, n);
                Stmt::Let(n)
            }
            Stmt::Store { place, value } => Stmt::Store {
                place: map_place(place, map),
                value: *map.get(value).unwrap_or(value),
            },
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => Stmt::If {
                cond: *map.get(cond).unwrap_or(cond),
                then_block: clone_block(then_block, values, map),
                else_block: clone_block(else_block, values, map),
            },
            Stmt::Switch { selector, cases } => Stmt::Switch {
                selector: *map.get(selector).unwrap_or(selector),
                cases: cases
                    .iter()
                    .map(|c| ir::SwitchCase {
                        body: clone_block(&c.body, values, map),
                        ..c.clone()
                    })
                    .collect(),
            },
            Stmt::Loop {
                body,
                continuing,
                break_if,
                attrs,
            } => {
                let body = clone_block(body, values, map);
                let continuing = clone_block(continuing, values, map);
                Stmt::Loop {
                    body,
                    continuing,
                    break_if: break_if.map(|c| *map.get(&c).unwrap_or(&c)),
                    attrs: *attrs,
                }
            }
            Stmt::Return(v) => Stmt::Return(v.map(|v| *map.get(&v).unwrap_or(&v))),
            other => other.clone(),
        });
    }
    out
}

/// Values used by a block (statements and the instructions it defines), recursively.
pub(crate) fn uses_in_block(block: &Block, values: &[ValueData], out: &mut Vec<ValueId>) {
    for s in block {
        match s {
            Stmt::Let(v) => {
                if let Some(d) = values.get(v.0 as usize) {
                    out.extend(d.inst.operands());
                }
            }
            Stmt::Store { place, value } => {
                out.extend(place.operands());
                out.push(*value);
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                out.push(*cond);
                uses_in_block(then_block, values, out);
                uses_in_block(else_block, values, out);
            }
            Stmt::Switch { selector, cases } => {
                out.push(*selector);
                for c in cases {
                    uses_in_block(&c.body, values, out);
                }
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                uses_in_block(body, values, out);
                uses_in_block(continuing, values, out);
                out.extend(*break_if);
            }
            Stmt::Return(v) => out.extend(*v),
            Stmt::Break | Stmt::Continue | Stmt::Barrier(_) => {}
        }
    }
}

/// Whether `block` contains a statement matching `pred` (not looking into nested loops when
/// `stop_at_loops`).
pub(crate) fn contains(block: &[Stmt], stop_at_loops: bool, pred: &dyn Fn(&Stmt) -> bool) -> bool {
    block.iter().any(|s| {
        pred(s)
            || match s {
                Stmt::If {
                    then_block,
                    else_block,
                    ..
                } => {
                    contains(then_block, stop_at_loops, pred)
                        || contains(else_block, stop_at_loops, pred)
                }
                Stmt::Switch { cases, .. } => {
                    cases.iter().any(|c| contains(&c.body, stop_at_loops, pred))
                }
                Stmt::Loop {
                    body, continuing, ..
                } if !stop_at_loops => {
                    contains(body, false, pred) || contains(continuing, false, pred)
                }
                _ => false,
            }
    })
}
