//! Structs holding textures, samplers or buffers (Slang's resource-type legalisation).
//!
//! WGSL has no resource values: a texture is a global, named statically. So a struct with
//! resource fields is split: its IR struct keeps the plain fields only, and each resource field
//! of a value becomes a compile-time handle (the global it names, see [`crate::Handles`]). A
//! global of such a struct (`ParameterBlock<Material> gMaterial`, `ConstantBuffer<M>`, a plain
//! `Material gMat`) becomes one global per resource field, named `gMaterial_albedo` as slangc
//! names them (`gMaterial_albedo_0`), plus a uniform of the plain fields; locals, parameters and
//! `this` carry their handles through the function lowering (`func/handles.rs`), and functions
//! taking such structs are specialised per call like functions taking textures.

use hir::export::{field_types, normalize};
use hir::{Ty, TypeDeclKind};

use crate::{Ctx, FieldPath, Handles, LowerError, R, unsupported};

/// A global split out of a struct-typed shader parameter for one of its resource fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceField {
    /// The shader parameter (`gMaterial`; an entry-point `uniform` parameter's name).
    pub parameter: String,
    /// The field names from the parameter's struct down to the resource (`["albedo"]`).
    pub path: Vec<String>,
    /// The same fields by position among each struct's stored fields (what positional
    /// aggregate values such as `{ Texture2D(...), Sampler, 1.0 }` give).
    pub positions: Vec<u32>,
    /// The global standing for the field (`gMaterial_albedo`).
    pub global: String,
}

/// A resource inside a value of some type: where it sits, and its type.
pub(crate) struct Leaf {
    pub path: FieldPath,
    pub positions: Vec<u32>,
    pub ty: Ty,
}

/// Deepest struct nesting searched for resource fields (a generic struct holding itself with
/// growing arguments has no end; `ir_ty` reports it).
const MAX_LEAF_DEPTH: u32 = 64;

/// Most resources one value may hold: each is a global of its own (WGSL binding arrays need a
/// native-only feature), and a device binds a few dozen per stage.
const MAX_LEAVES: usize = 256;

impl Ctx<'_> {
    /// Whether values of `ty` are (or hold) textures, samplers or buffers.
    pub(crate) fn has_handles(&self, ty: &Ty) -> bool {
        self.is_resource_ty(ty) || self.holds_resources(ty)
    }

    /// Whether values of `ty` are handles only, with no data: a resource, or an array of them
    /// (`Texture2D textures[4]`).
    pub(crate) fn is_handle_only(&self, ty: &Ty) -> bool {
        match normalize(self.db, self.file, ty) {
            Ty::Array(elem, _) => self.is_handle_only(&elem),
            ty => self.is_resource_ty(&ty),
        }
    }

    /// Whether `ty` is a struct with resource fields (directly, in nested structs or arrays).
    pub(crate) fn holds_resources(&self, ty: &Ty) -> bool {
        self.holds_resources_at(ty, 0)
    }

    fn holds_resources_at(&self, ty: &Ty, depth: u32) -> bool {
        if depth > MAX_LEAF_DEPTH {
            return false;
        }
        let ty = normalize(self.db, self.file, ty);
        if let Some(inner) = self.uniform_block_arg(&ty) {
            return self.holds_resources_at(&inner, depth + 1);
        }
        // A differential pair is the struct `{p, d}` (`func/pair_handles.rs`).
        if let Some((p, d)) = self.pair_parts(&ty) {
            return [Some(p), d]
                .iter()
                .flatten()
                .any(|t| self.is_resource_ty(t) || self.holds_resources_at(t, depth + 1));
        }
        match &ty {
            Ty::Array(elem, _) => {
                self.is_resource_ty(elem) || self.holds_resources_at(elem, depth + 1)
            }
            Ty::Tuple(items) => items
                .iter()
                .any(|t| self.is_resource_ty(t) || self.holds_resources_at(t, depth + 1)),
            Ty::Adt(decl, args) if self.is_plain_struct(*decl) => {
                let data = hir::type_decl_data(self.db, *decl);
                let subst = hir::export::type_args_subst(self.db, *decl, args);
                let ftys = field_types(self.db, *decl);
                let own = data.fields.iter().zip(ftys.iter()).any(|(f, t)| {
                    if f.modifiers.is_static || f.global.is_some() {
                        return false;
                    }
                    let t = crate::apply(&subst, Some(&ty), t);
                    self.is_resource_ty(&t) || self.holds_resources_at(&t, depth + 1)
                });
                own || hir::export::struct_base(self.db, &ty)
                    .is_some_and(|b| self.holds_resources_at(&b, depth + 1))
            }
            _ => false,
        }
    }

    /// A user struct (not an intrinsic type such as a texture, nor an interface or enum).
    fn is_plain_struct(&self, decl: hir::TypeDeclId) -> bool {
        let data = hir::type_decl_data(self.db, decl);
        data.kind == TypeDeclKind::Struct && data.attr("__intrinsic_type").is_none()
    }

    /// The hir field indices of `decl` that its IR struct stores: not static, and not of
    /// texture, sampler or buffer type (those are handles, never data).
    pub(crate) fn stored_fields(&self, decl: hir::TypeDeclId) -> Vec<usize> {
        let data = hir::type_decl_data(self.db, decl);
        let ftys = field_types(self.db, decl);
        // Bit fields after the first of their backing share its stored field (`bitfields.rs`).
        let bits = self.bit_layout(decl);
        data.fields
            .iter()
            .zip(ftys.iter())
            .enumerate()
            .filter(|(k, (f, t))| {
                let handle = self.is_handle_only(t);
                !(f.modifiers.is_static || f.global.is_some() || handle)
                    && self.bit_field_stored(bits.as_ref(), *k)
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Every resource inside a value of `ty`, in field order.
    pub(crate) fn resource_leaves(&self, ty: &Ty) -> R<Vec<Leaf>> {
        let mut out = Vec::new();
        self.collect_leaves(ty, &mut Vec::new(), &mut Vec::new(), &mut out, 0)?;
        Ok(out)
    }

    fn collect_leaves(
        &self,
        ty: &Ty,
        path: &mut FieldPath,
        positions: &mut Vec<u32>,
        out: &mut Vec<Leaf>,
        depth: u32,
    ) -> R<()> {
        let ty = normalize(self.db, self.file, ty);
        if self.is_resource_ty(&ty) {
            out.push(Leaf {
                path: path.clone(),
                positions: positions.clone(),
                ty,
            });
            return Ok(());
        }
        if depth > MAX_LEAF_DEPTH || !self.holds_resources(&ty) {
            return Ok(());
        }
        if let Some(inner) = self.uniform_block_arg(&ty) {
            return self.collect_leaves(&inner, path, positions, out, depth + 1);
        }
        if let Some((p, d)) = self.pair_parts(&ty) {
            for (k, (name, t)) in [("p", Some(p)), ("d", d)].into_iter().enumerate() {
                let Some(t) = t else { continue };
                path.push(name.to_string());
                positions.push(k as u32);
                self.collect_leaves(&t, path, positions, out, depth + 1)?;
                path.pop();
                positions.pop();
            }
            return Ok(());
        }
        if let Ty::Array(elem, n) = &ty {
            // Each element's resources are globals of their own, under the element's index.
            let hir::Len::Known(n) = n else {
                return Err(unsupported(format!(
                    "the array type `{}` of unknown length holding textures, samplers or buffers",
                    self.display(&ty)
                )));
            };
            for k in 0..*n {
                path.push(k.to_string());
                positions.push(k);
                self.collect_leaves(elem, path, positions, out, depth + 1)?;
                path.pop();
                positions.pop();
                if out.len() > MAX_LEAVES {
                    return Err(unsupported(format!(
                        "a value of type `{}` holding more than {MAX_LEAVES} textures, samplers \
                         or buffers (each is a global of its own)",
                        self.display(&ty)
                    )));
                }
            }
            return Ok(());
        }
        if let Ty::Tuple(items) = &ty {
            // Element `k` under the path `_k`, as `t._k` names it.
            for (k, item) in items.iter().enumerate() {
                path.push(format!("_{k}"));
                positions.push(k as u32);
                self.collect_leaves(item, path, positions, out, depth + 1)?;
                path.pop();
                positions.pop();
            }
            return Ok(());
        }
        let Ty::Adt(decl, args) = &ty else {
            return Err(unsupported(format!(
                "the type `{}` holding textures, samplers or buffers",
                self.display(&ty)
            )));
        };
        // A base struct (`struct B : A`) is the hidden first field of the IR struct: its
        // resources sit under position 0 (a nested aggregate), their paths are the field names
        // themselves (`b.tex` names `A`'s field).
        let base = hir::export::struct_base(self.db, &ty);
        let own_start = u32::from(base.is_some());
        if let Some(base) = base {
            positions.push(0);
            self.collect_leaves(&base, path, positions, out, depth + 1)?;
            positions.pop();
        }
        let data = hir::type_decl_data(self.db, *decl);
        let subst = hir::export::type_args_subst(self.db, *decl, args);
        let ftys = field_types(self.db, *decl);
        let stored = data
            .fields
            .iter()
            .zip(ftys.iter())
            .filter(|(f, _)| !(f.modifiers.is_static || f.global.is_some()));
        for (position, (f, declared)) in stored.enumerate() {
            let t = crate::apply(&subst, Some(&ty), declared);
            path.push(f.name.to_string());
            positions.push(own_start + position as u32);
            self.collect_leaves(&t, path, positions, out, depth + 1)?;
            path.pop();
            positions.pop();
        }
        Ok(())
    }

    /// The globals of the resources inside a shader parameter `name` of type `ty` (a struct
    /// holding resources), one per resource, named `name_field_...`, in field order.
    pub(crate) fn declare_resource_fields(&mut self, name: &str, ty: &Ty) -> R<Handles> {
        let mut handles = Vec::new();
        for leaf in self.resource_leaves(ty)? {
            // `_`-led segments (`_0` of a tuple) lose their `_`: naga renames names with `__`,
            // and hosts find the binding by this name.
            let segments: Vec<&str> = leaf
                .path
                .iter()
                .map(|s| match s.trim_start_matches('_') {
                    "" => s.as_str(),
                    t => t,
                })
                .collect();
            let global = format!("{name}_{}", segments.join("_"));
            let id = self.resource_global_of(&global, &leaf.ty)?;
            self.resource_fields.push(ResourceField {
                parameter: name.to_string(),
                path: leaf.path.clone(),
                positions: leaf.positions,
                global,
            });
            handles.push((leaf.path, id));
        }
        Ok(handles)
    }

    /// A shader parameter of struct type `ty` holding resources: the global of its plain
    /// fields (a uniform, or a constant when no field holds data, as slangc binds nothing then)
    /// and the globals of its resource fields.
    pub(crate) fn declare_split_parameter(
        &mut self,
        name: &str,
        ty: &Ty,
    ) -> R<(ir::GlobalId, Handles)> {
        if self.is_handle_only(ty) {
            // `Texture2D gTex[3]`: no data, only the element globals; the parameter's own
            // global is an unused constant word.
            let word = self.module.types.u32();
            let zero = crate::consts::zero(self, word)?;
            let id = self
                .module
                .add_global(name, word, ir::GlobalKind::Constant(zero));
            return Ok((id, self.declare_resource_fields(name, ty)?));
        }
        let plain = self.ir_ty(ty)?;
        let id = if holds_no_data(&self.module.types, plain) {
            let zero = crate::consts::zero(self, plain)?;
            self.module
                .add_global(name, plain, ir::GlobalKind::Constant(zero))
        } else {
            self.module.add_global(name, plain, ir::GlobalKind::Uniform)
        };
        let handles = self.declare_resource_fields(name, ty)?;
        Ok((id, handles))
    }

    /// The global of a texture, sampler or buffer of type `ty` (with the counter buffer of an
    /// append/consume buffer).
    pub(crate) fn resource_global_of(&mut self, name: &str, ty: &Ty) -> R<ir::GlobalId> {
        let (ir_ty, kind) = self
            .resource_kind(ty)?
            .ok_or_else(|| unsupported(format!("the resource type `{}`", self.display(ty))))?;
        let id = self.module.add_global(name, ir_ty, kind);
        if self.counter_buffer(ty) {
            let word = self.module.types.i32();
            let counter = self.module.add_global(
                &format!("{name}_counter"),
                word,
                ir::GlobalKind::StorageBuffer {
                    access: ir::BufferAccess::ReadWrite,
                },
            );
            self.counters.insert(id, counter);
        }
        Ok(id)
    }

    /// The IR type and global kind of a buffer, texture or sampler type; `None` for others.
    pub(crate) fn resource_kind(&mut self, ty: &Ty) -> R<Option<(ir::TypeId, ir::GlobalKind)>> {
        if let Some((access, elem)) = self.buffer_elem(ty) {
            let elem = self.buffer_elem_ir(&elem)?;
            return Ok(Some((elem, ir::GlobalKind::StorageBuffer { access })));
        }
        if let Some(t) = self.texture_type(ty) {
            let texel = self.ir_ty(&t.texel)?;
            let types = &self.module.types;
            let format = if t.depth {
                Some(ir::TexelFormat::Depth32Float)
            } else {
                types
                    .scalar_of(texel)
                    .and_then(|s| ir::TexelFormat::of(s, types.vector_size(texel).unwrap_or(1)))
            };
            let Some(format) = format else {
                return Err(unsupported(format!(
                    "a texture of `{}` texels (float, uint and int scalars and vectors are)",
                    types.display(texel)
                )));
            };
            let kind = ir::GlobalKind::Texture {
                dim: t.dim,
                arrayed: t.arrayed,
                access: t.access,
                format,
            };
            return Ok(Some((texel, kind)));
        }
        if let Some(comparison) = self.sampler_type(ty) {
            let void = self.module.types.void();
            return Ok(Some((void, ir::GlobalKind::Sampler { comparison })));
        }
        Ok(None)
    }

    /// The error for a struct holding resources where only shader parameters may hold them.
    pub(crate) fn resources_not_here(&self, ty: &Ty, place: &str) -> LowerError {
        unsupported(format!(
            "{place} of type `{}`, which holds textures, samplers or buffers (only shader \
             parameters, locals and function parameters can)",
            self.display(ty)
        ))
    }
}

/// Whether values of IR type `ty` carry no data: structs whose fields carry none (a struct of
/// resource fields only is lowered to a struct holding one unused word, `_empty`).
pub(crate) fn holds_no_data(types: &ir::Types, ty: ir::TypeId) -> bool {
    match types.kind(ty) {
        ir::TypeKind::Struct(id) => types.struct_def(*id).is_some_and(|s| {
            s.fields
                .iter()
                .all(|f| f.name == "_empty" || holds_no_data(types, f.ty))
        }),
        _ => false,
    }
}
