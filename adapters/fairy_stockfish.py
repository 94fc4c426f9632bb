#!/usr/bin/env python3
"""qili engine adapter for Fairy-Stockfish, through its Python binding pyffish.

Speaks qili's adapter protocol (docs/engines.md): one JSON request per line on standard input,
one JSON response per line on standard output, in the same order. Fairy-Stockfish has one set
of repetition rules for its "xiangqi" variant (a game ends when a position occurs for the
third time; perpetual check and, since its chasing rule, perpetual chase lose), so every rule
book is answered with it: the conformance table then shows which book it is closest to.

For each request the adapter plays `moves` and then `moves_to_threefold` (the cycle continued
until the last position has occurred three times, which is when Fairy-Stockfish ends a game),
and asks pyffish whether the game may end there and with which result:

  no end                      -> no_repetition
  result 0                    -> draw
  result < 0 (side to move)   -> that side loses  (red_loses / black_loses)
  result > 0 (side to move)   -> the other side loses

Fairy-Stockfish gives no per-move labels, so none are sent.

Run it: pip install -r adapters/requirements.txt
        qili run --engine fairy-stockfish="python3 adapters/fairy_stockfish.py"
"""

import json
import re
import sys

VARIANT = "xiangqi"
FILES = "abcdefghi"
UCI_MOVE = re.compile(r"([a-i])(10|[1-9])([a-i])(10|[1-9])")


def iccs_to_uci(move):
    """An ICCS move (files a-i, ranks 0-9 from red's side) in Fairy-Stockfish's UCI (ranks 1-10)."""
    if len(move) != 4 or move[0] not in FILES or move[2] not in FILES \
            or not move[1].isdigit() or not move[3].isdigit():
        raise ValueError(f"{move!r} is not an ICCS move (like h2e2)")
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def uci_to_iccs(move):
    """The inverse of iccs_to_uci: `h3e3` -> `h2e2`, `a10a9` -> `a9a8`."""
    m = UCI_MOVE.fullmatch(move)
    if not m or not all(1 <= int(r) <= 10 for r in (m[2], m[4])):
        raise ValueError(f"{move!r} is not a Fairy-Stockfish xiangqi move (like h3e3)")
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"


def full_fen(fen):
    """qili's FEN (placement and side, `w`/`r`/`b`) with the four fields pyffish expects."""
    fields = fen.split()
    if len(fields) < 2:
        raise ValueError(f"FEN {fen!r} has no side to move")
    side = "b" if fields[1] == "b" else "w"
    return " ".join([fields[0], side] + (fields[2:6] if len(fields) >= 6 else ["-", "-", "0", "1"]))


def verdict(sf, fen, moves):
    """The verdict Fairy-Stockfish gives at the end of `moves` (UCI), from its game result."""
    ended, value = sf.is_optional_game_end(VARIANT, fen, moves)
    if not ended:
        return "no_repetition"
    if value == 0:
        return "draw"
    mover = fen.split()[1]
    for _ in moves:
        mover = "b" if mover == "w" else "w"
    loser = mover if value < 0 else ("b" if mover == "w" else "w")
    return "red_loses" if loser == "w" else "black_loses"


def answer(sf, request):
    rid = request.get("id")
    try:
        fen = full_fen(request["fen"])
        if sf.validate_fen(fen, VARIANT) != sf.FEN_OK:
            return {"id": rid, "error": f"Fairy-Stockfish refuses the FEN {fen}"}
        plies = list(request["moves"]) + list(request.get("moves_to_threefold") or [])
        played = [iccs_to_uci(move) for move in plies]
    except (KeyError, TypeError, ValueError) as e:
        return {"id": rid, "error": f"bad request: {e}"}
    # One call plays every move (Fairy-Stockfish refuses an illegal one): a call costs a few
    # milliseconds whatever its length, so the ply at fault is looked for only on refusal.
    try:
        return {"id": rid, "verdict": verdict(sf, fen, played)}
    except (SystemError, ValueError, sf.error) as e:
        for ply, uci in enumerate(played, start=1):
            if uci not in sf.legal_moves(VARIANT, fen, played[:ply - 1]):
                return {"id": rid,
                        "error": f"ply {ply} ({plies[ply - 1]}, {uci} in UCI) is not legal for Fairy-Stockfish"}
        return {"id": rid, "error": f"Fairy-Stockfish refused the moves: {e}"}


def main():
    try:
        import pyffish as sf
    except ImportError:
        sys.stderr.write("pyffish is not installed: pip install -r adapters/requirements.txt\n")
        return 2
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as e:
            response = {"id": None, "error": f"the request is not JSON: {e}"}
        else:
            response = answer(sf, request)
        sys.stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
