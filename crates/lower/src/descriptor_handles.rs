//! `DescriptorHandle<T>` without bindless descriptors (WGSL has no descriptor heap).
//!
//! A handle is plain data: two `uint` words (`uint2`, Slang's layout on targets whose resources
//! are opaque), so it can live in buffers, structs, interface values and locals, and converts to
//! and from `uint2`/`uint64_t`. What it names is the target's business; here the descriptor heap
//! of a resource type `T` is the program's handle-typed shader parameters of `T`
//! (`uniform Texture2D.Handle h;`, `ParameterBlock<Texture2D.Handle> h;`), in declaration order:
//! each is bound as an ordinary binding of `T` named after the parameter, and its value is its
//! index in that list (`uint2(index, 0)`). Dereferencing a handle (`h.Load(...)`, `h[i]`, `*h`,
//! passing it as a `T`) reads through the entry its first word selects
//! (`func/descriptor_handles.rs`).

use hir::Ty;

use crate::{Ctx, R};

/// The handle parameters declared so far, by the resource type they name.
#[derive(Default)]
pub(crate) struct HandleHeap {
    /// (resource type, its parameters in declaration order).
    heaps: Vec<(Ty, Vec<HeapEntry>)>,
}

/// A handle parameter: its name, and its binding once some handle is read through.
struct HeapEntry {
    name: String,
    binding: Option<ir::GlobalId>,
}

impl Ctx<'_> {
    /// `T` of `DescriptorHandle<T>`.
    pub(crate) fn descriptor_handle_target(&self, ty: &Ty) -> Option<Ty> {
        let ty = hir::export::normalize(self.db, self.file, ty);
        let target = self.adt_arg(&ty, "DescriptorHandle")?;
        let Ty::Adt(decl, _) = &ty else { return None };
        hir::type_decl_data(self.db, *decl).attr("__intrinsic_type")?;
        Some(hir::export::normalize(self.db, self.file, &target))
    }

    /// The shader parameter `name` of type `DescriptorHandle<target>`: it joins `target`'s heap,
    /// and is the constant handle of that entry (returned). Its binding is declared only when a
    /// handle of `target` is read through ([`Self::handle_heap_bindings`]): an unused handle
    /// parameter binds nothing.
    pub(crate) fn declare_handle_parameter(&mut self, name: &str, target: &Ty) -> R<ir::GlobalId> {
        let entry = HeapEntry {
            name: name.to_string(),
            binding: None,
        };
        let heaps = &mut self.handle_heap.heaps;
        let index = match heaps.iter_mut().find(|(t, _)| t == target) {
            Some((_, entries)) => {
                entries.push(entry);
                entries.len() - 1
            }
            None => {
                heaps.push((target.clone(), vec![entry]));
                0
            }
        };
        let words = self.module.types.vector(ir::Scalar::U32, 2);
        let value = ir::ConstValue::Composite(vec![
            ir::ConstValue::Literal(ir::Literal::U32(index as u32)),
            ir::ConstValue::Literal(ir::Literal::U32(0)),
        ]);
        let handle_name = self.fresh_name(&format!("{name}_handle"));
        self.module.globals.push(ir::Global {
            name: handle_name,
            ty: words,
            kind: ir::GlobalKind::Constant(value),
            writable: false,
            matrix_layout: None,
        });
        Ok(ir::GlobalId(self.module.globals.len() as u32 - 1))
    }

    /// The bindings of `target`'s heap, by handle value (declared on first use).
    pub(crate) fn handle_heap_bindings(&mut self, target: &Ty) -> R<Vec<ir::GlobalId>> {
        let Some(k) = self.handle_heap.heaps.iter().position(|(t, _)| t == target) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for i in 0..self.handle_heap.heaps[k].1.len() {
            let entry = &self.handle_heap.heaps[k].1[i];
            let binding = match entry.binding {
                Some(b) => b,
                None => {
                    let name = entry.name.clone();
                    let b = self.resource_global_of(&name, target)?;
                    self.handle_heap.heaps[k].1[i].binding = Some(b);
                    b
                }
            };
            out.push(binding);
        }
        Ok(out)
    }
}
