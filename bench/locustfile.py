"""The load that bench/loadtest.py puts on the site: locust users, and a small headless driver.

Locust patches the process it is imported in with gevent, so bench/loadtest.py runs this file
as a process of its own (the site, under gunicorn, is another):
``python bench/locustfile.py URL PATH [PATH ...] [--seconds S] [--warm-up W] [--importers N]``.

Each path in turn is read by ``--users`` readers at once, with no pause between requests, for
S seconds (after W seconds of warm-up that are not counted). Importers, if any, post 40-card
decks of new cards at the same time. It prints ``running`` when the users of a run are all
started, and one JSON line of figures when the run ends."""

from __future__ import annotations

import argparse
import itertools
import json
import os
from collections import Counter, defaultdict

import gevent
from locust import FastHttpUser, User, constant, task
from locust.env import Environment

IMPORT_PATH = "/api/v1/decks/import/"
IMPORTED_SIZE = 40
_deck_numbers = itertools.count(1)


class Reader(FastHttpUser):
    """Asks for one page (`path`, set before a run) over and over."""

    wait_time = constant(0)
    network_timeout = connection_timeout = 10.0
    path = "/healthz/"

    @task
    def read(self) -> None:
        self.client.get(self.path)


class Importer(FastHttpUser):
    """Imports 40-card decks of 20 new cards each, as a designer would, with an API token."""

    wait_time = constant(0)
    network_timeout = connection_timeout = 20.0
    fixed_count = 0  # set before a run
    token = ""

    @task
    def import_deck(self) -> None:
        number = f"{os.getpid()}-{next(_deck_numbers)}"
        cards = [
            {
                "count": 2,
                "card": {
                    "name": f"Writer card {number}-{i}",
                    "kind": "minion",
                    "design_edition": 14,
                    "level": i % 5 + 1,  # ⌈SP + HP 1 ÷ 2⌉, as the guide computes it
                    "sp": i % 5,
                    "hp": 1,
                    "ability_text": "",
                    "flavor_text": "",
                },
            }
            for i in range(IMPORTED_SIZE // 2)
        ]
        self.client.post(
            IMPORT_PATH,
            json={"edition": 14, "name": f"Imported {number}", "cards": cards},
            headers={"Authorization": f"Token {self.token}"},
        )


def run(host: str, path: str, seconds: float, users: int, importers: int) -> dict[str, object]:
    """Reads `path` for `seconds` with `users` readers (and `importers`); the run's figures."""
    Reader.path = path
    Importer.fixed_count = importers
    user_classes: list[type[User]] = [Reader, Importer] if importers else [Reader]
    environment = Environment(user_classes=user_classes, host=host)
    statuses: defaultdict[str, Counter[int]] = defaultdict(Counter)

    def count_status(name: str, response: object, **_: object) -> None:
        statuses[name][getattr(response, "status_code", 0) or 0] += 1

    environment.events.request.add_listener(count_status)
    runner = environment.create_local_runner()
    runner.start(users + importers, spawn_rate=100)
    assert runner.spawning_greenlet is not None
    runner.spawning_greenlet.join()
    # The clock starts with every user running, as locust's --reset-stats does.
    environment.stats.reset_all()
    statuses.clear()
    print("running", flush=True)
    gevent.sleep(seconds)
    runner.quit()
    read = environment.stats.get(path, "GET")
    return {
        "path": path,
        "requests": read.num_requests,
        "rps": read.total_rps,
        "errors": read.num_failures,
        **{f"p{p}": read.get_response_time_percentile(p / 100) or 0 for p in (50, 95, 99)},
        "statuses": statuses[path],
        "imports": statuses[IMPORT_PATH],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host", help="the site's base URL, http://127.0.0.1:PORT")
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--warm-up", type=float, default=0.0)
    parser.add_argument("--users", type=int, default=4)
    parser.add_argument("--importers", type=int, default=0)
    parser.add_argument("--token", default="", help="the importers' API token")
    args = parser.parse_args()
    Importer.token = args.token
    for path in args.paths:
        if args.warm_up:  # every gunicorn worker's caches filled before the run counts
            run(args.host, path, args.warm_up, args.users, 0)
        figures = run(args.host, path, args.seconds, args.users, args.importers)
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
