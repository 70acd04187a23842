"""Latency of /readyz/: p50, p95 and max over a series of probes, on an idle machine and while
other processes keep every core busy (as goldfish runs do), beside the goal of 0.5 s.

Run from the project root: ``.venv/bin/python bench/readiness_bench.py [--probes N]
[--burners N] [--disk] [--redis URL]``. The benchmark makes its own SQLite database in a
temporary folder and sends the probes through Django's test client, so it measures the whole
request. Pictures are kept in a bucket of moto's S3 server, started for the run, as production
keeps them in S3 (the costly check), or on disk with ``--disk``; the cache is in memory and the
broker a folder, as with `make run`, unless ``--redis`` puts both on a Redis.

Each series is probed two ways: "every probe asks" (KOTC_READINESS_CACHE_SECONDS=0: what a
round of checks costs when a load balancer asks less often than the window) and "as
configured" (a probe every --interval seconds, a success remembered for the default window).
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from private_site import private_site

GOAL_SECONDS = 0.5

_TMP = private_site("kotc-readiness-bench-")  # before Django is imported


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def s3_server() -> Iterator[str]:
    """moto's S3 server on a loopback port, with a bucket the settings are pointed at."""
    import boto3

    server_bin = Path(sys.executable).with_name("moto_server")
    if not server_bin.exists():
        raise SystemExit("moto_server is not installed (make install-dev), or use --disk")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [str(server_bin), "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        credentials = {"aws_access_key_id": "bench", "aws_secret_access_key": "bench"}
        boto3.client("s3", endpoint_url=url, region_name="us-east-1", **credentials).create_bucket(
            Bucket="kotc-bench"
        )
        os.environ.update(
            {
                "DJANGO_AWS_STORAGE_BUCKET_NAME": "kotc-bench",
                "DJANGO_AWS_S3_ENDPOINT_URL": url,
                "DJANGO_AWS_S3_REGION_NAME": "us-east-1",
                "DJANGO_AWS_ACCESS_KEY_ID": "bench",
                "DJANGO_AWS_SECRET_ACCESS_KEY": "bench",
            }
        )
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextmanager
def burning(burners: int) -> Iterator[None]:
    """Processes that keep a core each busy, as goldfish runs do, until the block ends."""
    spinning = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(burners)
    ]
    try:
        time.sleep(1.0)  # let the scheduler see them busy
        yield
    finally:
        for process in spinning:
            process.terminate()
        for process in spinning:
            process.wait(timeout=10)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def series(name: str, client: object, probes: int, interval: float) -> float:
    """Probe `probes` times, `interval` seconds apart; print the figures, give the slowest."""
    timings: list[float] = []
    failed: dict[str, int] = {}
    for _ in range(probes):
        start = time.perf_counter()
        answer = client.get("/readyz/")  # type: ignore[attr-defined]
        timings.append(time.perf_counter() - start)
        if answer.status_code != 200:
            for service in answer.json().get("failed", ["?"]):
                failed[service] = failed.get(service, 0) + 1
        time.sleep(interval)
    p50, p95, slowest = percentile(timings, 0.50), percentile(timings, 0.95), max(timings)
    verdict = "within" if slowest <= GOAL_SECONDS else "OVER"
    failures = ", ".join(f"{service} {count}" for service, count in failed.items()) or "none"
    print(
        f"{name:<42} n={len(timings):>4}  p50 {p50 * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms  "
        f"max {slowest * 1000:7.1f} ms  ({verdict} {GOAL_SECONDS * 1000:.0f} ms)  "
        f"503s: {failures}"
    )
    return slowest


def run(args: argparse.Namespace) -> float:
    import django

    django.setup()
    # A 503 is counted in the figures; its log line would only come between them.
    logging.getLogger("django_structlog").setLevel(logging.CRITICAL)

    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0, interactive=False)
    client = Client()
    client.get("/healthz/")  # the URLs and middleware loaded: what follows is /readyz/'s own
    start = time.perf_counter()
    first = client.get("/readyz/")
    print(
        f"first probe of the process (clients made): {(time.perf_counter() - start) * 1000:.1f} ms,"
        f" {first.status_code} {first.json()['checks']}"
    )

    from django.conf import settings

    configured = settings.KOTC_READINESS_CACHE_SECONDS
    slowest: list[float] = []

    def both(load: str) -> None:
        settings.KOTC_READINESS_CACHE_SECONDS = 0
        slowest.append(series(f"{load}, every probe asks", client, args.probes, 0.0))
        settings.KOTC_READINESS_CACHE_SECONDS = configured
        slowest.append(
            series(
                f"{load}, as configured ({configured:g} s window)",
                client,
                args.probes,
                args.interval,
            )
        )

    both("idle")
    with burning(args.burners):
        both(f"{args.burners} cores busy")
    return max(slowest)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probes", type=int, default=200, help="probes in each series")
    parser.add_argument("--burners", type=int, default=2, help="processes that burn a core each")
    parser.add_argument(
        "--interval", type=float, default=0.05, help="seconds between probes, as configured"
    )
    parser.add_argument("--disk", action="store_true", help="pictures on disk, not in a bucket")
    parser.add_argument("--redis", metavar="URL", help="the cache and the broker on this Redis")
    parser.add_argument(
        "--check", action="store_true", help=f"exit with 1 if a probe took over {GOAL_SECONDS} s"
    )
    args = parser.parse_args()
    if args.redis:
        os.environ["CACHE_URL"] = os.environ["CELERY_BROKER_URL"] = args.redis
    print(
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} before starting; services:"
        f" SQLite, {'Redis' if args.redis else 'memory'} cache,"
        f" {'files on disk' if args.disk else 'S3 (moto)'}"
    )
    if args.disk:
        slowest = run(args)
    else:
        with s3_server():
            slowest = run(args)
    return 1 if args.check and slowest > GOAL_SECONDS else 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    finally:
        _TMP.cleanup()
