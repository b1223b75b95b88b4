"""Time to compute exact odds: every check 1/ATTR..6/ATTR against every attribute 3..36,
and every pool test of 1..20 dice at every threshold 1+..6+.

    python benchmarks/odds.py

Prints the mean and the slowest single computation, against a named baseline measured
in the same run: one call of random.randint (the cost of rolling a die).
The first computation of a distribution is timed cold (caches cleared).
"""

from __future__ import annotations

import random
import time

from campaign_cli.rules import checks, dice


def timed(fn, *args) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def main() -> None:
    dice.sum_distribution.cache_clear()
    sums = [timed(checks.sum_odds, n, value) for n in range(1, 7) for value in range(3, 37)]
    pools = [timed(checks.pool_odds, n, t) for n in range(1, 21) for t in range(1, 7)]
    rng = random.Random(1)
    base = min(timed(rng.randint, 1, 6) for _ in range(1000))
    for label, times in (("sum checks 1/ATTR..6/ATTR", sums), ("pool tests 1..20 dice", pools)):
        mean = sum(times) / len(times)
        print(
            f"{label:28s} {len(times):4d} computations  mean {mean * 1e6:7.1f} us  "
            f"slowest {max(times) * 1e6:7.1f} us  ({max(times) / base:,.0f}x one die roll)"
        )
    print(f"baseline: one random.randint(1, 6) {base * 1e6:.2f} us; goal: every computation well under 1000 us")


if __name__ == "__main__":
    main()
