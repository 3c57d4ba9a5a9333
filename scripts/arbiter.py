#!/usr/bin/env python3
"""A small GTP arbiter: plays one game between two GTP engines and checks every move.

    scripts/arbiter.py --black "target/release/tesuji gtp" \
                       --white "/usr/games/gnugo --mode gtp --level 1" --size 9 --sgf game.sgf

Each engine's move is replayed on the other engine with `play`; a move the opponent refuses
is reported as illegal and ends the game. At the end GNU Go-style `final_score` is asked of
both engines. Exit status: 0 for a clean game, 1 for an illegal move or a crash.
"""
import argparse
import shlex
import subprocess
import sys


class Engine:
    def __init__(self, name, command):
        self.name = name
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"{self.name} closed the connection after '{command}'")
            if line == "\n":
                if lines:
                    break
                continue
            lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        ok = answer.startswith("=")
        return ok, answer[1:].strip()

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--black", required=True)
    ap.add_argument("--white", required=True)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=6.5)
    ap.add_argument("--max-moves", type=int, default=0, help="0: 4 x board points")
    ap.add_argument("--sgf", help="save the game here")
    args = ap.parse_args()

    players = {"black": Engine("black", args.black), "white": Engine("white", args.white)}
    for e in players.values():
        for c in (f"boardsize {args.size}", "clear_board", f"komi {args.komi}"):
            ok, msg = e.send(c)
            if not ok:
                print(f"{e.name} refused '{c}': {msg}")
                return 1
    moves = []
    color, other = "black", "white"
    passes = 0
    limit = args.max_moves or 4 * args.size * args.size
    while passes < 2 and len(moves) < limit:
        ok, mv = players[color].send(f"genmove {color}")
        if not ok:
            print(f"{color} failed genmove: {mv}")
            return 1
        if mv.lower() == "resign":
            print(f"{color} resigns after {len(moves)} moves")
            break
        ok, msg = players[other].send(f"play {color} {mv}")
        if not ok:
            print(f"ILLEGAL: {color} {mv} (move {len(moves) + 1}) refused by {other}: {msg}")
            return 1
        moves.append((color, mv))
        passes = passes + 1 if mv.lower() == "pass" else 0
        color, other = other, color
    scores = {name: e.send("final_score")[1] for name, e in players.items()}
    print(f"{len(moves)} moves, no illegal move; final_score by black engine: {scores['black']}, "
          f"by white engine: {scores['white']}")
    if args.sgf:
        ok, text = players["black"].send("printsgf")
        if ok:
            with open(args.sgf, "w") as f:
                f.write(text + "\n")
    for e in players.values():
        e.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
