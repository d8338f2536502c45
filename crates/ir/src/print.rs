//! Textual form of a module (`dslang compile --target ir`), stable for snapshot tests.

use std::fmt::Write;

use crate::module::*;
use crate::types::{TypeId, TypeKind, Types};

pub fn print_module(module: &Module) -> String {
    let mut out = String::new();
    let types = &module.types;
    for (_, s) in types.structs() {
        let _ = writeln!(out, "struct {} {{", s.name);
        for f in &s.fields {
            let _ = writeln!(out, "  {}: {},", f.name, types.display(f.ty));
        }
        out.push_str("}\n");
    }
    for g in &module.globals {
        let ty = types.display(g.ty);
        let _ = match &g.kind {
            GlobalKind::StorageBuffer {
                access: BufferAccess::Read,
            } => {
                writeln!(out, "global buffer(read) {}: {ty}", g.name)
            }
            GlobalKind::StorageBuffer {
                access: BufferAccess::ReadWrite,
            } => {
                writeln!(out, "global buffer(read_write) {}: {ty}", g.name)
            }
            GlobalKind::Uniform => writeln!(out, "global uniform {}: {ty}", g.name),
            GlobalKind::Texture {
                dim,
                arrayed,
                access,
                format,
            } => {
                let access = match access {
                    BufferAccess::Read => "read",
                    BufferAccess::ReadWrite => "read_write",
                };
                let array = if *arrayed { "_array" } else { "" };
                writeln!(
                    out,
                    "global texture{}{array}({access}, {}) {}: {ty}",
                    dim.name(),
                    format.name(),
                    g.name
                )
            }
            GlobalKind::Sampler { comparison } => {
                let kind = if *comparison {
                    "sampler_comparison"
                } else {
                    "sampler"
                };
                writeln!(out, "global {kind} {}", g.name)
            }
            GlobalKind::Groupshared => writeln!(out, "global groupshared {}: {ty}", g.name),
            GlobalKind::Constant(v) => {
                let kind = if g.writable { "static" } else { "const" };
                writeln!(out, "global {kind} {}: {ty} = {}", g.name, const_text(v))
            }
        };
    }
    for (i, f) in module.print_formats.iter().enumerate() {
        if f.runtime {
            let _ = writeln!(out, "print_format {i} (the first argument's string)");
        } else {
            let _ = writeln!(out, "print_format {i} {:?}", f.text);
        }
    }
    for ep in &module.entry_points {
        let fname = module
            .function(ep.function)
            .map_or("?", |f| f.name.as_str());
        let builtins: Vec<&str> = ep.builtins.iter().map(|b| b.name()).collect();
        let [x, y, z] = ep.workgroup_size;
        let _ = writeln!(
            out,
            "entry {} = {fname} workgroup_size({x}, {y}, {z}) ({})",
            ep.name,
            builtins.join(", ")
        );
    }
    for f in &module.functions {
        out.push('\n');
        out.push_str(&print_function(module, f));
    }
    out
}

fn const_text(v: &ConstValue) -> String {
    match v {
        ConstValue::Literal(l) => literal_text(*l),
        ConstValue::Composite(items) => {
            let inner: Vec<String> = items.iter().map(const_text).collect();
            format!("{{{}}}", inner.join(", "))
        }
    }
}

pub fn literal_text(l: Literal) -> String {
    match l {
        Literal::Bool(b) => b.to_string(),
        Literal::I32(x) => x.to_string(),
        Literal::U32(x) => format!("{x}u"),
        Literal::I64(x) => format!("{x}ll"),
        Literal::U64(x) => format!("{x}ull"),
        Literal::F16(x) => format!("{x:?}h"),
        Literal::F32(x) => format!("{x:?}"),
        Literal::F64(x) => format!("{x:?}l"),
    }
}

pub fn print_function(module: &Module, f: &Function) -> String {
    let mut p = Printer {
        module,
        func: f,
        out: String::new(),
    };
    let params: Vec<String> = f
        .params
        .iter()
        .map(|prm| {
            let dir = match prm.dir {
                ParamDir::In => "",
                ParamDir::Out => "out ",
                ParamDir::InOut => "inout ",
            };
            format!("{dir}{}: {}", prm.name, module.types.display(prm.ty))
        })
        .collect();
    let _ = writeln!(
        p.out,
        "fn {}({}) -> {} {{",
        f.name,
        params.join(", "),
        module.types.display(f.ret)
    );
    for l in &f.locals {
        let _ = writeln!(p.out, "  local {}: {}", l.name, module.types.display(l.ty));
    }
    p.block(&f.body, 1);
    p.out.push_str("}\n");
    p.out
}

struct Printer<'a> {
    module: &'a Module,
    func: &'a Function,
    out: String,
}

impl Printer<'_> {
    fn types(&self) -> &Types {
        &self.module.types
    }
    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }
    fn block(&mut self, b: &Block, depth: usize) {
        for s in b {
            self.stmt(s, depth);
        }
    }
    fn stmt(&mut self, s: &Stmt, d: usize) {
        match s {
            Stmt::Let(v) => {
                let text = self.let_text(*v);
                self.line(d, &text);
            }
            Stmt::Store { place, value } => {
                let text = format!("store {}, %{}", self.place(place), value.0);
                self.line(d, &text);
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                self.line(d, &format!("if %{} {{", cond.0));
                self.block(then_block, d + 1);
                if !else_block.is_empty() {
                    self.line(d, "} else {");
                    self.block(else_block, d + 1);
                }
                self.line(d, "}");
            }
            Stmt::Switch { selector, cases } => {
                self.line(d, &format!("switch %{} {{", selector.0));
                for c in cases {
                    let mut labels: Vec<String> =
                        c.values.iter().map(|v| format!("case {v}")).collect();
                    if c.is_default {
                        labels.push("default".into());
                    }
                    let ft = if c.fallthrough { " fallthrough" } else { "" };
                    self.line(d + 1, &format!("{}:{ft} {{", labels.join(", ")));
                    self.block(&c.body, d + 2);
                    self.line(d + 1, "}");
                }
                self.line(d, "}");
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                attrs,
            } => {
                let mut head = String::from("loop");
                if let Some(n) = attrs.max_iters {
                    let _ = write!(head, " [MaxIters({n})]");
                }
                if attrs.force_unroll {
                    head.push_str(" [ForceUnroll]");
                }
                self.line(d, &format!("{head} {{"));
                self.block(body, d + 1);
                if !continuing.is_empty() || break_if.is_some() {
                    self.line(d, "} continuing {");
                    self.block(continuing, d + 1);
                    if let Some(c) = break_if {
                        self.line(d + 1, &format!("break_if %{}", c.0));
                    }
                }
                self.line(d, "}");
            }
            Stmt::Break => self.line(d, "break"),
            Stmt::Continue => self.line(d, "continue"),
            Stmt::Return(None) => self.line(d, "return"),
            Stmt::Return(Some(v)) => self.line(d, &format!("return %{}", v.0)),
            Stmt::Barrier(k) => self.line(d, &format!("barrier {k:?}")),
        }
    }
    fn place(&self, p: &Place) -> String {
        let types = self.types();
        let (mut text, mut ty): (String, Option<TypeId>) = match p.root {
            PlaceRoot::Local(l) => match self.func.locals.get(l.0 as usize) {
                Some(local) => (format!("${}", local.name), Some(local.ty)),
                None => (format!("$?{}", l.0), None),
            },
            PlaceRoot::Param(i) => match self.func.params.get(i as usize) {
                Some(prm) => (format!("${}", prm.name), Some(prm.ty)),
                None => (format!("$param?{i}"), None),
            },
            PlaceRoot::Global(g) => match self.module.global(g) {
                // The path of a buffer starts at its element sequence; show the element type.
                Some(gl) if matches!(gl.kind, GlobalKind::StorageBuffer { .. }) => {
                    (format!("@{}", gl.name), None)
                }
                Some(gl) => (format!("@{}", gl.name), Some(gl.ty)),
                None => (format!("@?{}", g.0), None),
            },
        };
        let buffer_elem = match p.root {
            PlaceRoot::Global(g) => self
                .module
                .global(g)
                .filter(|gl| matches!(gl.kind, GlobalKind::StorageBuffer { .. }))
                .map(|gl| gl.ty),
            _ => None,
        };
        for (i, a) in p.path.iter().enumerate() {
            match *a {
                Access::Field(f) => {
                    let name = ty.and_then(|t| match types.kind(t) {
                        TypeKind::Struct(s) => {
                            types.struct_def(*s).and_then(|s| s.fields.get(f as usize))
                        }
                        _ => None,
                    });
                    ty = name.map(|fd| fd.ty);
                    match name {
                        Some(fd) => {
                            let _ = write!(text, ".{}", fd.name);
                        }
                        None => {
                            let _ = write!(text, ".#{f}");
                        }
                    }
                }
                Access::Index(n) => {
                    let _ = write!(text, "[{n}]");
                    ty = self.elem(ty, i == 0, buffer_elem);
                }
                Access::Dynamic(v) => {
                    let _ = write!(text, "[%{}]", v.0);
                    ty = self.elem(ty, i == 0, buffer_elem);
                }
            }
        }
        text
    }
    fn elem(&self, ty: Option<TypeId>, first: bool, buffer_elem: Option<TypeId>) -> Option<TypeId> {
        if first && buffer_elem.is_some() {
            return buffer_elem;
        }
        let types = self.types();
        match *types.kind(ty?) {
            TypeKind::Array { elem, .. } | TypeKind::RuntimeArray { elem } => Some(elem),
            // Vector and matrix element types are not needed to name later steps.
            _ => None,
        }
    }
    fn let_text(&self, v: ValueId) -> String {
        let Some(data) = self.func.value(v) else {
            return format!("%{} = <unknown>", v.0);
        };
        let types = self.types();
        let val = |x: &ValueId| format!("%{}", x.0);
        let list = |xs: &[ValueId]| xs.iter().map(val).collect::<Vec<_>>().join(", ");
        let body = match &data.inst {
            Inst::Literal(l) => literal_text(*l),
            Inst::Zero => "zero".into(),
            Inst::Load(p) => format!("load {}", self.place(p)),
            Inst::Unary(op, a) => format!("{} {}", format!("{op:?}").to_lowercase(), val(a)),
            Inst::Binary(op, a, b) => format!("{} {}, {}", op.name(), val(a), val(b)),
            Inst::Select {
                cond,
                accept,
                reject,
            } => {
                format!("select {}, {}, {}", val(cond), val(accept), val(reject))
            }
            Inst::Convert(a, s) => format!("convert.{} {}", s.name(), val(a)),
            Inst::Bitcast(a, s) => format!("bitcast.{} {}", s.name(), val(a)),
            Inst::Construct(args) => format!("construct {}", list(args)),
            Inst::Splat(a) => format!("splat {}", val(a)),
            Inst::Extract(a, i) => format!("extract {}, {i}", val(a)),
            Inst::ExtractDyn(a, i) => format!("extract {}, {}", val(a), val(i)),
            Inst::Swizzle(a, comps) => {
                let s: String = comps
                    .iter()
                    .map(|&c| ['x', 'y', 'z', 'w'].get(c as usize).copied().unwrap_or('?'))
                    .collect();
                format!("swizzle {}.{s}", val(a))
            }
            Inst::Insert { base, index, value } => {
                format!("insert {}, {index}, {}", val(base), val(value))
            }
            Inst::InsertDyn { base, index, value } => {
                format!("insert {}, {}, {}", val(base), val(index), val(value))
            }
            Inst::Math(f, args) => format!("{} {}", f.name(), list(args)),
            Inst::Call(f, args) => {
                let name = self.module.function(*f).map_or("?", |f| f.name.as_str());
                let params = self.module.function(*f).map(|f| &f.params);
                let args: Vec<String> = args
                    .iter()
                    .enumerate()
                    .map(|(i, a)| match a {
                        Arg::Value(v) => val(v),
                        Arg::Place(p) => {
                            let dir = match params.and_then(|ps| ps.get(i)).map(|p| p.dir) {
                                Some(ParamDir::InOut) => "inout",
                                _ => "out",
                            };
                            format!("{dir} {}", self.place(p))
                        }
                    })
                    .collect();
                format!("call {name}({})", args.join(", "))
            }
            Inst::Atomic {
                op,
                place,
                value,
                compare,
            } => {
                let cmp = compare
                    .map(|c| format!(", {}", val(&c)))
                    .unwrap_or_default();
                format!(
                    "atomic.{} {}, {}{cmp}",
                    op.name(),
                    self.place(place),
                    val(value)
                )
            }
            Inst::ArrayLength(g) => {
                format!(
                    "array_length @{}",
                    self.module.global(*g).map_or("?", |g| g.name.as_str())
                )
            }
            Inst::Texture { op, texture, args } => {
                let global = |g: GlobalId| self.module.global(g).map_or("?", |g| g.name.as_str());
                let sampler = op
                    .sampler()
                    .map(|s| format!(" @{}", global(s)))
                    .unwrap_or_default();
                format!(
                    "{} @{}{sampler} ({})",
                    op.name(),
                    global(*texture),
                    list(args)
                )
            }
            Inst::Print(f, args) => format!("print {} ({})", f.0, list(args)),
        };
        format!("%{}: {} = {body}", v.0, types.display(data.ty))
    }
}
