#!/usr/bin/env python3
"""Danger of the blocks GNU Go's owl.tst asks about, grouped by what the test says.

For every `owl_attack V` / `owl_defend V` test: `safe` (the attack is expected to fail),
`killable` (expected to succeed), `dead` (the defence is expected to fail). Prints, per group,
the count, the median and mean danger from `tesuji-blocks V`, and the statuses; with -v every
case. Run from anywhere:

    python3 scripts/block_danger_owl.py [--engine ./target/release/tesuji] [-v]
"""
import argparse, os, re, statistics, subprocess, sys
from collections import Counter, defaultdict

ap = argparse.ArgumentParser()
here = os.path.dirname(os.path.abspath(__file__))
ap.add_argument("--engine", default=os.path.join(here, "..", "target", "release", "tesuji"))
ap.add_argument("--tst", default="/work/shared/regression/owl.tst")
ap.add_argument("-v", action="store_true")
a = ap.parse_args()

cases, load = [], None
lines = open(a.tst).read().splitlines()
for i, line in enumerate(lines):
    line = line.strip()
    if line.startswith("loadsgf"):
        load = line
    m = re.match(r"^\d+ (owl_attack|owl_defend) (\S+)$", line)
    if m and load and i + 1 < len(lines):
        exp = re.match(r"^#\? \[(.*)\]", lines[i + 1].strip())
        if not exp:
            continue
        zero = exp.group(1).startswith("0")
        if m.group(1) == "owl_attack":
            group = "safe" if zero else "killable"
        else:
            group = "dead" if zero else None
        if group:
            cases.append((load, m.group(2), group))

eng = subprocess.Popen([os.path.abspath(a.engine), "gtp"], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE, text=True, cwd=os.path.dirname(a.tst))
def ask(cmd):
    eng.stdin.write(cmd + "\n"); eng.stdin.flush()
    out = []
    while True:
        l = eng.stdout.readline()
        if l.strip() == "" and out:
            break
        if l.strip():
            out.append(l.rstrip())
    return "\n".join(out)

res = defaultdict(list)
statuses = defaultdict(Counter)
for load, v, group in cases:
    ask(load)
    ans = ask(f"tesuji-blocks {v}")
    m = re.search(r" (\w+) danger ([\d.]+)", ans)
    if not m:
        continue
    res[group].append(float(m.group(2)))
    statuses[group][m.group(1)] += 1
    if a.v:
        print(group, load, v, ans[2:])
ask("quit")
for g in ("safe", "killable", "dead"):
    d = res[g]
    if d:
        print(f"{g:9} n={len(d):3} median {statistics.median(d):6.2f} mean {statistics.mean(d):6.2f}  "
              f"danger>1: {sum(x > 1 for x in d):3}  {dict(statuses[g])}")
