#!/usr/bin/env python3
"""Writes a regression file of fuseki positions from game records: for each game of at
least 80 moves, two positions drawn between moves 8 and 60, each asking `genmove` for the
side to move and expecting the move the player chose.

    scripts/tygem_to_sgf.py TYGEM/Kifu/2011-01 GAMES --games 150 --skip 6000
    scripts/fuseki_test.py GAMES > fuseki.tst
    tesuji regress fuseki.tst --engine "tesuji gtp --threads 1 --playouts 8200"

A player's choice is not the only good move, so the count measures agreement with strong
players, not strength; two engines compared on the same file differ where one of them
leaves the moves strong players choose (docs/movegen.md). Use games the move model was not
trained on (`--skip`).
"""
import os
import random
import re
import sys

MOVE = re.compile(r";([BW])\[([a-s]{2})?\]")
COLUMNS = "abcdefghjklmnopqrst"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = os.path.abspath(sys.argv[1])
    rng = random.Random(11)
    number = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".sgf"):
            continue
        path = os.path.join(folder, name)
        moves = MOVE.findall(open(path, errors="replace").read())
        if len(moves) < 80:
            continue
        for k in rng.sample(range(8, 61), 2):
            color, point = moves[k - 1]
            if not point:
                continue
            vertex = COLUMNS[ord(point[0]) - 97].upper() + str(19 - (ord(point[1]) - 97))
            number += 1
            side = "black" if color == "B" else "white"
            print(f"loadsgf {path} {k}\n{number} genmove {side}\n#? [{vertex}]\n")


if __name__ == "__main__":
    main()
