"""The SGF files of `arena match go --sgf DIR`, read by an independent SGF library (sgfmill).

Each test runs the arena (the binary in $ARENA, else target/release/arena or target/debug/arena
of this checkout) with --sgf and --jsonl, reads every file with sgfmill, plays every move on
sgfmill's board (no move on an occupied point, no whole-board position repeated: positional
superko) and holds the file to the arena's own record, the JSONL line of the game: board size,
komi, players, rules, the moves (the start's opening, then the game's, each converted from its
GTP vertex by sgfmill), each move's time in its comment, the move count, and the result, which
for a game played out is sgfmill's own area count with komi 7.

With $ARENA_GO_SGF and $ARENA_GO_JSONL set (.ci/run sets them), the files of a match played
elsewhere (go-gtp against random in CI) are checked the same way.
"""

import json
import os
import stat
import subprocess
from pathlib import Path

import pytest
from sgfmill import boards, common, sgf

ROOT = Path(__file__).resolve().parents[4]
KOMI = 7


def arena_binary():
    """The arena to run: $ARENA, else a built one of this checkout."""
    if os.environ.get("ARENA"):
        return os.environ["ARENA"]
    for profile in ("release", "debug"):
        candidate = ROOT / "target" / profile / "arena"
        if candidate.exists():
            return str(candidate)
    pytest.fail("no arena binary: build it (cargo build -p floodgate-arena) or set $ARENA")


def run_arena(*args):
    """Runs the arena with `args`; its output, after checking it succeeded."""
    done = subprocess.run([arena_binary(), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def file_word(name):
    """A player's name as the arena writes it in a file name."""
    kept = "".join(c if (c.isascii() and c.isalnum()) or c in "-_." else "_" for c in name)
    return kept[:32]


def file_name(line):
    """The file the arena writes for the game of a JSONL line."""
    number = 2 * line["pair"] + line["a_seat"] + 1
    black, white = (file_word(name) for name in line["record"]["players"])
    return f"game-{number:04d}-B-{black}-W-{white}.sgf"


def opening_of(start):
    """The opening moves of a recorded start: (colour, (row, col) or None) each, read by
    sgfmill; a start that is a side alone has none."""
    if not start.startswith("("):
        return int(start), []
    game = sgf.Sgf_game.from_bytes(start.encode())
    return game.get_size(), [node.get_move() for node in game.get_main_sequence()[1:]]


def expected_result(record, board):
    """The result the record's ending gives, SGF's way; for a game played out, scored by
    sgfmill's board."""
    forfeit = record.get("forfeit")
    if forfeit:
        winner = "BW"[1 - forfeit["seat"]]
        loss = forfeit.get("loss")
        kind = next(iter(loss)) if isinstance(loss, dict) else loss
        how = {"Resigned": "R", "Late": "T", "OutOfTime": "T"}.get(kind, "F")
        return f"{winner}+{how}"
    if record.get("adjudicated"):
        return f"{'BW'[record['winner']]}+R"
    lead = board.area_score() - KOMI
    black, white = record["points"]
    assert lead == black - white, (lead, record["points"])
    return "0" if lead == 0 else (f"B+{lead}" if lead > 0 else f"W+{-lead}")


def play(board, seen, colour, point):
    """Plays a move on sgfmill's board: legal where no stone stands and the whole-board
    position after it is new."""
    if point is None:
        return
    board.play(point[0], point[1], colour)
    position = tuple(tuple(row) for row in board.board)
    assert position not in seen, f"{colour} {point}: the position repeats (superko)"
    seen.add(position)


def check_game(directory, line):
    """Reads the file of the game of `line` with sgfmill and holds it to the record."""
    record = line["record"]
    path = Path(directory) / file_name(line)
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    root = game.get_root()
    size, opening = opening_of(record["start"])
    assert game.get_size() == size
    assert game.get_komi() == KOMI
    assert root.get("RU") == "Tromp-Taylor"
    assert root.get("AP")[0] == "floodgate-arena"
    black, white = record["players"]
    assert (game.get_player_name("b"), game.get_player_name("w")) == (black, white)
    nodes = game.get_main_sequence()[1:]
    assert len(nodes) == len(opening) + len(record["moves"]), path
    board, seen = boards.Board(size), set()
    for node, move in zip(nodes, opening):
        assert node.get_move() == move
        play(board, seen, *move)
    for node, move in zip(nodes[len(opening) :], record["moves"]):
        colour = "bw"[move["seat"]]
        point = common.move_from_vertex(move["text"], size)
        assert node.get_move() == (colour, point), (path, move)
        assert node.get("C").startswith(f"{move['micros'] / 1e6:.3f} s")
        play(board, seen, colour, point)
    assert root.get("RE") == expected_result(record, board), path
    if root.get("RE") != "0":
        assert game.get_winner() == root.get("RE")[0].lower()


def jsonl_lines(path):
    return [json.loads(text) for text in Path(path).read_text().splitlines() if text.strip()]


def check_run(directory, jsonl):
    """Every game of the JSONL file has its file in `directory`, and nothing else is there."""
    lines = jsonl_lines(jsonl)
    assert lines, "no games recorded"
    assert sorted(os.listdir(directory)) == sorted(file_name(line) for line in lines)
    for line in lines:
        check_game(directory, line)
    return lines


def test_a_match_from_openings_reads_back_in_sgfmill(tmp_path):
    starts = tmp_path / "starts.txt"
    starts.write_text("(;GM[1]FF[4]SZ[7]KM[7];B[dd];W[cc];B[ec])\n7\n(;SZ[9];B[ee])\n")
    out, jsonl = tmp_path / "sgf", tmp_path / "games.jsonl"
    run_arena(
        "match", "go", "--a", "random", "--b", "greedy", "--boards", "3", "--jobs", "2",
        "--starts", str(starts), "--sgf", str(out), "--jsonl", str(jsonl),
    )  # fmt: skip
    lines = check_run(out, jsonl)
    assert len(lines) == 6
    assert {opening_of(line["record"]["start"])[0] for line in lines} == {7, 9}


def engine(directory, name, answer):
    """A GTP engine in shell that answers `genmove` with `answer`, anything else with `=`."""
    script = Path(directory) / f"{name}.sh"
    script.write_text(
        "#!/bin/sh\nwhile read -r line; do case \"$line\" in\n"
        f"genmove*) printf '= {answer}\\n\\n';;\n"
        "quit*) printf '=\\n\\n'; exit 0;;\n*) printf '=\\n\\n';;\nesac; done\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return f"name={name} cmd={script}"


def test_resignations_and_forfeits_read_back_with_their_results(tmp_path):
    for name, answer, result in [("quitter", "resign", "+R"), ("offboard", "Z9", "+F")]:
        out, jsonl = tmp_path / name, tmp_path / f"{name}.jsonl"
        run_arena(
            "match", "go", "--a", engine(tmp_path, name, answer), "--b", "random",
            "--boards", "1", "--min-size", "5", "--max-size", "5",
            "--sgf", str(out), "--jsonl", str(jsonl),
        )  # fmt: skip
        for line in check_run(out, jsonl):
            game = sgf.Sgf_game.from_bytes((out / file_name(line)).read_bytes())
            assert game.get_root().get("RE").endswith(result)
            assert game.get_winner() != "bw"[line["a_seat"]]


@pytest.mark.skipif(
    not os.environ.get("ARENA_GO_SGF"), reason="no $ARENA_GO_SGF (a match's files) to check"
)
def test_the_files_of_a_match_played_elsewhere_read_back_in_sgfmill():
    check_run(os.environ["ARENA_GO_SGF"], os.environ["ARENA_GO_JSONL"])
