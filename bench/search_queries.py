"""The search benchmark's query forms and how each is measured: every form sent through
Django's test client (routing, view, search, pagination, serializer or template; no network,
no throttles), then a table of p50 and p95 of the wall time and of the CPU time.

Import it after ``django.setup()``.
"""

from __future__ import annotations

import time
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

API = "/api/v1/cards/"
GALLERY = "/cards/"
DECK_API = "/api/v1/decks/"
DECK_GALLERY = "/decks/"

# (label, path, query parameters, as a designer?) in the order of the printed table.
ROWS: list[tuple[str, str, dict[str, str], bool]] = [
    ("(empty)", API, {"q": ""}, False),
    ("`fire`", API, {"q": "fire"}, False),
    ("`fire wolf`", API, {"q": "fire wolf"}, False),
    ('`"draw card"`', API, {"q": '"draw card"'}, False),
    ("`kind:spell level<=2`", API, {"q": "kind:spell level<=2"}, False),
    ("`name:ember`", API, {"q": "name:ember"}, False),
    ("`text:excavate sp>=3`", API, {"q": "text:excavate sp>=3"}, False),
    ("`f` (the first letter typed)", API, {"q": "f"}, False),
    ("`fir` (a word being typed)", API, {"q": "fir"}, False),
    ("`draw` (in a third of the texts)", API, {"q": "draw"}, False),
    ('`"draw 1 card" -kind:spell`', API, {"q": '"draw 1 card" -kind:spell'}, False),
    ("`flavor:moon hp=0`", API, {"q": "flavor:moon hp=0"}, False),
    ("`level>=9 sp!=2`", API, {"q": "level>=9 sp!=2"}, False),
    ("`edition:none`", API, {"q": "edition:none"}, False),
    ("`by:designer0042`", API, {"q": "by:designer0042"}, False),
    ("`legal:14 wolf`", API, {"q": "legal:14 wolf"}, False),
    ("`-legal:13 kind:minion`", API, {"q": "-legal:13 kind:minion"}, False),
    ('`name="fire wolf"`', API, {"q": 'name="fire wolf"'}, False),
    ("`order:name`", API, {"q": "order:name"}, False),
    ("`order:level direction:desc`", API, {"q": "order:level direction:desc"}, False),
    ("`order:sp storm`", API, {"q": "order:sp storm"}, False),
    (
        "`order:hp direction:asc kind:minion`",
        API,
        {"q": "order:hp direction:asc kind:minion"},
        False,
    ),
    ("`order:newest draw`", API, {"q": "order:newest draw"}, False),
    ("`fire`, page 2", API, {"q": "fire", "page": "2"}, False),
    ("(empty), page 40 (the last the count reaches)", API, {"q": "", "page": "40"}, False),
    ("`fire` as a designer (public + own)", API, {"q": "fire"}, True),
    ("gallery page `/cards/?q=fire`", GALLERY, {"q": "fire"}, False),
    ("gallery page (empty)", GALLERY, {}, False),
    (
        "gallery page `kind:spell level<=2`, list view",
        GALLERY,
        {"q": "kind:spell level<=2", "view": "list"},
        False,
    ),
    ("gallery as you type `fire wo` (htmx)", GALLERY, {"q": "fire wo"}, False),
    ("decks API (empty)", DECK_API, {}, False),
    ("decks API `fire`", DECK_API, {"q": "fire"}, False),
    ("decks API `wolf aggro`", DECK_API, {"q": "wolf aggro"}, False),
    ("decks API `ire` (inside words)", DECK_API, {"q": "ire"}, False),
    ("decks API as a designer (public + own)", DECK_API, {"q": "storm"}, True),
    ("deck gallery page (empty)", DECK_GALLERY, {}, False),
    ("deck gallery page `fire`", DECK_GALLERY, {"q": "fire"}, False),
    ("deck gallery page `designer0042`", DECK_GALLERY, {"q": "designer0042"}, False),
]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def _cpu_ns() -> int:
    """The CPU time used so far by this process and, on PostgreSQL on this machine, by its
    database backend (the scheduler's count in /proc, to the nanosecond): the work a request
    costs, which other work on a shared machine does not stretch as it does the wall time."""
    used = time.process_time_ns()
    if connection.vendor == "postgresql" and connection.connection is not None:
        try:
            with open(f"/proc/{connection.connection.info.backend_pid}/schedstat") as stat:
                used += int(stat.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a database on another machine: this process's time only
    return used


def measure(rounds: int, only: str) -> None:
    anonymous = Client()
    designer = Client()
    designer.force_login(get_user_model().objects.get(username="designer0042"))
    rows = [row for row in ROWS if only.lower() in row[0].lower()]
    if not rows:
        print(f"No query form's label holds {only!r}: nothing measured.")
        return
    timings: dict[str, list[float]] = {label: [] for label, *_ in rows}
    cpu: dict[str, list[float]] = {label: [] for label, *_ in rows}
    outcome: dict[str, str] = {}
    # Round-robin, so no query form is measured only on caches the one before it warmed.
    for round_number in range(rounds + 1):
        for label, path, params, as_designer in rows:
            client = designer if as_designer else anonymous
            headers = {"HTTP_HX_REQUEST": "true"} if "htmx" in label else {}
            cpu_began = _cpu_ns()
            began = time.perf_counter()
            response = client.get(path, params, **headers)
            elapsed = (time.perf_counter() - began) * 1000
            used = (_cpu_ns() - cpu_began) / 1e6
            if round_number == 0:
                outcome[label] = _outcome(response)
                continue  # the first request of each form warms the process, not measured
            timings[label].append(elapsed)
            cpu[label].append(used)
    width = max(len(label) for label, *_ in rows)
    print(f"\n| {'query':<{width}} | p50 ms | p95 ms | CPU p50 | CPU p95 | answer |")
    print(f"| {'-' * width} | ---: | ---: | ---: | ---: | --- |")
    for label, *_ in rows:
        samples = timings[label]
        print(
            f"| {label:<{width}} | {percentile(samples, 0.5):,.1f} | "
            f"{percentile(samples, 0.95):,.1f} | {percentile(cpu[label], 0.5):,.1f} | "
            f"{percentile(cpu[label], 0.95):,.1f} | {outcome[label]} |"
        )
    print(
        "\nms: wall time of the whole request; CPU: the CPU time it took in this process and "
        "(PostgreSQL) its database backend, which load from other work does not stretch."
    )
    api = [label for label, path, *_ in rows if path == API]
    if api:
        slowest = max(api, key=lambda label: percentile(timings[label], 0.95))
        goal = 50 if connection.vendor == "postgresql" else 100
        print(
            f"slowest card API p95: {percentile(timings[slowest], 0.95):,.1f} ms ({slowest}); goal:"
            f" under {goal} ms on {connection.vendor} (50 ms at 1,000,000 cards on PostgreSQL,"
            " 100 ms at 100,000 on SQLite)"
        )


def _outcome(response: Any) -> str:
    if response.status_code != 200:
        return f"status {response.status_code}"
    if response.get("Content-Type", "").startswith("application/json"):
        data = response.json()
        more = "+" if data.get("count_capped") else ""
        return f"{data.get('count'):,}{more} found, {len(data.get('results', []))} shown"
    return "page"
