//! Facts about SPIR-V opcodes and operands that the `spirv_asm` translation needs: which
//! instructions have a result type and id, the numbers of the enum operands written by name,
//! the GLSL.std.450 extended instructions with a core-module function of the same meaning, and
//! the Slang names of SPIR-V's scalar types.

/// Whether `op` has a result type and a result id (in the positional form those are its first
/// operands: `OpIAdd $$int %x a b`).
pub(crate) fn result_form(op: &str) -> (bool, bool) {
    const NO_RESULT: &[&str] = &[
        "OpNop",
        "OpStore",
        "OpReturn",
        "OpReturnValue",
        "OpBranch",
        "OpBranchConditional",
        "OpSwitch",
        "OpKill",
        "OpUnreachable",
        "OpCapability",
        "OpExtension",
        "OpName",
        "OpMemberName",
        "OpDecorate",
        "OpMemberDecorate",
        "OpSelectionMerge",
        "OpLoopMerge",
        "OpControlBarrier",
        "OpMemoryBarrier",
        "OpEmitVertex",
        "OpEndPrimitive",
        "OpCopyMemory",
        "OpExecutionMode",
        "OpEntryPoint",
        "OpLine",
        "OpNoLine",
        "OpSource",
        "OpSourceExtension",
        "OpModuleProcessed",
        "OpImageWrite",
        "OpTerminateInvocation",
        "OpAtomicStore",
    ];
    if NO_RESULT.contains(&op) {
        return (false, false);
    }
    let id_only = (op.starts_with("OpType") && op != "OpTypeForwardPointer")
        || matches!(
            op,
            "OpLabel" | "OpString" | "OpExtInstImport" | "OpDecorationGroup"
        );
    (!id_only, true)
}

/// Enum operands by name, with or without their kind's prefix (`MemorySemanticsAcquire`,
/// `Acquire`): memory semantics, scopes and group operations (the ones whose numbers a
/// block computes with).
pub(super) fn enum_value(name: &str) -> Option<i64> {
    const KINDS: &[(&str, &[(&str, i64)])] = &[
        (
            "MemorySemantics",
            &[
                ("None", 0),
                ("Relaxed", 0),
                ("Acquire", 0x2),
                ("Release", 0x4),
                ("AcquireRelease", 0x8),
                ("SequentiallyConsistent", 0x10),
                ("UniformMemory", 0x40),
                ("SubgroupMemory", 0x80),
                ("WorkgroupMemory", 0x100),
                ("CrossWorkgroupMemory", 0x200),
                ("AtomicCounterMemory", 0x400),
                ("ImageMemory", 0x800),
                ("OutputMemory", 0x1000),
                ("MakeAvailable", 0x2000),
                ("MakeVisible", 0x4000),
                ("Volatile", 0x8000),
            ],
        ),
        (
            "Scope",
            &[
                ("CrossDevice", 0),
                ("Device", 1),
                ("Workgroup", 2),
                ("Subgroup", 3),
                ("Invocation", 4),
                ("QueueFamily", 5),
                ("ShaderCallKHR", 6),
            ],
        ),
        (
            "GroupOperation",
            &[
                ("Reduce", 0),
                ("InclusiveScan", 1),
                ("ExclusiveScan", 2),
                ("ClusteredReduce", 3),
            ],
        ),
    ];
    for (kind, cases) in KINDS {
        let bare = name.strip_prefix(kind).unwrap_or(name);
        if let Some((_, v)) = cases.iter().find(|(n, _)| *n == bare) {
            return Some(*v);
        }
    }
    None
}

/// The core-module function of a GLSL.std.450 instruction, and the indices of its arguments
/// written as `&x` (out parameters).
pub(super) fn ext_inst_function(name: &str) -> Option<(&'static str, &'static [usize])> {
    const TABLE: &[(&str, &str)] = &[
        ("Round", "round"),
        ("RoundEven", "round"),
        ("Trunc", "trunc"),
        ("FAbs", "abs"),
        ("SAbs", "abs"),
        ("FSign", "sign"),
        ("SSign", "sign"),
        ("Floor", "floor"),
        ("Ceil", "ceil"),
        ("Fract", "frac"),
        ("Radians", "radians"),
        ("Degrees", "degrees"),
        ("Sin", "sin"),
        ("Cos", "cos"),
        ("Tan", "tan"),
        ("Asin", "asin"),
        ("Acos", "acos"),
        ("Atan", "atan"),
        ("Sinh", "sinh"),
        ("Cosh", "cosh"),
        ("Tanh", "tanh"),
        ("Asinh", "asinh"),
        ("Acosh", "acosh"),
        ("Atanh", "atanh"),
        ("Atan2", "atan2"),
        ("Pow", "pow"),
        ("Exp", "exp"),
        ("Log", "log"),
        ("Exp2", "exp2"),
        ("Log2", "log2"),
        ("Sqrt", "sqrt"),
        ("InverseSqrt", "rsqrt"),
        ("Determinant", "determinant"),
        ("FMin", "min"),
        ("UMin", "min"),
        ("SMin", "min"),
        ("FMax", "max"),
        ("UMax", "max"),
        ("SMax", "max"),
        ("FClamp", "clamp"),
        ("UClamp", "clamp"),
        ("SClamp", "clamp"),
        ("FMix", "lerp"),
        ("Step", "step"),
        ("SmoothStep", "smoothstep"),
        ("Fma", "fma"),
        ("Length", "length"),
        ("Distance", "distance"),
        ("Cross", "cross"),
        ("Normalize", "normalize"),
        ("Reflect", "reflect"),
        ("Refract", "refract"),
        ("FindILsb", "firstbitlow"),
        ("FindUMsb", "firstbithigh"),
        ("NMin", "min"),
        ("NMax", "max"),
    ];
    if name == "Modf" {
        return Some(("modf", &[1]));
    }
    TABLE
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| (*f, &[][..]))
}

/// The Slang scalar type of SPIR-V's `OpTypeInt width signed` (`kind` 'i') or `OpTypeFloat
/// width` ('f').
pub(super) fn scalar_type_name(
    kind: char,
    width: Option<i64>,
    signed: bool,
) -> Option<&'static str> {
    Some(match (kind, width?, signed) {
        ('i', 8, true) => "int8_t",
        ('i', 8, false) => "uint8_t",
        ('i', 16, true) => "int16_t",
        ('i', 16, false) => "uint16_t",
        ('i', 32, true) => "int",
        ('i', 32, false) => "uint",
        ('i', 64, true) => "int64_t",
        ('i', 64, false) => "uint64_t",
        ('f', 16, _) => "half",
        ('f', 32, _) => "float",
        ('f', 64, _) => "double",
        _ => return None,
    })
}
