"""How /readyz/ asks its services: each from a thread of its own, waited for at most a timeout,
and a success remembered for a few seconds.

A thread of its own, not the request's: a thread cannot be stopped, so a request that ran a
check that hangs would hang with it. The request waits for each service at most `timeout` and
then answers that it timed out; the thread goes on until its client gives up, and a probe that
finds it still at work waits for that same run rather than starting another, so a service that
hangs holds one thread, however often the load balancer asks. The thread is the same from one
probe to the next, so what a client keeps a thread (the storage's S3 client) is made once a
process; the first run of each service may take `first_timeout` for it.

A success remembered: a round of checks costs a database connection, two Redis connections and,
with pictures in a bucket, a file written to S3, read back and deleted, which under load took
longer than a load balancer waits. A service that answered within the last
KOTC_READINESS_CACHE_SECONDS is taken to be up and the probe answers from memory. Past half that
window, the probe also asks the service again in the background, with no one waiting for it, so
a process probed more often than the window never waits for a service, however busy the
machine. A service that goes down is named by the first probe after that background run fails,
and at the latest once the window is over. A failure is not remembered at all: it is quick to
find again (refused at once, or the timeout), and a service that comes back is seen at the next
probe, so the process is back in service as soon as it can serve.

What is remembered is of the services the settings name; a change of settings (a test's)
forgets it.
"""

from __future__ import annotations

import dataclasses
import os
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed

# What a check gives: None when the service answered, else what is wrong, in words.
Outcome = str | None

# The clock successes are timed by (tests move it).
clock: Callable[[], float] = time.monotonic


@dataclasses.dataclass
class _Service:
    executor: ThreadPoolExecutor
    running: Future[Outcome] | None = None
    answered_at: float | None = None  # when it last answered; None since a failure
    ended_once: bool = False  # a run has ended in this process, so its client is made

    def start(self, check: Callable[[], Outcome]) -> Future[Outcome]:
        """The run at work, or a new one."""
        if self.running is None or self.running.done():
            self.running = self.executor.submit(self.run, check)
        return self.running

    def run(self, check: Callable[[], Outcome]) -> Outcome:
        outcome = check()
        # Noted before the run is done, so a probe that sees it done sees what it found, even
        # when the probe that started it has answered long since.
        with _lock:
            self.answered_at = clock() if outcome is None else None
            self.ended_once = True
        return outcome


_lock = threading.Lock()
_services: dict[str, _Service] = {}


def _service(name: str) -> _Service:
    service = _services.get(name)
    if service is None:
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"readyz-{name}")
        service = _services[name] = _Service(executor)
    return service


def prepare(name: str, preparation: Callable[[], object]) -> None:
    """Run `preparation` now in the thread that asks the service `name`, ahead of its first
    check: a client that is costly to make is then made before a probe waits for it."""
    with _lock:
        _service(name).executor.submit(preparation)


def ask(
    checks: Mapping[str, Callable[[], Outcome]], *, timeout: float, first_timeout: float
) -> dict[str, Outcome]:
    """Each service's outcome, in the order given: within `timeout` seconds, or `first_timeout`
    for a service this process has not asked before."""
    now = clock()
    outcomes: dict[str, Outcome] = {}
    runs: dict[str, Future[Outcome]] = {}
    wait_for = timeout
    # How long a success is taken to hold; 0 asks every service at every probe, and waits.
    holds = settings.KOTC_READINESS_CACHE_SECONDS
    with _lock:
        for name, check in checks.items():
            service = _service(name)
            age = None if service.answered_at is None else now - service.answered_at
            if age is not None and age < holds:
                outcomes[name] = None
                if age >= holds / 2:
                    service.start(check)  # in the background: this probe does not wait for it
                continue
            runs[name] = service.start(check)
            if not service.ended_once:
                wait_for = max(wait_for, first_timeout)
    if runs:
        wait(runs.values(), timeout=wait_for)
    for name, run in runs.items():
        outcomes[name] = (
            run.result() if run.done() else f"Unavailable: timed out after {wait_for:g} s"
        )
    return {name: outcomes[name] for name in checks}


def settle(timeout: float) -> None:
    """Wait for the runs at work, those of the background included, to end (for a test or a
    benchmark that wants what they found noted)."""
    with _lock:
        runs = [service.running for service in _services.values() if service.running]
    wait(runs, timeout=timeout)


def forget(**kwargs: Any) -> None:
    """Forget every success and every run: the next probe asks each service afresh. A run still
    at work ends in a thread no probe waits for any more."""
    with _lock:
        for service in _services.values():
            service.executor.shutdown(wait=False)
        _services.clear()


def _forked() -> None:
    # A forked child (gunicorn's workers, with the app preloaded) has none of its parent's
    # threads, whose executors would wait for them for ever, and must not inherit a held lock.
    global _lock, _services
    _lock = threading.Lock()
    _services = {}


setting_changed.connect(forget, dispatch_uid="kotc_site.health_memo.forget")
os.register_at_fork(after_in_child=_forked)
