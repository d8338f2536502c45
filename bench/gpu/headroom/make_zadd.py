# Hand experiment: drop additions of known zeros from gen.wgsl (f32() + x, and loads of value
# adjoints adjN at the head of a backward run, which are zero there).
import re, sys
src = open(sys.argv[1]).read().split("\n")
out = []
zero = set()
for line in src:
    m = re.match(r"(\s*)let (_e\d+) = (adj\d+_\d*);$", line)
    if m:
        zero.add(m.group(2)); out.append(f"{m.group(1)}let {m.group(2)} = f32();"); continue
    if re.match(r"\s*fn ", line):
        zero = set()
    for _ in range(3):
        line = re.sub(r"\(f32\(\) \+ ", "(", line)
        for z in list(zero):
            line = re.sub(r"\(" + z + r" \+ ", "(", line)
    out.append(line)
print("\n".join(out))
