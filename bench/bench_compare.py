"""Two checkouts' engines in turn: CPU us per step of the same seeded random games.

Usage: python bench/bench_compare.py BEFORE_DIR AFTER_DIR [GAMES] [ROUNDS]

Each round runs BEFORE_DIR's and then AFTER_DIR's ``src/phase10`` in a fresh process on
the same seeded random games of several built-in variants at 2 and 4 players, and prints
the CPU time per step (``time.process_time``); the table gives the median of each side and
the median of the per-round ratios (after / before), so machine load touches both alike.
"""

import json
import os
import statistics
import subprocess
import sys

CHILD = r"""
import json, sys, time, random
import phase10
names, counts, games = json.loads(sys.argv[1])
out = {}
for name in names:
    v = phase10.find_variant(name)
    for p in counts:
        if not v.min_players <= p <= v.max_players:
            continue
        t = time.process_time(); steps = 0
        for i in range(games):
            rng = random.Random(f"bench:{p}:{i}")
            s = phase10.new_game(v, p)
            while not s.is_over:
                if s.is_chance:
                    a = phase10.sample_chance(s, rng)
                else:
                    acts = phase10.legal_actions(s)
                    a = acts[int(rng.random() * len(acts))]
                s = phase10.apply(s, a); steps += 1
        out[f"{name} {p}p"] = ((time.process_time() - t) / steps * 1e6, steps)
print(json.dumps(out))
"""
repos = {"before": sys.argv[1], "after": sys.argv[2]}
names = ["classic", "classic-first-5", "classic-pick", "master", "ten-phases", "ten-phases-rummy"]
arg = json.dumps([names, [2, 4], int(sys.argv[3]) if len(sys.argv) > 3 else 4])
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
res: dict[str, list[dict[str, list[float]]]] = {k: [] for k in repos}
print("load at start:", os.getloadavg())
for r in range(rounds):
    for k, repo in repos.items():
        env = dict(os.environ, PYTHONPATH=f"{repo}/src")
        command = [sys.executable, "-c", CHILD, arg]
        o = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        res[k].append(json.loads(o.stdout))
        shown = {g: round(v[0], 1) for g, v in res[k][-1].items()}
        print(f"round {r + 1} {k}:", shown, flush=True)
print("load at end:", os.getloadavg())
print(f"{'game':>22} {'before us':>10} {'after us':>10} {'ratio':>6}  per-round ratios")
for g in res["before"][0]:
    b = [x[g][0] for x in res["before"]]
    a = [x[g][0] for x in res["after"]]
    ratios = [y / x for x, y in zip(b, a, strict=True)]
    each = " ".join(f"{x:.2f}" for x in ratios)
    mb, ma, mr = statistics.median(b), statistics.median(a), statistics.median(ratios)
    print(f"{g:>22} {mb:>10.1f} {ma:>10.1f} {mr:>6.2f}  {each}")
