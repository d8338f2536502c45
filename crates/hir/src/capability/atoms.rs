//! What a capability name stands for: the code-generation targets it exists on, the shader
//! stages it is limited to, and, for a version of a target (`_sm_6_0`, `spirv_1_3`, `_GLSL_450`),
//! its level. The names are those of the user guide's capability reference (targets, stages,
//! versions, API extensions, and the compound aliases that join several targets or stages);
//! an alias over many targets and features (`raytracing`, `subgroup_ballot`) is read as existing
//! on every target, so only what a name certainly says is ever judged.

/// The code-generation targets, one bit each.
pub(crate) const TARGETS: &[&str] = &[
    "hlsl", "glsl", "spirv", "metal", "cuda", "cpp", "wgsl", "llvm", "c", "slangvm",
];

/// The shader stages, one bit each, by their canonical names.
pub(crate) const STAGES: &[&str] = &[
    "vertex",
    "fragment",
    "compute",
    "hull",
    "domain",
    "geometry",
    "raygen",
    "intersection",
    "anyhit",
    "closesthit",
    "miss",
    "callable",
    "mesh",
    "amplification",
    "dispatch",
    "node",
];

pub(crate) type Mask = u32;

pub(crate) const ALL_TARGETS: Mask = (1 << TARGETS.len()) - 1;
pub(crate) const ALL_STAGES: Mask = (1 << STAGES.len()) - 1;

/// What kind of requirement a name adds within its targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AtomKind {
    /// A target itself (`hlsl`), or several (`glsl_spirv`).
    Target,
    /// One or more stages (`fragment`, `compute_fragment`).
    Stage,
    /// A version of one target: levels of one target are ordered.
    Version(u32),
    /// An extension or capability of one target (`spvDeviceGroup`, `_GL_EXT_ray_query`).
    Extension,
    /// An alias whose exact meaning per target we do not model (`sm_6_0` has a level on HLSL
    /// only, and unspecified extensions elsewhere).
    Alias(Option<u32>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Atom {
    pub targets: Mask,
    pub stages: Mask,
    pub kind: AtomKind,
}

pub(crate) fn target_bit(name: &str) -> Option<Mask> {
    TARGETS.iter().position(|t| *t == name).map(|i| 1 << i)
}

pub(crate) fn stage_bit(name: &str) -> Option<Mask> {
    let canonical = match name {
        "pixel" => "fragment",
        "raygeneration" => "raygen",
        "tesscontrol" => "hull",
        "tesseval" => "domain",
        "task" => "amplification",
        "any_hit" => "anyhit",
        "closest_hit" => "closesthit",
        other => other,
    };
    STAGES.iter().position(|s| *s == canonical).map(|i| 1 << i)
}

pub(crate) fn mask_names(mask: Mask, names: &[&'static str]) -> Vec<&'static str> {
    (0..names.len())
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| names[i])
        .collect()
}

/// `4_0` → 400, `6_10` → 610, `450` → 450.
fn level(text: &str) -> Option<u32> {
    let mut parts = text.split('_');
    let major: u32 = parts.next()?.parse().ok()?;
    match parts.next() {
        None => Some(major),
        Some(minor) => {
            let minor: u32 = minor.parse().ok()?;
            parts.next().is_none().then_some(major * 100 + minor)
        }
    }
}

fn one(target: &str, kind: AtomKind) -> Atom {
    Atom {
        targets: target_bit(target).unwrap_or(ALL_TARGETS),
        stages: ALL_STAGES,
        kind,
    }
}

/// A name joined from targets (`glsl_hlsl_metal_spirv`) or from stages (`compute_fragment`).
fn joined(name: &str) -> Option<Atom> {
    let parts: Vec<&str> = name.split('_').collect();
    if parts.len() < 2 {
        return None;
    }
    let targets = parts.iter().try_fold(0, |m, p| {
        let bit = if *p == "nvapi" {
            target_bit("hlsl")
        } else {
            target_bit(p)
        };
        bit.map(|b| m | b)
    });
    if let Some(targets) = targets {
        return Some(Atom {
            targets,
            stages: ALL_STAGES,
            kind: AtomKind::Target,
        });
    }
    let stages = parts
        .iter()
        .try_fold(0, |m, p| stage_bit(p).map(|b| m | b))?;
    Some(Atom {
        targets: ALL_TARGETS,
        stages,
        kind: AtomKind::Stage,
    })
}

/// What `name` stands for; `None` for a name we do not know.
pub(crate) fn atom(name: &str) -> Option<Atom> {
    if let Some(t) = target_bit(name) {
        return Some(Atom {
            targets: t,
            stages: ALL_STAGES,
            kind: AtomKind::Target,
        });
    }
    if let Some(s) = stage_bit(name) {
        return Some(Atom {
            targets: ALL_TARGETS,
            stages: s,
            kind: AtomKind::Stage,
        });
    }
    match name {
        "textualTarget" | "any_target" | "any_textual_target" | "any_gfx_target"
        | "any_cpp_target" | "all" => {
            return Some(Atom {
                targets: ALL_TARGETS,
                stages: ALL_STAGES,
                kind: AtomKind::Target,
            });
        }
        "any_stage" | "raytracing_stages" => {
            let stages = if name == "any_stage" {
                ALL_STAGES
            } else {
                [
                    "raygen",
                    "intersection",
                    "anyhit",
                    "closesthit",
                    "miss",
                    "callable",
                ]
                .iter()
                .fold(0, |m, s| m | stage_bit(s).unwrap_or(0))
            };
            return Some(Atom {
                targets: ALL_TARGETS,
                stages,
                kind: AtomKind::Stage,
            });
        }
        "hlsl_nvapi" | "hlsl_2018" | "dxil_lib" | "nvapi" => {
            return Some(one("hlsl", AtomKind::Extension));
        }
        "sm_latest" => return Some(one("", AtomKind::Alias(None))),
        "spirv_latest" => return Some(one("spirv", AtomKind::Version(u32::MAX))),
        "GLSL_latest" => return Some(one("glsl", AtomKind::Version(u32::MAX))),
        "metallib_latest" => return Some(one("metal", AtomKind::Version(u32::MAX))),
        _ => {}
    }
    let versioned = |prefix: &str| name.strip_prefix(prefix).and_then(level);
    if let Some(l) = versioned("_sm_") {
        return Some(one("hlsl", AtomKind::Version(l)));
    }
    if let Some(l) = name
        .strip_suffix("_version")
        .and_then(|n| n.strip_prefix("sm_"))
    {
        return level(l).map(|l| one("hlsl", AtomKind::Version(l)));
    }
    if let Some(l) = versioned("sm_") {
        return Some(one("", AtomKind::Alias(Some(l))));
    }
    if let Some(l) = versioned("spirv_").or_else(|| versioned("SPIRV_")) {
        return Some(one("spirv", AtomKind::Version(l)));
    }
    if let Some(l) = versioned("_GLSL_").or_else(|| versioned("GLSL_")) {
        return Some(one("glsl", AtomKind::Version(l)));
    }
    if let Some(l) = versioned("metallib_").or_else(|| versioned("METAL_")) {
        return Some(one("metal", AtomKind::Version(l)));
    }
    if let Some(l) = versioned("cuda_sm_").or_else(|| versioned("_cuda_sm_")) {
        return Some(one("cuda", AtomKind::Version(l)));
    }
    if name.starts_with("glsl_spirv_") {
        return Some(Atom {
            targets: target_bit("glsl").unwrap_or(0) | target_bit("spirv").unwrap_or(0),
            stages: ALL_STAGES,
            kind: AtomKind::Alias(None),
        });
    }
    if name.starts_with("SPV_") || name.starts_with("spv") || name.starts_with("_spv") {
        return Some(one("spirv", AtomKind::Extension));
    }
    if name.starts_with("_GL_") {
        return Some(one("glsl", AtomKind::Extension));
    }
    if name.starts_with("GL_") {
        // The public `GL_*` names are aliases over the GLSL extension and its SPIR-V capability.
        return Some(Atom {
            targets: target_bit("glsl").unwrap_or(0) | target_bit("spirv").unwrap_or(0),
            stages: ALL_STAGES,
            kind: AtomKind::Alias(None),
        });
    }
    joined(name)
}

/// The targets a conjunction of atoms can exist on (unknown names constrain nothing).
pub(crate) fn conj_targets<'a>(names: impl IntoIterator<Item = &'a str>) -> Mask {
    names
        .into_iter()
        .filter_map(atom)
        .fold(ALL_TARGETS, |m, a| m & a.targets)
}

/// The stages a conjunction of atoms is limited to.
pub(crate) fn conj_stages<'a>(names: impl IntoIterator<Item = &'a str>) -> Mask {
    names
        .into_iter()
        .filter_map(atom)
        .fold(ALL_STAGES, |m, a| m & a.stages)
}

/// The single target a conjunction names, if it names exactly one.
pub(crate) fn single_target(mask: Mask) -> Option<&'static str> {
    match mask_names(mask, TARGETS).as_slice() {
        [one] => Some(one),
        _ => None,
    }
}
