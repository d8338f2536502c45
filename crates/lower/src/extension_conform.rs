//! Conformances a struct gets from an extension (`extension myvector<4> : IDifferentiable`,
//! `extension Pt : IDifferentiablePtrType`): Slang gives the type the interface wherever the
//! extension is visible, so the struct's IR type carries its differential as a declared one
//! would (an instance of a generic struct may conform while other instances do not).

use hir::Ty;

use crate::Ctx;

impl Ctx<'_> {
    /// Whether `ty` conforms to the core-module interface `iface` through an extension (or any
    /// other way hir knows of; declared bases are checked first by the caller).
    pub(crate) fn conforms_by_extension(&self, ty: &Ty, iface: &str) -> bool {
        if ty.has_unknown() {
            return false;
        }
        let Some(iface) = hir::export::stdlib_interface(self.db, self.file, iface) else {
            return false;
        };
        hir::export::implements(self.db, self.file, ty, &iface)
    }
}
