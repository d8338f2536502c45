//! interp: a CPU interpreter of `ir::Module`, the numeric oracle for derivative checks.
//!
//! Semantics follow what codegen emits (HLSL meaning, WGSL where HLSL leaves it open): f32
//! arithmetic rounds to f32 after every operation (computed through f64, which is exact for
//! `+ - * /` and `sqrt` and gives correctly rounded results for the rest up to one ulp), integers wrap,
//! integer division by zero yields the dividend and remainder by zero yields 0 (WGSL), shift amounts
//! are taken modulo the bit width, float-to-int conversions saturate. Parameters are copy-in
//! copy-out; `out` parameters and locals start as zero. Every failure is an `InterpError`, and a step
//! limit turns endless loops into `InterpError::StepLimit`.

mod math;
mod ops;
pub mod value;

use ir::{
    Access, Arg, Block, FuncId, Function, GlobalId, GlobalKind, Inst, Module, ParamDir, Place,
    PlaceRoot, Stmt, ValueId,
};

pub use value::Value;

#[derive(Clone, Debug, PartialEq)]
pub enum InterpError {
    /// The step limit was reached (an endless loop or a very long computation).
    StepLimit,
    /// Calls nested deeper than the depth limit (runaway recursion).
    CallDepth,
    UnknownFunction(FuncId),
    /// Wrong number or shape of arguments to the entry call.
    BadArguments(String),
    /// An array, vector or buffer index outside its bounds.
    OutOfBounds {
        index: i128,
        len: usize,
    },
    /// The IR does not type-check at run time (run `ir::verify` for details).
    Malformed(String),
    /// A function fell off its end without returning a value of its non-void type.
    MissingReturn(String),
}

impl std::fmt::Display for InterpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InterpError::StepLimit => write!(f, "step limit reached"),
            InterpError::CallDepth => write!(f, "call depth limit reached"),
            InterpError::UnknownFunction(id) => write!(f, "unknown function #{}", id.0),
            InterpError::BadArguments(m) => write!(f, "bad arguments: {m}"),
            InterpError::OutOfBounds { index, len } => {
                write!(f, "index {index} out of bounds for length {len}")
            }
            InterpError::Malformed(m) => write!(f, "malformed IR: {m}"),
            InterpError::MissingReturn(name) => write!(f, "{name} ended without returning"),
        }
    }
}

impl std::error::Error for InterpError {}

pub type Result<T> = std::result::Result<T, InterpError>;

pub(crate) fn malformed<T>(msg: impl Into<String>) -> Result<T> {
    Err(InterpError::Malformed(msg.into()))
}

/// Default number of executed statements before `StepLimit`.
pub const DEFAULT_STEP_LIMIT: u64 = 10_000_000;
// WGSL forbids recursion; this only guards against runaway IR (and keeps debug stacks small).
const MAX_CALL_DEPTH: u32 = 64;

/// Calls `func` with one argument per parameter (the value given for an `out` parameter is ignored:
/// it starts as zero). Returns the return value (`Value::Void` for void functions) and the final
/// values of the `out`/`inout` parameters in parameter order.
pub fn call(module: &Module, func: FuncId, args: Vec<Value>) -> Result<(Value, Vec<Value>)> {
    Machine::new(module).call(func, args)
}

/// Interpreter state: globals (buffers, groupshared memory, constants) and the step budget.
pub struct Machine<'m> {
    module: &'m Module,
    globals: Vec<Value>,
    steps_left: u64,
    depth: u32,
}

impl<'m> Machine<'m> {
    pub fn new(module: &'m Module) -> Machine<'m> {
        let globals = module
            .globals
            .iter()
            .map(|g| match &g.kind {
                GlobalKind::Constant(c) => const_value(c),
                // Textures and samplers have no CPU image here: their operations are refused below.
                GlobalKind::StorageBuffer { .. }
                | GlobalKind::Texture { .. }
                | GlobalKind::Sampler { .. } => Value::Composite(Vec::new()),
                GlobalKind::Uniform | GlobalKind::Groupshared => Value::zero(&module.types, g.ty),
            })
            .collect();
        Machine {
            module,
            globals,
            steps_left: DEFAULT_STEP_LIMIT,
            depth: 0,
        }
    }

    pub fn with_step_limit(mut self, steps: u64) -> Self {
        self.steps_left = steps;
        self
    }

    /// Sets a global: a storage buffer takes a `Composite` of its elements.
    pub fn set_global(&mut self, g: GlobalId, value: Value) -> Result<()> {
        match self.globals.get_mut(g.0 as usize) {
            Some(slot) => {
                *slot = value;
                Ok(())
            }
            None => malformed(format!("unknown global {}", g.0)),
        }
    }

    pub fn global(&self, g: GlobalId) -> Option<&Value> {
        self.globals.get(g.0 as usize)
    }

    pub fn call(&mut self, func: FuncId, args: Vec<Value>) -> Result<(Value, Vec<Value>)> {
        let f = self
            .module
            .function(func)
            .ok_or(InterpError::UnknownFunction(func))?;
        if args.len() != f.params.len() {
            return Err(InterpError::BadArguments(format!(
                "{} takes {} arguments, got {}",
                f.name,
                f.params.len(),
                args.len()
            )));
        }
        let (ret, params) = self.invoke(func, args)?;
        let outs = f
            .params
            .iter()
            .zip(params)
            .filter(|(p, _)| p.dir != ParamDir::In)
            .map(|(_, v)| v)
            .collect();
        Ok((ret, outs))
    }

    /// Runs `func`; returns its return value and the final values of all its parameters.
    fn invoke(&mut self, func: FuncId, mut args: Vec<Value>) -> Result<(Value, Vec<Value>)> {
        let module = self.module;
        let f = module
            .function(func)
            .ok_or(InterpError::UnknownFunction(func))?;
        if self.depth >= MAX_CALL_DEPTH {
            return Err(InterpError::CallDepth);
        }
        for (p, a) in f.params.iter().zip(args.iter_mut()) {
            if p.dir == ParamDir::Out {
                *a = Value::zero(&module.types, p.ty);
            }
        }
        let mut frame = Frame {
            func: f,
            params: args,
            locals: f
                .locals
                .iter()
                .map(|l| Value::zero(&module.types, l.ty))
                .collect(),
            values: vec![Value::Void; f.values.len()],
        };
        self.depth += 1;
        let flow = self.block(&mut frame, &f.body);
        self.depth -= 1;
        let ret = match flow? {
            Flow::Return(v) => v,
            Flow::Normal if module.types.is_void(f.ret) => Value::Void,
            Flow::Normal => return Err(InterpError::MissingReturn(f.name.clone())),
            Flow::Break | Flow::Continue => return malformed("break or continue outside a loop"),
        };
        Ok((ret, frame.params))
    }

    fn step(&mut self) -> Result<()> {
        if self.steps_left == 0 {
            return Err(InterpError::StepLimit);
        }
        self.steps_left -= 1;
        Ok(())
    }

    fn block(&mut self, fr: &mut Frame, block: &Block) -> Result<Flow> {
        for s in block {
            let flow = self.stmt(fr, s)?;
            if !matches!(flow, Flow::Normal) {
                return Ok(flow);
            }
        }
        Ok(Flow::Normal)
    }

    fn stmt(&mut self, fr: &mut Frame, s: &Stmt) -> Result<Flow> {
        self.step()?;
        match s {
            Stmt::Let(v) => {
                let value = self.eval(fr, *v)?;
                match fr.values.get_mut(v.0 as usize) {
                    Some(slot) => *slot = value,
                    None => return malformed(format!("unknown value %{}", v.0)),
                }
            }
            Stmt::Store { place, value } => {
                let value = fr.get(*value)?.clone();
                self.write(fr, place, value)?;
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                let c = fr.get_bool(*cond)?;
                return self.block(fr, if c { then_block } else { else_block });
            }
            Stmt::Switch { selector, cases } => {
                let sel = fr
                    .get(*selector)?
                    .as_i128()
                    .ok_or_else(|| InterpError::Malformed("switch selector".into()))?;
                let start = cases
                    .iter()
                    .position(|c| c.values.iter().any(|&v| v as i128 == sel))
                    .or_else(|| cases.iter().position(|c| c.is_default));
                if let Some(start) = start {
                    for case in &cases[start..] {
                        match self.block(fr, &case.body)? {
                            Flow::Break => break,
                            Flow::Normal if case.fallthrough => {}
                            Flow::Normal => break,
                            other => return Ok(other),
                        }
                    }
                }
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => loop {
                self.step()?;
                match self.block(fr, body)? {
                    Flow::Break => break,
                    Flow::Return(v) => return Ok(Flow::Return(v)),
                    Flow::Normal | Flow::Continue => {}
                }
                match self.block(fr, continuing)? {
                    Flow::Normal => {}
                    _ => return malformed("control flow out of a continuing block"),
                }
                if let Some(c) = break_if
                    && fr.get_bool(*c)?
                {
                    break;
                }
            },
            Stmt::Break => return Ok(Flow::Break),
            Stmt::Continue => return Ok(Flow::Continue),
            Stmt::Return(v) => {
                let value = match v {
                    Some(v) => fr.get(*v)?.clone(),
                    None => Value::Void,
                };
                return Ok(Flow::Return(value));
            }
            // One invocation runs alone: barriers have nothing to wait for.
            Stmt::Barrier(_) => {}
        }
        Ok(Flow::Normal)
    }

    fn eval(&mut self, fr: &mut Frame, v: ValueId) -> Result<Value> {
        let module = self.module;
        let data = fr
            .func
            .value(v)
            .ok_or_else(|| InterpError::Malformed(format!("unknown value %{}", v.0)))?;
        let types = &module.types;
        Ok(match &data.inst {
            Inst::Literal(l) => Value::from_literal(*l),
            Inst::Zero => Value::zero(types, data.ty),
            Inst::Load(place) => self.read(fr, place)?,
            Inst::Unary(op, a) => ops::unary(*op, fr.get(*a)?)?,
            Inst::Binary(op, a, b) => ops::binary(*op, fr.get(*a)?, fr.get(*b)?)?,
            Inst::Select {
                cond,
                accept,
                reject,
            } => ops::select(fr.get(*cond)?, fr.get(*accept)?, fr.get(*reject)?)?,
            Inst::Convert(a, s) => ops::map_scalars(fr.get(*a)?, &|x| ops::convert(x, *s))?,
            Inst::Bitcast(a, s) => ops::map_scalars(fr.get(*a)?, &|x| ops::bitcast(x, *s))?,
            Inst::Construct(args) => {
                let vals: Vec<Value> = args
                    .iter()
                    .map(|a| fr.get(*a).cloned())
                    .collect::<Result<_>>()?;
                ops::construct(types, data.ty, vals)?
            }
            Inst::Splat(a) => {
                let x = fr.get(*a)?.clone();
                match *types.kind(data.ty) {
                    ir::TypeKind::Vector { size, .. } => Value::Composite(vec![x; size as usize]),
                    ir::TypeKind::Matrix { rows, cols, .. } => Value::Composite(vec![
                        Value::Composite(vec![x; cols as usize]);
                        rows as usize
                    ]),
                    _ => return malformed("splat to a non-vector"),
                }
            }
            Inst::Extract(a, i) => element(fr.get(*a)?, *i as i128)?.clone(),
            Inst::ExtractDyn(a, i) => {
                let i = fr.get_index(*i)?;
                element(fr.get(*a)?, i)?.clone()
            }
            Inst::Swizzle(a, comps) => {
                let base = fr.get(*a)?;
                let picked: Vec<Value> = comps
                    .iter()
                    .map(|&c| swizzle_component(base, c).cloned())
                    .collect::<Result<_>>()?;
                if picked.len() == 1 {
                    picked.into_iter().next().unwrap_or(Value::Void)
                } else {
                    Value::Composite(picked)
                }
            }
            Inst::Insert { base, index, value } => {
                let mut out = fr.get(*base)?.clone();
                *element_mut(&mut out, *index as i128)? = fr.get(*value)?.clone();
                out
            }
            Inst::InsertDyn { base, index, value } => {
                let i = fr.get_index(*index)?;
                let mut out = fr.get(*base)?.clone();
                *element_mut(&mut out, i)? = fr.get(*value)?.clone();
                out
            }
            Inst::Math(f, args) => {
                let vals: Vec<&Value> = args.iter().map(|a| fr.get(*a)).collect::<Result<_>>()?;
                math::eval(*f, &vals)?
            }
            Inst::Call(callee, args) => self.call_inst(fr, *callee, args)?,
            Inst::Atomic {
                op,
                place,
                value,
                compare,
            } => {
                let old = self.read(fr, place)?;
                let operand = fr.get(*value)?.clone();
                let cmp = match compare {
                    Some(c) => Some(fr.get(*c)?.clone()),
                    None => None,
                };
                let new = ops::atomic(*op, &old, &operand, cmp.as_ref())?;
                self.write(fr, place, new)?;
                old
            }
            Inst::ArrayLength(g) => match self.globals.get(g.0 as usize) {
                Some(Value::Composite(items)) => Value::U32(items.len() as u32),
                _ => return malformed("array_length of a non-buffer"),
            },
            Inst::Texture { op, .. } => {
                return malformed(format!("{} (the interpreter has no textures)", op.name()));
            }
            // Printing is the host's business; the interpreter only evaluates the arguments.
            Inst::Print(..) => Value::Void,
        })
    }

    fn call_inst(&mut self, fr: &mut Frame, callee: FuncId, args: &[Arg]) -> Result<Value> {
        let f = self
            .module
            .function(callee)
            .ok_or(InterpError::UnknownFunction(callee))?;
        if f.params.len() != args.len() {
            return malformed(format!("call to {} with wrong arity", f.name));
        }
        let mut vals = Vec::with_capacity(args.len());
        for (p, a) in f.params.iter().zip(args) {
            vals.push(match (a, p.dir) {
                (Arg::Value(v), _) => fr.get(*v)?.clone(),
                (Arg::Place(pl), ParamDir::InOut) => self.read(fr, pl)?,
                // Out parameters start as zero in `invoke`.
                (Arg::Place(_), _) => Value::Void,
            });
        }
        let (ret, finals) = self.invoke(callee, vals)?;
        // Copy-out in parameter order, as HLSL does.
        for ((p, a), v) in f.params.iter().zip(args).zip(finals) {
            if p.dir != ParamDir::In
                && let Arg::Place(pl) = a
            {
                self.write(fr, pl, v)?;
            }
        }
        Ok(ret)
    }

    fn root<'a>(&'a mut self, fr: &'a mut Frame, root: PlaceRoot) -> Result<&'a mut Value> {
        match root {
            PlaceRoot::Local(l) => fr.locals.get_mut(l.0 as usize),
            PlaceRoot::Param(i) => fr.params.get_mut(i as usize),
            PlaceRoot::Global(g) => self.globals.get_mut(g.0 as usize),
        }
        .ok_or_else(|| InterpError::Malformed(format!("unknown place root {root:?}")))
    }

    fn path(fr: &Frame, place: &Place) -> Result<Vec<i128>> {
        place
            .path
            .iter()
            .map(|a| match *a {
                Access::Field(i) | Access::Index(i) => Ok(i as i128),
                Access::Dynamic(v) => fr.get_index(v),
            })
            .collect()
    }

    fn read(&mut self, fr: &mut Frame, place: &Place) -> Result<Value> {
        let path = Self::path(fr, place)?;
        let mut cur: &Value = self.root(fr, place.root)?;
        for i in path {
            cur = element(cur, i)?;
        }
        Ok(cur.clone())
    }

    fn write(&mut self, fr: &mut Frame, place: &Place, value: Value) -> Result<()> {
        let path = Self::path(fr, place)?;
        let mut cur: &mut Value = self.root(fr, place.root)?;
        for i in path {
            cur = element_mut(cur, i)?;
        }
        *cur = value;
        Ok(())
    }
}

fn const_value(c: &ir::ConstValue) -> Value {
    match c {
        ir::ConstValue::Literal(l) => Value::from_literal(*l),
        ir::ConstValue::Composite(items) => {
            Value::Composite(items.iter().map(const_value).collect())
        }
    }
}

enum Flow {
    Normal,
    Break,
    Continue,
    Return(Value),
}

struct Frame<'f> {
    func: &'f Function,
    params: Vec<Value>,
    locals: Vec<Value>,
    values: Vec<Value>,
}

impl Frame<'_> {
    fn get(&self, v: ValueId) -> Result<&Value> {
        match self.values.get(v.0 as usize) {
            Some(Value::Void) | None => malformed(format!("%{} used before it is defined", v.0)),
            Some(x) => Ok(x),
        }
    }
    fn get_bool(&self, v: ValueId) -> Result<bool> {
        self.get(v)?
            .as_bool()
            .ok_or_else(|| InterpError::Malformed(format!("%{} is not a bool", v.0)))
    }
    fn get_index(&self, v: ValueId) -> Result<i128> {
        self.get(v)?
            .as_i128()
            .ok_or_else(|| InterpError::Malformed(format!("%{} is not an index", v.0)))
    }
}

fn element(v: &Value, i: i128) -> Result<&Value> {
    match v {
        Value::Composite(items) => {
            usize::try_from(i)
                .ok()
                .and_then(|i| items.get(i))
                .ok_or(InterpError::OutOfBounds {
                    index: i,
                    len: items.len(),
                })
        }
        _ => malformed("indexing a scalar"),
    }
}

fn element_mut(v: &mut Value, i: i128) -> Result<&mut Value> {
    match v {
        Value::Composite(items) => {
            let len = items.len();
            usize::try_from(i)
                .ok()
                .and_then(|i| items.get_mut(i))
                .ok_or(InterpError::OutOfBounds { index: i, len })
        }
        _ => malformed("indexing a scalar"),
    }
}

/// Component `c` of a vector, or the scalar itself for `.x` of a scalar.
fn swizzle_component(v: &Value, c: u8) -> Result<&Value> {
    match v {
        Value::Composite(_) => element(v, c as i128),
        _ if c == 0 => Ok(v),
        _ => malformed("swizzle out of range"),
    }
}
