"""Latency of the glossary search: p50, p95 and p99 over a realistic mix of queries.

Run from the project root: ``.venv/bin/python bench/glossary_bench.py [--rounds N]``.
The benchmark makes its own SQLite database in a temporary folder, migrates it (which loads
the shipped rulebook editions), and sends requests through Django's test client, so it
measures the whole request: URL routing, the view, the search and the template. The target
is p95 under 50 ms for the page as you type (the htmx answer) and for the API.
"""

from __future__ import annotations

from private_site import private_site

_TMP = private_site("kotc-glossary-bench-")  # before Django is imported

import argparse  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

# What people type: a word letter by letter, word forms, two-word names, words that are only
# in definitions, filters, and nothing at all (the A-Z list).
TYPED = ["bury", "self-bury", "hex-play", "counter", "sword counter", "dice-heal", "exhaust"]
QUERIES = [
    *(word[:n] for word in TYPED for n in range(1, len(word) + 1)),
    "buried",
    "bounced",
    "3-dice-heal",
    "down-leveled",
    "in play",
    "owner's",
    "granary",
    "graveyard",
    "piercing damage",
    "activation condition",
    "chain link",
    "the host",
    "xyzzy",
    "",
    "a",
    "t",
]
FILTERS = [{}, {}, {}, {"edition": "14"}, {"edition": "11"}, {"kind": "counter"}]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def measure(name: str, request: Callable[[dict[str, str]], int], rounds: int) -> float:
    rng = random.Random(2024)
    plan = [{"q": query, **rng.choice(FILTERS)} for _ in range(rounds) for query in QUERIES]
    rng.shuffle(plan)
    timings: list[float] = []
    for params in plan:
        start = time.perf_counter()
        status = request(params)
        timings.append((time.perf_counter() - start) * 1000)
        if status != 200:
            raise SystemExit(f"{name}: {params} answered {status}")
    p50, p95, p99 = (percentile(timings, f) for f in (0.50, 0.95, 0.99))
    print(
        f"{name:<34} n={len(timings):>5}  p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  "
        f"p99 {p99:6.2f} ms  max {max(timings):6.2f} ms  mean {statistics.fmean(timings):6.2f} ms"
    )
    return p95


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="passes over the query mix")
    parser.add_argument(
        "--max-p95", type=float, default=None, help="exit with 1 if a p95 exceeds this (ms)"
    )
    args = parser.parse_args()

    call_command("migrate", verbosity=0, interactive=False)
    client = Client()

    start = time.perf_counter()
    client.get("/glossary/", {"q": "bury"}, HTTP_HX_REQUEST="true")
    cold = (time.perf_counter() - start) * 1000
    print(f"first search (builds the in-memory glossary): {cold:.1f} ms")

    def htmx(params: dict[str, str]) -> int:
        return client.get("/glossary/", params, HTTP_HX_REQUEST="true").status_code

    def full_page(params: dict[str, str]) -> int:
        return client.get("/glossary/", params).status_code

    def api(params: dict[str, str]) -> int:
        return client.get("/api/v1/glossary/", params).status_code

    results = [
        measure("GET /glossary/ (htmx, as you type)", htmx, args.rounds),
        measure("GET /glossary/ (whole page)", full_page, max(1, args.rounds // 4)),
        measure("GET /api/v1/glossary/", api, args.rounds),
    ]
    if args.max_p95 is not None and max(results) > args.max_p95:
        print(f"p95 above {args.max_p95} ms")
        return 1
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    finally:
        _TMP.cleanup()
