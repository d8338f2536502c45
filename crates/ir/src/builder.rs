//! A builder for function bodies. Result types are inferred (see `infer`); an ill-typed
//! instruction gets type `void` and its message is returned by `finish`.

use crate::infer::{self, Ctx};
use crate::module::*;
use crate::types::{Scalar, TypeId, Types};

pub struct FunctionBuilder<'m> {
    module: &'m mut Module,
    id: FuncId,
    func: Function,
    /// Open blocks; the last one receives new statements.
    blocks: Vec<Block>,
    errors: Vec<String>,
}

impl<'m> FunctionBuilder<'m> {
    pub fn new(module: &'m mut Module, name: &str, ret: TypeId) -> Self {
        let id = module.declare_function(name, Vec::new(), ret);
        Self::for_declared(module, id)
    }

    /// Fills a function made by `Module::declare_function`, or rewrites an existing one: its
    /// parameters, locals and values are kept (so existing `ValueId`s stay valid and can be
    /// re-placed with `push_stmt`) and the body starts empty.
    pub fn for_declared(module: &'m mut Module, id: FuncId) -> Self {
        let func = module.function(id).cloned().unwrap_or_else(|| Function {
            name: String::new(),
            params: Vec::new(),
            ret: module.types.void(),
            locals: Vec::new(),
            values: Vec::new(),
            body: Vec::new(),
        });
        FunctionBuilder {
            module,
            id,
            func,
            blocks: vec![Vec::new()],
            errors: Vec::new(),
        }
    }

    pub fn id(&self) -> FuncId {
        self.id
    }
    pub fn types(&mut self) -> &mut Types {
        &mut self.module.types
    }
    pub fn module(&mut self) -> &mut Module {
        self.module
    }

    pub fn param(&mut self, name: &str, ty: TypeId, dir: ParamDir) -> u32 {
        self.func.params.push(Param {
            name: name.to_string(),
            ty,
            dir,
        });
        // Keep the declared signature in step so recursive calls type-check.
        if let Some(f) = self.module.function_mut(self.id) {
            f.params = self.func.params.clone();
        }
        self.func.params.len() as u32 - 1
    }
    pub fn local(&mut self, name: &str, ty: TypeId) -> LocalId {
        self.func.locals.push(Local {
            name: name.to_string(),
            ty,
        });
        LocalId(self.func.locals.len() as u32 - 1)
    }
    /// The type of `v`; an unknown id gives an id that reads as `void`.
    pub fn value_ty(&self, v: ValueId) -> TypeId {
        self.func.value_ty(v).unwrap_or(TypeId(u32::MAX))
    }

    fn stmt(&mut self, s: Stmt) {
        if let Some(b) = self.blocks.last_mut() {
            b.push(s);
        }
    }

    /// Appends a statement as is (e.g. one copied from another body of this function).
    pub fn push_stmt(&mut self, s: Stmt) {
        self.stmt(s);
    }

    /// The function as built so far (values, locals, parameters).
    pub fn func(&self) -> &Function {
        &self.func
    }

    /// Appends `inst` as a new value; `explicit` gives the type of `Zero`/`Construct`/`Splat`.
    pub fn inst(&mut self, inst: Inst, explicit: Option<TypeId>) -> ValueId {
        let ctx = Ctx {
            globals: &self.module.globals,
            functions: &self.module.functions,
            params: &self.func.params,
            locals: &self.func.locals,
            values: &self.func.values,
        };
        let ty = match infer::infer_type(&mut self.module.types, &ctx, &inst) {
            Ok(Some(t)) => t,
            Ok(None) => match explicit {
                Some(t) => t,
                None => {
                    self.errors.push(format!("{inst:?} needs an explicit type"));
                    self.module.types.void()
                }
            },
            Err(e) => {
                self.errors.push(e);
                self.module.types.void()
            }
        };
        let v = ValueId(self.func.values.len() as u32);
        self.func.values.push(ValueData { ty, inst });
        self.stmt(Stmt::Let(v));
        v
    }

    pub fn literal(&mut self, l: Literal) -> ValueId {
        self.inst(Inst::Literal(l), None)
    }
    pub fn f32(&mut self, x: f32) -> ValueId {
        self.literal(Literal::F32(x))
    }
    pub fn i32(&mut self, x: i32) -> ValueId {
        self.literal(Literal::I32(x))
    }
    pub fn u32(&mut self, x: u32) -> ValueId {
        self.literal(Literal::U32(x))
    }
    pub fn bool(&mut self, x: bool) -> ValueId {
        self.literal(Literal::Bool(x))
    }
    pub fn zero(&mut self, ty: TypeId) -> ValueId {
        self.inst(Inst::Zero, Some(ty))
    }
    pub fn load(&mut self, place: Place) -> ValueId {
        self.inst(Inst::Load(place), None)
    }
    pub fn store(&mut self, place: Place, value: ValueId) {
        self.stmt(Stmt::Store { place, value });
    }
    pub fn unary(&mut self, op: UnaryOp, a: ValueId) -> ValueId {
        self.inst(Inst::Unary(op, a), None)
    }
    pub fn binary(&mut self, op: BinaryOp, a: ValueId, b: ValueId) -> ValueId {
        self.inst(Inst::Binary(op, a, b), None)
    }
    pub fn add(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.binary(BinaryOp::Add, a, b)
    }
    pub fn sub(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.binary(BinaryOp::Sub, a, b)
    }
    pub fn mul(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.binary(BinaryOp::Mul, a, b)
    }
    pub fn div(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.binary(BinaryOp::Div, a, b)
    }
    pub fn lt(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.binary(BinaryOp::Lt, a, b)
    }
    pub fn select(&mut self, cond: ValueId, accept: ValueId, reject: ValueId) -> ValueId {
        self.inst(
            Inst::Select {
                cond,
                accept,
                reject,
            },
            None,
        )
    }
    pub fn convert(&mut self, a: ValueId, to: Scalar) -> ValueId {
        self.inst(Inst::Convert(a, to), None)
    }
    pub fn bitcast(&mut self, a: ValueId, to: Scalar) -> ValueId {
        self.inst(Inst::Bitcast(a, to), None)
    }
    pub fn construct(&mut self, ty: TypeId, args: Vec<ValueId>) -> ValueId {
        self.inst(Inst::Construct(args), Some(ty))
    }
    pub fn splat(&mut self, ty: TypeId, a: ValueId) -> ValueId {
        self.inst(Inst::Splat(a), Some(ty))
    }
    pub fn extract(&mut self, a: ValueId, index: u32) -> ValueId {
        self.inst(Inst::Extract(a, index), None)
    }
    pub fn extract_dyn(&mut self, a: ValueId, index: ValueId) -> ValueId {
        self.inst(Inst::ExtractDyn(a, index), None)
    }
    pub fn swizzle(&mut self, a: ValueId, comps: &[u8]) -> ValueId {
        self.inst(Inst::Swizzle(a, comps.to_vec()), None)
    }
    pub fn insert(&mut self, base: ValueId, index: u32, value: ValueId) -> ValueId {
        self.inst(Inst::Insert { base, index, value }, None)
    }
    pub fn insert_dyn(&mut self, base: ValueId, index: ValueId, value: ValueId) -> ValueId {
        self.inst(Inst::InsertDyn { base, index, value }, None)
    }
    pub fn math(&mut self, f: MathFn, args: &[ValueId]) -> ValueId {
        self.inst(Inst::Math(f, args.to_vec()), None)
    }
    pub fn call(&mut self, f: FuncId, args: Vec<Arg>) -> ValueId {
        self.inst(Inst::Call(f, args), None)
    }
    pub fn atomic(
        &mut self,
        op: AtomicOp,
        place: Place,
        value: ValueId,
        compare: Option<ValueId>,
    ) -> ValueId {
        self.inst(
            Inst::Atomic {
                op,
                place,
                value,
                compare,
            },
            None,
        )
    }
    pub fn array_length(&mut self, g: GlobalId) -> ValueId {
        self.inst(Inst::ArrayLength(g), None)
    }
    pub fn print(&mut self, format: &str, args: &[ValueId]) -> ValueId {
        let id = self.module.add_print_format(format);
        self.inst(Inst::Print(id, args.to_vec()), None)
    }

    /// Builds a nested block; values defined inside are scoped to it.
    pub fn block(&mut self, f: impl FnOnce(&mut Self)) -> Block {
        self.blocks.push(Vec::new());
        f(self);
        self.blocks.pop().unwrap_or_default()
    }
    pub fn if_(
        &mut self,
        cond: ValueId,
        then_f: impl FnOnce(&mut Self),
        else_f: impl FnOnce(&mut Self),
    ) {
        let then_block = self.block(then_f);
        let else_block = self.block(else_f);
        self.stmt(Stmt::If {
            cond,
            then_block,
            else_block,
        });
    }
    pub fn switch(&mut self, selector: ValueId, cases: Vec<SwitchCase>) {
        self.stmt(Stmt::Switch { selector, cases });
    }
    /// `continuing_f` returns the optional `break if` condition.
    pub fn loop_(
        &mut self,
        attrs: LoopAttrs,
        body_f: impl FnOnce(&mut Self),
        continuing_f: impl FnOnce(&mut Self) -> Option<ValueId>,
    ) {
        let body = self.block(body_f);
        let mut break_if = None;
        let continuing = self.block(|b| break_if = continuing_f(b));
        self.stmt(Stmt::Loop {
            body,
            continuing,
            break_if,
            attrs,
        });
    }
    pub fn brk(&mut self) {
        self.stmt(Stmt::Break);
    }
    pub fn cont(&mut self) {
        self.stmt(Stmt::Continue);
    }
    pub fn ret(&mut self, v: Option<ValueId>) {
        self.stmt(Stmt::Return(v));
    }
    pub fn barrier(&mut self, kind: BarrierKind) {
        self.stmt(Stmt::Barrier(kind));
    }

    /// Installs the function in the module. Type errors found while building are returned (the
    /// function is installed anyway so that `verify` and the printer can show it).
    pub fn finish(mut self) -> Result<FuncId, Vec<String>> {
        self.func.body = self.blocks.pop().unwrap_or_default();
        let name = self.func.name.clone();
        if let Some(slot) = self.module.function_mut(self.id) {
            *slot = self.func;
        }
        if self.errors.is_empty() {
            Ok(self.id)
        } else {
            Err(self
                .errors
                .into_iter()
                .map(|e| format!("in {name}: {e}"))
                .collect())
        }
    }
}
