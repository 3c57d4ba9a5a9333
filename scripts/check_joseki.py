#!/usr/bin/env python3
"""Sanity check of joseki trees against a reference GTP engine used as a black box (GNU Go by
default): replays every variation of each SGF file, and for every move not marked bad (`BM`
or a leading `bad` comment tag) asks the engine's `top_moves_black|white` in the position
before it. Prints the moves the engine does not list at all, then how many moves are its
first choice and how many appear in its list. First moves on an empty board are often
unlisted only because the engine's list is filled with the other, equal, corners.

    scripts/check_joseki.py patterns/joseki/*.sgf [--engine "gnugo --mode gtp --quiet"]
"""

import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

COLS = "ABCDEFGHJKLMNOPQRST"


def parse(text):
    """A minimal SGF tree parser: returns the root node as (props, children)."""
    pos = 0

    def skip():
        nonlocal pos
        while pos < len(text) and text[pos].isspace():
            pos += 1

    def value():
        nonlocal pos
        assert text[pos] == "["
        pos += 1
        out = []
        while text[pos] != "]":
            if text[pos] == "\\":
                pos += 1
            out.append(text[pos])
            pos += 1
        pos += 1
        return "".join(out)

    def node():
        nonlocal pos
        props = {}
        while True:
            skip()
            m = re.compile(r"[A-Z]+").match(text, pos)
            if not m:
                return props
            pos = m.end()
            skip()
            vals = []
            while pos < len(text) and text[pos] == "[":
                vals.append(value())
                skip()
            props[m.group()] = vals

    def tree():
        nonlocal pos
        skip()
        assert text[pos] == "(", f"expected ( at {pos}"
        pos += 1
        nodes = []
        skip()
        while text[pos] == ";":
            pos += 1
            nodes.append([node(), []])
            skip()
        children = []
        while text[pos] == "(":
            children.append(tree())
            skip()
        assert text[pos] == ")", f"expected ) at {pos}"
        pos += 1
        for a, b in zip(nodes, nodes[1:]):
            a[1].append(b)
        nodes[-1][1].extend(children)
        return nodes[0]

    return tree()


def vertex(sgf_point, size):
    if not sgf_point or sgf_point == "tt":
        return "pass"
    x, y = ord(sgf_point[0]) - 97, ord(sgf_point[1]) - 97
    return f"{COLS[x]}{size - y}"


def positions(root, size):
    """Every (moves so far, colour, vertex) of the tree, bad moves left out."""
    out = []

    def walk(node, moves):
        props, children = node
        for colour in ("B", "W"):
            if colour in props:
                v = vertex(props[colour][0], size)
                comment = props.get("C", [""])[0].strip().lower()
                bad = "BM" in props or re.match(r"bad\b", comment)
                if v != "pass" and not bad:
                    out.append((list(moves), colour, v))
                moves = moves + [(colour, v)]
        for c in children:
            walk(c, moves)

    walk(root, [])
    return out


def top_moves(engine, size, moves, colour):
    cmds = [f"boardsize {size}", "clear_board"]
    cmds += [f"play {c} {v}" for c, v in moves]
    cmds += [f"top_moves_{'black' if colour == 'B' else 'white'}", "quit"]
    out = subprocess.run(
        shlex.split(engine), input="\n".join(cmds) + "\n", capture_output=True, text=True
    ).stdout
    answers = [l for l in out.splitlines() if l.startswith(("=", "?"))]
    tokens = answers[-2][1:].split()
    return tokens[0::2]


def main():
    args = sys.argv[1:]
    engine = "/usr/games/gnugo --mode gtp --quiet"
    if "--engine" in args:
        i = args.index("--engine")
        engine = args[i + 1]
        del args[i : i + 2]
    jobs = []
    for path in args:
        text = open(path, encoding="utf-8").read()
        size = int((re.search(r"SZ\[(\d+)\]", text) or [None, "19"])[1])
        for moves, colour, v in positions(parse(text), size):
            jobs.append((path, size, moves, colour, v))

    def run(job):
        path, size, moves, colour, v = job
        return job, top_moves(engine, size, moves, colour)

    first = listed = 0
    with ThreadPoolExecutor(2) as pool:
        for (path, size, moves, colour, v), best in pool.map(run, jobs):
            if best and best[0] == v:
                first += 1
            if v in best:
                listed += 1
            else:
                seq = " ".join(f"{c} {m}" for c, m in moves) or "(empty)"
                print(f"not listed: {path}: {seq} -> {colour} {v}; engine: {' '.join(best[:3])}")
    print(f"{len(jobs)} moves; the engine's first choice: {first}; in its top_moves: {listed}")


if __name__ == "__main__":
    main()
