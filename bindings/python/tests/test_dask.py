"""qili.dask.scan on a LocalCluster of two workers equals `qili scan` over ../shared/games
(or QILI_SHARED/games): the same JSON lines (sorted, and in fact in the same order) and the
same summary line. Needs ../shared: skipped where it is absent, failing under CI=true."""

import os
from pathlib import Path

import pytest

import qili
import qili.dask
from conftest import REPO, cli

distributed = pytest.importorskip("distributed")

SHARED = Path(os.environ.get("QILI_SHARED", REPO.parent / "shared"))
GAMES = SHARED / "games"


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def needs_shared():
    if not GAMES.is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{GAMES} is missing, and CI has it")
        pytest.skip(f"{GAMES} is missing (../shared beside the checkout)")


def test_partitions_are_runs_of_the_files_in_order():
    files = [str(p) for p in sorted((REPO / "games" / "records").rglob("*")) if p.is_file()]
    for n in (1, 2, 3, 7, 100):
        parts = qili.dask.partition(files, n)
        assert [f for p in parts for f in p] == files
        assert 1 <= len(parts) <= min(n, len(files))
        assert all(parts)
    assert qili.dask.partition([], 4) == []


def test_the_committed_records_as_the_command_line(client):
    records = REPO / "games" / "records"
    got = qili.dask.scan(str(records), client, partitions=5)
    r = cli("scan", str(records))
    assert got.lines == r.stdout.splitlines()
    assert got.summary.text == r.stderr.strip().splitlines()[-1]


def test_the_shared_games_on_two_workers_equal_qili_scan(client):
    needs_shared()
    assert len(client.nthreads()) == 2
    got = qili.dask.scan(str(GAMES), client)
    r = cli("scan", str(GAMES))
    theirs = r.stdout.splitlines()
    assert len(theirs) > 1000
    assert sorted(got.lines) == sorted(theirs)
    assert got.lines == theirs, "gathered in the files' order"
    # Standard error: each file's errors in the files' order, then the summary line.
    assert r.stderr == "".join(e.message + "\n" for e in got.errors) + got.summary.text + "\n"
    assert got.summary.counts["files"] == len(qili.collect_files(str(GAMES)))
