#!/usr/bin/env python3
"""For every owl question an engine failed with a move named, ask afresh after that move.

    scripts/owl_afresh.py OURS.json [ENGINE...]

OURS.json is a `tesuji regress --json` report of the owl area. For each owl_attack or
owl_defend test that failed with a move, the test's position is set up (the .tst file's
loadsgf and play lines before it), the move is played, and the other side's question is
asked: owl_defend after an attack, owl_attack after a defence. ENGINE (default GNU Go)
answers. An answer other than 0 means that engine refutes the move: a false success, not a
second move that works. Run it in ../shared/regression.
"""
import json
import subprocess
import sys

GNU_GO = ["/usr/games/gnugo", "--mode", "gtp", "--quiet"]


def setup(path, number):
    """The setup commands before test `number` of `path` (from its last loadsgf)."""
    cmds = []
    for line in open(path):
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = line.split()
        if parts[0].isdigit():
            if parts[0] == number:
                return cmds
            continue
        cmds = [line] if parts[0] == "loadsgf" else cmds + [line]
    return cmds


def answers(engine, cmds):
    """The engine's responses to `cmds`, one per command."""
    out = subprocess.run(engine, input="\n".join(cmds) + "\n", capture_output=True, text=True)
    return [r.strip() for r in out.stdout.split("\n\n") if r.strip()]


def main():
    report = json.load(open(sys.argv[1]))
    engine = sys.argv[2:] or GNU_GO
    for t in report["tests"]:
        cmd = t["command"].split()
        answer = (t["answer"] or "").split()
        if t["class"] in ("passed", "PASSED") or len(cmd) < 3 or len(answer) < 2:
            continue
        if cmd[1] not in ("owl_attack", "owl_defend") or answer[0] == "0":
            continue
        cmds = setup(t["file"], t["number"])
        # The dragon's colour, from GNU Go (tesuji has no `color` command).
        colour = answers(GNU_GO, cmds + ["color " + cmd[2]])[-1].split()[-1]
        other = {"black": "white", "white": "black"}.get(colour)
        if other is None:
            continue
        mover = other if cmd[1] == "owl_attack" else colour
        question = "owl_defend" if cmd[1] == "owl_attack" else "owl_attack"
        reply = answers(engine, cmds + [f"play {mover} {answer[1]}", f"{question} {cmd[2]}"])
        print(t["file"], t["number"], cmd[1], cmd[2], "expected", t["expected"],
              "answered", t["answer"], "| afresh", question, reply[-1])


if __name__ == "__main__":
    main()
