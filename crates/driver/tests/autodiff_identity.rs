//! The dot-product identity on the GPU (lavapipe here): for each function a reverse-mode corpus
//! test differentiates (`bwd_diff(f)` in tests/autodiff/reverse), `<fwd(v), w> == <v, bwd(w)>`
//! to 1e-4 relative, with random primal point `x`, direction `v` and output weights `w`. A wrapper
//! kernel `dt_identity` is appended to the test's own source (its globals and helpers stay) and
//! run as the entry point; it writes both inner products to `dt_out`.
//!
//! Targets are found in the checked bodies (every `bwd_diff(X)(...)` call), so generic functions
//! are checked at the instantiations the file uses (`bwd_diff(loss<Wave>)`) and static methods
//! by their qualified name. Parameters and results are flattened into leaves: float scalars,
//! vectors and matrices inside structs and arrays carry a direction (differentiable fields only:
//! `no_diff` fields and fields of non-differentiable types get a random primal and no tangent),
//! `no_diff` parameters and non-differentiable ones (ints, interface values made by
//! `createDynamicObject` for each `type_conformance`) are constants. Files with user-written
//! derivatives are checked too: the identity then holds only if the user's pair is consistent,
//! and the tests that are inconsistent on purpose are listed in `INCONSISTENT_ON_PURPOSE`, which
//! this test requires to fail the identity.
//!
//! Higher order: a `bwd_diff(fwd_diff(f))` call checks the composite g = `fwd_diff(f)` itself,
//! a function of pairs `(x, dx) -> (y, dy)`: `<fwd_diff(fwd_diff(f))(v), w> ==
//! <v, bwd_diff(fwd_diff(f))(w)>` over both halves of every pair, exactly as for a first-order
//! function (the forward derivative of the composite is nested forward mode, so no finite
//! differences and no extra tolerance). Likewise a `fwd_diff(bwd_diff(f))` call checks
//! h = `bwd_diff(f)` with `fwd_diff(bwd_diff(f))` against `bwd_diff(bwd_diff(f))`.
//!
//! Locations (`IDifferentiablePtrType` parameters, and a method's `this` of such a type): the
//! k-th location points at element k, its derivative location at element k + (number of
//! locations). The primal reads and the differential reads and writes go through the file's
//! float buffers, so the location's direction is buffer contents: element i of every
//! `RWStructuredBuffer<float>` holds the same random d_i before the forward call (the forward
//! derivative reads its tangent from whichever buffer it uses), and the backward side of the
//! identity adds `sum_i d_i * (B[i] after - B[i] before)` over every buffer B for the backward
//! call: what its derivatives accumulated into the elements it touches.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use expect_test::expect;

/// Corpus functions whose user-written derivatives deliberately disagree with their bodies
/// (to show which one is called): (file, target, why).
const INCONSISTENT_ON_PURPOSE: &[(&str, &str, &str)] = &[
    (
        "apply_method_bwd.slang",
        "total",
        "Spring::energy's only derivative is a backward `__apply` extension: forward mode gives \
         its call a zero tangent, as slangc's does",
    ),
    (
        "bwd_default_args_buffer.slang",
        "f",
        "lookupD's only derivative is a [BackwardDerivative]: forward mode differentiates its body, \
         where `lookup` is not differentiable, so its tangent is zero",
    ),
    (
        "bwd_custom_derivative.slang",
        "f",
        "square's [BackwardDerivative] is 10x instead of 2x; fwd_diff differentiates the body",
    ),
    (
        "bwd_custom_derivative_overloads.slang",
        "sq(float)",
        "bsq is 10 dOut instead of 2x dOut, to show which overload is picked",
    ),
    (
        "bwd_custom_derivative_overloads.slang",
        "sq(float2)",
        "bsq is 20 dOut instead of 2x dOut, to show which overload is picked",
    ),
    (
        "bwd_custom_derivative_overloads.slang",
        "cube(float)",
        "bcube is 100 dOut instead of 3x^2 dOut, to show which overload is picked",
    ),
    (
        "bwd_custom_derivative_overloads.slang",
        "cube(float2)",
        "bcube is 200 dOut instead of 3x^2 dOut, to show which overload is picked",
    ),
];

fn gpu() -> Option<gpu::Gpu> {
    let dir = std::env::temp_dir().join(format!("dslang-identity-xdg-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).is_ok() {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
        // SAFETY: set before the first Vulkan start; this test only reads it afterwards.
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
    }
    let required =
        std::env::var_os("DSLANG_REQUIRE_GPU").is_some_and(|v| !v.is_empty() && v != "0");
    match gpu::Gpu::new(gpu::GpuOptions::default()) {
        Ok(g) => Some(g),
        Err(e @ gpu::GpuError::NoAdapter { .. }) if !required => {
            eprintln!("skipping GPU test: {e} (set DSLANG_REQUIRE_GPU=1 to make this a failure)");
            None
        }
        Err(e) => panic!("no GPU: {e}"),
    }
}

fn reverse_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/autodiff/reverse")
}

/// A deterministic generator of test values (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// In [lo, hi), rounded to 1/64 so the literals are exact in float.
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        ((lo + (hi - lo) * self.next()) * 64.0).round() / 64.0
    }
}

/// `rows == 0` for scalars and vectors (`cols` components; 1 for a scalar).
#[derive(Clone, Copy, Debug)]
struct Shape {
    rows: u32,
    cols: u32,
}

impl Shape {
    fn type_name(self) -> String {
        match (self.rows, self.cols) {
            (0, 1) => "float".into(),
            (0, n) => format!("float{n}"),
            (r, c) => format!("float{r}x{c}"),
        }
    }

    fn literal(self, rng: &mut Rng, lo: f64, hi: f64) -> String {
        let n = self.rows.max(1) * self.cols;
        let xs: Vec<String> = (0..n).map(|_| format!("{:?}", rng.range(lo, hi))).collect();
        if n == 1 {
            xs[0].clone()
        } else {
            format!("{}({})", self.type_name(), xs.join(", "))
        }
    }

    /// The inner product of two values of this shape.
    fn inner(self, a: &str, b: &str) -> String {
        if self.rows == 0 {
            return format!("dot({a}, {b})");
        }
        let rows: Vec<String> = (0..self.rows)
            .map(|r| format!("dot({a}[{r}], {b}[{r}])"))
            .collect();
        format!("({})", rows.join(" + "))
    }
}

fn float_shape(ty: &hir::Ty) -> Option<Shape> {
    let float = |e: &hir::Ty| *e == hir::Ty::Scalar(hir::ScalarKind::Float);
    match ty {
        hir::Ty::Scalar(hir::ScalarKind::Float) => Some(Shape { rows: 0, cols: 1 }),
        hir::Ty::Vector(e, hir::Len::Known(n)) if float(e) => Some(Shape { rows: 0, cols: *n }),
        hir::Ty::Matrix(e, hir::Len::Known(r), hir::Len::Known(c)) if float(e) => {
            Some(Shape { rows: *r, cols: *c })
        }
        _ => None,
    }
}

/// How a value of some type takes part in the identity.
#[derive(Clone, Debug)]
enum Model {
    Float(Shape),
    /// A non-differentiable leaf and the literal it gets.
    Plain(String),
    Array(Box<Model>, u32),
    /// `diff`: the struct is `IDifferentiable`; each field with the name of its derivative in
    /// the `Differential` (`None`: no derivative).
    Struct {
        diff: bool,
        fields: Vec<(String, Model, Option<String>)>,
    },
    /// An interface value: one `createDynamicObject` per conformance.
    Dyn(Vec<String>),
    /// A location (`IDifferentiablePtrType`, its integer fields): passed to both derivatives
    /// as a `DifferentialPtrPair`; its direction lives in the buffers (see [`Locations`]).
    Location(Vec<String>),
}

impl Model {
    fn differentiable(&self) -> bool {
        match self {
            Model::Float(_) => true,
            Model::Plain(_) | Model::Dyn(_) | Model::Location(_) => false,
            Model::Array(e, _) => e.differentiable(),
            Model::Struct { diff, .. } => *diff,
        }
    }

    /// Number of interface choices (1 without interface values).
    fn variants(&self) -> usize {
        match self {
            Model::Dyn(c) => c.len(),
            Model::Array(e, _) => e.variants(),
            Model::Struct { fields, .. } => {
                fields.iter().map(|f| f.1.variants()).max().unwrap_or(1)
            }
            _ => 1,
        }
    }
}

/// A leaf of a flattened value: its path in the primal, its path in the differential (when it
/// carries a derivative) and what it is.
struct Leaf {
    primal: String,
    diff: Option<String>,
    model: Model,
}

fn leaves(model: &Model, primal: &str, diff: Option<&str>, out: &mut Vec<Leaf>) {
    match model {
        Model::Array(e, n) => {
            for k in 0..*n {
                let d = diff.map(|d| format!("{d}[{k}]"));
                leaves(e, &format!("{primal}[{k}]"), d.as_deref(), out);
            }
        }
        Model::Struct { fields, .. } => {
            for (name, m, dname) in fields {
                let d = match (diff, dname) {
                    (Some(d), Some(dn)) => Some(format!("{d}.{dn}")),
                    _ => None,
                };
                leaves(m, &format!("{primal}.{name}"), d.as_deref(), out);
            }
        }
        _ => out.push(Leaf {
            primal: primal.to_string(),
            diff: diff.map(str::to_string),
            model: model.clone(),
        }),
    }
}

struct Cx<'a> {
    db: &'a hir::RootDatabase,
    file: hir::SourceFile,
    conformances: &'a [test_format::TypeConformance],
    /// The file's `RWStructuredBuffer<float>` globals with an input, and their element counts.
    buffers: &'a [(String, u32)],
}

/// The float buffers a location may point into: `RWStructuredBuffer<float> NAME;` globals of
/// `source` that have a `//TEST_INPUT` (at most 64 elements each are used).
fn float_buffers(source: &str, test: &test_format::TestFile) -> Vec<(String, u32)> {
    let declared: Vec<&str> = source
        .lines()
        .filter_map(|l| l.trim().strip_prefix("RWStructuredBuffer<float>"))
        .filter_map(|rest| rest.trim().strip_suffix(';'))
        .map(str::trim)
        .collect();
    test.buffers()
        .filter_map(|(input, buffer)| {
            let name = input.name.as_deref()?;
            let elements = (buffer.byte_size() / 4).min(64) as u32;
            declared
                .contains(&name)
                .then(|| (name.to_string(), elements))
        })
        .collect()
}

impl Cx<'_> {
    fn model(&self, ty: &hir::Ty, depth: u32) -> Result<Model, String> {
        use hir::{ScalarKind, Ty};
        let ty = hir::export::normalize(self.db, self.file, ty);
        if depth > 8 {
            return Err("type nested too deeply".into());
        }
        if let Some(shape) = float_shape(&ty) {
            return Ok(Model::Float(shape));
        }
        let display = hir::display_ty(self.db, &ty);
        Ok(match &ty {
            Ty::Scalar(ScalarKind::Int | ScalarKind::UInt) => Model::Plain("2".into()),
            Ty::Scalar(ScalarKind::Bool) => Model::Plain("true".into()),
            Ty::Vector(e, hir::Len::Known(n))
                if matches!(**e, Ty::Scalar(ScalarKind::Int | ScalarKind::UInt)) =>
            {
                Model::Plain(format!("{display}({})", vec!["1"; *n as usize].join(", ")))
            }
            Ty::Array(e, hir::Len::Known(n)) => match self.model(e, depth + 1)? {
                // An array of locations is one location (`DifferentialPtrPair<T[N]>`) whose
                // elements would each need their own buffer element: not modelled.
                Model::Location(_) => return Err(format!("an array of locations `{display}`")),
                inner => Model::Array(Box::new(inner), *n),
            },
            Ty::Adt(decl, args) => {
                let data = hir::type_decl_data(self.db, *decl);
                match data.kind {
                    hir::TypeDeclKind::Interface => {
                        let ids: Vec<String> = self
                            .conformances
                            .iter()
                            .filter(|c| c.interface == data.name)
                            .map(|c| format!("createDynamicObject<{display}>({}, 0)", c.id))
                            .collect();
                        if ids.is_empty() {
                            return Err(format!("interface `{display}` without type_conformance"));
                        }
                        Model::Dyn(ids)
                    }
                    // A location: its fields (indices) pick buffer elements.
                    hir::TypeDeclKind::Struct
                        if hir::export::type_decl_bases(self.db, *decl).iter().any(|b| {
                            matches!(b, Ty::Adt(i, _) if i.loc(self.db).name() == "IDifferentiablePtrType")
                        }) =>
                    {
                        let ftys = hir::export::field_types(self.db, *decl);
                        let mut fields = Vec::new();
                        for (f, fty) in data.fields.iter().zip(ftys.iter()) {
                            if f.modifiers.is_static || f.global.is_some() {
                                continue;
                            }
                            if !matches!(fty, Ty::Scalar(ScalarKind::Int | ScalarKind::UInt)) {
                                return Err(format!(
                                    "location `{display}` has a field `{}` that is not an index",
                                    f.name
                                ));
                            }
                            fields.push(f.name.to_string());
                        }
                        Model::Location(fields)
                    }
                    hir::TypeDeclKind::Struct if data.attr("__intrinsic_type").is_none() => {
                        self.struct_model(*decl, args, &ty, depth)?
                    }
                    _ => return Err(format!("a value of type `{display}`")),
                }
            }
            _ => return Err(format!("a value of type `{display}`")),
        })
    }

    fn struct_model(
        &self,
        decl: hir::TypeDeclId,
        args: &[hir::GenericArg],
        ty: &hir::Ty,
        depth: u32,
    ) -> Result<Model, String> {
        let data = hir::type_decl_data(self.db, decl);
        let info = hir::struct_differential(self.db, decl);
        let diff = info.kind != hir::DifferentialKind::NotDifferentiable;
        let subst = hir::export::type_args_subst(self.db, decl, args);
        let ftys = hir::export::field_types(self.db, decl);
        let mut fields = Vec::new();
        for (f, fty) in data.fields.iter().zip(ftys.iter()) {
            if f.modifiers.is_static || f.global.is_some() {
                continue;
            }
            let fty = fty
                .subst(&|p| hir::export::subst_lookup(&subst, &p))
                .subst_this(ty);
            let m = self.model(&fty, depth + 1)?;
            let kept = info.fields.iter().any(|d| d.name == f.name);
            // `[DerivativeMember(D.x)]` names the field of a declared Differential.
            let dname = kept.then(|| {
                f.attrs
                    .iter()
                    .find(|a| a.name == "DerivativeMember")
                    .and_then(|a| match a.args.first() {
                        Some(hir::export::AttrArg::Path(p)) => Some(p.last_name().to_string()),
                        _ => None,
                    })
                    .unwrap_or_else(|| f.name.to_string())
            });
            fields.push((f.name.to_string(), m, dname.filter(|_| diff)));
        }
        Ok(Model::Struct { diff, fields })
    }

    /// The declaration of a variable of type `ty` (`float a[3]`, `S.Differential d`).
    fn declare(&self, ty: &hir::Ty, name: &str, differential: bool) -> String {
        let ty = hir::export::normalize(self.db, self.file, ty);
        let mut dims = String::new();
        let mut base = &ty;
        while let hir::Ty::Array(e, hir::Len::Known(n)) = base {
            let _ = write!(dims, "[{n}]");
            base = e;
        }
        let mut spelled = hir::display_ty(self.db, base);
        if differential
            && let hir::Ty::Adt(decl, _) = base
            && hir::struct_differential(self.db, *decl).kind != hir::DifferentialKind::OwnType
        {
            spelled.push_str(".Differential");
        }
        format!("{spelled} {name}{dims}")
    }
}

/// One function to check: the text inside `bwd_diff(...)`, the function, its generic arguments.
struct Target {
    text: String,
    /// `text`, with the parameter types where overloads share it.
    name: String,
    func: hir::FunctionId,
    subst: Vec<(hir::GenericParamId, hir::GenericArg)>,
    /// A higher-order target: `text` is `fwd_diff(f)` or `bwd_diff(f)` (this kind), the checked
    /// function is that derivative of `func`, and the wrapper nests one more operator around it.
    composite: Option<hir::DiffKind>,
}

/// Every `bwd_diff(X)(...)` call of the file's bodies, and the composites of higher-order calls:
/// `bwd_diff(fwd_diff(f))` checks `fwd_diff(f)`, `fwd_diff(bwd_diff(f))` checks `bwd_diff(f)`.
/// Higher-order calls whose inner function is not found are returned by text.
fn targets(loaded: &driver::Loaded) -> (Vec<Target>, Vec<String>) {
    let db = &loaded.db;
    let (mut out, mut nested): (Vec<Target>, Vec<String>) = (Vec::new(), Vec::new());
    for def in hir::file_items(db, loaded.file) {
        let hir::ItemDef::Function(f) = def else {
            continue;
        };
        let loc = f.loc(db);
        if loc.file != loaded.file {
            continue;
        }
        let body = hir::fn_body(db, f);
        let infer = hir::infer_function(db, f);
        let offset = hir::export::item_offset(db, loc);
        let pp = hir::preprocessed(db, loc.file);
        let text_of = |e: hir::ExprId| {
            let r = body.expr_range(e).shifted(offset);
            pp.text
                .get(r.start as usize..r.end as usize)
                .unwrap_or("")
                .to_string()
        };
        for (call, expr) in body.exprs.iter() {
            let hir::Expr::Call { callee, .. } = expr else {
                continue;
            };
            let hir::Expr::Diff { kind, func } = &body.exprs[*callee] else {
                continue;
            };
            let text = text_of(*func);
            let composite = match &body.exprs[*func] {
                hir::Expr::Diff { kind: inner, func } if inner != kind => {
                    // The function inside both operators.
                    let path = match &body.exprs[*func] {
                        hir::Expr::GenericApply { base, .. } => *base,
                        _ => *func,
                    };
                    match infer.resolutions.get(&path) {
                        Some(hir::ExprRes::Function(g)) => Some((*inner, *g)),
                        _ => {
                            if !nested.contains(&text) {
                                nested.push(text);
                            }
                            continue;
                        }
                    }
                }
                hir::Expr::Diff { .. } => {
                    if !nested.contains(&text) {
                        nested.push(text);
                    }
                    continue;
                }
                _ if *kind == hir::DiffKind::Backward => None,
                _ => continue,
            };
            let (func, composite) = match composite {
                Some((inner, g)) => (g, Some(inner)),
                None => match infer.resolutions.get(&call) {
                    Some(hir::ExprRes::Function(g)) => (*g, None),
                    _ => continue,
                },
            };
            let subst = infer
                .generic_args_of(call)
                .map(|a| a.to_vec())
                .unwrap_or_default();
            if out
                .iter()
                .any(|t| t.func == func && t.subst == subst && t.composite == composite)
            {
                continue;
            }
            out.push(Target {
                text,
                func,
                subst,
                name: String::new(),
                composite,
            });
        }
    }
    // Overloads named alike are told apart by their parameter types.
    for i in 0..out.len() {
        let ambiguous = out
            .iter()
            .filter(|t| t.text == out[i].text && t.composite.is_none())
            .count()
            > 1;
        out[i].name = if ambiguous {
            let sig = hir::fn_sig(db, out[i].func);
            let tys: Vec<String> = sig
                .params
                .iter()
                .map(|p| hir::display_ty(db, &p.ty))
                .collect();
            format!("{}({})", out[i].text, tys.join(", "))
        } else {
            out[i].text.clone()
        };
    }
    (out, nested)
}

/// A parameter (or the result) of a target in the identity's terms.
struct Slot {
    ty: hir::Ty,
    model: Model,
    dir: hir::ParamDir,
    /// Carries a derivative (differentiable type, not `no_diff`).
    diff: bool,
    /// A `DifferentialPair<ty>` (a composite target's parameter): its primal is a pair of a `ty`
    /// and a `ty.Differential`, its differential a pair of two `ty.Differential`s.
    pair: bool,
}

/// The parameters and result of `target`, or why it is not covered.
fn slots(cx: &Cx, target: &Target) -> Result<(Vec<Slot>, Option<Slot>), String> {
    let db = cx.db;
    let sig = hir::fn_sig(db, target.func);
    let concrete = |t: &hir::Ty| t.subst(&|p| hir::export::subst_lookup(&target.subst, &p));
    let mut out = Vec::new();
    if sig.is_member && !sig.is_static {
        // A location `this` is the derivatives' first argument, a `DifferentialPtrPair`.
        let owner = target.func.loc(db).parent();
        let this = owner
            .filter(|o| o.kind() == Some(hir::ItemKind::Struct))
            .map(|o| hir::Ty::Adt(hir::TypeDeclId::new(db, o), Vec::new().into()));
        match this.map(|ty| (cx.model(&ty, 0), ty)) {
            Some((Ok(model @ Model::Location(_)), ty)) => out.push(Slot {
                ty,
                model,
                dir: hir::ParamDir::In,
                diff: false,
                pair: false,
            }),
            _ => return Err("a method with a `this` that is not a location".into()),
        }
    }
    // Parameters typed through a non-differentiable associated-type view stay plain values.
    let views = hir::nondiff_view_params(db, target.func);
    for (i, p) in sig.params.iter().enumerate() {
        if p.dir == hir::ParamDir::Ref {
            return Err(format!("`ref` parameter `{}`", p.name));
        }
        let ty = concrete(&p.ty);
        let model = cx
            .model(&ty, 0)
            .map_err(|e| format!("parameter `{}`: {e}", p.name))?;
        let diff = !p.no_diff && !views.contains(&(i as u32)) && model.differentiable();
        out.push(Slot {
            ty,
            model,
            dir: p.dir,
            diff,
            pair: false,
        });
    }
    let no_diff_ret = hir::fn_data(db, target.func).modifiers.no_diff;
    let ret = match concrete(&sig.ret) {
        hir::Ty::Void => None,
        ty => {
            let model = cx.model(&ty, 0).map_err(|e| format!("the result: {e}"))?;
            let diff = !no_diff_ret && model.differentiable();
            diff.then_some(Slot {
                ty,
                model,
                dir: hir::ParamDir::Out,
                diff,
                pair: false,
            })
        }
    };
    match target.composite {
        None => Ok((out, ret)),
        Some(kind) => composite_slots(out, ret, kind),
    }
}

/// The parameters and result of `fwd_diff(f)` (`Forward`) or `bwd_diff(f)` (`Backward`) from
/// those of `f`, by the user guide's signature rules.
fn composite_slots(
    params: Vec<Slot>,
    ret: Option<Slot>,
    kind: hir::DiffKind,
) -> Result<(Vec<Slot>, Option<Slot>), String> {
    use hir::ParamDir::{In, InOut, Out};
    if params
        .iter()
        .chain(ret.iter())
        .any(|p| matches!(p.model, Model::Dyn(_)))
    {
        return Err("a composite target with interface values".into());
    }
    let paired = |p: Slot, dir| Slot {
        pair: true,
        dir,
        ..p
    };
    // A derivative-only slot (an `out` parameter's or the result's incoming derivative) is a
    // `T.Differential`: `define` with `differential` spells it so and fills the leaves that
    // have derivatives.
    let differential = |p: Slot| Slot { dir: In, ..p };
    match kind {
        hir::DiffKind::Forward => Ok((
            params
                .into_iter()
                .map(|p| {
                    let dir = p.dir;
                    if p.diff { paired(p, dir) } else { p }
                })
                .collect(),
            ret.map(|r| paired(r, Out)),
        )),
        hir::DiffKind::Backward => {
            let mut out = Vec::new();
            for p in params {
                match (p.diff, p.dir) {
                    (true, In | InOut) => out.push(paired(p, InOut)),
                    (true, Out) => out.push(differential(p)),
                    (false, Out) => {}
                    (false, _) => out.push(Slot { dir: In, ..p }),
                    (true, hir::ParamDir::Ref) => return Err("a `ref` parameter".into()),
                }
            }
            if let Some(r) = ret {
                out.push(differential(r));
            }
            Ok((out, None))
        }
    }
}

/// Statements giving every leaf of `name` a value: random primals, or (differential) random
/// directions for the leaves with derivatives.
fn fill(slot: &Slot, name: &str, differential: bool, variant: usize, rng: &mut Rng) -> String {
    let mut ls = Vec::new();
    leaves(&slot.model, "", Some(""), &mut ls);
    let mut s = String::new();
    for l in ls {
        let (path, value) = match (&l.model, differential) {
            (Model::Float(shape), false) => (l.primal, shape.literal(rng, 0.2, 0.9)),
            (Model::Float(shape), true) => match l.diff {
                Some(d) => (d, shape.literal(rng, -1.0, 1.0)),
                None => continue,
            },
            (_, true) => continue,
            (Model::Plain(lit), false) => (l.primal, lit.clone()),
            (Model::Dyn(choices), false) => (l.primal, choices[variant % choices.len()].clone()),
            _ => continue,
        };
        let _ = writeln!(s, "    {name}{path} = {value};");
    }
    s
}

/// Statements declaring `name` as a value of `slot` (a primal, or with `differential` a
/// direction) with random leaves.
fn define(
    cx: &Cx,
    slot: &Slot,
    name: &str,
    differential: bool,
    variant: usize,
    rng: &mut Rng,
) -> String {
    let mut s = String::new();
    if !slot.pair {
        let _ = writeln!(s, "    {};", cx.declare(&slot.ty, name, differential));
        s.push_str(&fill(slot, name, differential, variant, rng));
        return s;
    }
    // A pair's `.p` and `.d` are read-only: its parts are made apart and joined.
    for (part, part_differential) in [("p", differential), ("d", true)] {
        let part_name = format!("{name}_{part}");
        let _ = writeln!(
            s,
            "    {};",
            cx.declare(&slot.ty, &part_name, part_differential)
        );
        s.push_str(&fill(slot, &part_name, part_differential, variant, rng));
    }
    let _ = writeln!(s, "    var {name} = diffPair({name}_p, {name}_d);");
    s
}

/// The inner product of the derivative leaves of `a` and `b` (both differentials of `slot`).
fn inner(slot: &Slot, a: &str, b: &str) -> Vec<String> {
    if slot.pair {
        let unpaired = |part: &str| {
            let s = Slot {
                ty: slot.ty.clone(),
                model: slot.model.clone(),
                dir: slot.dir,
                diff: slot.diff,
                pair: false,
            };
            inner(&s, &format!("{a}.{part}"), &format!("{b}.{part}"))
        };
        let mut terms = unpaired("p");
        terms.extend(unpaired("d"));
        return terms;
    }
    let mut ls = Vec::new();
    leaves(&slot.model, "", Some(""), &mut ls);
    ls.into_iter()
        .filter_map(|l| match (&l.model, l.diff) {
            (Model::Float(shape), Some(d)) => {
                Some(shape.inner(&format!("{a}{d}"), &format!("{b}{d}")))
            }
            _ => None,
        })
        .collect()
}

/// The wrapper kernel for `target`.
fn wrapper(
    cx: &Cx,
    target: &str,
    params: &[Slot],
    ret: Option<&Slot>,
    variant: usize,
    rng: &mut Rng,
) -> String {
    use hir::ParamDir::{In, InOut, Out, Ref};
    let mut s = String::from(
        "\nRWStructuredBuffer<float> dt_out;\n[numthreads(1, 1, 1)]\nvoid dt_identity()\n{\n",
    );
    let (mut fwd_args, mut bwd_args) = (Vec::new(), Vec::new());
    let (mut lhs, mut rhs) = (Vec::new(), Vec::new());
    let location_count = params
        .iter()
        .filter(|p| matches!(p.model, Model::Location(_)))
        .count();
    let mut location_index = 0;
    for (i, p) in params.iter().enumerate() {
        let x = format!("x{i}");
        if let Model::Location(fields) = &p.model {
            // The k-th location is element k, its derivative location element k + count.
            let pair = format!("l{i}");
            let mut parts = Vec::new();
            for (name, index) in [
                (&x, location_index),
                (&format!("dl{i}"), location_index + location_count),
            ] {
                let _ = writeln!(s, "    {};", cx.declare(&p.ty, name, false));
                for f in fields {
                    let _ = writeln!(s, "    {name}.{f} = {index};");
                }
                parts.push(name.clone());
            }
            let ty = hir::display_ty(cx.db, &hir::export::normalize(cx.db, cx.file, &p.ty));
            let _ = writeln!(
                s,
                "    var {pair} = DifferentialPtrPair<{ty}>({});",
                parts.join(", ")
            );
            location_index += 1;
            fwd_args.push(pair.clone());
            bwd_args.push(pair);
            continue;
        }
        if let Model::Dyn(choices) = &p.model {
            let _ = writeln!(
                s,
                "    {} = {};",
                cx.declare(&p.ty, &x, false),
                choices[variant % choices.len()]
            );
        } else {
            s.push_str(&define(cx, p, &x, false, variant, rng));
        }
        if !p.diff {
            match p.dir {
                In => {
                    fwd_args.push(x.clone());
                    bwd_args.push(x);
                }
                InOut | Ref => {
                    let _ = writeln!(s, "    var f{i} = {x};");
                    fwd_args.push(format!("f{i}"));
                    bwd_args.push(x);
                }
                Out => {
                    let _ = writeln!(s, "    var f{i} = {x};");
                    fwd_args.push(format!("f{i}"));
                }
            }
            continue;
        }
        for d in ["v", "w"] {
            s.push_str(&define(cx, p, &format!("{d}{i}"), true, variant, rng));
        }
        let (v, w) = (format!("v{i}"), format!("w{i}"));
        match p.dir {
            In => {
                fwd_args.push(format!("diffPair({x}, {v})"));
                let _ = writeln!(s, "    var b{i} = diffPair({x});");
                bwd_args.push(format!("b{i}"));
                rhs.extend(inner(p, &v, &format!("b{i}.d")));
            }
            InOut | Ref => {
                let _ = writeln!(s, "    var f{i} = diffPair({x}, {v});");
                fwd_args.push(format!("f{i}"));
                lhs.extend(inner(p, &format!("f{i}.d"), &w));
                let _ = writeln!(s, "    var b{i} = diffPair({x}, {w});");
                bwd_args.push(format!("b{i}"));
                rhs.extend(inner(p, &v, &format!("b{i}.d")));
            }
            Out => {
                let _ = writeln!(s, "    var f{i} = diffPair({x}, {v});");
                fwd_args.push(format!("f{i}"));
                lhs.extend(inner(p, &format!("f{i}.d"), &w));
                bwd_args.push(w);
            }
        }
    }
    // Locations' directions: element k of every float buffer holds the direction of element k
    // (so the forward derivative reads it from whichever buffer it reads tangents from); the
    // backward derivative's contribution is what it adds to the buffers' elements.
    let mut snapshot = String::new();
    if location_count > 0 {
        let longest = cx.buffers.iter().map(|b| b.1).max().unwrap_or(0);
        let directions: Vec<f64> = (0..longest).map(|_| rng.range(0.2, 0.9)).collect();
        for (b, n) in cx.buffers {
            for k in 0..*n {
                let _ = writeln!(s, "    {b}[{k}] = {:?};", directions[k as usize]);
                let _ = writeln!(snapshot, "    float s_{b}_{k} = {b}[{k}];");
                rhs.push(format!(
                    "{:?} * ({b}[{k}] - s_{b}_{k})",
                    directions[k as usize]
                ));
            }
        }
    }
    let call = format!("fwd_diff({target})({})", fwd_args.join(", "));
    match ret {
        Some(r) => {
            s.push_str(&define(cx, r, "wr", true, variant, rng));
            let _ = writeln!(s, "    let r = {call};");
            lhs.extend(inner(r, "r.d", "wr"));
            bwd_args.push("wr".into());
        }
        None => {
            let _ = writeln!(s, "    {call};");
        }
    }
    s.push_str(&snapshot);
    let _ = writeln!(s, "    bwd_diff({target})({});", bwd_args.join(", "));
    let sum = |terms: &[String]| {
        if terms.is_empty() {
            "0.0".to_string()
        } else {
            terms.join(" + ")
        }
    };
    let _ = writeln!(
        s,
        "    dt_out[0] = {};\n    dt_out[1] = {};\n}}",
        sum(&lhs),
        sum(&rhs)
    );
    s
}

/// What became of one target.
enum Outcome {
    /// `located`: the target takes a location.
    Holds {
        located: bool,
    },
    NotCovered(String),
    Fails(String),
}

fn check_target(
    gpu: &gpu::Gpu,
    path: &Path,
    source: &str,
    options: &driver::Options,
    cx: &Cx,
    target: &Target,
    rng: &mut Rng,
) -> Outcome {
    let (params, ret) = match slots(cx, target) {
        Ok(s) => s,
        Err(why) => return Outcome::NotCovered(why),
    };
    if !params.iter().any(|p| p.diff) && ret.is_none() {
        return Outcome::NotCovered("no differentiable parameter or result".into());
    }
    let variants = params.iter().map(|p| p.model.variants()).max().unwrap_or(1);
    for variant in 0..variants {
        // The original buffers keep their bindings; dt_out is declared (and listed) last.
        let kernel = wrapper(cx, &target.text, &params, ret.as_ref(), variant, rng);
        if std::env::var_os("DSLANG_IDENTITY_SHOW").is_some() {
            eprintln!("{kernel}");
        }
        let program = append_input(&format!("{source}\n{kernel}"));
        let test = test_format::parse_test_file(&program);
        let loaded = driver::load(path, program.as_bytes(), options);
        let run = driver::Options {
            entry: Some("dt_identity".into()),
            ..options.clone()
        };
        // As the corpus runner does: the device's optional features (subgroups...) enabled.
        let compiled = match loaded.compile_for(&run, driver::DeviceFeatures::of(gpu)) {
            Ok(c) => c,
            Err(d) => {
                let first = d.first().map(|d| d.message.as_str()).unwrap_or("");
                return Outcome::Fails(format!("does not compile: {first}\n{kernel}"));
            }
        };
        let report = match driver::run_file(gpu, &compiled, &test, Some([1, 1, 1])) {
            Ok(r) => r,
            Err(e) => return Outcome::Fails(format!("run failed: {e}")),
        };
        let Some((_, words)) = report.buffers.iter().find(|(n, _)| n == "dt_out") else {
            return Outcome::Fails("no dt_out buffer".into());
        };
        let (lhs, rhs) = (
            f64::from(f32::from_bits(words[0])),
            f64::from(f32::from_bits(words[1])),
        );
        if lhs.is_nan() && rhs.is_nan() {
            return Outcome::NotCovered(
                "not defined at the sampled point (both sides NaN: outside its domain)".into(),
            );
        }
        let scale = lhs.abs().max(rhs.abs()).max(1e-2);
        if !((lhs - rhs).abs() <= 1e-4 * scale && lhs.is_finite()) {
            return Outcome::Fails(format!(
                "<fwd(v), w> = {lhs} but <v, bwd(w)> = {rhs} (variant {variant})"
            ));
        }
    }
    Outcome::Holds {
        located: params.iter().any(|p| matches!(p.model, Model::Location(_))),
    }
}

/// What the identity found over a set of files (each entry `file: function`).
#[derive(Default)]
struct Report {
    covered: Vec<String>,
    not_covered: Vec<String>,
    failures: Vec<String>,
    /// Functions listed as inconsistent on purpose whose identity fails, with the reason.
    caught: Vec<String>,
    composites: Vec<String>,
    locations: Vec<String>,
}

/// Checks every `bwd_diff` target of the files in `paths`, named by their path below `root`.
/// `inconsistent` lists the (file, target, why) whose identity must fail.
fn check_files(
    gpu: &gpu::Gpu,
    root: &Path,
    paths: &[PathBuf],
    inconsistent: &[(&str, &str, &str)],
    rng: &mut Rng,
) -> Report {
    let mut r = Report::default();
    for path in paths {
        let file = path
            .strip_prefix(root)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned();
        let source = std::fs::read_to_string(path).expect("readable test");
        let test = test_format::parse_test_file(&source);
        let Some(directive) = test.compute_tests().next() else {
            continue;
        };
        let mut options = driver::Options {
            defines: directive.defines.clone(),
            experimental_features: directive.experimental_features,
            ..driver::Options::default()
        };
        let conformances: Vec<test_format::TypeConformance> =
            test.type_conformances().cloned().collect();
        options
            .type_conformances
            .extend(conformances.iter().map(|c| driver::TypeConformance {
                type_name: c.type_name.clone(),
                interface: c.interface.clone(),
                id: c.id,
            }));
        let original = driver::load(path, source.as_bytes(), &options);
        let buffers = float_buffers(&source, &test);
        let cx = Cx {
            db: &original.db,
            file: original.file,
            conformances: &conformances,
            buffers: &buffers,
        };
        let (found, nested) = targets(&original);
        for text in nested {
            r.not_covered.push(format!(
                "{file}: {text} (higher order: the inner function is not resolved)"
            ));
        }
        for target in &found {
            let what = format!("{file}: {}", target.name);
            let on_purpose = inconsistent
                .iter()
                .find(|(f, t, _)| *f == file && *t == target.name);
            match check_target(gpu, path, &source, &options, &cx, target, rng) {
                Outcome::Holds { .. } if on_purpose.is_some() => r.failures.push(format!(
                    "{what}: listed as inconsistent on purpose, but the identity holds"
                )),
                Outcome::Holds { located } => {
                    if target.composite.is_some() {
                        r.composites.push(what.clone());
                    }
                    if located {
                        r.locations.push(what.clone());
                    }
                    r.covered.push(what);
                }
                Outcome::NotCovered(why) => r.not_covered.push(format!("{what} ({why})")),
                // A function with only a backward derivative has no forward side to compare.
                Outcome::Fails(why)
                    if on_purpose.is_none() && why.contains("'fwd_diff' is not a member") =>
                {
                    r.not_covered.push(format!(
                        "{what} (only a backward derivative: no forward side to compare)"
                    ))
                }
                Outcome::Fails(why) => match on_purpose {
                    Some((_, _, reason)) => r.caught.push(format!("{what} ({reason})")),
                    None => r.failures.push(format!("{what}: {why}")),
                },
            }
        }
    }
    println!(
        "{} functions checked ({} higher-order composites: {}), {} inconsistent on purpose and caught, {} not covered:\n  {}",
        r.covered.len(),
        r.composites.len(),
        r.composites.join(", "),
        r.caught.len(),
        r.not_covered.len(),
        r.not_covered.join("\n  ")
    );
    r
}

/// The `.slang` files below `dir` (all depths), sorted; with DSLANG_IDENTITY_ONLY set, only
/// those whose path contains it (a debugging aid: coverage is then not asserted).
fn slang_files(dir: &Path) -> (Vec<PathBuf>, bool) {
    let mut out = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "slang") {
                out.push(path);
            }
        }
    }
    out.sort();
    let only = std::env::var("DSLANG_IDENTITY_ONLY").ok();
    if let Some(only) = &only {
        out.retain(|p| p.to_string_lossy().contains(only.as_str()));
    }
    (out, only.is_some())
}

#[test]
fn dot_product_identity_of_every_reverse_corpus_function_on_the_gpu() {
    let Some(gpu) = gpu() else { return };
    let (paths, filtered) = slang_files(&reverse_dir());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let r = check_files(
        &gpu,
        &reverse_dir(),
        &paths,
        INCONSISTENT_ON_PURPOSE,
        &mut rng,
    );
    assert!(r.failures.is_empty(), "{}", r.failures.join("\n"));
    if filtered {
        return;
    }
    assert_eq!(
        r.caught.len(),
        INCONSISTENT_ON_PURPOSE.len(),
        "inconsistent custom derivatives not caught: {:?}",
        r.caught
    );
    expect![[r#"
        apply_method_bwd.slang: Spring::energy (a method with a `this` that is not a location)
        apply_method_bwd.slang: Segment<float>::at (a method with a `this` that is not a location)
        bwd_dynamic_generic_witness.slang: apply (parameter `s`: interface `IStage<float>` without type_conformance)
        bwd_optional_value.slang: scaled (parameter `a`: a value of type `Optional<float>`)
        bwd_optional_value.slang: orDefault (parameter `a`: a value of type `Optional<float2>`)
        bwd_ptr_array_pair.slang: f (parameter `s`: an array of locations `Slot[2]`)
        bwd_ptr_pair_holding_buffer.slang: f (parameter `s`: location `Span` has a field `buf` that is not an index)"#]]
        .assert_eq(&r.not_covered.join("\n"));
    expect![[r#"
        bwd_hessian_vector.slang: bwd_diff(f)
        bwd_hessian_vector_of_fwd.slang: fwd_diff(f)
        bwd_of_fwd.slang: fwd_diff(f)
        bwd_of_fwd_inout_out.slang: fwd_diff(g)
        bwd_of_fwd_inout_out.slang: bwd_diff(g)
        bwd_of_fwd_struct_inout_out.slang: fwd_diff(g)
        bwd_of_fwd_struct_synthesized.slang: fwd_diff(g)"#]]
    .assert_eq(&r.composites.join("\n"));
    expect![[r#"
        bwd_ptr_array_built.slang: eval
        bwd_ptr_method_this.slang: f
        bwd_ptr_method_this.slang: Cell.scaled
        bwd_ptr_pair_buffer.slang: f
        bwd_ptr_pair_guide_original.slang: original
        bwd_ptr_prefer_checkpoint.slang: viaCheckpoint
        bwd_ptr_prefer_checkpoint.slang: viaRecompute"#]]
    .assert_eq(&r.locations.join("\n"));
    assert!(
        r.covered.len() >= 115,
        "too few functions checked: {}",
        r.covered.len()
    );
}

/// Slang's own autodiff suites (`../shared/slang-tests`, read in place): the same identity
/// for every function their tests hand to `bwd_diff`, so a test whose printed digits happen to
/// match cannot hide a wrong derivative.
fn suites_root() -> PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/slang-tests");
    let workplace = PathBuf::from("/work/shared/slang-tests");
    if !beside.exists() && workplace.exists() {
        return workplace;
    }
    beside
}

/// Suite functions whose user-written derivatives are not the derivative of their bodies (the
/// tests check which derivative is called): (file, target, why).
const SUITE_INCONSISTENT_ON_PURPOSE: &[(&str, &str, &str)] = &[
    (
        "autodiff/custom-diff-empty-func.slang",
        "outerFunc",
        "foo's [BackwardDerivative] sets dx = 2 for a function whose body is empty (forward tangent 0)",
    ),
    (
        "autodiff/diff-member-func-custom-derivative.slang",
        "test2",
        "A::g's [BackwardDerivative] gives 2 dOut instead of 2 v dOut",
    ),
    (
        "autodiff/static-func-custom-derivative.slang",
        "test2",
        "A::g's [BackwardDerivative] gives 2 dOut instead of 2 v dOut",
    ),
    (
        "autodiff/inline.slang",
        "myF",
        "mySqr's [BackwardDerivative] sets dx = 1001 to show that it is called",
    ),
    (
        "autodiff/reverse-more-loops.slang",
        "tracePath",
        "bsdf's backward derivative adds its gradient into outputBuffer while its forward derivative returns a fixed tangent: the two describe different quantities on purpose",
    ),
    (
        "autodiff/path-tracer/pt-loop.slang",
        "tracePath",
        "getAlbedo's backward derivative adds its gradient into outputBuffer while its forward derivative returns a fixed tangent: the two describe different quantities on purpose",
    ),
    (
        "autodiff/reverse-control-flow-3.slang",
        "tracePath",
        "getParam's backward derivative adds its gradient into outputBuffer while its forward derivative returns a fixed tangent: the two describe different quantities on purpose",
    ),
    (
        "autodiff/material2/diff-bwd-falcor-material-system.slang",
        "evalBSDF",
        "the materials' getAlbedo's backward derivative adds its gradient into outputBuffer while its forward derivative returns a fixed tangent: the two describe different quantities on purpose",
    ),
    (
        "autodiff/dynamic-dispatch-material.slang",
        "shade",
        "OUR GAP, not on purpose: a custom backward derivative of a function that returns an \
         interface value (`IDifferentiable` dOut) is refused as not having the backward signature",
    ),
];

#[test]
fn dot_product_identity_of_the_slang_autodiff_suites_on_the_gpu() {
    let Some(gpu) = gpu() else { return };
    let root = suites_root();
    if !root.exists() {
        panic!("Slang's suites not found at {}", root.display());
    }
    let (mut paths, filtered) = slang_files(&root.join("autodiff"));
    paths.extend(slang_files(&root.join("autodiff-dstdlib")).0);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let r = check_files(&gpu, &root, &paths, SUITE_INCONSISTENT_ON_PURPOSE, &mut rng);
    assert!(r.failures.is_empty(), "{}", r.failures.join("\n"));
    if filtered {
        return;
    }
    assert_eq!(
        r.caught.len(),
        SUITE_INCONSISTENT_ON_PURPOSE.len(),
        "inconsistent custom derivatives not caught: {:?}",
        r.caught
    );
    expect![[r#"
        autodiff/autodiff-custom-diff-exported-import-bwd.slang: exportedCube (only a backward derivative: no forward side to compare)
        autodiff/bug-1.slang: unusual_norm (only a backward derivative: no forward side to compare)
        autodiff/coopvec-subscript-double.slang: readElement (parameter `value`: a value of type `double`)
        autodiff/coopvec-subscript-double.slang: writeElement (parameter `value`: a value of type `double`)
        autodiff/custom-derivative-array-param.slang: getCode (only a backward derivative: no forward side to compare)
        autodiff/diff-ptr-type-array.slang: test (parameter `b`: location `MyPtrType` has a field `buffer` that is not an index)
        autodiff/diff-ptr-type-call.slang: test (parameter `b`: location `MyPtrType` has a field `buffer` that is not an index)
        autodiff/diff-ptr-type-custom-generic.slang: compute (parameter `addr`: a value of type `DescriptorHandle<RWStructuredBuffer<float>>`)
        autodiff/diff-ptr-type-custom.slang: compute (parameter `addr`: location `MyAddress` has a field `handle` that is not an index)
        autodiff/diff-ptr-type-smoke.slang: test (parameter `b`: location `MyPtrType` has a field `buffer` that is not an index)
        autodiff/dyn-interface-differentiable-bug.slang: doThing (parameter `foo`: interface `IFoo` without type_conformance)
        autodiff/dynamic-dispatch-primal-substitute.slang: test (parameter `foo`: interface `IFoo` without type_conformance)
        autodiff/func-extension/apply-basic.slang: cube (only a backward derivative: no forward side to compare)
        autodiff/func-extension/apply-generic-context-type-coerce.slang: cube<float> (only a backward derivative: no forward side to compare)
        autodiff/func-extension/apply-generic-context-type.slang: cube<float> (only a backward derivative: no forward side to compare)
        autodiff/func-extension/apply-generic-context.slang: cube<float> (only a backward derivative: no forward side to compare)
        autodiff/func-extension/apply-generic.slang: sqr<float> (only a backward derivative: no forward side to compare)
        autodiff/func-extension/apply-overloaded.slang: myFunc(float) (only a backward derivative: no forward side to compare)
        autodiff/func-extension/apply-overloaded.slang: myFunc(float, float) (only a backward derivative: no forward side to compare)
        autodiff/func-extension/bwd-diff-overloaded.slang: myFunc(float) (only a backward derivative: no forward side to compare)
        autodiff/func-extension/bwd-diff-overloaded.slang: myFunc(float, float) (only a backward derivative: no forward side to compare)
        autodiff/func-extension/member-method/apply-member-basic.slang: MyVec::lengthSquared (a method with a `this` that is not a location)
        autodiff/func-extension/member-method/apply-member-generic.slang: V::dot (a method with a `this` that is not a location)
        autodiff/func-extension/member-method/bwd-diff-member-nonstatic-diff.slang: MyVec::lengthSquared (a method with a `this` that is not a location)
        autodiff/func-extension/member-method/bwd-diff-member-nonstatic-nondiff.slang: MyData::apply (a method with a `this` that is not a location)
        autodiff/func-extension/member-method/bwd-diff-member-static-nondiff.slang: MyUtils::cube (only a backward derivative: no forward side to compare)
        autodiff/generic-inlining.slang: test (parameter `foo`: interface `IFoo` without type_conformance)
        autodiff/get-offset-ptr.slang: function (parameter `diffPtr`: a value of type `Ptr<float, 0, 1, DefaultDataLayout>`)
        autodiff/nodiff-ptr.slang: sumOfSquares (parameter `test`: a value of type `float4*`)
        autodiff/optional.slang: sumSquare (parameter `a`: a value of type `Optional<float>`)
        autodiff/treat-as-differentiable-1.slang: use (parameter `o`: interface `IFoo` without type_conformance)
        autodiff/trivial-primal.slang: test (parameter `dst`: a value of type `StructuredBuffer<float>`)
        autodiff-dstdlib/dstdlib-inverse-hyperbolic.slang: diffAcosh (not defined at the sampled point (both sides NaN: outside its domain))"#]].assert_eq(&r.not_covered.join("\n"));
    assert!(
        r.covered.len() >= 140,
        "too few suite functions checked: {}",
        r.covered.len()
    );
}

/// `//TEST_INPUT` for `dt_out` after the file's last one: bindings follow declaration order,
/// and `dt_out` is declared after everything else.
fn append_input(program: &str) -> String {
    let lines: Vec<&str> = program.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| l.starts_with("//TEST_INPUT"))
        .unwrap_or(0);
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        out.push_str(l);
        out.push('\n');
        if i == last {
            out.push_str("//TEST_INPUT:ubuffer(data=[0 0], stride=4):out,name=dt_out\n");
        }
    }
    out
}
