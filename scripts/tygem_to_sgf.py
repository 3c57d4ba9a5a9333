#!/usr/bin/env python3
"""Turns a month file of the Tygem collection of yenw/computer-go-dataset (one game a line:
`ID<TAB>;B[pd];W[dp];...`) into one SGF file a game, for `tesuji patterns train`.

    scripts/tygem_to_sgf.py TYGEM/Kifu/2011-01 OUT_DIR [--games N] [--skip N]

The lines carry moves only (even games, Black first); komi and result are not known, and
the trainer needs neither.
"""
import argparse
import os
import re

MOVES = re.compile(r"^(;[BW]\[[a-s]{0,2}\])+$")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("month")
    ap.add_argument("out")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--skip", type=int, default=0)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    written = 0
    with open(a.month, errors="replace") as f:
        for n, line in enumerate(f):
            if n < a.skip:
                continue
            if written >= a.games:
                break
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 2 or not MOVES.match(parts[1]):
                continue
            name = os.path.join(a.out, f"{parts[0]}.sgf")
            with open(name, "w") as g:
                g.write(f"(;GM[1]FF[4]SZ[19]{parts[1]})\n")
            written += 1
    print(f"{written} games written to {a.out}")


if __name__ == "__main__":
    main()
