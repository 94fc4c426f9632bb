"""Throughput of qili.dask.scan on a LocalCluster of 1 and 2 worker processes (one thread
each, RAYON_NUM_THREADS=1 so that a worker uses one core), over DIR (default ../shared/games):
games per second, best of --repeats. `python bindings/python/bench_dask.py [DIR]`."""

import argparse
import os
import time
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", "1")

import distributed  # noqa: E402

import qili  # noqa: E402
import qili.dask  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("dir", nargs="?", default=str(Path(__file__).resolve().parents[3] / "shared" / "games"))
    p.add_argument("--repeats", type=int, default=2)
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    a = p.parse_args()
    for n in a.workers:
        with distributed.LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster, distributed.Client(cluster) as client:
            best = None
            for _ in range(a.repeats):
                t = time.perf_counter()
                r = qili.dask.scan(a.dir, client)
                dt = time.perf_counter() - t
                best = dt if best is None else min(best, dt)
            games = r.summary.counts["games"]
            print(f"{n} worker(s): {r.summary.counts['files']} files, {games} games, "
                  f"{r.summary.counts['episodes']} episodes in {best:.1f} s: {games / best:.0f} games/s")


if __name__ == "__main__":
    main()
