"""``qili scan`` beyond one machine: the files partitioned over a Dask cluster.

The client lists the files as ``qili scan PATHS`` would (sorted, directories walked), cuts the
list into partitions, and each worker scans its partition with the Python package
(:func:`qili.scan`, one file at a time, the engine running without the GIL). The client
gathers the JSON lines in the files' order, the errors, and the summaries, added up into the
one ``qili scan`` prints. The output is the command line's: the same lines in the same order
and the same summary line. Every worker needs the ``qili`` package installed and the files at
the same paths (a shared file system, or paths the workers can read).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

import qili

__all__ = ["ScanResult", "scan", "partition"]


@dataclass(frozen=True)
class ScanResult:
    """What a distributed scan found: ``lines`` as ``qili scan`` writes them (in its order),
    ``errors`` as it prints them on standard error, and the ``summary`` of the whole."""

    lines: List[str]
    errors: List[qili.ScanError]
    summary: qili.Summary

    @property
    def records(self) -> List[qili.ScanRecord]:
        return [qili.ScanRecord.from_line(x) for x in self.lines]


def partition(files: Sequence[str], parts: int) -> List[List[str]]:
    """``files`` cut into at most ``parts`` runs of consecutive files, of near-equal size in
    bytes (one large collection costs as much as many small games)."""
    import os

    if not files:
        return []
    parts = max(1, min(parts, len(files)))
    sizes = []
    for f in files:
        try:
            sizes.append(max(1, os.path.getsize(f)))
        except OSError:
            sizes.append(1)
    total = sum(sizes)
    out: List[List[str]] = [[]]
    done = 0
    for f, n in zip(files, sizes):
        # Start the next run once this one holds its share of the bytes.
        if out[-1] and len(out) < parts and done >= total * len(out) / parts:
            out.append([])
        out[-1].append(f)
        done += n
    return out


def _scan_partition(
    files: Sequence[str], rules: str, format: str, all: bool
) -> Tuple[List[str], List[Tuple[str, str]], str]:
    """On a worker: the partition's lines, errors and summary (plain data, cheap to send)."""
    import qili as q

    lines: List[str] = []
    errors: List[Tuple[str, str]] = []
    summaries = []
    for f in files:
        s = q.scan(f, rules, format=format, all=all)
        lines.extend(r.line for r in s.records)
        errors.extend((e.kind, e.message) for e in s.errors)
        summaries.append(s.summary)
    return lines, errors, q.Summary.total(summaries).to_json()


def scan(
    paths: Union[str, Iterable[str]],
    client: Any,
    *,
    rules: str = "cxa2011",
    format: str = "auto",
    all: bool = False,
    partitions: Optional[int] = None,
) -> ScanResult:
    """Scan ``paths`` (files or directories) on the Dask cluster of ``client``
    (a ``distributed.Client``), in ``partitions`` parts (default: four per worker thread)."""
    files = qili.collect_files([paths] if isinstance(paths, str) else list(paths))
    if partitions is None:
        threads = sum(client.nthreads().values()) or 1
        partitions = 4 * threads
    parts = partition(files, partitions)
    futures = client.map(
        _scan_partition,
        parts,
        rules=rules,
        format=format,
        all=all,
        pure=False,
        key=[f"qili-scan-{i}" for i in range(len(parts))],
    )
    lines: List[str] = []
    errors: List[qili.ScanError] = []
    summaries: List[qili.Summary] = []
    # Partitions are runs of consecutive files: gathered in order, the lines are in the
    # command line's order.
    for part_lines, part_errors, summary in client.gather(futures):
        lines.extend(part_lines)
        errors.extend(qili.ScanError(k, m) for k, m in part_errors)
        summaries.append(qili.Summary.from_json(summary))
    if not summaries:
        summary = qili.Summary.total([])
    else:
        summary = qili.Summary.total(summaries)
    return ScanResult(lines, errors, summary)
