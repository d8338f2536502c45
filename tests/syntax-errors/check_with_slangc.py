#!/usr/bin/env python3
"""Checks the planted-error corpus against the reference Slang compiler (slangc).

For every `.slang` file here (or the files given), slangc compiles it to WGSL and must fail.
Every `//CHECK:` line with a caret names the line above it (skipping other CHECK lines) and the
caret's column; slangc must report an error at exactly that line and column, and the text after
the caret must be a substring of slangc's message for that error (header or label).
Every slangc error must be claimed by a CHECK line, so no planted error goes unannotated.
Exit status 0 when all files agree; skips (status 0) when slangc is not installed.
"""
import os
import re
import shutil
import site
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def find_slangc():
    env = dict(os.environ)
    if os.environ.get("SLANGC"):
        return os.environ["SLANGC"], env
    found = shutil.which("slangc")
    if found:
        return found, env
    for base in site.getsitepackages():
        candidate = os.path.join(base, "slangtorch", "bin", "slangc")
        if os.access(candidate, os.X_OK):
            lib = os.path.dirname(candidate)
            env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
            return candidate, env
    return None, env


def expected_errors(path):
    """Yields (line, column, message) for each caret CHECK line; line and column are 1-based."""
    lines = open(path, encoding="utf-8").read().split("\n")
    source_line = None
    out = []
    for number, text in enumerate(lines, start=1):
        if text.startswith("//CHECK:"):
            caret = text.find("^")
            if caret < 0 or source_line is None:
                continue
            message = text[caret:].lstrip("^").strip()
            out.append((source_line, caret + 1, message))
        elif not text.startswith("//DIAGNOSTIC_TEST"):
            source_line = number
    return out


HEADER = re.compile(r"^error\[(E\d+)\]: (.*)$")
LOCATION = re.compile(r"^\s*--> (.*):(\d+):(\d+)$")
LABEL = re.compile(r"^\s*\|\s*\^+ ?(.*)$")


def reported_errors(output):
    """Parses slangc's rendered diagnostics into (code, line, column, header, label)."""
    errors = []
    current = None
    for text in output.split("\n"):
        header = HEADER.match(text)
        if header:
            current = {"code": header.group(1), "header": header.group(2), "line": None, "col": None, "label": ""}
            errors.append(current)
            continue
        if current is None:
            continue
        location = LOCATION.match(text)
        if location and current["line"] is None:
            current["line"] = int(location.group(2))
            current["col"] = int(location.group(3))
            continue
        label = LABEL.match(text)
        if label and not current["label"]:
            current["label"] = label.group(1)
    return errors


def check(slangc, env, path, out_dir):
    result = subprocess.run(
        [slangc, path, "-target", "wgsl", "-entry", "computeMain", "-stage", "compute",
         "-o", os.path.join(out_dir, "out.wgsl")],
        capture_output=True, text=True, env=env, cwd=os.path.dirname(path))
    problems = []
    if result.returncode == 0:
        problems.append("slangc accepted the file")
    if result.returncode < 0:
        problems.append("slangc crashed (signal %d)" % -result.returncode)
    reported = reported_errors(result.stdout + result.stderr)
    claimed = set()
    for line, col, message in expected_errors(path):
        match = None
        for index, error in enumerate(reported):
            if error["line"] == line and error["col"] == col:
                if message in error["header"] or message in error["label"]:
                    match = index
                    break
        if match is None:
            near = [e for e in reported if e["line"] == line]
            detail = "; ".join("%s at col %s: %s | %s" % (e["code"], e["col"], e["header"], e["label"]) for e in near)
            problems.append("line %d col %d: expected '%s'; slangc: %s" % (line, col, message, detail or "nothing on this line"))
        else:
            claimed.add(match)
    for index, error in enumerate(reported):
        if index not in claimed:
            problems.append("unannotated slangc error %s at %s:%s: %s" % (error["code"], error["line"], error["col"], error["label"] or error["header"]))
    return problems, reported


def main():
    slangc, env = find_slangc()
    if slangc is None:
        print("check_with_slangc.py: slangc not found (set SLANGC or pip install slangtorch); skipping")
        return 0
    files = sys.argv[1:] or sorted(
        os.path.join(HERE, name) for name in os.listdir(HERE) if name.endswith(".slang"))
    failed = 0
    with tempfile.TemporaryDirectory() as out_dir:
        for path in files:
            problems, reported = check(slangc, env, os.path.abspath(path), out_dir)
            name = os.path.basename(path)
            codes = ",".join(e["code"] for e in reported)
            if problems:
                failed += 1
                print("FAIL  %s" % name)
                for p in problems:
                    print("      " + p)
            else:
                print("ok    %s (%s)" % (name, codes))
    print("%d files, %d failed" % (len(files), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
