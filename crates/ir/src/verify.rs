//! The IR verifier: types, structured scoping of SSA values, control-flow placement.

use crate::infer::{self, Ctx};
use crate::module::*;
use crate::types::{Scalar, TypeId, TypeKind, Types};

/// Checks the whole module; returns every problem found, each naming its function.
pub fn verify(module: &Module) -> Result<(), Vec<String>> {
    // Inference interns result types; work on a copy so the caller's module stays untouched.
    let mut types = module.types.clone();
    let mut errors = Vec::new();
    for (id, kind) in module.types.iter() {
        let bad = match *kind {
            TypeKind::Vector { size, .. } => !(2..=4).contains(&size),
            TypeKind::Matrix { rows, cols, .. } => {
                !(1..=4).contains(&rows) || !(1..=4).contains(&cols)
            }
            TypeKind::Array { len, .. } => len == 0,
            _ => false,
        };
        if bad {
            errors.push(format!(
                "type {} has invalid dimensions",
                module.types.display(id)
            ));
        }
    }
    for (i, g) in module.globals.iter().enumerate() {
        check_global(&mut types, g, &mut errors);
        if module.globals[..i].iter().any(|o| o.name == g.name) {
            errors.push(format!("global {}: duplicate name", g.name));
        }
    }
    for f in &module.functions {
        let mut v = FnVerifier {
            types: &mut types,
            module,
            func: f,
            in_scope: vec![false; f.values.len()],
            defined: vec![false; f.values.len()],
            scopes: Vec::new(),
            errors: Vec::new(),
        };
        v.block(&f.body, Nesting::default());
        errors.extend(v.errors);
    }
    for ep in &module.entry_points {
        check_entry(&types, module, ep, &mut errors);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn check_global(types: &mut Types, g: &Global, errors: &mut Vec<String>) {
    let kind = types.kind(g.ty).clone();
    // A sampler has no value type (void); every other global holds values.
    let sampler = matches!(g.kind, GlobalKind::Sampler { .. });
    if matches!(kind, TypeKind::Void) != sampler || matches!(kind, TypeKind::RuntimeArray { .. }) {
        errors.push(format!(
            "global {}: invalid type {}",
            g.name,
            types.display(g.ty)
        ));
    }
    if g.writable && !matches!(g.kind, GlobalKind::Constant(_)) {
        errors.push(format!(
            "global {}: only a global with an initial value can be writable",
            g.name
        ));
    }
    if let GlobalKind::Constant(value) = &g.kind
        && let Err(e) = check_const(types, value, g.ty)
    {
        errors.push(format!("global {}: {e}", g.name));
    }
}

fn check_const(types: &mut Types, value: &ConstValue, ty: TypeId) -> Result<(), String> {
    match value {
        ConstValue::Literal(l) => {
            // An 8/16-bit integer constant is written as the 32-bit literal that holds it.
            let held = match types.kind(ty) {
                TypeKind::Scalar(s) => Some(s.held_as()),
                _ => None,
            };
            if types.kind(ty) == &TypeKind::Scalar(l.scalar()) || held == Some(l.scalar()) {
                Ok(())
            } else {
                Err(format!(
                    "constant {l:?} does not have type {}",
                    types.display(ty)
                ))
            }
        }
        ConstValue::Composite(items) => {
            let elems: Vec<TypeId> = match types.kind(ty).clone() {
                TypeKind::Vector { scalar, size } => vec![types.scalar(scalar); size as usize],
                TypeKind::Matrix { scalar, rows, cols } => {
                    vec![types.vector(scalar, cols); rows as usize]
                }
                TypeKind::Array { elem, len } => vec![elem; len as usize],
                TypeKind::Struct(id) => types
                    .struct_def(id)
                    .map(|s| s.fields.iter().map(|f| f.ty).collect())
                    .unwrap_or_default(),
                _ => return Err(format!("composite constant for {}", types.display(ty))),
            };
            if elems.len() != items.len() {
                return Err(format!(
                    "constant of {} has {} elements",
                    types.display(ty),
                    items.len()
                ));
            }
            items
                .iter()
                .zip(elems)
                .try_for_each(|(v, t)| check_const(types, v, t))
        }
    }
}

fn check_entry(types: &Types, module: &Module, ep: &EntryPoint, errors: &mut Vec<String>) {
    let Some(f) = module.function(ep.function) else {
        errors.push(format!("entry point {}: unknown function", ep.name));
        return;
    };
    if ep.workgroup_size.contains(&0) {
        errors.push(format!(
            "entry point {}: workgroup size must be positive",
            ep.name
        ));
    }
    if !types.is_void(f.ret) {
        errors.push(format!("entry point {}: must return void", ep.name));
    }
    if f.params.len() != ep.builtins.len() {
        errors.push(format!(
            "entry point {}: every parameter needs a builtin",
            ep.name
        ));
    }
    for (p, b) in f.params.iter().zip(&ep.builtins) {
        let ok = p.dir == ParamDir::In
            && match *types.kind(p.ty) {
                TypeKind::Scalar(Scalar::I32 | Scalar::U32) => true,
                TypeKind::Vector {
                    scalar: Scalar::I32 | Scalar::U32,
                    size,
                } => size <= 3 && *b != Builtin::GroupIndex,
                _ => false,
            };
        if !ok {
            errors.push(format!(
                "entry point {}: parameter {} cannot hold {}",
                ep.name,
                p.name,
                b.name()
            ));
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Nesting {
    loops: u32,
    switches_in_loop: u32,
    /// Inside a loop's `continuing` (and not in a loop nested there).
    continuing: bool,
}

struct FnVerifier<'a> {
    types: &'a mut Types,
    module: &'a Module,
    func: &'a Function,
    in_scope: Vec<bool>,
    defined: Vec<bool>,
    /// Values defined in each open block, to take them out of scope on exit.
    scopes: Vec<Vec<ValueId>>,
    errors: Vec<String>,
}

impl FnVerifier<'_> {
    fn err(&mut self, msg: String) {
        self.errors.push(format!("in {}: {msg}", self.func.name));
    }
    fn use_value(&mut self, v: ValueId) {
        match self.func.value(v) {
            None => self.err(format!("use of unknown value %{}", v.0)),
            Some(d) => {
                if !self.in_scope[v.0 as usize] {
                    self.err(format!("%{} used where it is not in scope", v.0));
                } else if self.types.is_void(d.ty) {
                    self.err(format!("%{} has type void and cannot be used", v.0));
                }
            }
        }
    }
    fn enter(&mut self) {
        self.scopes.push(Vec::new());
    }
    fn leave(&mut self) {
        for v in self.scopes.pop().unwrap_or_default() {
            self.in_scope[v.0 as usize] = false;
        }
    }
    fn block(&mut self, block: &Block, nest: Nesting) {
        self.enter();
        self.stmts(block, nest);
        self.leave();
    }
    fn stmts(&mut self, block: &Block, nest: Nesting) {
        for s in block {
            self.stmt(s, nest);
        }
    }
    fn check_place(&mut self, place: &Place, writing: bool) -> Option<TypeId> {
        for v in place.operands() {
            self.use_value(v);
        }
        if writing && let PlaceRoot::Global(g) = place.root {
            match self.module.global(g).map(|g| (&g.kind, g.writable)) {
                Some((GlobalKind::Constant(_), true)) => {}
                Some((GlobalKind::Constant(_) | GlobalKind::Uniform, _)) => {
                    self.err("store to a read-only global".into());
                }
                Some((
                    GlobalKind::StorageBuffer {
                        access: BufferAccess::Read,
                    },
                    _,
                )) => {
                    self.err("store to a read-only buffer".into());
                }
                _ => {}
            }
        }
        let ctx = Ctx {
            globals: &self.module.globals,
            functions: &self.module.functions,
            params: &self.func.params,
            locals: &self.func.locals,
            values: &self.func.values,
        };
        match infer::place_type(self.types, &ctx, place) {
            Ok(t) => Some(t),
            Err(e) => {
                self.err(e);
                None
            }
        }
    }
    fn expect_bool(&mut self, v: ValueId, what: &str) {
        self.use_value(v);
        if let Some(t) = self.func.value_ty(v)
            && self.types.kind(t) != &TypeKind::Scalar(Scalar::Bool)
        {
            let shown = self.types.display(t);
            self.err(format!("{what} must be bool, found {shown}"));
        }
    }
    fn stmt(&mut self, s: &Stmt, nest: Nesting) {
        match s {
            Stmt::Let(v) => self.let_(*v),
            Stmt::Store { place, value } => {
                self.use_value(*value);
                if let (Some(pt), Some(vt)) =
                    (self.check_place(place, true), self.func.value_ty(*value))
                    && pt != vt
                {
                    let (a, b) = (self.types.display(pt), self.types.display(vt));
                    self.err(format!("store of {b} into a place of type {a}"));
                }
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                self.expect_bool(*cond, "if condition");
                self.block(then_block, nest);
                self.block(else_block, nest);
            }
            Stmt::Switch { selector, cases } => {
                self.use_value(*selector);
                if let Some(t) = self.func.value_ty(*selector)
                    && !matches!(
                        self.types.kind(t),
                        TypeKind::Scalar(Scalar::I32 | Scalar::U32)
                    )
                {
                    self.err("switch selector must be int or uint".into());
                }
                let mut seen = Vec::new();
                let mut defaults = 0;
                for c in cases {
                    defaults += c.is_default as u32;
                    for &v in &c.values {
                        if seen.contains(&v) {
                            self.err(format!("duplicate case value {v}"));
                        }
                        seen.push(v);
                    }
                    let inner = Nesting {
                        switches_in_loop: nest.switches_in_loop + 1,
                        ..nest
                    };
                    self.block(&c.body, inner);
                }
                if defaults > 1 {
                    self.err("more than one default case".into());
                }
                if cases.last().is_some_and(|c| c.fallthrough) {
                    self.err("the last switch case cannot fall through".into());
                }
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                let inner = Nesting {
                    loops: nest.loops + 1,
                    switches_in_loop: 0,
                    continuing: false,
                };
                self.enter();
                self.stmts(body, inner);
                // `continuing` and `break if` see the body's values; `break if` also sees
                // the continuing block's.
                self.enter();
                self.stmts(
                    continuing,
                    Nesting {
                        continuing: true,
                        ..inner
                    },
                );
                if let Some(c) = break_if {
                    self.expect_bool(*c, "break if");
                }
                self.leave();
                self.leave();
            }
            Stmt::Break => {
                if nest.continuing {
                    self.err("break inside a continuing block".into());
                } else if nest.loops == 0 && nest.switches_in_loop == 0 {
                    self.err("break outside a loop or switch".into());
                }
            }
            Stmt::Continue => {
                if nest.continuing {
                    self.err("continue inside a continuing block".into());
                } else if nest.loops == 0 {
                    self.err("continue outside a loop".into());
                }
            }
            Stmt::Return(v) => {
                if nest.continuing {
                    self.err("return inside a continuing block".into());
                }
                let ret = self.func.ret;
                match v {
                    Some(v) => {
                        self.use_value(*v);
                        if self.func.value_ty(*v) != Some(ret) {
                            let r = self.types.display(ret);
                            self.err(format!("return value does not have type {r}"));
                        }
                    }
                    None if !self.types.is_void(ret) => self.err("return without a value".into()),
                    None => {}
                }
            }
            Stmt::Barrier(_) => {}
        }
    }
    fn let_(&mut self, v: ValueId) {
        let Some(data) = self.func.value(v) else {
            self.err(format!("let of unknown value %{}", v.0));
            return;
        };
        let i = v.0 as usize;
        if self.defined[i] {
            self.err(format!("%{i} is defined twice"));
        }
        for op in data.inst.operands() {
            self.use_value(op);
        }
        if let Inst::Print(f, _) = &data.inst
            && self.module.print_formats.get(f.0 as usize).is_none()
        {
            self.err(format!("unknown print format {}", f.0));
        }
        if let Inst::Load(place) = &data.inst {
            self.check_place(place, false);
        }
        if let Inst::Atomic { place, .. } = &data.inst {
            self.check_place(place, true);
        }
        if let Inst::Call(_, args) = &data.inst {
            for a in args {
                if let Arg::Place(p) = a {
                    self.check_place(p, true);
                }
            }
        }
        let ctx = Ctx {
            globals: &self.module.globals,
            functions: &self.module.functions,
            params: &self.func.params,
            locals: &self.func.locals,
            values: &self.func.values,
        };
        match infer::infer_type(self.types, &ctx, &data.inst) {
            Ok(Some(t)) if t != data.ty => {
                let (a, b) = (self.types.display(data.ty), self.types.display(t));
                self.err(format!("%{i} declared {a} but its instruction yields {b}"));
            }
            Ok(Some(_)) => {}
            Ok(None) => {
                if let Err(e) = infer::check_explicit(self.types, &ctx, &data.inst, data.ty) {
                    self.err(format!("%{i}: {e}"));
                }
            }
            Err(e) => self.err(format!("%{i}: {e}")),
        }
        self.defined[i] = true;
        self.in_scope[i] = true;
        if let Some(s) = self.scopes.last_mut() {
            s.push(v);
        }
    }
}
