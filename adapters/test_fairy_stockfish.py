"""Tests of the Fairy-Stockfish adapter: the move conversion between ICCS (ranks 0-9) and
Fairy-Stockfish's UCI (ranks 1-10), and, where pyffish is installed, the adapter against
Fairy-Stockfish itself. Run: python3 -m unittest discover -s adapters -p 'test_*.py'."""

import io
import json
import unittest
from unittest import mock

import fairy_stockfish as fs

try:
    import pyffish
except ImportError:
    pyffish = None


class Conversion(unittest.TestCase):
    def test_ranks_shift_by_one(self):
        self.assertEqual(fs.iccs_to_uci("h2e2"), "h3e3")
        self.assertEqual(fs.iccs_to_uci("a0a1"), "a1a2")
        self.assertEqual(fs.iccs_to_uci("e9e8"), "e10e9")
        self.assertEqual(fs.uci_to_iccs("e10e9"), "e9e8")
        self.assertEqual(fs.uci_to_iccs("a1i10"), "a0i9")

    def test_every_square_pair_round_trips(self):
        for f1 in fs.FILES:
            for r1 in range(10):
                for f2 in "aei":
                    for r2 in (0, 4, 9):
                        iccs = f"{f1}{r1}{f2}{r2}"
                        self.assertEqual(fs.uci_to_iccs(fs.iccs_to_uci(iccs)), iccs)

    def test_bad_moves_are_refused(self):
        for bad in ["", "h2e", "j2e2", "h2e2x", "hxe2"]:
            with self.assertRaises(ValueError):
                fs.iccs_to_uci(bad)
        for bad in ["a0a1", "a11a1", "j1a1", "a1"]:
            with self.assertRaises(ValueError):
                fs.uci_to_iccs(bad)

    def test_fens_get_their_counters(self):
        self.assertEqual(fs.full_fen("9/9 w"), "9/9 w - - 0 1")
        self.assertEqual(fs.full_fen("9/9 r"), "9/9 w - - 0 1")
        self.assertEqual(fs.full_fen("9/9 b"), "9/9 b - - 0 1")
        with self.assertRaises(ValueError):
            fs.full_fen("9/9")


@unittest.skipIf(pyffish is None, "pyffish is not installed (pip install -r adapters/requirements.txt)")
class WithFairyStockfish(unittest.TestCase):
    START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
    FIG6 = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w"
    FIG6_CYCLE = ["f0e0", "e8f8", "e0f0", "f8e8"]

    def test_start_position_moves_in_iccs(self):
        legal = {fs.uci_to_iccs(m) for m in pyffish.legal_moves(fs.VARIANT, fs.full_fen(self.START), [])}
        self.assertEqual(len(legal), 44)
        # 炮二平五, 马二进三, 马八进七, 兵七进一 in ICCS.
        self.assertTrue({"h2e2", "h0g2", "b0c2", "c3c4"} <= legal)
        black = {fs.uci_to_iccs(m) for m in
                 pyffish.legal_moves(fs.VARIANT, fs.full_fen(self.START), [fs.iccs_to_uci("h2e2")])}
        # 炮8平5, 马8进7.
        self.assertTrue({"h7e7", "h9g7"} <= black)

    def ask(self, **request):
        request.setdefault("id", "t")
        request.setdefault("rules", "cxa2011")
        return fs.answer(pyffish, request)

    def test_perpetual_check_loses_at_the_third_occurrence(self):
        twice = self.ask(fen=self.FIG6, moves=self.FIG6_CYCLE, moves_to_threefold=[])
        self.assertEqual(twice, {"id": "t", "verdict": "no_repetition"})
        thrice = self.ask(fen=self.FIG6, moves=self.FIG6_CYCLE, moves_to_threefold=self.FIG6_CYCLE)
        self.assertEqual(thrice, {"id": "t", "verdict": "red_loses"})
        # One ply further black is to move and wins: still red that loses.
        longer = self.ask(fen=self.FIG6, moves=self.FIG6_CYCLE * 2 + ["f0e0"], moves_to_threefold=[])
        self.assertEqual(longer, {"id": "t", "verdict": "red_loses"})

    def test_an_illegal_move_is_an_error_naming_the_ply(self):
        r = self.ask(fen=self.FIG6, moves=["f0e0", "e8e7"], moves_to_threefold=[])
        self.assertIn("ply 2 (e8e7", r["error"])
        r = self.ask(fen=self.FIG6, moves=["zz"], moves_to_threefold=[])
        self.assertIn("bad request", r["error"])

    def test_the_protocol_loop(self):
        lines = [json.dumps({"id": "a", "rules": "axf", "fen": self.FIG6, "moves": self.FIG6_CYCLE,
                             "moves_to_threefold": self.FIG6_CYCLE}), "not json", ""]
        out = io.StringIO()
        with mock.patch("sys.stdin", io.StringIO("\n".join(lines) + "\n")), mock.patch("sys.stdout", out):
            self.assertEqual(fs.main(), 0)
        answers = [json.loads(l) for l in out.getvalue().splitlines()]
        self.assertEqual(answers[0], {"id": "a", "verdict": "red_loses"})
        self.assertIsNone(answers[1]["id"])
        self.assertIn("not JSON", answers[1]["error"])
        self.assertEqual(len(answers), 2)


if __name__ == "__main__":
    unittest.main()
