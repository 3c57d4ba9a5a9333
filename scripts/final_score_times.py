#!/usr/bin/env python3
"""Time `final_score` at the last move of every game, in tesuji and in GNU Go.

    scripts/final_score_times.py [--games DIR] [--tesuji "target/release/tesuji gtp"]
                                 [--gnugo "/usr/games/gnugo --mode gtp --quiet"]
                                 [--timeout 120] [--top 10] [--csv OUT.csv]
                                 [--gnugo-cache gnugo_times.json]

Each game gets a fresh process of each engine (`loadsgf FILE` then `final_score`), so times
include nothing from other games; the time measured is that of the `final_score` command alone.
Games GNU Go cannot load (`loadsgf` fails, or it crashes) are skipped. Prints the slowest
games for tesuji with GNU Go's time and both answers beside them, and every game over the bound
max(2 s, 5 x GNU Go's time) (issue 19). Exit status 1 when some game is over the bound.
With --gnugo-cache, GNU Go's times and answers are kept in that JSON file (written after each
game) and reused by the next run: they do not change when tesuji does.
"""
import argparse
import csv
import json
import os
import shlex
import subprocess
import sys
import threading
import time


def time_final_score(command, sgf, timeout):
    """(seconds, answer) of `final_score` after `loadsgf sgf`; answer None when the position
    does not load; seconds None on a timeout or a crash."""
    proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
    killer = threading.Timer(timeout, proc.kill)
    killer.start()

    def send(cmd):
        proc.stdin.write(cmd + "\n")
        proc.stdin.flush()
        lines = []
        while True:
            line = proc.stdout.readline()
            if line == "":
                raise RuntimeError("closed")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                return lines[0].startswith("="), "\n".join(lines)[2:].strip()
            if line != "":
                lines.append(line)

    try:
        ok, _ = send(f"loadsgf {sgf}")
        if not ok:
            return 0.0, None
        start = time.monotonic()
        _, answer = send("final_score")
        elapsed = time.monotonic() - start
        send("quit")
        return elapsed, answer
    except (RuntimeError, BrokenPipeError, OSError):
        return None, "crash or timeout"
    finally:
        killer.cancel()
        proc.kill()
        proc.wait()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default="/work/shared/regression/games")
    ap.add_argument("--tesuji", default=os.path.join(here, "..", "target", "release", "tesuji")
                    + " gtp")
    ap.add_argument("--gnugo", default="/usr/games/gnugo --mode gtp --quiet")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--csv")
    ap.add_argument("--gnugo-cache")
    ap.add_argument("--tesuji-only", action="store_true",
                    help="time GNU Go on no game (use the cache where it has one; the bound "
                         "of the others is 2 s)")
    args = ap.parse_args()
    cache = {}
    if args.gnugo_cache and os.path.exists(args.gnugo_cache):
        with open(args.gnugo_cache) as f:
            cache = json.load(f)

    games = sorted(f for f in os.listdir(args.games) if f.endswith(".sgf"))
    rows = []
    skipped = 0
    for i, name in enumerate(games):
        path = os.path.join(args.games, name)
        if name in cache:
            g_time, g_answer = cache[name]
        elif args.tesuji_only:
            g_time, g_answer = 0.0, "-"
        else:
            g_time, g_answer = time_final_score(args.gnugo, path, args.timeout)
            if args.gnugo_cache:
                cache[name] = [g_time, g_answer]
                with open(args.gnugo_cache, "w") as f:
                    json.dump(cache, f, indent=0)
        if g_answer is None or g_time is None:
            skipped += 1
            continue
        t_time, t_answer = time_final_score(args.tesuji, path, args.timeout)
        rows.append((name, t_time, t_answer, g_time, g_answer))
        print(f"[{i + 1}/{len(games)}] {name}: tesuji "
              f"{'timeout' if t_time is None else f'{t_time:.2f}s'} {t_answer}, "
              f"gnugo {g_time:.2f}s {g_answer}", file=sys.stderr, flush=True)

    def key(r):
        return float("inf") if r[1] is None else r[1]

    rows.sort(key=key, reverse=True)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["game", "tesuji_s", "tesuji", "gnugo_s", "gnugo"])
            for r in rows:
                w.writerow([r[0], "" if r[1] is None else f"{r[1]:.3f}", r[2], f"{r[3]:.3f}",
                            r[4]])
    print(f"{len(rows)} games timed, {skipped} skipped (GNU Go cannot load them)")
    print(f"| game | tesuji s | GNU Go s | bound s | tesuji | GNU Go |")
    print(f"|---|---|---|---|---|---|")
    for r in rows[:args.top]:
        t = "timeout" if r[1] is None else f"{r[1]:.2f}"
        g = "-" if r[4] == "-" else f"{r[3]:.2f}"
        print(f"| {r[0]} | {t} | {g} | {max(2.0, 5 * r[3]):.2f} | {r[2]} | {r[4]} |")
    over = [r for r in rows if r[1] is None or r[1] > max(2.0, 5 * r[3])]
    print(f"over the bound max(2 s, 5 x GNU Go): {len(over)}")
    for r in over:
        print(f"  {r[0]}: {r[1]} s (GNU Go {r[3]:.2f} s)")
    total_t = sum(r[1] for r in rows if r[1] is not None)
    total_g = sum(r[3] for r in rows)
    print(f"total: tesuji {total_t:.1f} s, GNU Go {total_g:.1f} s")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
