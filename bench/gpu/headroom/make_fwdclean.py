# Writes fwdclean.wgsl: share.wgsl (the kernel before exit-flag threading) with the forward loops of the 16- and 32-run tiers written
# without the exit flag's extra run (the loop breaks where the flag is set; the run count and
# the stored last-run flag stay the same), to measure what the normalised forward loop costs.
import re, sys
src = open("share.wgsl").read()
out = src
for s, t in (("3", "4"), ("2", "3")):
    old = f"""    loop {{
        let _e44 = brk1_{s};
        if !(_e44) {{
            let _e46 = k_{s};
            if (_e46 < terms_{t}) {{
            }} else {{
                brk1_{s} = true;
            }}
            let _e49 = brk1_{s};
            tape36_{s} = _e49;
            let _e50 = !(_e49);
            if _e50 {{
"""
    new = f"""    loop {{
        {{
            let _e46 = k_{s};
            let _e49 = !(_e46 < terms_{t});
            tape36_{s} = _e49;
            let _e72 = iter1_{s};
            iter1_{s} = (_e72 + 1i);
            if _e49 {{
                break;
            }}
            {{
"""
    assert old in out, s
    out = out.replace(old, new)
    # the tape index: the run's number before the increment
    old2 = f"""                let _e51 = term_{s};
                let _e52 = iter1_{s};
"""
    new2 = f"""                let _e51 = term_{s};
                let _e52 = _e72;
"""
    assert old2 in out
    out = out.replace(old2, new2, 1)
    old3 = f"""            if _e50 {{
                k_{s} = (_e46 + 1i);
            }}
            let _e72 = iter1_{s};
            iter1_{s} = (_e72 + 1i);
        }} else {{
            break;
        }}
    }}
"""
    new3 = f"""            k_{s} = (_e46 + 1i);
        }}
    }}
"""
    assert old3 in out
    out = out.replace(old3, new3, 1)
first, rest = out.split("\n", 1)
open("fwdclean.wgsl", "w").write("// headroom variant: fwdclean (gen with the 16- and 32-run tiers' forward loops breaking where the exit flag is set: same run count, stored flag and tape; written by make_fwdclean.py)\n" + rest)
