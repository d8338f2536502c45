//! The private memory of one invocation (function locals and `var<private>` globals), checked
//! before a pipeline is created: drivers hold it per invocation, so a local `float a[100000000]`
//! made lavapipe allocate 17 GB and crash. WebGPU states no limit for it; ours is
//! [`MAX_PRIVATE_BYTES`], far above what a shader that runs well on a GPU uses.

use naga::AddressSpace;

/// The most bytes of locals and private globals a module may declare per invocation.
pub const MAX_PRIVATE_BYTES: u64 = 1 << 20;

/// A module over [`MAX_PRIVATE_BYTES`]: the bytes in all, and the largest function's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrivateMemory {
    /// Bytes of all functions' locals and the private globals (an upper bound of what one
    /// invocation holds at once).
    pub bytes: u64,
    /// The function (or `var<private>` globals) declaring the most.
    pub largest: String,
    pub largest_bytes: u64,
}

/// The private bytes of `wgsl` when over the limit; `None` when within it, or when the text does
/// not parse (then pipeline creation reports the error).
pub fn over_limit(wgsl: &str) -> Option<PrivateMemory> {
    let source = crate::wgsl_for_naga(wgsl);
    let module = naga::front::wgsl::parse_str(&source).ok()?;
    let mut layouter = naga::proc::Layouter::default();
    layouter.update(module.to_ctx()).ok()?;
    let size = |ty: naga::Handle<naga::Type>| u64::from(layouter[ty].size);
    let mut parts: Vec<(String, u64)> = Vec::new();
    let globals: u64 = module
        .global_variables
        .iter()
        .filter(|(_, g)| g.space == AddressSpace::Private)
        .map(|(_, g)| size(g.ty))
        .fold(0, u64::saturating_add);
    parts.push(("var<private> globals".to_string(), globals));
    let functions = module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|e| &e.function));
    for f in functions {
        let bytes = f
            .local_variables
            .iter()
            .map(|(_, v)| size(v.ty))
            .fold(0, u64::saturating_add);
        parts.push((f.name.clone().unwrap_or_default(), bytes));
    }
    let bytes = parts.iter().map(|p| p.1).fold(0, u64::saturating_add);
    if bytes <= MAX_PRIVATE_BYTES {
        return None;
    }
    let (largest, largest_bytes) = parts.into_iter().max_by_key(|p| p.1)?;
    Some(PrivateMemory {
        bytes,
        largest,
        largest_bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_local_arrays_are_over_the_limit_and_small_ones_are_not() {
        let big =
            "@compute @workgroup_size(1) fn main() { var a: array<f32, 100000000>; a[0] = 1.0; }";
        let over = over_limit(big).expect("over");
        assert_eq!(over.bytes, 400_000_000);
        assert_eq!(over.largest, "main");
        let small =
            "@compute @workgroup_size(1) fn main() { var a: array<f32, 1024>; a[0] = 1.0; }";
        assert_eq!(over_limit(small), None);
    }
}
