"""qili.judge against `qili judge --json` over the corpus, the typed result, the errors."""

import json

import pytest

import qili
from conftest import REPO, cli, editions

FIG6 = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w"
FIG3 = "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w"

EDITIONS = list(editions())


def test_the_acceptance_example_is_red_loses():
    r = qili.judge(FIG6, "f0e0 e8f8 e0f0 f8e8")
    assert r.verdict == "red_loses"
    assert r.verdict_chinese == "红方作负"
    assert [p.label for p in r.plies] == [qili.Label.CHECK, qili.Label.IDLE] * 2
    assert r.red.summary == "长将" and r.red.class_name == "long_check"
    assert r.cycle.start == 1 and r.cycle.end == 4 and r.cycle.period == 4


def test_the_corpus_is_many_cases():
    assert len(EDITIONS) > 100, "reports/results.json lists the corpus"


@pytest.mark.parametrize("case,edition,fen,moves,book", EDITIONS, ids=[f"{c}@{e}" for c, e, *_ in EDITIONS])
def test_judge_equals_the_command_line(case, edition, fen, moves, book):
    ours = qili.judge(fen, moves, rules=book)
    theirs = json.loads(cli("judge", "--fen", fen, "--moves", " ".join(moves), "--rules", book, "--json").stdout)
    assert ours.json == theirs
    assert ours.verdict == theirs["verdict"]
    assert [p.label_chinese for p in ours.plies] == [p["label"] for p in theirs["plies"]]
    assert [p.label.chinese for p in ours.plies] == [p["label"] for p in theirs["plies"]]


def test_all_plies_and_a_record_as_the_command_line():
    moves = "帅六进一 将5进1 帅六退一 将5退1 车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5"
    fen = "4k4/9/9/9/5R3/9/9/9/9/3K5 w"
    ours = qili.judge(fen, moves, all_plies=True)
    theirs = json.loads(cli("judge", "--fen", fen, "--moves", moves, "--all-plies", "--json").stdout)
    assert ours.json == theirs
    assert [p.judged for p in ours.plies][:4] == [False] * 4
    record = "harness/tests/record-fixtures/two-games-gbk.pgn"
    ours = qili.judge(record=str(REPO / record), game=2)
    theirs = json.loads(cli("judge", "--moves-file", record, "--game", "2", "--json").stdout)
    assert ours.record["game"] == 2
    assert {k: v for k, v in ours.json.items() if k != "record"} == {
        k: v for k, v in theirs.items() if k != "record"
    }


def test_a_chase_is_typed():
    r = qili.judge(FIG3, ["e2g0", "h1g1", "g0e2", "g1h1"])
    p = r.plies[0]
    assert (p.label, p.label_chinese, p.label_name) == (qili.Label.CHASE, "捉", "chase")
    assert p.branch == "24.3.direct" and p.clause == "24.3"
    t = p.threats[0]
    assert t.attacker == qili.Piece("red", "rook", "d1", "红车(d1)")
    assert (t.target.side, t.target.kind, t.target.square) == ("black", "horse", "c1")
    assert (t.kind_name, t.rootedness_name) == ("direct", "rootless")
    assert p.facts.kind == "chase" and p.facts.threats == [t]
    assert qili.Piece("black", "horse", "c1", "黑马(c1)") in p.facts.pieces()
    assert r.plies[1].threats[0].kind_name == "by_checks"
    assert r.plies[0].facts.pieces()[0].chinese == "红车(d1)"


def test_check_facts_name_the_checker():
    p = qili.judge(FIG6, "f0e0 e8f8 e0f0 f8e8").plies[0]
    assert p.facts.kind == "check"
    assert p.facts.king == "black"
    assert p.facts.checkers == [qili.Piece("red", "rook", "e0", "红车(e0)")]


@pytest.mark.parametrize(
    "kwargs,args",
    [
        (dict(fen="startpos", moves="h2e2 h9g7 炮五进九"), ["--fen", "startpos", "--moves", "h2e2 h9g7 炮五进九"]),
        (dict(fen="9/9/9 w", moves="h2e2"), ["--fen", "9/9/9 w", "--moves", "h2e2"]),
        (dict(fen="startpos", moves="h2e2", record="x.pgn"), ["--fen", "startpos", "--moves", "h2e2", "--moves-file", "x.pgn"]),
        (dict(record="/nonexistent/game.pgn"), ["--moves-file", "/nonexistent/game.pgn"]),
    ],
)
def test_errors_carry_the_command_lines_message(kwargs, args):
    with pytest.raises(qili.QiliError) as e:
        qili.judge(**kwargs)
    r = cli("judge", *args, check=False)
    assert r.returncode == 2
    assert r.stderr.strip() == f"error: {e.value}"


def test_a_bad_rule_book_is_named():
    with pytest.raises(qili.QiliError, match="fide.*cxa2011"):
        qili.judge("startpos", "h2e2", rules="fide")


def test_convert_and_rules_as_the_command_line():
    assert qili.convert("startpos", "H2-E2 h9g7") == "h2e2 h9g7"
    assert qili.convert("startpos", "h2e2 马8进7 H2+3", to="chinese") == "炮二平五 马8进7 马二进三"
    assert qili.convert("startpos", ["炮二平五", "馬8進7"], to="wxf") == cli(
        "convert", "--fen", "startpos", "--moves", "炮二平五 馬8進7", "--to", "wxf"
    ).stdout.strip()
    binit = "9999075947398799999999999999999999999950403099414899499999996323"
    assert qili.convert(binit=binit) == "3aka3/4n4/9/2p3p2/9/9/9/B3K3B/4r4/3AcA3 w"
    with pytest.raises(qili.QiliError, match="to"):
        qili.convert("startpos", "h2e2", to="klingon")
    books = qili.rules()
    assert books[0].name == "cxa2011" and books[0].differences == []
    text = cli("rules").stdout
    for b in books:
        assert any(line.startswith(b.name) and line.endswith(b.description) for line in text.splitlines())
        for d in b.differences:
            assert f"- {d}" in text


def test_label_names_are_the_engines():
    assert [l.chinese for l in qili.Label] == ["将", "杀", "捉", "兑", "献", "拦", "跟", "闲", "未定"]
    assert qili.SCHEMA_VERSION == 9


def test_next_moves_as_the_command_line():
    game = "f0e0 e8f8 e0f0"
    ours = qili.next_moves(FIG6, game)
    theirs = json.loads(cli("moves", "--fen", FIG6, "--moves", game, "--json").stdout)
    assert ours.json == theirs
    assert ours.turn == "black" and len(ours) == len(theirs["next_moves"])
    back = ours.get("f8e8")
    # Black's king stepping back completes red's perpetual check: allowed for black, and the
    # cycle it completes rules red out.
    assert back.consequence == "allowed" and not back.forbidden
    assert back.completion.verdict == "red_loses"
    assert back.completion.ruling.plies[0].label is qili.Label.CHECK
    red = qili.next_moves(FIG6, "f0e0 e8f8 e0f0 f8e8")
    assert red.get("f0e0").completion is not None
    assert [m.iccs for m in qili.next_moves("startpos")][:1] and len(qili.next_moves("startpos")) == 44
    with pytest.raises(qili.QiliError) as e:
        qili.next_moves("startpos", "h2e2 h9g7 炮五进九")
    r = cli("moves", "--fen", "startpos", "--moves", "h2e2 h9g7 炮五进九", check=False)
    assert r.stderr.strip() == f"error: {e.value}"
