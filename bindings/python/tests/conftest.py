"""What the suites compare with: the `qili` command line of the same checkout (QILI_BIN, else
target/release/qili, which `cargo build --release -p qili-cli` writes) and the repository's
corpus report and game records. The installed package under test is `qili` from the wheel."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def qili_bin() -> Path:
    path = Path(os.environ.get("QILI_BIN", REPO / "target" / "release" / "qili"))
    if not path.is_file():
        pytest.fail(f"{path}: no qili binary; cargo build --release -p qili-cli (or set QILI_BIN)")
    return path


def cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """`qili ARGS` with its output as text, decoded without translating newlines (a message
    may quote a carriage return)."""
    r = subprocess.run([str(qili_bin()), *args], capture_output=True, cwd=REPO)
    r.stdout = r.stdout.decode("utf-8")
    r.stderr = r.stderr.decode("utf-8")
    if check and r.returncode != 0:
        raise AssertionError(f"qili {' '.join(args)}: {r.stderr}")
    return r


def results() -> dict:
    return json.loads((REPO / "reports" / "results.json").read_text(encoding="utf-8"))


def editions():
    """Every corpus case × edition the report rules: (id, fen, iccs moves, rule book)."""
    for case in results()["cases"]:
        for e in case["editions"]:
            if e.get("rule_book") and e["plies"]:
                yield case["id"], e["edition"], case["fen"], [p["iccs"] for p in e["plies"]], e["rule_book"]
