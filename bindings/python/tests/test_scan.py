"""qili.scan_file against `qili scan` on the committed game records."""

import json

import qili
from conftest import REPO, cli

RECORDS = REPO / "games" / "records"


def test_scan_files_yield_the_scanners_lines():
    files = qili.collect_files(str(RECORDS))
    assert len(files) > 10
    ours = [r.line for f in files for r in qili.scan_file(f)]
    theirs = cli("scan", str(RECORDS)).stdout.splitlines()
    assert ours == theirs


def test_the_summary_adds_up_to_the_scanners():
    files = qili.collect_files([str(RECORDS)])
    scans = [qili.scan(f) for f in files]
    total = qili.Summary.total([s.summary for s in scans])
    r = cli("scan", str(RECORDS))
    assert r.stderr.strip().splitlines()[-1] == total.text
    assert total.counts["files"] == len(files)
    assert (scans[0].summary + scans[1].summary).counts["files"] == 2


def test_records_are_typed():
    records = [r for f in qili.collect_files(str(RECORDS)) for r in qili.scan_file(f)]
    with_episode = [r for r in records if r.episodes]
    assert with_episode
    r = with_episode[0]
    e = r.episodes[0]
    assert isinstance(e.ruling, qili.Ruling)
    assert e.ruling.verdict == json.loads(r.line)["episodes"][0]["ruling"]["verdict"]
    assert all(isinstance(p.label, qili.Label) for p in e.ruling.plies)
    everything = [x for f in qili.collect_files(str(RECORDS)) for x in qili.scan_file(f, all=True)]
    assert len(everything) >= len(records)


def test_an_unreadable_file_is_an_error_not_an_exception(tmp_path):
    junk = tmp_path / "junk.xqf"
    junk.write_bytes(b"\x00\x01 not a game")
    s = qili.scan(str(junk))
    assert s.records == []
    assert s.errors and s.errors[0].message.startswith(str(junk))
    assert s.summary.counts["files"] == 1
