//! hir types to IR types: scalars, vectors, matrices, arrays, structs (one IR struct per
//! distinct instantiation) and enums (their integer backing type).

use hir::export::{field_types, normalize};
use hir::{GenericArg, Len, ScalarKind, Ty, TypeDeclKind};
use ir::{Scalar, TypeId};

use crate::{Ctx, LowerError, R, apply, internal, unsupported};

/// Name of the hidden first field holding a struct's base struct (`struct B : A`).
pub(crate) const BASE_FIELD: &str = "_base";

/// Deepest type nesting lowered: a generic struct holding itself with growing arguments
/// (`struct G<T> { G<G<T>> x; }`) never ends and would overflow the stack (slangc: E39997).
const MAX_TYPE_NESTING: u32 = 64;
/// The largest type WGSL and SPIR-V lay out (naga's limit): bigger arrays are the user's error.
const MAX_TYPE_BYTES: u64 = i32::MAX as u64;

thread_local! {
    static TYPE_NESTING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

fn too_large(message: String) -> LowerError {
    LowerError {
        code: "E4003",
        message,
        ..unsupported("")
    }
}

/// Vectors and matrix dimensions beyond 4: the front end takes any size, as Slang's does; the
/// targets cannot.
fn over_four(ty: &str) -> LowerError {
    LowerError {
        code: "E4101",
        message: format!(
            "the type `{ty}` cannot be compiled for WGSL or SPIR-V: their vectors and matrices \
             have 1 to 4 elements per dimension; use an array instead"
        ),
        ..unsupported("")
    }
}

/// `vector<vector<float, 3>, 2>`: the front end takes any element type; the targets' vectors
/// and matrices hold scalars.
fn non_scalar_elements(ty: &str) -> LowerError {
    LowerError {
        code: "E4101",
        message: format!(
            "the type `{ty}` cannot be compiled for WGSL or SPIR-V: the elements of their \
             vectors and matrices are scalars; use an array of vectors instead"
        ),
        ..unsupported("")
    }
}

/// A lower bound of the bytes a value of `ty` occupies (padding ignored).
pub(crate) fn min_bytes(types: &ir::Types, ty: TypeId) -> u64 {
    let scalar_bytes = |s: Scalar| match s {
        Scalar::F16 => 2,
        Scalar::I64 | Scalar::U64 | Scalar::F64 => 8,
        _ => 4,
    };
    match types.kind(ty) {
        ir::TypeKind::Scalar(s) => scalar_bytes(*s),
        ir::TypeKind::Vector { scalar, size } => scalar_bytes(*scalar) * u64::from(*size),
        ir::TypeKind::Matrix { scalar, rows, cols } => {
            scalar_bytes(*scalar) * u64::from(*rows) * u64::from(*cols)
        }
        ir::TypeKind::Array { elem, len } => {
            min_bytes(types, *elem).saturating_mul(u64::from(*len))
        }
        ir::TypeKind::Struct(id) => types
            .struct_def(*id)
            .map(|d| {
                d.fields
                    .iter()
                    .fold(0u64, |acc, f| acc.saturating_add(min_bytes(types, f.ty)))
            })
            .unwrap_or(0),
        _ => 0,
    }
}

/// The IR scalar of `k`. The 8- and 16-bit integers have none: neither backend (naga's WGSL
/// and SPIR-V writers) can express them, so they are refused here with the type named.
pub(crate) fn scalar(k: ScalarKind) -> R<Scalar> {
    Ok(match k {
        // Held in 32 bits and wrapped after each operation (codegen's `narrow.rs`).
        ScalarKind::Int8 => Scalar::I8,
        ScalarKind::UInt8 => Scalar::U8,
        ScalarKind::Int16 => Scalar::I16,
        ScalarKind::UInt16 => Scalar::U16,
        ScalarKind::Bool => Scalar::Bool,
        ScalarKind::Int => Scalar::I32,
        ScalarKind::UInt => Scalar::U32,
        ScalarKind::Int64 => Scalar::I64,
        ScalarKind::UInt64 => Scalar::U64,
        ScalarKind::Half => Scalar::F16,
        ScalarKind::Float => Scalar::F32,
        ScalarKind::Double => Scalar::F64,
    })
}

fn known(len: &Len, what: &str) -> R<u32> {
    match len {
        Len::Known(n) => Ok(*n),
        _ => Err(unsupported(format!("{what} of unknown size"))),
    }
}

impl Ctx<'_> {
    /// The IR type of values that hold no data (a zero-length array): one unused word.
    pub(crate) fn empty_struct(&mut self) -> TypeId {
        let existing = self
            .module
            .types
            .structs()
            .find(|(_, d)| {
                d.name == "_Empty" && d.fields.len() == 1 && d.fields[0].name == "_empty"
            })
            .map(|(id, _)| id);
        match existing {
            Some(id) => self.module.types.intern(ir::TypeKind::Struct(id)),
            None => {
                let u = self.module.types.u32();
                self.module.types.add_struct("_Empty", vec![("_empty", u)])
            }
        }
    }

    /// Whether `ty` is `empty_struct`'s type.
    pub(crate) fn is_empty_struct(&self, ty: TypeId) -> bool {
        let types = &self.module.types;
        matches!(types.kind(ty), ir::TypeKind::Struct(id) if types.struct_def(*id).is_some_and(|d| {
            d.name == "_Empty" && d.fields.len() == 1 && d.fields[0].name == "_empty"
        }))
    }

    pub(crate) fn display(&self, ty: &Ty) -> String {
        hir::display_ty(self.db, ty)
    }

    pub(crate) fn is_enum(&self, ty: &Ty) -> bool {
        matches!(ty, Ty::Adt(d, _) if hir::type_decl_data(self.db, *d).kind == TypeDeclKind::Enum)
    }

    /// `DifferentialPair<T>` or `DifferentialPtrPair<T>`: both are the struct `{p, d}`.
    pub(crate) fn is_diff_pair(&self, ty: &Ty) -> bool {
        self.adt_arg(ty, "DifferentialPair").is_some()
            || self.adt_arg(ty, "DifferentialPtrPair").is_some()
    }

    pub(crate) fn is_interface(&self, ty: &Ty) -> bool {
        matches!(ty, Ty::Adt(d, _) if hir::type_decl_data(self.db, *d).kind == TypeDeclKind::Interface)
    }

    /// An interface type, or an associated type of one (`IInterface.MyAssocType`): types whose
    /// values are tagged dynamic structs, so their own associated types are too.
    pub(crate) fn is_dyn_rooted(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Assoc(inner, name) => name != "Differential" && self.is_dyn_rooted(inner),
            _ => self.is_interface(ty),
        }
    }

    pub(crate) fn ir_ty(&mut self, ty: &Ty) -> R<TypeId> {
        let depth = TYPE_NESTING.with(|d| d.get());
        if depth >= MAX_TYPE_NESTING {
            let name = match ty {
                Ty::Adt(decl, _) => hir::type_decl_data(self.db, *decl).name.to_string(),
                _ => self.display(ty),
            };
            return Err(too_large(format!(
                "maximum type nesting level exceeded (more than {MAX_TYPE_NESTING} levels) in `{name}`: a generic type that contains itself with growing arguments has no finite layout"
            )));
        }
        TYPE_NESTING.with(|d| d.set(depth + 1));
        let result = self.ir_ty_unguarded(ty);
        TYPE_NESTING.with(|d| d.set(depth));
        result
    }

    fn ir_ty_unguarded(&mut self, ty: &Ty) -> R<TypeId> {
        let ty = normalize(self.db, self.file, ty);
        if let Some(inner) = self.uniform_block_arg(&ty) {
            // A value read from a uniform block is the `T` it holds.
            return self.ir_ty(&inner);
        }
        let types = &mut self.module.types;
        Ok(match &ty {
            Ty::Void => types.void(),
            // A string is its 32-bit hash at run time, as in Slang (`getStringHash`).
            Ty::String => types.scalar(ir::Scalar::I32),
            Ty::Scalar(k) => types.scalar(scalar(*k)?),
            Ty::Vector(e, _) | Ty::Matrix(e, ..)
                if matches!(**e, Ty::Vector(..) | Ty::Matrix(..)) =>
            {
                return Err(non_scalar_elements(&self.display(&ty)));
            }
            Ty::Vector(e, n) => {
                let Some(k) = e.scalar_kind() else {
                    return Err(unsupported(format!("the type `{}`", self.display(&ty))));
                };
                let n = known(n, "a vector")?;
                if !(1..=4).contains(&n) {
                    return Err(over_four(&self.display(&ty)));
                }
                types.vector(scalar(k)?, n as u8)
            }
            Ty::Matrix(e, r, c) => {
                let Some(k) = e.scalar_kind() else {
                    return Err(unsupported(format!("the type `{}`", self.display(&ty))));
                };
                let (r, c) = (known(r, "a matrix")?, known(c, "a matrix")?);
                if !(1..=4).contains(&r) || !(1..=4).contains(&c) {
                    return Err(over_four(&self.display(&ty)));
                }
                types.matrix(scalar(k)?, r as u8, c as u8)
            }
            Ty::Array(e, n) => {
                // An array of structs holding resources stores their plain fields; their
                // resources are handles by element index (`resources.rs`). Arrays of resources
                // themselves are handles only.
                if self.is_handle_only(e) {
                    return Err(unsupported(format!(
                        "the array type `{}` as data: arrays of textures, samplers or buffers are \
                         globals (one per element), not values",
                        self.display(&ty)
                    )));
                }
                let n = known(n, "an array")?;
                if n == 0 {
                    // Slang drops zero-length arrays (`T m[0]`, `T m[N]` with `N` 0): no data,
                    // like a stateless struct (WGSL has no zero-length arrays nor empty structs).
                    return Ok(self.empty_struct());
                }
                let e = self.ir_ty(e)?;
                let bytes = min_bytes(&self.module.types, e).saturating_mul(u64::from(n));
                if bytes > MAX_TYPE_BYTES {
                    return Err(too_large(format!(
                        "the array type `{}` needs at least {bytes} bytes, more than the {MAX_TYPE_BYTES}-byte limit of WGSL and SPIR-V types",
                        self.display(&ty)
                    )));
                }
                let array = self.module.types.array(e, n);
                // An array of locations is a location (`T[N].Differential` is
                // `T.Differential[N]`).
                if let Some(&de) = self.diff.ptr_diffs.get(&e)
                    && !self.diff.ptr_diffs.contains_key(&array)
                {
                    let d = self.module.types.array(de, n);
                    self.diff.ptr_diffs.insert(array, d);
                }
                array
            }
            Ty::Adt(decl, args) => {
                if let Some(t) = self.struct_types.get(&ty) {
                    return Ok(*t);
                }
                match crate::pointers::unsupported_type_kind(self.db, &ty) {
                    Some("pointer") => return Ok(self.ptr_ty()),
                    // A `functype` value is known at compile time where it is called: the
                    // function taking it is specialised to it (`func/fn_values.rs`). The
                    // value itself is a placeholder word.
                    Some(_) => return Ok(self.module.types.u32()),
                    None => {}
                }
                let data = hir::type_decl_data(self.db, *decl);
                match data.kind {
                    TypeDeclKind::Enum => {
                        let backing = self.enum_backing(*decl)?;
                        self.module.types.scalar(backing)
                    }
                    TypeDeclKind::Interface => {
                        return self.dyn_type(&ty, &data.name);
                    }
                    TypeDeclKind::Struct => {
                        if let Some(inner) = self.adt_arg(&ty, "Atomic") {
                            // Atomics are plain integers in memory; their methods are atomic ops.
                            return self.ir_ty(&inner);
                        }
                        if let Some(t) = self.conditional_ir_ty(&ty) {
                            return t;
                        }
                        if let Some(inner) = self.adt_arg(&ty, "Optional") {
                            let inner_ty = self.ir_ty(&inner)?;
                            let flag = self.module.types.bool();
                            let name = self.struct_name(&ty);
                            let id = self
                                .module
                                .types
                                .add_struct(&name, vec![("value", inner_ty), ("hasValue", flag)]);
                            self.struct_types.insert(ty.clone(), id);
                            self.optionals.insert(id, inner_ty);
                            self.register_optional_differential(&ty, &inner, inner_ty, id)?;
                            return Ok(id);
                        }
                        if let Some(inner) = self.adt_arg(&ty, "DifferentialPair") {
                            let inner_ty = self.ir_ty(&inner)?;
                            let pair = self
                                .diff
                                .pair_type(&mut self.module.types, inner_ty)
                                .ok_or_else(|| {
                                    unsupported(format!(
                                        "`DifferentialPair` of the non-differentiable type `{}`",
                                        self.display(&inner)
                                    ))
                                })?;
                            self.struct_types.insert(ty.clone(), pair);
                            return Ok(pair);
                        }
                        if let Some(inner) = self.adt_arg(&ty, "DifferentialPtrPair") {
                            let inner_ty = self.ir_ty(&inner)?;
                            let pair = self
                                .diff
                                .ptr_pair_type(&mut self.module.types, inner_ty)
                                .ok_or_else(|| {
                                    unsupported(format!(
                                        "`DifferentialPtrPair` of `{}`, which is not an IDifferentiablePtrType",
                                        self.display(&inner)
                                    ))
                                })?;
                            self.struct_types.insert(ty.clone(), pair);
                            return Ok(pair);
                        }
                        if matches!(&*data.name, "BFloat16" | "FloatE4M3" | "FloatE5M2")
                            && data.attr("__intrinsic_type").is_some()
                        {
                            return Err(LowerError {
                                code: "E4101",
                                message: format!(
                                    "the type `{}` cannot be compiled for WGSL or SPIR-V: \
                                     dslang's targets have no 8-bit or bfloat16 floats; \
                                     convert the value to `float` or `half`",
                                    data.name
                                ),
                                ..unsupported("")
                            });
                        }
                        if self.descriptor_handle_target(&ty).is_some() {
                            // Two words of data (`descriptor_handles.rs`).
                            return Ok(self.module.types.vector(Scalar::U32, 2));
                        }
                        if let Some(attr) = data.attr("__intrinsic_type") {
                            if let Some(hir::export::AttrArg::String(tag)) = attr.args.first()
                                && let Some(err) = crate::stage_only(tag, &self.display(&ty))
                            {
                                return Err(err);
                            }
                            return Err(unsupported(format!(
                                "the type `{}` here",
                                self.display(&ty)
                            )));
                        }
                        let subst = hir::export::type_args_subst(self.db, *decl, args);
                        let ftys = field_types(self.db, *decl);
                        let mut fields = Vec::new();
                        // A base struct (`struct B : A`) is a hidden first field, as in slangc.
                        if let Some(base) = hir::export::struct_base(self.db, &ty) {
                            fields.push((BASE_FIELD.to_string(), self.ir_ty(&base)?));
                        }
                        let stored = self.stored_fields(*decl);
                        let bits = self.bit_layout(*decl);
                        for (k, (f, t)) in data.fields.iter().zip(ftys.iter()).enumerate() {
                            if f.modifiers.is_static || f.global.is_some() {
                                continue;
                            }
                            if let Some(slot) = bits.as_ref().and_then(|b| b[k]) {
                                // The backing of this bit field and the next ones.
                                if stored.contains(&k) {
                                    let s = crate::bitfields::backing_scalar(slot);
                                    let name =
                                        format!("{}{k}", crate::bitfields::BITS_FIELD_PREFIX);
                                    fields.push((name, self.module.types.scalar(s)));
                                }
                                continue;
                            }
                            let t = apply(&subst, Some(&ty), t);
                            if !stored.contains(&k) {
                                // A texture, sampler or buffer field: a handle, not data
                                // (`resources.rs`).
                                continue;
                            }
                            if self.is_handle_only(&t) {
                                return Err(unsupported(format!(
                                    "the field `{}` of `{}`: a generic field holding a texture, sampler or buffer (declare the field with its resource type)",
                                    f.name,
                                    self.display(&ty)
                                )));
                            }
                            fields.push((f.name.to_string(), self.ir_ty(&t)?));
                        }
                        if fields.is_empty() {
                            // WGSL has no empty structs: a stateless type holds one unused word.
                            fields.push(("_empty".to_string(), self.module.types.u32()));
                        }
                        let name = self.struct_name(&ty);
                        let refs: Vec<(&str, TypeId)> =
                            fields.iter().map(|(n, t)| (n.as_str(), *t)).collect();
                        let id = self.module.types.add_struct(&name, refs);
                        self.apply_field_matrix_layouts(*decl, id);
                        self.struct_types.insert(ty.clone(), id);
                        if self.is_differentiable_struct(*decl)
                            || self.conforms_by_extension(&ty, "IDifferentiable")
                        {
                            self.register_struct_differential(&ty, *decl, id)?;
                        } else if self.conforms_to(*decl, "IDifferentiablePtrType")
                            || self.conforms_by_extension(&ty, "IDifferentiablePtrType")
                        {
                            self.register_ptr_differential(&ty, id)?;
                        }
                        id
                    }
                }
            }
            // An associated type of an interface value (`obj.Data`): one payload per concrete
            // type the interface value may hold, under the same tag (`func/exist.rs`).
            Ty::Assoc(inner, name) if self.is_dyn_rooted(inner) && name != "Differential" => {
                self.assoc_dyn_ty(&ty, inner, name)?
            }
            Ty::Assoc(inner, name) if name == "Differential" => {
                let primal = self.ir_ty(inner)?;
                self.diff
                    .diff_type(&mut self.module.types, primal)
                    .ok_or_else(|| {
                        unsupported(format!(
                            "`{}.Differential` of a non-differentiable type",
                            self.display(inner)
                        ))
                    })?
            }
            Ty::Lambda(lambda) => self.lambda_struct(&ty, lambda)?,
            // `Tuple<>` holds nothing: a stateless type (WGSL has no empty structs).
            Ty::Tuple(items) if items.is_empty() => self.empty_struct(),
            Ty::Tuple(items) => {
                if let Some(t) = self.struct_types.get(&ty) {
                    return Ok(*t);
                }
                let mut fields = Vec::new();
                for (i, t) in items.iter().enumerate() {
                    // A texture, sampler or buffer element is a handle, not data
                    // (`resources.rs`): an empty placeholder keeps the elements' indices.
                    let field = if self.is_handle_only(t) {
                        self.empty_struct()
                    } else {
                        self.ir_ty(t)?
                    };
                    fields.push((format!("_{i}"), field));
                }
                let name = self.tuple_name(items);
                let refs: Vec<(&str, TypeId)> =
                    fields.iter().map(|(n, t)| (n.as_str(), *t)).collect();
                let id = self.module.types.add_struct(&name, refs);
                self.struct_types.insert(ty.clone(), id);
                // A tuple of differentiable elements is differentiable (hir types its
                // Differential as the tuple of the elements'): synthesised like a struct's.
                let elems: Vec<TypeId> = fields.iter().map(|(_, t)| *t).collect();
                let all_differentiable = elems
                    .iter()
                    .all(|t| self.diff.diff_type(&mut self.module.types, *t).is_some());
                if all_differentiable {
                    self.diff
                        .derive_struct_differential(&mut self.module.types, id, &[]);
                }
                id
            }
            _ => return Err(unsupported(format!("the type `{}`", self.display(&ty)))),
        })
    }

    /// `Optional<T>` of a differentiable `T` (IR `id`, `{value, hasValue}`) is differentiable
    /// with `Differential = Optional<T.Differential>` (the core module's extension): the value's
    /// derivative and a presence flag (`DiffInfo::flag_fields`).
    fn register_optional_differential(
        &mut self,
        ty: &Ty,
        inner: &Ty,
        inner_ty: TypeId,
        id: TypeId,
    ) -> R<()> {
        let Some(d_inner) = self.diff.diff_type(&mut self.module.types, inner_ty) else {
            return Ok(());
        };
        let diff_ty = if d_inner == inner_ty {
            id
        } else {
            let Ty::Adt(decl, _) = ty else {
                return Ok(());
            };
            let d = normalize(
                self.db,
                self.file,
                &Ty::Assoc(std::sync::Arc::new(inner.clone()), "Differential".into()),
            );
            let d_opt = self.ir_ty(&Ty::Adt(*decl, std::sync::Arc::from([GenericArg::Type(d)])))?;
            if self.optional_inner(d_opt) != Some(d_inner) {
                return Ok(());
            }
            d_opt
        };
        self.diff.struct_diffs.insert(
            id,
            autodiff::StructDiff {
                diff_ty,
                fields: vec![Some(0), None],
            },
        );
        self.diff.flag_fields.insert(id, 1);
        Ok(())
    }

    /// A struct that declares `IDifferentiable` (directly or through an interface that
    /// inherits it).
    fn is_differentiable_struct(&self, decl: hir::TypeDeclId) -> bool {
        self.conforms_to(decl, "IDifferentiable")
    }

    /// A type that declares the stdlib interface `iface` (directly or through an interface
    /// that inherits it).
    fn conforms_to(&self, decl: hir::TypeDeclId, iface: &str) -> bool {
        fn inherits(db: &dyn hir::Db, t: &Ty, iface: &str, depth: u32) -> bool {
            let Ty::Adt(d, _) = t else { return false };
            if d.loc(db).name() == iface {
                return true;
            }
            depth < 8
                && hir::export::type_decl_bases(db, *d)
                    .iter()
                    .any(|b| inherits(db, b, iface, depth + 1))
        }
        // A base struct (`struct B : A`) passes its fields and methods on, not its
        // conformances (slangc): only the interfaces after it count.
        let skip = usize::from(has_hidden_base(self.db, decl));
        hir::export::type_decl_bases(self.db, decl)
            .iter()
            .skip(skip)
            .any(|b| inherits(self.db, b, iface, 0))
    }

    /// Tells autodiff that struct `ty` (IR `id`) is a location (`IDifferentiablePtrType`) and
    /// which type its derivative location has (the user's `typealias Differential`).
    fn register_ptr_differential(&mut self, ty: &Ty, id: TypeId) -> R<()> {
        let declared = normalize(
            self.db,
            self.file,
            &Ty::Assoc(std::sync::Arc::new(ty.clone()), "Differential".into()),
        );
        let diff_ty = if matches!(declared, Ty::Assoc(..)) || &declared == ty {
            id
        } else {
            self.ir_ty(&declared)?
        };
        self.diff.ptr_diffs.insert(id, diff_ty);
        Ok(())
    }

    /// Tells autodiff how struct `ty` (IR `id`) maps to its `Differential`: a declared
    /// `typealias Differential = D` matches fields by name; otherwise the differential is
    /// synthesised from the fields not marked `no_diff`.
    fn register_struct_differential(
        &mut self,
        ty: &Ty,
        decl: hir::TypeDeclId,
        id: TypeId,
    ) -> R<()> {
        let declared = normalize(
            self.db,
            self.file,
            &Ty::Assoc(std::sync::Arc::new(ty.clone()), "Differential".into()),
        );
        let data = hir::type_decl_data(self.db, decl);
        let stored: Vec<_> = self
            .stored_fields(decl)
            .into_iter()
            .filter_map(|i| data.fields.get(i))
            .collect();
        // A base struct is the IR struct's hidden first field; its part of the differential is
        // its own differential (none when it is not differentiable, as hir says).
        let hidden_base = usize::from(has_hidden_base(self.db, decl));
        if matches!(declared, Ty::Assoc(..)) || &declared == ty {
            let no_diff: Vec<u32> = stored
                .iter()
                .enumerate()
                .filter(|(_, f)| f.modifiers.no_diff)
                .map(|(i, _)| (i + hidden_base) as u32)
                .collect();
            self.diff
                .derive_struct_differential(&mut self.module.types, id, &no_diff);
            return Ok(());
        }
        let diff_ty = self.ir_ty(&declared)?;
        let names: Vec<String> = match self.module.types.kind(diff_ty) {
            ir::TypeKind::Struct(sid) => self
                .module
                .types
                .struct_def(*sid)
                .map(|d| d.fields.iter().map(|f| f.name.clone()).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let base_part = (hidden_base == 1)
            .then(|| names.iter().position(|n| n == BASE_FIELD).map(|i| i as u32));
        let fields = base_part
            .into_iter()
            .chain(stored.iter().map(|f| {
                // `[DerivativeMember(D.field)]` names the field; otherwise the same name.
                let target = f
                    .attrs
                    .iter()
                    .find(|a| a.name == "DerivativeMember")
                    .and_then(|a| match a.args.first() {
                        Some(hir::export::AttrArg::Path(p)) => Some(p.last_name().to_string()),
                        _ => None,
                    })
                    .unwrap_or_else(|| f.name.to_string());
                (!f.modifiers.no_diff)
                    .then(|| names.iter().position(|n| *n == target))
                    .flatten()
                    .map(|i| i as u32)
            }))
            .collect();
        self.diff
            .struct_diffs
            .insert(id, autodiff::StructDiff { diff_ty, fields });
        Ok(())
    }

    /// `enum E : uint` is stored as `uint`; enums default to `int`.
    pub(crate) fn enum_backing(&self, decl: hir::TypeDeclId) -> R<Scalar> {
        for b in hir::export::type_decl_bases(self.db, decl).iter() {
            if let Ty::Scalar(k) = b {
                return scalar(*k);
            }
        }
        Ok(Scalar::I32)
    }

    /// The inner type of an `Optional<T>` struct.
    pub(crate) fn optional_inner(&self, ty: TypeId) -> Option<TypeId> {
        self.optionals.get(&ty).copied()
    }

    fn tuple_name(&mut self, items: &[Ty]) -> String {
        let mut name = "Tuple".to_string();
        for t in items {
            name.push('_');
            name.push_str(&self.display(t));
        }
        self.unique_struct_name(name)
    }

    fn struct_name(&mut self, ty: &Ty) -> String {
        let Ty::Adt(decl, args) = ty else {
            return "S".into();
        };
        let mut name = decl.loc(self.db).name().to_string();
        for a in args.iter() {
            name.push('_');
            match a {
                GenericArg::Type(t) => name.push_str(&self.display(t)),
                GenericArg::Value(v) => name.push_str(&v.to_string()),
            }
        }
        self.unique_struct_name(name)
    }

    pub(crate) fn unique_struct_name(&mut self, name: String) -> String {
        let clean: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        // Distinct instantiations whose spellings clean to the same text stay distinct.
        let taken = self.struct_names.taken(&self.module.types, &clean);
        if taken == 0 {
            clean
        } else {
            format!("{clean}_{taken}")
        }
    }
}

impl Ctx<'_> {
    /// The hir struct type an IR struct was made from.
    pub(crate) fn struct_decl(&self, ty: TypeId) -> Option<Ty> {
        self.struct_types
            .iter()
            .find(|(_, t)| **t == ty)
            .map(|(k, _)| k.clone())
    }

    /// Whether a struct type (or a struct inside it) declares field default values.
    pub(crate) fn has_defaults(&self, ty: TypeId) -> bool {
        let Some(Ty::Adt(decl, _)) = self.struct_decl(ty) else {
            return false;
        };
        let data = hir::type_decl_data(self.db, decl);
        if data
            .fields
            .iter()
            .any(|f| f.has_default && !f.modifiers.is_static && f.global.is_none())
        {
            return true;
        }
        match self.module.types.kind(ty) {
            ir::TypeKind::Struct(id) => self.module.types.struct_def(*id).is_some_and(|s| {
                s.fields
                    .iter()
                    .any(|f| f.ty != ty && self.has_defaults(f.ty))
            }),
            _ => false,
        }
    }
}

impl Ctx<'_> {
    /// A non-generic struct, enum or interface of the user's file, by name; else of the other
    /// files loaded with it, its imports (a `type_conformance` naming another module's type).
    pub(crate) fn type_decl_by_name(&self, name: &str) -> Option<hir::TypeDeclId> {
        self.type_decl_in(self.file, name).or_else(|| {
            self.db
                .workspace()
                .files(self.db)
                .iter()
                .filter(|f| **f != self.file && f.kind(self.db) != hir::FileKind::Stdlib)
                .find_map(|f| self.type_decl_in(*f, name))
        })
    }

    fn type_decl_in(&self, file: hir::SourceFile, name: &str) -> Option<hir::TypeDeclId> {
        hir::file_items(self.db, file)
            .into_iter()
            .find_map(|d| match d {
                hir::ItemDef::TypeDecl(t)
                    if t.loc(self.db).name() == name
                        && hir::type_decl_data(self.db, t).generics.is_empty() =>
                {
                    Some(t)
                }
                _ => None,
            })
    }
}

impl Ctx<'_> {
    /// Without `type_conformance` ids, the structs of the file that declare `iface` among their
    /// (transitive) bases, numbered in source order: interface values whose concrete types are
    /// all in the file (`IShape s = Circle(1.0);`) need no ids from the user. A generic struct
    /// counts where the interface's arguments fix its own (`struct A<T> : ICalc<T>` is the
    /// `ICalc<float>` case `A<float>`).
    fn file_conformances(&mut self, iface_ty: &Ty, iface: &str) -> Vec<(Ty, u32)> {
        // A generic interface (`IGetter<float>`): only the types conforming with these arguments.
        let generic = matches!(iface_ty, Ty::Adt(_, args) if !args.is_empty());
        let mut out = Vec::new();
        for def in hir::file_items(self.db, self.file) {
            let hir::ItemDef::TypeDecl(t) = def else {
                continue;
            };
            let data = hir::type_decl_data(self.db, t);
            if data.kind != hir::TypeDeclKind::Struct {
                continue;
            }
            if !data.generics.is_empty() {
                if let Some(ty) = self.generic_conformer(t, iface_ty) {
                    out.push((ty, out.len() as u32));
                    continue;
                }
                // Otherwise the instances the program uses that conform (`Vertex<true, false>`
                // of `struct Vertex<let N : bool, let C : bool> : IVertex`).
                for inst in self.used_instances_of(t) {
                    if hir::export::implements(self.db, self.file, &inst, iface_ty) {
                        out.push((inst, out.len() as u32));
                    }
                }
                continue;
            }
            let mut queue = hir::export::type_decl_bases(self.db, t).to_vec();
            let mut seen = Vec::new();
            let mut conforms = false;
            while let Some(base) = queue.pop() {
                let Ty::Adt(d, _) = &base else { continue };
                if d.loc(self.db).name() == iface && (!generic || &base == iface_ty) {
                    conforms = true;
                    break;
                }
                if !seen.contains(d) {
                    seen.push(*d);
                    queue.extend(hir::export::type_decl_bases(self.db, *d).iter().cloned());
                }
            }
            if conforms {
                out.push((Ty::Adt(t, std::sync::Arc::from([])), out.len() as u32));
            }
        }
        out
    }

    /// The instance of the generic struct `t` that a direct base makes conform to `iface_ty`,
    /// when the base's arguments bind every generic parameter of `t`.
    fn generic_conformer(&self, t: hir::TypeDeclId, iface_ty: &Ty) -> Option<Ty> {
        let Ty::Adt(want, want_args) = iface_ty else {
            return None;
        };
        let data = hir::type_decl_data(self.db, t);
        let owner = hir::export::GenericOwner::TypeDecl(t);
        for base in hir::export::type_decl_bases(self.db, t).iter() {
            let Ty::Adt(d, args) = base else { continue };
            if d != want || args.len() != want_args.len() {
                continue;
            }
            let mut bound: Vec<Option<GenericArg>> = vec![None; data.generics.len()];
            let mut ok = true;
            for (a, w) in args.iter().zip(want_args.iter()) {
                let param = match a {
                    GenericArg::Type(Ty::Param(p)) => Some(p),
                    GenericArg::Value(Len::Param(p)) => Some(p),
                    _ => None,
                };
                match param {
                    Some(p) if p.owner == owner => {
                        let slot = bound.get_mut(p.index as usize);
                        match slot {
                            Some(Some(prev)) if prev != w => ok = false,
                            Some(slot) => *slot = Some(w.clone()),
                            None => ok = false,
                        }
                    }
                    _ => ok &= a == w,
                }
            }
            if ok && bound.iter().all(Option::is_some) {
                let args: Vec<GenericArg> = bound.into_iter().flatten().collect();
                return Some(Ty::Adt(t, std::sync::Arc::from(args)));
            }
        }
        None
    }

    /// The IR struct of values of interface `iface`: a tag (the `type_conformance` id) and one
    /// field per concrete type that has fields.
    fn dyn_type(&mut self, ty: &Ty, iface: &str) -> R<TypeId> {
        let generic = matches!(ty, Ty::Adt(_, args) if !args.is_empty());
        // A generic interface's ids are given for one instance (`Adder:ICalculator<float> = 0`).
        let spelled: String = self.display(ty).split_whitespace().collect();
        let mut confs: Vec<(Ty, u32)> = Vec::new();
        let mut file_instances: Option<Vec<(Ty, u32)>> = None;
        for c in self.conformances.clone() {
            let named: String = c.interface.split_whitespace().collect();
            if if generic {
                named != spelled
            } else {
                c.interface != iface
            } {
                continue;
            }
            if let Some(decl) = self.type_decl_by_name(&c.type_name) {
                confs.push((Ty::Adt(decl, std::sync::Arc::from([])), c.id));
                continue;
            }
            // A generic struct's instance (`Perspective<float>:ISensor<float>`): one of the
            // file's instances that conform to this interface, spelled alike.
            let wanted: String = c.type_name.split_whitespace().collect();
            let instances = file_instances
                .get_or_insert_with(|| self.file_conformances(ty, iface))
                .clone();
            let found = instances.into_iter().find(|(t, _)| {
                let spelled: String = self.display(t).split_whitespace().collect();
                spelled == wanted
            });
            let Some((t, _)) = found else {
                return Err(unsupported(format!(
                    "the conformance of `{}`, which is not a type of this file",
                    c.type_name
                )));
            };
            confs.push((t, c.id));
        }
        if confs.is_empty() {
            confs = self.file_conformances(ty, iface);
        }
        if confs.is_empty() {
            return Err(unsupported(format!(
                "values of interface type `{iface}` (dynamic dispatch) without `type_conformance` ids"
            )));
        }
        let tag = self.module.types.u32();
        let mut fields: Vec<(String, TypeId)> = vec![("tag".into(), tag)];
        let mut cases = Vec::new();
        for (cty, id) in confs {
            let Ty::Adt(decl, _) = &cty else {
                return Err(internal("a conformance that is not a struct"));
            };
            let decl = *decl;
            let ir = self.ir_ty(&cty)?;
            // Stateless types need no payload (their IR struct only pads); a base struct is a
            // field (`struct B : A`).
            let has_fields = has_hidden_base(self.db, decl)
                || hir::type_decl_data(self.db, decl)
                    .fields
                    .iter()
                    .any(|f| !f.modifiers.is_static && f.global.is_none());
            let field = has_fields.then(|| {
                let name: String = self
                    .display(&cty)
                    .chars()
                    .map(|c| if c.is_alphanumeric() { c } else { '_' })
                    .collect();
                fields.push((name, ir));
                fields.len() as u32 - 1
            });
            cases.push(crate::DynCase { id, ty: cty, field });
        }
        let name = self.unique_struct_name(format!("{iface}_dyn"));
        let refs: Vec<(&str, TypeId)> = fields.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        let id = self.module.types.add_struct(&name, refs);
        self.struct_types.insert(ty.clone(), id);
        self.dyn_types.insert(id, cases);
        Ok(id)
    }
}

/// The names of the IR structs, sorted, so that the structs a new name would clash with are a
/// range instead of a scan of every struct. Structs are only ever appended, with fixed names:
/// the index catches up with the table on each query.
#[derive(Default)]
pub(crate) struct StructNames {
    indexed: usize,
    counts: std::collections::BTreeMap<String, usize>,
}

impl StructNames {
    /// How many structs are named `clean` or `clean_...`.
    fn taken(&mut self, types: &ir::Types, clean: &str) -> usize {
        for (_, s) in types.structs().skip(self.indexed) {
            *self.counts.entry(s.name.clone()).or_default() += 1;
            self.indexed += 1;
        }
        let exact = self.counts.get(clean).copied().unwrap_or(0);
        // The names that start with `clean_` sort between `clean_` and `clean`` ('`' follows
        // '_' in ASCII).
        let (from, to) = (format!("{clean}_"), format!("{clean}`"));
        exact
            + self
                .counts
                .range::<str, _>((
                    std::ops::Bound::Included(from.as_str()),
                    std::ops::Bound::Excluded(to.as_str()),
                ))
                .map(|(_, n)| n)
                .sum::<usize>()
    }
}

/// Whether `decl` is a struct deriving from a base struct (`struct B : A`), held in a hidden first
/// field.
pub(crate) fn has_hidden_base(db: &dyn hir::Db, decl: hir::TypeDeclId) -> bool {
    hir::type_decl_data(db, decl).kind == hir::TypeDeclKind::Struct
        && matches!(
            hir::export::type_decl_bases(db, decl).first(),
            Some(Ty::Adt(base, _)) if *base != decl
                && hir::type_decl_data(db, *base).kind == hir::TypeDeclKind::Struct
        )
}
