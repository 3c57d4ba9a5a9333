#!/usr/bin/env python3
"""Soak test: N self-play games in ONE long GTP session, memory sampled after every game.

    scripts/soak.py [--games 1000] [--size 9] [--level 1] [--engine target/release/tesuji]
                    [--threads N] [--time-settings "MAIN BYO STONES"]

`--time-settings` is sent to the player as GTP `time_settings` (e.g. "0 1 10": byo-yomi of
one second per ten stones, about 0.05 s a move), so a thousand games fit in an hour.

One `tesuji gtp` process plays both sides with `genmove`; a second process is the referee:
every move is replayed there with `play`, so an illegal move is caught. After each game the
player's resident memory (VmRSS) is sampled; at the end the script prints the RSS after the
first game and at the end, and fails (exit 1) on an illegal move, a crash, a `?` answer to
`genmove`, or an end RSS more than 10 % above the first game's.
"""

import argparse
import subprocess
import sys
import time


class Gtp:
    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine died on {command!r}")
            if line == "\n" and lines:
                break
            if line != "\n":
                lines.append(line.rstrip("\n"))
        reply = "\n".join(lines)
        return reply[0] == "=", reply[1:].strip()

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--engine", default="target/release/tesuji")
    ap.add_argument("--max-moves", type=int, default=400)
    ap.add_argument("--threads", type=int, help="the player's search threads (default: its own)")
    ap.add_argument("--time-settings", help='GTP time_settings for the player, e.g. "0 1 10"')
    args = ap.parse_args()

    player_argv = [args.engine, "gtp", "--no-resign"]
    if args.threads:
        player_argv += ["--threads", str(args.threads)]
    player = Gtp(player_argv)
    referee = Gtp([args.engine, "gtp"])
    for e in (player, referee):
        e.ask(f"boardsize {args.size}")
    player.ask(f"level {args.level}")
    if args.time_settings:
        ok, why = player.ask(f"time_settings {args.time_settings}")
        if not ok:
            sys.exit(f"time_settings {args.time_settings}: {why}")
    illegal = errors = moves_total = 0
    first_rss = None
    start = time.time()
    for game in range(1, args.games + 1):
        player.ask("clear_board")
        referee.ask("clear_board")
        color, passes = "black", 0
        for _ in range(args.max_moves):
            ok, move = player.ask(f"genmove {color}")
            if not ok:
                errors += 1
                print(f"game {game}: genmove {color} answered ? {move}", file=sys.stderr)
                break
            if move.lower() == "resign":
                break
            legal, why = referee.ask(f"play {color} {move}")
            if not legal:
                illegal += 1
                print(f"game {game}: illegal {color} {move}: {why}", file=sys.stderr)
                break
            moves_total += 1
            passes = passes + 1 if move.lower() == "pass" else 0
            if passes == 2:
                break
            color = "white" if color == "black" else "black"
        rss = player.rss_kib()
        if first_rss is None:
            first_rss = rss
        if game % 50 == 0 or game == args.games:
            print(
                f"game {game}: {moves_total} moves so far, RSS {rss} KiB "
                f"(first game {first_rss} KiB), {time.time() - start:.0f} s",
                flush=True,
            )
    end_rss = player.rss_kib()
    player.close()
    referee.close()
    growth = (end_rss - first_rss) / first_rss if first_rss else 0.0
    print(
        f"{args.games} games, {moves_total} moves, {illegal} illegal, {errors} errors; "
        f"RSS after game 1: {first_rss} KiB, at the end: {end_rss} KiB ({growth:+.1%})"
    )
    sys.exit(1 if illegal or errors or growth > 0.10 else 0)


if __name__ == "__main__":
    main()
