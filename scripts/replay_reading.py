#!/usr/bin/env python3
"""Replays a game through a GTP engine and, after every move, asks `attack` (and `defend` when
attacked) about every string with at most MAXLIBS (default 2) liberties, as an engine judging the position
would. Prints the questions asked, the reading nodes (get_reading_node_counter) and the time:
run it with and without `--no-persistent-cache` to see what the persistent cache saves.

    scripts/replay_reading.py "target/release/tesuji gtp" ../shared/regression/games/x.sgf [MAXLIBS [MOVES]]
"""

import re
import shlex
import subprocess
import sys
import time

DEBUG = bool(__import__("os").environ.get("REPLAY_DEBUG"))


def main():
    engine, sgf = sys.argv[1], sys.argv[2]
    max_libs = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    max_moves = int(sys.argv[4]) if len(sys.argv) > 4 else 10**6
    text = open(sgf, encoding="latin-1").read()
    size = int((re.search(r"SZ\[(\d+)\]", text) or [None, "19"])[1])
    moves = re.findall(r";\s*([BW])\[([a-s]{2})?\]", text)[:max_moves]
    proc = subprocess.Popen(
        shlex.split(engine), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )

    def gtp(cmd):
        if DEBUG:
            print(cmd, file=sys.stderr, flush=True)
        proc.stdin.write(cmd + "\n")
        proc.stdin.flush()
        lines = []
        while True:
            line = proc.stdout.readline()
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"{cmd}: {answer}")
        return answer[1:].strip()

    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

    def vertex(xy):
        x, y = ord(xy[0]) - ord("a"), ord(xy[1]) - ord("a")
        return f"{letters[x]}{size - y}"

    gtp(f"boardsize {size}")
    gtp("clear_board")
    # Setup stones (handicap) first, as plain plays.
    for color, points in re.findall(r"A([BW])((?:\s*\[[a-s]{2}\])+)", text):
        for xy in re.findall(r"\[([a-s]{2})\]", points):
            gtp(f"play {color} {vertex(xy)}")
    gtp("reset_reading_node_counter")
    questions = 0
    start = time.time()
    for color, xy in moves:
        if not xy or (size <= 19 and xy == "tt"):
            continue
        gtp(f"play {color} {vertex(xy)}")
        seen = set()
        for c in ("black", "white"):
            for s in gtp(f"list_stones {c}").split():
                if s in seen:
                    continue
                seen.update(gtp(f"worm_stones {s}").split())
                if int(gtp(f"countlib {s}")) > max_libs:
                    continue
                questions += 1
                if gtp(f"attack {s}") != "0":
                    questions += 1
                    gtp(f"defend {s}")
    elapsed = time.time() - start
    nodes = gtp("get_reading_node_counter")
    gtp("quit")
    print(f"moves {len(moves)} questions {questions} nodes {nodes} time {elapsed:.2f}s")


if __name__ == "__main__":
    main()
