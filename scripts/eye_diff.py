#!/usr/bin/env python3
"""Differential check of eye-space values: tesuji's `eval_eye` against GNU Go's (black box).

    scripts/eye_diff.py [--suite /work/shared/regression/owl.tst] [--limit N] [-v]

For each distinct `loadsgf FILE [N]` position of the suite, every empty point is asked
`eval_eye` of both engines (GNU Go answers for the points of its eye spaces, `-1` elsewhere).
Points where both answer are compared on `min max`; the output lists disagreements by kind and
an agreement summary. Points only one engine answers for are counted separately (the engines
find eye spaces differently: GNU Go from its dragons, tesuji from local enclosure).
"""
import argparse
import collections
import os
import re
import shlex
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Engine:
    def __init__(self, command, cwd):
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1, cwd=cwd)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine closed after '{command}'")
            if line.strip() == "":
                if lines:
                    break
                continue
            lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        return answer.startswith("="), answer[1:].strip()

    def send_many(self, commands):
        """Pipelined: all commands written first, then all answers read."""
        self.proc.stdin.write("".join(c + "\n" for c in commands))
        self.proc.stdin.flush()
        out = []
        for _ in commands:
            lines = []
            while True:
                line = self.proc.stdout.readline()
                if line == "":
                    raise RuntimeError("engine closed")
                if line.strip() == "":
                    if lines:
                        break
                    continue
                lines.append(line.rstrip("\n"))
            a = "\n".join(lines)
            out.append((a.startswith("="), a[1:].strip()))
        return out

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait()


def positions(suite):
    seen = []
    for line in open(suite):
        m = re.match(r"\s*loadsgf\s+(\S+)(?:\s+(\d+))?", line)
        if m and (m.group(1), m.group(2)) not in seen:
            seen.append((m.group(1), m.group(2)))
    return seen


COLS = "ABCDEFGHJKLMNOPQRST"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", default="/work/shared/regression/owl.tst")
    ap.add_argument("--tesuji", default=os.path.join(ROOT, "target/release/tesuji") + " gtp")
    ap.add_argument("--gnugo", default="/usr/games/gnugo --mode gtp --quiet")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("-v", action="store_true", help="print every disagreement")
    args = ap.parse_args()
    cwd = os.path.dirname(os.path.abspath(args.suite))
    ours, gnu = Engine(args.tesuji, cwd), Engine(args.gnugo, cwd)
    kinds = collections.Counter()
    both = agree = only_gnu = only_ours = 0
    pos = positions(args.suite)
    if args.limit:
        pos = pos[: args.limit]
    for f, n in pos:
        cmd = f"loadsgf {f}" + (f" {n}" if n else "")
        ok1, _ = ours.send(cmd)
        ok2, _ = gnu.send(cmd)
        if not (ok1 and ok2):
            continue
        size = int(gnu.send("query_boardsize")[1])
        verts = [f"{COLS[c]}{r}" for r in range(1, size + 1) for c in range(size)]
        stones = set(gnu.send("list_stones black")[1].split()) | set(
            gnu.send("list_stones white")[1].split())
        verts = [v for v in verts if v not in stones]
        a_ours = ours.send_many([f"eval_eye {v}" for v in verts])
        a_gnu = gnu.send_many([f"eval_eye {v}" for v in verts])
        for v, (o1, x), (o2, y) in zip(verts, a_ours, a_gnu):
            x = x if o1 else "-1"
            y = y if o2 else "-1"
            if x == "-1" and y == "-1":
                continue
            if x == "-1":
                only_gnu += 1
                kinds["only gnu " + " ".join(y.split()[:2])] += 1
                if args.v:
                    print(f"{cmd} {v}: ours -1 gnu {y}")
                continue
            if y == "-1":
                only_ours += 1
                continue
            both += 1
            xv, yv = " ".join(x.split()[:2]), " ".join(y.split()[:2])
            if xv == yv:
                agree += 1
            else:
                kinds[f"ours {xv} gnu {yv}"] += 1
                if args.v:
                    print(f"{cmd} {v}: ours {x} gnu {y}")
    ours.close()
    gnu.close()
    print(f"positions {len(pos)}; points both answer {both}, agree {agree} "
          f"({100.0 * agree / max(both, 1):.1f}%); only GNU Go {only_gnu}; only tesuji {only_ours}")
    for k, c in kinds.most_common(30):
        print(f"  {c:5d}  {k}")


if __name__ == "__main__":
    main()
