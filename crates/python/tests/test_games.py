"""The Go scorer on the seed boards (answers from docs/boards/README.md) and each engine's answer
to its sample judge input in docs/boards/, checked legal by the game's rules (docs/rules/)."""

import re
from collections import deque

import pytest

import floodgate
from conftest import ROOT, sample


def documented_scores() -> dict:
    """docs/boards/README.md's go-score answers: file name -> answer."""
    table = (ROOT / "docs" / "boards" / "README.md").read_text()
    rows = re.findall(r"^\| `(seed-[^`]+)` \| [^|]+ \| `([^`]+)`", table, flags=re.M)
    return dict(rows)


def test_every_seed_board_scores_as_documented():
    answers = documented_scores()
    assert len(answers) == 5
    for name, answer in answers.items():
        assert floodgate.go_score(sample(name)) == answer, name


def test_go_score_of_small_boards_and_malformed_ones():
    assert floodgate.go_score("") == "Jigo"
    assert floodgate.go_score("X") == "B+1"
    # The empty point touches both colours: it scores for nobody.
    assert floodgate.go_score("X O\n- O") == "W+1"
    assert floodgate.go_score("X X\n- O") == "B+1"
    with pytest.raises(ValueError, match="3"):
        floodgate.go_score("XO-")
    with pytest.raises(ValueError):
        floodgate.go_score("-" * (256 * 256))


def area(rows: list, start: tuple) -> set:
    """The cells of start's colour 4-connected to start."""
    colour, seen, queue = rows[start[0]][start[1]], {start}, deque([start])
    while queue:
        y, x = queue.popleft()
        for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
            inside = 0 <= ny < len(rows) and 0 <= nx < len(rows[0])
            if inside and (ny, nx) not in seen and rows[ny][nx] == colour:
                seen.add((ny, nx))
                queue.append((ny, nx))
    return seen


def test_floodwars_move_is_a_legal_move_for_j():
    position = sample("floodwars-10x10.txt")
    answer = floodgate.floodwars_move(position, budget_ms=200)
    before, after = position.splitlines()[1:], answer.splitlines()
    assert answer.endswith("\n") and after[0] == "S" and len(after) == len(before) + 1
    after = after[1:]
    own = area(before, (len(before) - 1, 0))
    theirs = before[0][-1]
    colour = after[-1][0]
    assert colour not in (before[-1][0], theirs)
    expected = [[colour if (y, x) in own else c for x, c in enumerate(row)] for y, row in enumerate(before)]
    assert after == ["".join(row) for row in expected]


def test_floodwars_move_refuses_a_malformed_position():
    with pytest.raises(ValueError):
        floodgate.floodwars_move("Q\n@#\n#@\n", budget_ms=10)


def test_grow_move_is_a_legal_first_move():
    grid = sample("grow-start.txt")
    answer = floodgate.grow_move(grid, budget_ms=300)
    i1, j1, i2, j2 = (int(n) for n in answer.split(","))
    assert 0 <= i1 < 20 and j1 == 0
    assert max(abs(i2 - i1), abs(j2 - j1)) == 1 and 0 <= i2 < 20 and 0 <= j2 < 20
    for i, j in ((i1, j1), (i2, j2)):
        assert grid[9 * (20 * i + j)] == "0", "the seed and the trunk's tip are empty points"
    with pytest.raises(ValueError):
        floodgate.grow_move("0" * 100)


def test_cram_bot_plays_legal_dominoes_through_the_sample_game():
    lines = sample("cram-5x5.txt").splitlines()
    side, *filled = lines[0].split("_")
    side = int(side)
    taken = {tuple(int(n) for n in cell.split("x")) for cell in filled}
    bot = floodgate.CramBot(lines[0])
    replies = []
    for line in lines[1:]:
        if line not in ("START", "STOP"):
            taken.update(tuple(int(n) for n in cell.split("x")) for cell in line.split("_"))
        reply = bot.reply(line, budget_ms=100)
        if line == "STOP":
            assert reply is None
            break
        first, second = (tuple(int(n) for n in cell.split("x")) for cell in reply.split("_"))
        assert abs(first[0] - second[0]) + abs(first[1] - second[1]) == 1, reply
        for cell in (first, second):
            assert all(0 <= n < side for n in cell) and cell not in taken, reply
            taken.add(cell)
        replies.append(reply)
    assert len(replies) == 4


def test_cram_bot_refuses_malformed_lines():
    with pytest.raises(ValueError):
        floodgate.CramBot("five")
    bot = floodgate.CramBot("5_0x0")
    with pytest.raises(ValueError):
        bot.reply("0x0_0x1")  # a filled cell


def test_domain_bot_answers_a_legal_first_action():
    lines = sample("domain-first.txt").splitlines()
    bot = floodgate.DomainBot("\n".join(lines[:3]))
    action = bot.turn(lines[3], budget_ms=100)
    x, y, side = action.split()
    x, y = int(x), int(y)
    assert abs(x) + abs(y) <= 3 and 0 <= x <= 6 and 0 <= y <= 6
    assert {"U": y > 0, "D": y < 6, "L": x > 0, "R": x < 6}[side], "not a border wall"


def test_domain_bot_refuses_malformed_lines():
    with pytest.raises(ValueError):
        floodgate.DomainBot("7 7\n0 0")
    with pytest.raises(ValueError, match="0 0 or 6 6"):
        floodgate.DomainBot("7 7\n3 3\n6 6")
    with pytest.raises(ValueError):
        floodgate.DomainBot("7 7\n0 0\n6 6").turn("up")


def test_gtp_session_plays_a_legal_move_and_answers_failures_as_gtp():
    session = floodgate.GtpSession(budget_ms=100, memory_mb=16)
    assert session.command("boardsize 9") == "=\n\n"
    assert session.command("# a comment") is None
    assert session.command("play b e5") == "=\n\n"
    reply = session.command("genmove w")
    assert re.fullmatch(r"= ([A-HJ][1-9]|pass|resign)\n\n", reply, flags=re.I), reply
    assert reply.upper() != "= E5\n\n"
    assert session.command("play b e5").startswith("? ")
    assert session.command("frobnicate").startswith("? ")


def test_budgets_and_memories_out_of_range_raise():
    with pytest.raises(ValueError, match="budget_ms is at most"):
        floodgate.floodwars_move(sample("floodwars-10x10.txt"), budget_ms=2**63)
    with pytest.raises(OverflowError):
        floodgate.grow_move(sample("grow-start.txt"), budget_ms=-1)
    with pytest.raises(ValueError, match="budget_ms is at most"):
        floodgate.CramBot("5_0x0").reply("START", budget_ms=10**12)
    with pytest.raises(ValueError, match="memory_mb"):
        floodgate.GtpSession(memory_mb=0)
    with pytest.raises(ValueError, match="budget_ms"):
        floodgate.GtpSession(budget_ms=10**12)
