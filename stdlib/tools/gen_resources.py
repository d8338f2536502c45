# Generates stdlib/textures.slang: the texture family (sampled, storage, rasterizer-ordered,
# multisampled, depth) and the combined texture-samplers, with HLSL's method overloads per shape.
# Types that stdlib/core.slang already declares get an `extension` with the overloads core lacks.
#
# Intrinsic names: an overload that core's lowering can emit keeps its core name; every other one
# gets its own `texture_*` name, which lowering refuses (E4001) instead of emitting it wrongly.
# It also writes stdlib/descriptors.slang: every resource type's `IOpaqueDescriptor` conformance,
# its `Handle` (a `DescriptorHandle` of itself) and the implicit conversions from handles.
# Usage: python3 stdlib/tools/gen_resources.py
import re
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "core.slang"


def vec(scalar, n):
    return scalar if n == 1 else f"{scalar}{n}"


class Shape:
    def __init__(self, name, dims, cube=False):
        self.name, self.dims, self.cube = name, dims, cube


D1, D2, D3, CUBE = Shape("1D", 1, False), Shape("2D", 2), Shape("3D", 3), Shape("Cube", 3, True)


def existing_methods():
    """`Type -> set of 'Name(param types)'` declared in core.slang's structs."""
    out = {}
    text = CORE.read_text()
    for m in re.finditer(r"struct (\w+)(?:<[^>]*>)?\s*\{(.*?)\n\}", text, re.S):
        sigs = set()
        for d in re.finditer(r"^\s+(?:\[[^\]]*\]\s*)*[\w<>, ]+?\s(\w+)(?:<[^>]*>)?\(([^)]*)\);", m.group(2), re.M):
            sigs.add(sig_key(d.group(1), d.group(2)))
        out[m.group(1)] = sigs
    return out


def sig_key(name, params):
    types = []
    for p in [p.strip() for p in params.split(",") if p.strip()]:
        words = p.split()
        types.append(" ".join(words[:-1]))
    return f"{name}({', '.join(types)})"


# Methods with tiled-resource `out uint status` forms. Every stdlib declaration costs start-up
# time (the stdlib is parsed on each run), so the rarer ones (gathers) are left out.
STATUS_FORMS = {"Load", "Sample", "SampleBias", "SampleLevel", "SampleGrad", "SampleCmp",
                "SampleCmpLevelZero", "SampleCmpLevel"}


class Emitter:
    def __init__(self, type_name, skip):
        self.type_name, self.skip, self.lines = type_name, skip, []

    def method(self, intrinsic, ret, name, params, doc=None):
        if params and params[-1] == "out uint status" and name not in STATUS_FORMS:
            return
        # The status forms are intrinsics of their own (lowering names them when it lacks them).
        if params and params[-1] == "out uint status" and name != "Load" and not intrinsic.endswith("_status"):
            intrinsic += "_status"
        key = sig_key(name, ", ".join(params))
        if key in self.skip:
            return
        self.skip.add(key)
        if doc:
            self.lines.append(f"    /// {doc}")
        self.lines.append(f'    [__intrinsic("{intrinsic}")] {ret} {name}({", ".join(params)});')

    def raw(self, line):
        self.lines.append(line)


def sampled_methods(e, shape, arrayed, combined, shadow):
    """Sample*/Gather*/CalculateLevelOfDetail of a sampled texture or a combined sampler."""
    c = shape.dims + int(arrayed)
    loc = f"{vec('float', c)} location"
    grad = vec("float", shape.dims)
    offs = None if shape.cube else vec("int", shape.dims)
    s = [] if combined else ["SamplerState s"]
    sc = [] if combined else ["SamplerComparisonState s"]
    texel = "float" if shadow else "T"
    if not shadow:
        e.method("texture_sample", texel, "Sample", s + [loc])
        e.method("texture_sample_bias", texel, "SampleBias", s + [loc, "float bias"])
        e.method("texture_sample_level", texel, "SampleLevel", s + [loc, "float level"])
        e.method("texture_sample_grad", texel, "SampleGrad", s + [loc, f"{grad} gradX", f"{grad} gradY"])
        if offs:
            e.method("texture_sample_offset", texel, "Sample", s + [loc, f"{offs} offset"])
            e.method("texture_sample_clamp", texel, "Sample", s + [loc, f"{offs} offset", "float clamp"])
            e.method("texture_sample_clamp", texel, "Sample", s + [loc, f"{offs} offset", "float clamp", "out uint status"])
            e.method("texture_sample_bias_offset", texel, "SampleBias", s + [loc, "float bias", f"{offs} offset"])
            e.method("texture_sample_bias_clamp", texel, "SampleBias", s + [loc, "float bias", f"{offs} offset", "float clamp", "out uint status"])
            e.method("texture_sample_level_offset", texel, "SampleLevel", s + [loc, "float level", f"{offs} offset"])
            e.method("texture_sample_level_offset", texel, "SampleLevel", s + [loc, "float level", f"{offs} offset", "out uint status"])
            e.method("texture_sample_grad_offset", texel, "SampleGrad", s + [loc, f"{grad} gradX", f"{grad} gradY", f"{offs} offset"])
            e.method("texture_sample_grad_clamp", texel, "SampleGrad", s + [loc, f"{grad} gradX", f"{grad} gradY", f"{offs} offset", "float lodClamp"])
            e.method("texture_sample_grad_clamp", texel, "SampleGrad", s + [loc, f"{grad} gradX", f"{grad} gradY", f"{offs} offset", "float lodClamp", "out uint status"])
    # Depth comparisons: 1.0 where `compareValue` passes the sampler's test, filtered.
    cmp_s = s if combined else sc
    e.method("texture_sample_cmp", "float", "SampleCmp", cmp_s + [loc, "float compareValue"])
    e.method("texture_sample_cmp_level_zero", "float", "SampleCmpLevelZero", cmp_s + [loc, "float compareValue"])
    e.method("texture_sample_cmp_level", "float", "SampleCmpLevel", cmp_s + [loc, "float compareValue", "float level"])
    e.method("texture_sample_cmp_bias", "float", "SampleCmpBias", cmp_s + [loc, "float compareValue", "float bias"])
    e.method("texture_sample_cmp_grad", "float", "SampleCmpGrad", cmp_s + [loc, "float compareValue", f"{grad} gradX", f"{grad} gradY"])
    if offs:
        e.method("texture_sample_cmp_offset", "float", "SampleCmp", cmp_s + [loc, "float compareValue", f"{offs} offset"])
        e.method("texture_sample_cmp_offset", "float", "SampleCmp", cmp_s + [loc, "float compareValue", f"{offs} offset", "float clamp", "out uint status"])
        e.method("texture_sample_cmp_level_zero_offset", "float", "SampleCmpLevelZero", cmp_s + [loc, "float compareValue", f"{offs} offset"])
        e.method("texture_sample_cmp_level_zero_offset", "float", "SampleCmpLevelZero", cmp_s + [loc, "float compareValue", f"{offs} offset", "out uint status"])
        e.method("texture_sample_cmp_level_offset", "float", "SampleCmpLevel", cmp_s + [loc, "float compareValue", "float level", f"{offs} offset"])
        e.method("texture_sample_cmp_level_offset", "float", "SampleCmpLevel", cmp_s + [loc, "float compareValue", "float level", f"{offs} offset", "out uint status"])
        e.method("texture_sample_cmp_bias_offset", "float", "SampleCmpBias", cmp_s + [loc, "float compareValue", "float bias", f"{offs} offset"])
        e.method("texture_sample_cmp_bias_offset", "float", "SampleCmpBias", cmp_s + [loc, "float compareValue", "float bias", f"{offs} offset", "out uint status"])
        e.method("texture_sample_cmp_grad_offset", "float", "SampleCmpGrad", cmp_s + [loc, "float compareValue", f"{grad} gradX", f"{grad} gradY", f"{offs} offset"])
        e.method("texture_sample_cmp_grad_offset", "float", "SampleCmpGrad", cmp_s + [loc, "float compareValue", f"{grad} gradX", f"{grad} gradY", f"{offs} offset", "out uint status"])
    lod_loc = f"{vec('float', shape.dims)} location"
    for sampler in ([[]] if combined else [["SamplerState s"], ["SamplerComparisonState s"]]):
        e.method("texture_lod", "float", "CalculateLevelOfDetail", sampler + [lod_loc])
        e.method("texture_lod_unclamped", "float", "CalculateLevelOfDetailUnclamped", sampler + [lod_loc])
    if shape.dims >= 2 and shape.name != "3D":
        # The four texels bilinear filtering reads, one channel each.
        for ch, intr in [("", "texture_gather"), ("Red", "texture_gather"), ("Green", "texture_gather_green"),
                         ("Blue", "texture_gather_blue"), ("Alpha", "texture_gather_alpha")]:
            e.method(intr, "float4", f"Gather{ch}", s + [loc])
            if offs:
                e.method(intr + "_offset", "float4", f"Gather{ch}", s + [loc, f"{offs} offset"])
                e.method(intr + "_offset", "float4", f"Gather{ch}", s + [loc, f"{offs} offset", "out uint status"])
            e.method("texture_gather_cmp", "float4", f"GatherCmp{ch}", cmp_s + [loc, "float compareValue"])
            if offs:
                e.method("texture_gather_cmp_offset", "float4", f"GatherCmp{ch}", cmp_s + [loc, "float compareValue", f"{offs} offset"])
                e.method("texture_gather_cmp_offset", "float4", f"GatherCmp{ch}", cmp_s + [loc, "float compareValue", f"{offs} offset", "out uint status"])


def dims_methods(e, shape, arrayed, ms, mips):
    names = ["width", "height", "depth"][: 2 if shape.cube else shape.dims]
    if arrayed:
        names.append("elements")
    for scalar in ["uint", "float"]:
        outs = [f"out {scalar} {n}" for n in names]
        if ms:
            e.method("texture_dimensions_ms", "void", "GetDimensions", outs + [f"out {scalar} sampleCount"])
            continue
        e.method("texture_dimensions", "void", "GetDimensions", outs)
        if mips:
            e.method("texture_dimensions_level", "void", "GetDimensions", ["uint mipLevel"] + outs + [f"out {scalar} numberOfLevels"])


def texture(out, skip, name, shape, arrayed=False, ms=False, access="read", shadow=False):
    """One texture type: `access` is read, rw, ro (rasterizer ordered) or w (write-only)."""
    c = shape.dims + int(arrayed)
    e = Emitter(name, skip)
    texel = "float" if shadow else "T"
    if not shape.cube and name not in EXISTING:
        e.raw(f"    __subscript({vec('uint', c)} location) -> {texel}")
        e.raw("    {")
        if access != "w":
            e.raw('        [__intrinsic("texture_load")] get;')
        if access != "read":
            e.raw('        [__intrinsic("texture_store")] set;')
        e.raw("    }")
    if not shape.cube:
        ioffs = vec("int", shape.dims)
        if ms:
            loc = f"{vec('int', c)} location"
            e.method("texture_load_sample", texel, "Load", [loc, "int sampleIndex"])
            e.method("texture_load_sample_offset", texel, "Load", [loc, "int sampleIndex", f"{ioffs} offset"])
            e.method("texture_load_sample_offset", texel, "Load", [loc, "int sampleIndex", f"{ioffs} offset", "out uint status"])
            e.method("texture_sample_position", "float2", "GetSamplePosition", ["int sampleIndex"])
        elif access == "read":
            loc = f"{vec('int', c + 1)} location"
            e.method("texture_load_level", texel, "Load", [loc])
            e.method("texture_load_level_offset", texel, "Load", [loc, f"{ioffs} offset"])
            e.method("texture_load_level_offset_status", texel, "Load", [loc, f"{ioffs} offset", "out uint status"])
        else:
            loc = f"{vec('int', c)} location"
            if access != "w":
                e.method("texture_load", texel, "Load", [loc])
                e.method("texture_load_status", texel, "Load", [loc, "out uint status"])
            e.method("texture_store_method", "void", "Store", [f"{vec('uint', c)} location", f"{texel} value"])
    if access == "read" and not ms:
        sampled_methods(e, shape, arrayed, False, shadow)
    dims_methods(e, shape, arrayed, ms, access == "read" and not ms)
    if not e.lines:
        return
    generic = "<T>" if not shadow else ""
    if name in EXISTING:
        out.append(f"extension{generic} {name}{generic}")
    else:
        what = {"read": "A sampled texture", "rw": "A storage texture",
                "ro": "A rasterizer-ordered storage texture", "w": "A write-only storage texture"}[access]
        if ms:
            what = "A multisampled " + what[2:].lower() if access == "read" else what + " (multisampled)"
        out.append(f"/// {what}: {shape.name}{' array' if arrayed else ''}.")
        out.append(f'[__intrinsic_type("{name}")]')
        params = "" if shadow else "<T = float4>"
        if ms and not shadow:
            params = "<T = float4, let sampleCount : int = 0>"
        out.append(f"struct {name}{params}")
    out.append("{")
    out.extend(e.lines)
    out.append("}")
    out.append("")


def combined(out, skip, name, shape, arrayed=False, ms=False, shadow=False):
    """A texture and sampler in one binding (GLSL's sampler2D...): no sampler arguments."""
    c = shape.dims + int(arrayed)
    e = Emitter(name, skip)
    texel = "float" if shadow else "T"
    if not shape.cube:
        e.raw(f"    __subscript({vec('uint', c)} location) -> {texel}")
        e.raw("    {")
        e.raw('        [__intrinsic("texture_load")] get;')
        e.raw("    }")
        ioffs = f"{vec('int', shape.dims)} offset"
        if ms:
            e.method("texture_load_sample", texel, "Load", [f"{vec('int', c)} location", "int sampleIndex"])
            e.method("texture_load_sample_offset", texel, "Load", [f"{vec('int', c)} location", "int sampleIndex", ioffs])
            e.method("texture_load_sample_offset", texel, "Load", [f"{vec('int', c)} location", "int sampleIndex", ioffs, "out uint status"])
        else:
            e.method("texture_load_level", texel, "Load", [f"{vec('int', c + 1)} location"])
            e.method("texture_load_level_offset", texel, "Load", [f"{vec('int', c + 1)} location", ioffs])
            e.method("texture_load_level_offset_status", texel, "Load", [f"{vec('int', c + 1)} location", ioffs, "out uint status"])
    if not ms:
        sampled_methods(e, shape, arrayed, True, shadow)
        if shadow and c < 4:
            # A shadow sampler's plain sample is a comparison too: the reference depth rides in
            # the location's last component.
            e.method("texture_sample_cmp_packed", "float", "Sample", [f"{vec('float', c + 1)} location"])
    dims_methods(e, shape, arrayed, ms, not ms)
    out.append(f"/// A combined texture-sampler: {shape.name}{' array' if arrayed else ''}{' multisampled' if ms else ''}{', depth comparison' if shadow else ''}.")
    out.append(f'[__intrinsic_type("{name}")]')
    out.append(f"struct {name}{'' if shadow else '<T = float4>'}")
    out.append("{")
    out.extend(e.lines)
    out.append("}")
    out.append("")


def feedback(out):
    """Sampler-feedback textures (write-only records of which mips a sampling touched)."""
    out += [
        "/// The formats of a sampler-feedback texture: `SAMPLER_FEEDBACK_MIN_MIP` (the smallest mip",
        "/// sampled per region) and `SAMPLER_FEEDBACK_MIP_REGION_USED` (which mips were sampled).",
        "interface __BuiltinSamplerFeedbackType",
        "{",
        "}",
        "struct SAMPLER_FEEDBACK_MIN_MIP : __BuiltinSamplerFeedbackType",
        "{",
        "}",
        "struct SAMPLER_FEEDBACK_MIP_REGION_USED : __BuiltinSamplerFeedbackType",
        "{",
        "}",
        "",
    ]
    for name, arrayed in [("FeedbackTexture2D", False), ("FeedbackTexture2DArray", True)]:
        e = Emitter(name, set())
        loc = f"{vec('float', 2 + int(arrayed))} location"
        tex = f"Texture2D{'Array' if arrayed else ''}<S> tex, SamplerState samp"
        forms = [
            ("WriteSamplerFeedback", [loc]),
            ("WriteSamplerFeedback", [loc, "float clamp"]),
            ("WriteSamplerFeedbackBias", [loc, "float bias"]),
            ("WriteSamplerFeedbackBias", [loc, "float bias", "float clamp"]),
            ("WriteSamplerFeedbackGrad", [loc, "float2 ddx", "float2 ddy"]),
            ("WriteSamplerFeedbackGrad", [loc, "float2 ddx", "float2 ddy", "float clamp"]),
            ("WriteSamplerFeedbackLevel", [loc, "float lod"]),
        ]
        for method, params in forms:
            e.raw(f'    [__intrinsic("fragment:{method}")] void {method}<S>({", ".join([tex] + params)});')
        dims_methods(e, D2, arrayed, False, True)
        out.append(f"/// A sampler-feedback texture: 2D{' array' if arrayed else ''} (write-only, Direct3D 12).")
        out.append(f'[__intrinsic_type("{name}")]')
        out.append(f"struct {name}<T : __BuiltinSamplerFeedbackType>")
        out.append("{")
        out.extend(e.lines)
        out.append("}")
        out.append("")


EXISTING = {}


def main():
    global EXISTING
    EXISTING = existing_methods()
    out = [
        "// dslang core module: the texture types and combined texture-samplers beyond core.slang's",
        "// compute subset. GENERATED by stdlib/tools/gen_resources.py: edit the generator, not this file.",
        "//",
        "// Types core.slang declares get the overloads it lacks here, as extensions. Lowering emits the",
        "// operations core's intrinsics name; the others are refused with a diagnostic (E4001/E4103).",
        "",
    ]
    skip = lambda n: set(EXISTING.get(n, set()))
    shapes = [("1D", D1, False), ("1DArray", D1, True), ("2D", D2, False), ("2DArray", D2, True),
              ("3D", D3, False), ("Cube", CUBE, False), ("CubeArray", CUBE, True)]
    for suffix, shape, arrayed in shapes:
        texture(out, skip(f"Texture{suffix}"), f"Texture{suffix}", shape, arrayed)
    texture(out, skip("Texture2DMS"), "Texture2DMS", D2, ms=True)
    texture(out, skip("Texture2DMSArray"), "Texture2DMSArray", D2, True, ms=True)
    for prefix, access in [("RW", "rw"), ("RasterizerOrdered", "ro"), ("W", "w")]:
        for suffix, shape, arrayed in shapes:
            if shape.cube:
                continue
            texture(out, skip(f"{prefix}Texture{suffix}"), f"{prefix}Texture{suffix}", shape, arrayed, access=access)
    texture(out, skip("RWTexture2DMS"), "RWTexture2DMS", D2, ms=True, access="rw")
    texture(out, skip("RWTexture2DMSArray"), "RWTexture2DMSArray", D2, True, ms=True, access="rw")
    for suffix, shape, arrayed in [("2D", D2, False), ("2DArray", D2, True), ("Cube", CUBE, False), ("CubeArray", CUBE, True)]:
        texture(out, set(), f"DepthTexture{suffix}", shape, arrayed, shadow=True)
    for suffix, shape, arrayed in shapes:
        combined(out, set(), f"Sampler{suffix}", shape, arrayed)
    combined(out, set(), "Sampler2DMS", D2, ms=True)
    combined(out, set(), "Sampler2DMSArray", D2, True, ms=True)
    for suffix, shape, arrayed in shapes:
        if suffix == "3D":
            continue
        combined(out, set(), f"Sampler{suffix}Shadow", shape, arrayed, shadow=True)
    feedback(out)
    (CORE.parent / "textures.slang").write_text("\n".join(out))
    descriptors()


# (type, generic parameters, descriptor kind, access, sampler heap?)
def resource_types():
    tex = []
    shapes = ["1D", "1DArray", "2D", "2DArray", "3D", "Cube", "CubeArray"]
    for sh in shapes:
        tex.append((f"Texture{sh}", "T", "Texture", "Read"))
        tex.append((f"Sampler{sh}", "T", "CombinedTextureSampler", "Read"))
        if "Cube" not in sh:
            tex.append((f"RWTexture{sh}", "T", "Texture", "ReadWrite"))
            tex.append((f"RasterizerOrderedTexture{sh}", "T", "Texture", "RasterizerOrdered"))
            tex.append((f"WTexture{sh}", "T", "Texture", "Write"))
            if sh != "3D":
                tex.append((f"Sampler{sh}Shadow", "", "CombinedTextureSampler", "Read"))
    tex.append(("SamplerCubeShadow", "", "CombinedTextureSampler", "Read"))
    tex.append(("SamplerCubeArrayShadow", "", "CombinedTextureSampler", "Read"))
    for ms in ["Texture2DMS", "Texture2DMSArray"]:
        tex.append((ms, "T, let sampleCount : int", "Texture", "Read"))
        tex.append(("RW" + ms, "T, let sampleCount : int", "Texture", "ReadWrite"))
    tex += [("Sampler2DMS", "T", "CombinedTextureSampler", "Read"),
            ("Sampler2DMSArray", "T", "CombinedTextureSampler", "Read")]
    for sh in ["2D", "2DArray", "Cube", "CubeArray"]:
        tex.append((f"DepthTexture{sh}", "", "Texture", "Read"))
    for sh in ["2D", "2DArray"]:
        tex.append((f"FeedbackTexture{sh}", "T : __BuiltinSamplerFeedbackType", "Texture", "Feedback"))
    bufs = [
        ("StructuredBuffer", "T", "StorageBuffer", "Read"),
        ("RWStructuredBuffer", "T", "StorageBuffer", "ReadWrite"),
        ("AppendStructuredBuffer", "T", "StorageBuffer", "ReadWrite"),
        ("ConsumeStructuredBuffer", "T", "StorageBuffer", "ReadWrite"),
        ("RasterizerOrderedStructuredBuffer", "T", "StorageBuffer", "ReadWrite"),
        ("ByteAddressBuffer", "", "StorageBuffer", "Read"),
        ("RWByteAddressBuffer", "", "StorageBuffer", "ReadWrite"),
        ("RasterizerOrderedByteAddressBuffer", "", "StorageBuffer", "ReadWrite"),
        ("SamplerState", "", "Sampler", "Unknown"),
        ("SamplerComparisonState", "", "Sampler", "Unknown"),
        ("ConstantBuffer", "T", "ConstantBuffer", "Read"),
        ("TextureBuffer", "T", "UniformTexelBuffer", "Read"),
        ("Buffer", "T", "UniformTexelBuffer", "Read"),
        ("RWBuffer", "T", "StorageTexelBuffer", "ReadWrite"),
        ("RasterizerOrderedBuffer", "T", "StorageTexelBuffer", "ReadWrite"),
        ("RaytracingAccelerationStructure", "", "AccelerationStructure", "Read"),
    ]
    return tex + bufs


def descriptors():
    out = [
        "// dslang core module: the descriptor conformances of every resource type. GENERATED by",
        "// stdlib/tools/gen_resources.py: edit the generator, not this file.",
        "//",
        "// Each resource is an `IOpaqueDescriptor` with its kind and access, names its bindless handle",
        "// `Handle` (`Texture2D.Handle` is `DescriptorHandle<Texture2D>`), and converts implicitly from",
        "// that handle and from a `ResourceDescriptorHeap` / `SamplerDescriptorHeap` element. dslang's",
        "// targets bind resources by slot, so lowering refuses the conversions (E4103).",
        "",
    ]
    for name, generics, kind, access in resource_types():
        args = ", ".join(g.split(":")[0].split()[-1] for g in generics.split(",")) if generics else ""
        ty = f"{name}<{args}>" if args else name
        head = f"extension<{generics}> {ty}" if generics else f"extension {ty}"
        untyped = "UntypedSamplerHandle" if kind == "Sampler" else "UntypedResourceHandle"
        out += [
            f"{head} : IOpaqueDescriptor",
            "{",
            f"    typealias Handle = DescriptorHandle<{ty}>;",
            f"    static const DescriptorKind kind = DescriptorKind.{kind};",
            f"    static const DescriptorAccess descriptorAccess = DescriptorAccess.{access};",
            f'    [__implicit_conversion] [__intrinsic("bindless:handle")] __init(DescriptorHandle<{ty}> handle);',
            f'    [__implicit_conversion] [__intrinsic("bindless:heap")] __init({untyped} handle);',
            "}",
            "",
        ]
    (CORE.parent / "descriptors.slang").write_text("\n".join(out))


main()
