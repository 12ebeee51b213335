"""``phase10.simulate`` on a Dask cluster gives the results it gives serially.

Skipped without the ``dask`` extra (an error with ``PHASE10_REQUIRE_EXTRAS=1``). The cluster
runs in this process (``processes=False``) with two single-threaded workers, which is enough
to spread the games over workers and small enough for a 2-core CI machine.
"""

from __future__ import annotations

from phase10 import Bot, GreedyBot, RandomBot, find_variant, simulate

from .optional_deps import require

distributed = require("distributed", "dask")


def test_simulate_on_a_local_cluster_matches_serial() -> None:
    bots: list[Bot] = [GreedyBot(), RandomBot(), RandomBot()]
    variant = find_variant("classic-first-2")
    progress: list[tuple[int, int]] = []
    with (
        distributed.LocalCluster(
            processes=False, n_workers=2, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(
            12,
            bots,
            variant=variant,
            seed="dask",
            executor=client.get_executor(),
            on_progress=lambda done, total: progress.append((done, total)),
        )
        workers = set(client.run(lambda: None))
    serial = simulate(12, bots, variant=variant, seed="dask")
    assert on_dask == serial
    assert len(workers) == 2
    assert progress[-1] == (12, 12)
    assert [done for done, _ in progress] == sorted(done for done, _ in progress)


def test_simulate_with_recorded_games_on_dask() -> None:
    bots: list[Bot] = [GreedyBot(), GreedyBot()]
    variant = find_variant("classic-first-1")
    with distributed.Client(
        processes=False, n_workers=2, threads_per_worker=1, dashboard_address=None
    ) as client:
        on_dask = simulate(
            4, bots, variant=variant, seed=3, record=True, executor=client.get_executor()
        )
    serial = simulate(4, bots, variant=variant, seed=3, record=True)
    assert on_dask == serial
    assert all(game.record is not None for game in on_dask.games)
