//! Slang's natural layout of a type (what `sizeof` / `alignof` fold to) and the bit-field packing
//! of structs it depends on. Used by hir's constant evaluation (array lengths such as
//! `float a[sizeof(S) / 4]`, value generic arguments) and by the IR lowering (`sizeof` in code,
//! struct storage of bit fields).
//!
//! Natural layout: scalars at their own size (`bool` is one byte, `half` two, `double` and the
//! 64-bit integers eight), vectors and matrices packed without padding (a `float3` is 12 bytes)
//! and aligned as their element, struct fields (a base struct first) at offsets aligned to each
//! field with no padding after the last (`{ float3; half; }` is 14 bytes), array elements at a
//! stride of the element size rounded up to its alignment and no padding after the last element.
//! An enum has the size of its backing type, `Atomic<T>` that of `T`.
//!
//! Bit fields (`int a : 3;`): consecutive bit fields of a struct share one hidden backing
//! integer, as in slangc's default (GLSL-style) packing. The backing is 32 bits wide, or 64 when
//! one of its fields has a 64-bit type; a field that does not fit in what is left starts a new
//! backing, and a field of width 0 ends the current one. Fields are packed from the least
//! significant bit up. With `-msvc-style-bitfield-packing` (`CompileOptions`) the backing is as
//! wide as the declared type (8 to 64 bits), a field whose declared type has another size starts
//! a new backing, and fields are packed from the most significant bit down.

use base_db::{Db, SourceFile};

use crate::TypeDeclKind;
use crate::data::AttrArg;
use crate::ids::TypeDeclId;
use crate::resolve::normalize;
use crate::ty::{GenericArg, Len, ScalarKind, Ty};

/// Where a bit field lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitSlot {
    /// The hir index of the first bit field of its backing (the one the struct stores), `None`
    /// for a field of width 0.
    pub group: Option<usize>,
    /// Least significant bit of the field in the backing.
    pub offset: u32,
    pub width: u32,
    /// The backing's width: 32 or 64.
    pub backing_bits: u32,
    /// The field's own type.
    pub kind: ScalarKind,
}

impl BitSlot {
    /// The unsigned integer type of the backing (8 and 16 bits only under MSVC packing).
    pub fn backing_kind(&self) -> ScalarKind {
        match self.backing_bits {
            8 => ScalarKind::UInt8,
            16 => ScalarKind::UInt16,
            64 => ScalarKind::UInt64,
            _ => ScalarKind::UInt,
        }
    }
}

/// The bit-field layout of a struct: a slot per hir field (`None` for plain fields).
pub type BitLayout = Vec<Option<BitSlot>>;

/// The bit-field layout of `decl`, `None` when it has no bit fields.
pub fn bit_layout(db: &dyn Db, file: SourceFile, decl: TypeDeclId) -> Option<BitLayout> {
    let data = crate::type_decl_data(db, decl);
    if !data.fields.iter().any(|f| f.is_bit_field()) {
        return None;
    }
    let widths = crate::export::bit_field_widths(db, decl);
    let ftys = crate::export::field_types(db, decl);
    let msvc = db.workspace().options(db).msvc_bitfield_packing;
    let mut slots: BitLayout = vec![None; data.fields.len()];
    // The open backing: (first field, bits used, width).
    let mut open: Option<(usize, u32, u32)> = None;
    let mut members: Vec<usize> = Vec::new();
    let close = |slots: &mut BitLayout, open: Option<(usize, u32, u32)>, members: &[usize]| {
        if let Some((_, _, bits)) = open {
            for &m in members {
                if let Some(s) = slots[m].as_mut() {
                    s.backing_bits = bits;
                }
            }
        }
    };
    for (k, f) in data.fields.iter().enumerate() {
        if f.modifiers.is_static || f.global.is_some() {
            continue;
        }
        let kind = match ftys.get(k).map(|t| normalize(db, file, t)) {
            Some(Ty::Scalar(s)) if s.is_integer() => Some(s),
            _ => None,
        };
        let (Some(width), true, Some(kind)) =
            (widths.get(k).copied().flatten(), f.is_bit_field(), kind)
        else {
            close(&mut slots, open.take(), &members);
            members.clear();
            continue;
        };
        if width == 0 {
            close(&mut slots, open.take(), &members);
            members.clear();
            slots[k] = Some(BitSlot {
                group: None,
                offset: 0,
                width: 0,
                backing_bits: 32,
                kind,
            });
            continue;
        }
        // GLSL style: a 32-bit backing that widens to 64 bits for a 64-bit field; MSVC style: a
        // backing of the declared type's size, never shared with fields of another size.
        let own_bits = if msvc {
            kind.byte_size() * 8
        } else if kind.byte_size() > 4 {
            64
        } else {
            32
        };
        let fits = |used: u32, bits: u32| {
            if msvc {
                bits == own_bits && used + width <= bits
            } else {
                used + width <= bits.max(own_bits)
            }
        };
        let used_before = match open {
            Some((first, used, bits)) if fits(used, bits) => {
                open = Some((first, used + width, bits.max(own_bits)));
                used
            }
            _ => {
                close(&mut slots, open.take(), &members);
                members.clear();
                open = Some((k, width, own_bits));
                0
            }
        };
        // MSVC style fills the backing from its most significant bit down.
        let offset = if msvc {
            own_bits.saturating_sub(used_before + width)
        } else {
            used_before
        };
        members.push(k);
        slots[k] = Some(BitSlot {
            group: open.map(|(first, _, _)| first),
            offset,
            width,
            backing_bits: own_bits,
            kind,
        });
    }
    close(&mut slots, open, &members);
    Some(slots)
}

/// `sizeof(ty)` in the natural layout; `None` for types without one (resources, unsized arrays,
/// generic parameters).
pub fn natural_size(db: &dyn Db, file: SourceFile, ty: &Ty) -> Option<u32> {
    natural_layout(db, file, ty, 0).map(|(size, _)| size)
}

/// The rules of a buffer data layout (`sizeof(T, Layout)`, `alignof(T, Layout)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataLayout {
    /// Slang's natural layout (`DefaultDataLayout`, `ScalarDataLayout`, `CDataLayout`): each
    /// scalar at its own size.
    Natural,
    /// `Std430DataLayout`: 2-vectors align to twice their scalar, 3- and 4-vectors to four times.
    Std430,
    /// `Std140DataLayout` (and push constants): as std430, with arrays and structs aligned to 16
    /// bytes.
    Std140,
}

/// The rules of a data layout type (`Std430DataLayout`, ...), `None` for other types.
pub fn data_layout_of(db: &dyn Db, ty: &Ty) -> Option<DataLayout> {
    let Ty::Adt(decl, _) = ty else {
        return None;
    };
    Some(match &*crate::type_decl_data(db, *decl).name {
        "DefaultDataLayout" | "ScalarDataLayout" | "CDataLayout" => DataLayout::Natural,
        "Std430DataLayout" => DataLayout::Std430,
        "Std140DataLayout" | "DefaultPushConstantDataLayout" => DataLayout::Std140,
        _ => return None,
    })
}

/// `(sizeof, alignof)` of `ty` in a buffer data layout. As in the natural layout, the size is
/// where the last member ends (no tail padding); arrays step by the size rounded up to the
/// alignment.
pub fn data_layout_size_align(
    db: &dyn Db,
    file: SourceFile,
    ty: &Ty,
    rules: DataLayout,
) -> Option<(u32, u32)> {
    if rules == DataLayout::Natural {
        return natural_layout(db, file, ty, 0);
    }
    ruled_layout(db, file, ty, rules, 0)
}

/// (size, alignment) of `ty` under std430 or std140 rules.
fn ruled_layout(
    db: &dyn Db,
    file: SourceFile,
    ty: &Ty,
    rules: DataLayout,
    depth: u32,
) -> Option<(u32, u32)> {
    if depth > 64 {
        return None;
    }
    let block = |a: u32| {
        if rules == DataLayout::Std140 {
            a.max(16)
        } else {
            a
        }
    };
    let vector = |b: u32, n: u32| Some((b.checked_mul(n)?, b * if n == 3 { 4 } else { n }));
    let element = |t: &Ty| match normalize(db, file, t) {
        Ty::Scalar(k) => Some(scalar_bytes(k)),
        _ => None,
    };
    let array = |(s, a): (u32, u32), n: u32| {
        let a = block(a);
        let size = match n {
            0 => 0,
            n => s.next_multiple_of(a).checked_mul(n - 1)?.checked_add(s)?,
        };
        Some((size, a))
    };
    match normalize(db, file, ty) {
        Ty::Vector(e, Len::Known(n)) => vector(element(&e)?, n),
        // Column-major (Slang's default): `c` columns of `r` components, each a vector array
        // element.
        Ty::Matrix(e, Len::Known(r), Len::Known(c)) => array(vector(element(&e)?, r)?, c),
        Ty::Array(e, Len::Known(n)) => array(ruled_layout(db, file, &e, rules, depth + 1)?, n),
        t @ (Ty::Tuple(_) | Ty::Adt(..))
            if !matches!(&t, Ty::Adt(d, _)
                if crate::type_decl_data(db, *d).attr("__intrinsic_type").is_some())
                && record_items(db, file, &t).is_some() =>
        {
            let items = record_items(db, file, &t)?;
            let (mut size, mut align) = (0u32, 1u32);
            for item in &items {
                let (s, a) = ruled_layout(db, file, item, rules, depth + 1)?;
                size = size.next_multiple_of(a).checked_add(s)?;
                align = align.max(a);
            }
            Some((size, block(align)))
        }
        _ => natural_layout(db, file, ty, depth + 1),
    }
}

/// `alignof(ty)` in the natural layout: a scalar's size; vectors, matrices and arrays align as
/// their element, structs and tuples as their strictest field.
pub fn natural_align(db: &dyn Db, file: SourceFile, ty: &Ty) -> Option<u32> {
    natural_layout(db, file, ty, 0).map(|(_, align)| align)
}

fn scalar_bytes(k: ScalarKind) -> u32 {
    match k {
        ScalarKind::Half => 2,
        ScalarKind::Int64 | ScalarKind::UInt64 | ScalarKind::Double => 8,
        ScalarKind::Bool | ScalarKind::Int8 | ScalarKind::UInt8 => 1,
        ScalarKind::Int16 | ScalarKind::UInt16 => 2,
        ScalarKind::Int | ScalarKind::UInt | ScalarKind::Float => 4,
    }
}

/// (size, alignment) of `ty` in the natural layout.
fn natural_layout(db: &dyn Db, file: SourceFile, ty: &Ty, depth: u32) -> Option<(u32, u32)> {
    if depth > 64 {
        return None;
    }
    let element = |t: &Ty| match normalize(db, file, t) {
        Ty::Scalar(k) => Some(scalar_bytes(k)),
        _ => None,
    };
    // Fields one after the other, each at an offset aligned to it.
    let record = |items: &[Ty]| {
        let (mut size, mut align) = (0u32, 1u32);
        for item in items {
            let (s, a) = natural_layout(db, file, item, depth + 1)?;
            size = size.next_multiple_of(a).checked_add(s)?;
            align = align.max(a);
        }
        Some((size, align))
    };
    match normalize(db, file, ty) {
        Ty::Scalar(k) => Some((scalar_bytes(k), scalar_bytes(k))),
        Ty::Vector(e, Len::Known(n)) => element(&e).and_then(|b| Some((b.checked_mul(n)?, b))),
        Ty::Matrix(e, Len::Known(r), Len::Known(c)) => {
            element(&e).and_then(|b| Some((b.checked_mul(r)?.checked_mul(c)?, b)))
        }
        Ty::Array(e, Len::Known(n)) => {
            let (s, a) = natural_layout(db, file, &e, depth + 1)?;
            let size = match n {
                0 => 0,
                n => s.next_multiple_of(a).checked_mul(n - 1)?.checked_add(s)?,
            };
            Some((size, a))
        }
        Ty::Tuple(items) => record(&items),
        Ty::Adt(decl, args) => {
            let data = crate::type_decl_data(db, decl);
            match data.kind {
                TypeDeclKind::Enum => {
                    // The size of the backing type (`enum E : uint8_t` is one byte).
                    let bytes = crate::export::type_decl_bases(db, decl)
                        .iter()
                        .find_map(|b| match b {
                            Ty::Scalar(k) => Some(scalar_bytes(*k)),
                            _ => None,
                        })
                        .unwrap_or(4);
                    Some((bytes, bytes))
                }
                // Pointers (and `nullptr`'s type) are 64-bit addresses.
                TypeDeclKind::Struct
                    if data.attr("__intrinsic_type").is_some_and(|a| {
                        matches!(a.args.first(), Some(AttrArg::String(s)) if s == "Ptr" || s == "NullPtr")
                    }) =>
                {
                    Some((8, 8))
                }
                // `Atomic<T>` holds one `T`.
                TypeDeclKind::Struct
                    if data.attr("__intrinsic_type").is_some_and(
                        |a| matches!(a.args.first(), Some(AttrArg::String(s)) if s == "Atomic"),
                    ) =>
                {
                    match args.first() {
                        Some(GenericArg::Type(t)) => natural_layout(db, file, t, depth + 1),
                        _ => None,
                    }
                }
                // `Conditional<T, hasValue>` holds a `T` when `hasValue` is true, else nothing.
                TypeDeclKind::Struct
                    if data.attr("__intrinsic_type").is_some_and(
                        |a| matches!(a.args.first(), Some(AttrArg::String(s)) if s == "Conditional"),
                    ) =>
                {
                    match (args.first(), args.get(1)) {
                        (Some(GenericArg::Type(t)), Some(GenericArg::Value(Len::Known(v)))) => {
                            if *v != 0 {
                                natural_layout(db, file, t, depth + 1)
                            } else {
                                Some((0, 1))
                            }
                        }
                        _ => None,
                    }
                }
                TypeDeclKind::Struct => record(&record_items(db, file, &Ty::Adt(decl, args))?),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The members of a tuple or of a plain struct (its base first, a bit-field group's backing
/// integer once), `None` for other types.
fn record_items(db: &dyn Db, file: SourceFile, ty: &Ty) -> Option<Vec<Ty>> {
    let (decl, args) = match normalize(db, file, ty) {
        Ty::Tuple(items) => return Some(items.to_vec()),
        Ty::Adt(decl, args) => (decl, args),
        _ => return None,
    };
    let data = crate::type_decl_data(db, decl);
    if data.kind != TypeDeclKind::Struct {
        return None;
    }
    let ty = Ty::Adt(decl, args.clone());
    let subst = crate::export::type_args_subst(db, decl, &args);
    let mut items: Vec<Ty> = crate::export::struct_base(db, &ty).into_iter().collect();
    let field_tys = crate::export::field_types(db, decl);
    let bits = bit_layout(db, file, decl);
    for (k, (f, t)) in data.fields.iter().zip(field_tys.iter()).enumerate() {
        if f.modifiers.is_static || f.global.is_some() {
            continue;
        }
        match bits.as_ref().and_then(|b| b[k]) {
            // Bit fields share their backing integer.
            Some(slot) if slot.group == Some(k) => items.push(Ty::Scalar(slot.backing_kind())),
            Some(_) => {}
            None => {
                let t = t.subst(&|p| crate::export::subst_lookup(&subst, &p));
                items.push(t.subst_this(&ty))
            }
        }
    }
    Some(items)
}
