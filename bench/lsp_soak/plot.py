"""Plots the LSP soak's RSS curve (and document size) from the CSV that
`DSLANG_SOAK_EDITS=10000 DSLANG_SOAK_CSV=bench/lsp_soak/rss_10000_edits.csv cargo test -p cli --test lsp_soak -- --nocapture`
writes. Usage: python3 bench/lsp_soak/plot.py [CSV] [PNG]"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

src = sys.argv[1] if len(sys.argv) > 1 else "bench/lsp_soak/rss_10000_edits.csv"
out = sys.argv[2] if len(sys.argv) > 2 else "bench/lsp_soak/rss_10000_edits.png"
rows = list(csv.DictReader(open(src)))
edits = [int(r["edit"]) for r in rows]
rss = [int(r["rss_kib"]) / 1024 for r in rows]
doc = [int(r["document_bytes"]) / 1024 for r in rows]
fig, ax = plt.subplots(figsize=(8, 4))
ax.plot(edits, rss, label="server RSS (MiB)", color="tab:blue")
ax.set_xlabel("edits")
ax.set_ylabel("RSS (MiB)")
ax.set_ylim(0, max(rss) * 1.3)
ax2 = ax.twinx()
ax2.plot(edits, doc, label="document (KiB)", color="tab:gray", alpha=0.5)
ax2.set_ylabel("document size (KiB)")
ax.set_title("dslang lsp: 10,000 random edits + 3,300 requests (debug build)")
fig.legend(loc="center right", bbox_to_anchor=(0.88, 0.35))
fig.tight_layout()
fig.savefig(out, dpi=100)
print(out)
