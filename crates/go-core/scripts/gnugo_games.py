#!/usr/bin/env python3
"""Games of GNU Go against itself, the training data of go-core's move-pattern weights.

Usage: gnugo_games.py GAMES SEED [SIZE [LEVEL]] > games.txt

One GNU Go process (level LEVEL, default 5; Chinese rules, positional superko) plays both
colours. Each game starts with one to three random stones near the centre (so that games
differ), then GNU Go plays until two passes in a row or 4 n^2 moves. Output: one game a line,
`SIZE KOMI MOVE MOVE ...`, moves in GTP form (`E5`, `pass`); only GNU Go's own moves are
learned from, so the random opening moves are written with a `*` in front.
"""

import random
import subprocess
import sys

GNUGO = "/usr/games/gnugo"
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def main():
    games = int(sys.argv[1])
    seed = int(sys.argv[2])
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    level = sys.argv[4] if len(sys.argv) > 4 else "5"
    rng = random.Random(seed)
    gnugo = subprocess.Popen(
        [GNUGO, "--mode", "gtp", "--level", level, "--chinese-rules",
         "--positional-superko", "--seed", str(seed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(command):
        gnugo.stdin.write(command + "\n")
        gnugo.stdin.flush()
        lines = []
        while True:
            line = gnugo.stdout.readline()
            if line == "":
                raise SystemExit("gnugo closed its output")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        answer = lines[0]
        if not answer.startswith("="):
            raise SystemExit(f"gnugo refused {command!r}: {answer}")
        return answer[1:].strip()

    ask(f"boardsize {size}")
    for game in range(games):
        ask("clear_board")
        ask("komi 7")
        moves = []
        colours = ["black", "white"]
        low, high = (2, size - 3) if size >= 7 else (0, size - 1)
        for i in range(rng.randint(1, 3)):
            while True:
                point = COLUMNS[rng.randint(low, high)] + str(rng.randint(low + 1, high + 1))
                if ask(f"is_legal {colours[i % 2]} {point}") == "1":
                    break
            ask(f"play {colours[i % 2]} {point}")
            moves.append("*" + point)
        passes = 0
        while passes < 2 and len(moves) < 4 * size * size:
            move = ask(f"genmove {colours[len(moves) % 2]}").upper()
            if move == "RESIGN":
                break
            moves.append("pass" if move == "PASS" else move)
            passes = passes + 1 if move == "PASS" else 0
        print(size, 7, " ".join(moves), flush=True)
    ask("quit")


if __name__ == "__main__":
    main()
