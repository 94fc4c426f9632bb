"""qili from Python: Xiangqi repetition rulings (棋例) by the book.

``judge`` rules a position and its moves (or a game record) as ``qili judge`` does and returns
a typed :class:`Ruling`; ``scan``/``scan_file`` read game records as ``qili scan`` does;
``convert`` writes moves in another notation; ``rules`` lists the rule books. The native module
(``qili._qili``) returns what the command line prints, so the answers are the command line's;
this module types them. Every error is :class:`QiliError`, whose message is the one ``qili``
prints after ``error: ``. ``qili.dask`` scans many files over a Dask cluster.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _qili
from ._qili import SCHEMA_VERSION, QiliError

__all__ = [
    "QiliError",
    "SCHEMA_VERSION",
    "Label",
    "Piece",
    "Threat",
    "Facts",
    "Ply",
    "Side",
    "Cycle",
    "Ruling",
    "RuleBook",
    "Episode",
    "ScanRecord",
    "ScanError",
    "FileScan",
    "Summary",
    "Completion",
    "NextMove",
    "NextMoves",
    "judge",
    "next_moves",
    "convert",
    "rules",
    "scan",
    "scan_file",
    "collect_files",
]

__version__ = _qili.__version__

Moves = Union[str, Sequence[str]]


class Label(enum.Enum):
    """A move's nature; the value is its English name, ``chinese`` the rule book's character."""

    CHECK = "check"
    MATE_THREAT = "mate_threat"
    CHASE = "chase"
    EXCHANGE = "exchange"
    OFFER = "offer"
    BLOCK = "block"
    FOLLOW = "follow"
    IDLE = "idle"
    UNDETERMINED = "undetermined"

    @property
    def chinese(self) -> str:
        return _LABEL_CHINESE[self]

    @property
    def english(self) -> str:
        return self.value

    @property
    def is_attack(self) -> bool:
        """将, 杀 and 捉: the moves that make a series forbidden when a side plays nothing else."""
        return self in (Label.CHECK, Label.MATE_THREAT, Label.CHASE)


_LABEL_CHINESE = {
    Label.CHECK: "将",
    Label.MATE_THREAT: "杀",
    Label.CHASE: "捉",
    Label.EXCHANGE: "兑",
    Label.OFFER: "献",
    Label.BLOCK: "拦",
    Label.FOLLOW: "跟",
    Label.IDLE: "闲",
    Label.UNDETERMINED: "未定",
}


@dataclass(frozen=True)
class Piece:
    """A piece on its square: ``side`` red/black, ``kind`` king … pawn, ``square`` in ICCS."""

    side: str
    kind: str
    square: str
    chinese: str

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "Piece":
        return Piece(v["side"], v["kind"], v["square"], v["chinese"])


def _is_piece(v: Any) -> bool:
    return isinstance(v, dict) and set(v) == {"side", "kind", "square", "chinese"}


def _typed(v: Any) -> Any:
    """JSON with its pieces as :class:`Piece` and its threats as :class:`Threat`."""
    if _is_piece(v):
        return Piece.from_json(v)
    if isinstance(v, dict):
        if "attacker" in v and "target" in v and "rootedness" in v:
            return Threat.from_json(v)
        return {k: _typed(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_typed(x) for x in v]
    return v


@dataclass(frozen=True)
class Threat:
    """One threat of a chase: what wins what (``kind_name``: direct, joint, by_checks,
    by_exchange; ``rootedness_name``: rootless, short_rooted, rooted) and the winning line."""

    kind: str
    kind_name: str
    attacker: Piece
    attackers: List[Piece]
    target: Piece
    rootedness: str
    rootedness_name: str
    line: List[str]
    held_by: Optional[Piece] = None
    kept: Optional[Dict[str, Piece]] = None
    freed: Optional[List[str]] = None

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "Threat":
        return Threat(
            kind=v["kind"],
            kind_name=v["kind_name"],
            attacker=Piece.from_json(v["attacker"]),
            attackers=[Piece.from_json(p) for p in v["attackers"]],
            target=Piece.from_json(v["target"]),
            rootedness=v["rootedness"],
            rootedness_name=v["rootedness_name"],
            line=list(v["line"]),
            held_by=Piece.from_json(v["held_by"]) if v.get("held_by") else None,
            kept={k: Piece.from_json(p) for k, p in v["kept"].items()} if v.get("kept") else None,
            freed=list(v["freed"]) if v.get("freed") is not None else None,
        )


@dataclass(frozen=True)
class Facts:
    """What a label rests on: ``kind`` (check, king_answer, mate, mated_exchange, chase,
    exchange, offer, block, follow, key_point, own_chase, stood_before, idle, undetermined)
    and that kind's fields (``fields["checkers"]`` …, also as attributes), pieces typed."""

    kind: str
    fields: Dict[str, Any]

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "Facts":
        rest = {k: _typed(x) for k, x in v.items() if k != "kind"}
        return Facts(v["kind"], rest)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["fields"][name]
        except KeyError:
            raise AttributeError(name) from None

    def pieces(self) -> List[Piece]:
        """Every piece the facts name, in their order."""
        out: List[Piece] = []

        def walk(v: Any) -> None:
            if isinstance(v, Piece):
                out.append(v)
            elif isinstance(v, Threat):
                for p in [v.attacker, *v.attackers, v.target, v.held_by]:
                    if p is not None and p not in out:
                        out.append(p)
            elif isinstance(v, dict):
                for x in v.values():
                    walk(x)
            elif isinstance(v, list):
                for x in v:
                    walk(x)
            elif isinstance(v, Facts):
                walk(v.fields)

        walk(self.fields)
        return out


@dataclass(frozen=True)
class Ply:
    """One ply's ruling: its label (and the Chinese character, the English name), the branch
    of the ruling model and the clause that decided it, the facts and their Chinese text."""

    ply: int
    side: str
    iccs: str
    move_chinese: str
    label: Label
    label_chinese: str
    label_name: str
    judged: bool
    branch: str
    clause: str
    text: str
    threats: List[Threat]
    line: List[str]
    facts: Facts

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "Ply":
        e = v["evidence"]
        return Ply(
            ply=v["ply"],
            side=v["side"],
            iccs=v["iccs"],
            move_chinese=v["chinese"],
            label=Label(v["label_name"]),
            label_chinese=v["label"],
            label_name=v["label_name"],
            judged=v["judged"],
            branch=e["branch"],
            clause=e["clause"],
            text=e["text"],
            threats=[Threat.from_json(t) for t in e["threats"]],
            line=list(e["line"]),
            facts=Facts.from_json(e["facts"]),
        )


@dataclass(frozen=True)
class Side:
    """A side's series in the cycle: ``class_name`` (allowed, long_check …), its Chinese
    (允许着法, 禁止着法) and the summary (长将, 一将一闲 …)."""

    class_name: str
    class_chinese: str
    summary: str

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "Side":
        return Side(v["class"], v["class_chinese"], v["summary"])


@dataclass(frozen=True)
class Cycle:
    """The cycle judged: ``rule`` repetition or nine_rounds, its plies ``start``..``end``
    (1-based), ``period`` (None for nine rounds), ``occurrences``, and each side."""

    rule: str
    start: int
    end: int
    period: Optional[int]
    occurrences: int
    note: str
    red: Side
    black: Side

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "Cycle":
        return Cycle(
            rule=v["rule"],
            start=v["start"],
            end=v["end"],
            period=v["period"],
            occurrences=v["occurrences"],
            note=v["note"],
            red=Side.from_json(v["red"]),
            black=Side.from_json(v["black"]),
        )


@dataclass(frozen=True)
class Ruling:
    """A ruling: the plies labelled, the cycle (None when nothing repeats), the verdict
    (``red_loses``, ``draw``, ``no_repetition`` …) with its Chinese and reason. ``json`` is the
    object ``qili judge --json`` prints (a scan's episode has no ``fen``, ``moves``)."""

    rules: str
    plies: List[Ply]
    cycle: Optional[Cycle]
    verdict: str
    verdict_chinese: str
    reason: str
    draw_claim: Optional[Dict[str, Any]]
    fen: Optional[str] = None
    moves: Optional[int] = None
    record: Optional[Dict[str, Any]] = None
    json: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "Ruling":
        return Ruling(
            rules=v["rules"],
            plies=[Ply.from_json(p) for p in v["plies"]],
            cycle=Cycle.from_json(v["cycle"]) if v.get("cycle") else None,
            verdict=v["verdict"],
            verdict_chinese=v["verdict_chinese"],
            reason=v["reason"],
            draw_claim=v.get("draw_claim"),
            fen=v.get("fen"),
            moves=v.get("moves"),
            record=v.get("record"),
            json=v,
        )

    @property
    def red(self) -> Optional[Side]:
        return self.cycle.red if self.cycle else None

    @property
    def black(self) -> Optional[Side]:
        return self.cycle.black if self.cycle else None


def _moves(moves: Optional[Moves]) -> Optional[str]:
    if moves is None or isinstance(moves, str):
        return moves
    return " ".join(moves)


def judge(
    fen: Optional[str] = None,
    moves: Optional[Moves] = None,
    rules: str = "cxa2011",
    *,
    all_plies: bool = False,
    binit: Optional[str] = None,
    side: Optional[str] = None,
    record: Optional[str] = None,
    game: Optional[int] = None,
    plies: Optional[int] = None,
    format: Optional[str] = None,
) -> Ruling:
    """Rule ``moves`` (a string in any notation qili reads, or a list of moves) from ``fen``
    (or ``startpos``, or a DhtmlXQ ``binit`` with ``side``), or a game record's main line
    (``record``: a path; ``game``, ``plies``, ``format`` as ``qili judge --moves-file``), under
    ``rules`` (see :func:`rules`). Only the cycle repeating at the end is judged; ``all_plies``
    labels the other plies too."""
    text = _qili.judge_json(
        fen,
        _moves(moves),
        rules,
        all_plies,
        binit=binit,
        side=side,
        record=record,
        game=game,
        plies=plies,
        format=format,
    )
    return Ruling.from_json(json.loads(text))


@dataclass(frozen=True)
class Completion:
    """The cycle a next move would complete, ruled: the verdict, the clause, the judged plies
    ``first_ply``..``last_ply`` (the move the last), and ``qili judge``'s ruling of it."""

    verdict: str
    verdict_chinese: str
    clause: str
    first_ply: int
    last_ply: int
    occurrences: int
    reason: str
    ruling: Ruling

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "Completion":
        return Completion(
            verdict=v["verdict"],
            verdict_chinese=v["verdict_chinese"],
            clause=v["clause"],
            first_ply=v["first_ply"],
            last_ply=v["last_ply"],
            occurrences=v["occurrences"],
            reason=v["reason"],
            ruling=Ruling.from_json(v["ruling"]),
        )


@dataclass(frozen=True)
class NextMove:
    """A legal next move and what playing it would do: ``consequence`` allowed, forbidden
    (the mover must change), draw or undetermined, and the cycle it completes (or None)."""

    iccs: str
    chinese: str
    occurrences: int
    consequence: str
    consequence_chinese: str
    completion: Optional[Completion]

    @property
    def forbidden(self) -> bool:
        return self.consequence == "forbidden"

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "NextMove":
        c = v.get("completion")
        return NextMove(
            iccs=v["iccs"],
            chinese=v["chinese"],
            occurrences=v["occurrences"],
            consequence=v["consequence"],
            consequence_chinese=v["consequence_chinese"],
            completion=Completion.from_json(c) if c else None,
        )


@dataclass(frozen=True)
class NextMoves:
    """Every legal move of the position the game has reached (``position``, ``turn`` to
    move), as ``qili moves --json`` lists them (``json``)."""

    position: str
    turn: str
    rules: str
    moves: List[NextMove]
    json: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __iter__(self) -> Iterator[NextMove]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def get(self, move: str) -> Optional[NextMove]:
        """The entry of a move by its ICCS or Chinese text."""
        return next((m for m in self.moves if move in (m.iccs, m.chinese)), None)


def next_moves(
    fen: Optional[str] = None,
    moves: Optional[Moves] = None,
    rules: str = "cxa2011",
    *,
    binit: Optional[str] = None,
    side: Optional[str] = None,
    record: Optional[str] = None,
    game: Optional[int] = None,
    plies: Optional[int] = None,
    format: Optional[str] = None,
) -> NextMoves:
    """Before the move: each legal move of the position the game has reached, with what
    playing it would do under ``rules`` (``qili moves``; the game as for :func:`judge`, and
    no moves at all for the position alone)."""
    v = json.loads(
        _qili.next_moves_json(
            fen,
            _moves(moves),
            rules,
            binit=binit,
            side=side,
            record=record,
            game=game,
            plies=plies,
            format=format,
        )
    )
    return NextMoves(
        position=v["position"],
        turn=v["turn"],
        rules=v["rules"],
        moves=[NextMove.from_json(n) for n in v["next_moves"]],
        json=v,
    )


def convert(
    fen: Optional[str] = None,
    moves: Optional[Moves] = None,
    to: str = "iccs",
    *,
    binit: Optional[str] = None,
    side: Optional[str] = None,
) -> str:
    """``qili convert``: the moves in ``to`` (iccs, chinese, traditional, wxf), space-separated,
    or the position after them as ``fen`` or ``binit``."""
    return _qili.convert(fen, _moves(moves), to, binit=binit, side=side)


@dataclass(frozen=True)
class RuleBook:
    """A rule book: its name (``--rules``), description, and how it differs from cxa2011."""

    name: str
    description: str
    differences: List[str]


def rules() -> List[RuleBook]:
    """The rule books, as ``qili rules`` lists them (cxa2011 first)."""
    return [RuleBook(n, d, list(diff)) for n, d, diff in _qili.rules()]


@dataclass(frozen=True)
class Episode:
    """One repetition in a game, ruled at its end (plies of the game, 1-based)."""

    first_ply: int
    last_ply: int
    offset: int
    cycle_fen: Optional[str]
    ruling: Ruling

    @staticmethod
    def from_json(v: Dict[str, Any]) -> "Episode":
        return Episode(
            v["first_ply"], v["last_ply"], v["offset"], v["cycle_fen"], Ruling.from_json(v["ruling"])
        )


@dataclass(frozen=True)
class ScanRecord:
    """One game of a scan, as ``qili scan`` writes it: ``line`` is its JSON line verbatim."""

    file: str
    game: int
    format: str
    encoding: str
    headers: List[Tuple[str, str]]
    plies: int
    episodes: List[Episode]
    recorded: Optional[Dict[str, Any]]
    termination: Optional[Dict[str, Any]]
    error: Optional[str]
    line: str = field(repr=False)

    @staticmethod
    def from_line(line: str) -> "ScanRecord":
        v = json.loads(line)
        return ScanRecord(
            file=v["file"],
            game=v["game"],
            format=v["format"],
            encoding=v["encoding"],
            headers=[(k, x) for k, x in v["headers"]],
            plies=v["plies"],
            episodes=[Episode.from_json(e) for e in v["episodes"]],
            recorded=v["recorded"],
            termination=v["termination"],
            error=v["error"],
            line=line,
        )


@dataclass(frozen=True)
class ScanError:
    """A file or a game that could not be read (``kind``: unreadable file, no game,
    unreadable game), with the message ``qili scan`` prints on standard error."""

    kind: str
    message: str


@dataclass(frozen=True)
class Summary:
    """A scan's totals (``counts``: the fields of ``qili scan``'s summary); ``text`` is the
    line it prints on standard error. Summaries of parts add up with ``+``."""

    counts: Dict[str, Any]

    @staticmethod
    def from_json(text: str) -> "Summary":
        return Summary(json.loads(text))

    def to_json(self) -> str:
        return json.dumps(self.counts)

    def __add__(self, other: "Summary") -> "Summary":
        return Summary.from_json(_qili.merge_summaries([self.to_json(), other.to_json()]))

    @staticmethod
    def total(parts: Sequence["Summary"]) -> "Summary":
        return Summary.from_json(_qili.merge_summaries([p.to_json() for p in parts]))

    @property
    def text(self) -> str:
        return _qili.summary_text(self.to_json())


@dataclass(frozen=True)
class FileScan:
    """One file scanned: its records, its errors and its part of the summary."""

    path: str
    records: List[ScanRecord]
    errors: List[ScanError]
    summary: Summary


def scan(path: str, rules: str = "cxa2011", *, format: str = "auto", all: bool = False) -> FileScan:
    """Scan one game file as ``qili scan`` does: the games with a repetition or an error
    (every game with ``all``), the errors, the file's summary."""
    lines, errors, summary = _qili.scan_file(str(path), rules, format, all)
    return FileScan(
        path=str(path),
        records=[ScanRecord.from_line(x) for x in lines],
        errors=[ScanError(k, m) for k, m in errors],
        summary=Summary.from_json(summary),
    )


def scan_file(
    path: str, rules: str = "cxa2011", *, format: str = "auto", all: bool = False
) -> Iterator[ScanRecord]:
    """The scanner's records of one game file, in order (its errors: :func:`scan`)."""
    yield from scan(path, rules, format=format, all=all).records


def collect_files(paths: Union[str, Sequence[str]]) -> List[str]:
    """The files ``qili scan PATHS`` reads, in its order (directories walked, sorted)."""
    if isinstance(paths, str):
        paths = [paths]
    return _qili.collect_files([str(p) for p in paths])
