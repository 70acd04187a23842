"""Production smoke test: the site's processes in the production settings, under the documented
supervisor, driven over HTTP, then faults.

Run from the project root: ``.venv/bin/python bench/production_smoke.py`` (or ``make smoke``).

It starts what a one-machine site runs, on loopback and plain HTTP (the staging switches of
docs/deploy.md): the `release` step, then supervisord with the programs of
deploy/supervisor/kotc.conf (gunicorn with 2 workers, a Celery worker and celery beat, each the
Procfile's command, started by ``python -m kotc_site.process`` with an `.env` file). Their
services: a fresh PostgreSQL database (``KOTC_SMOKE_DATABASE_URL``, default
postgres://postgres@127.0.0.1:5432/kotc_smoke) and a Redis of its own (``redis-server`` on a free
port: the queue and the shared cache), each reached through a TCP proxy the test can cut; moto's
S3 server for the pictures and an SMTP sink for the email. Then it does what a person does:
signs up, designs a card with a picture, builds a deck, goldfishes it for 100,000 games, prints
the PDF, forgets her password and sets a new one from the email, and asks /readyz/.

Then the faults, each asserting what people see: /readyz/ answers within 0.5 s while a
1,000,000-game run plays; Redis cut for 30 s during such a run (the API answers 503, never
500; pages answer; the run finishes exact, as a run of the same seed without faults, with
nobody touching it; no process exited); PostgreSQL cut (pages and API answer 503, then serve
again); the worker killed with SIGKILL during a run (supervisord starts it again, the run
finishes exact); the worker stopped (/readyz/workers/ fails, /readyz/ does not, until it is
back).

Exit status: 0 when every step worked; 1 otherwise, with the processes' last log lines."""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xmlrpc.client
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kotc_site.process import procfile  # noqa: E402
from tests.simulations.tcp_proxy import TcpProxy  # noqa: E402
from tests.smtp_sink import SmtpSink, free_port  # noqa: E402

GAMES = 100_000
LONG_RUN = 1_000_000  # the run the faults happen during
OUTAGE_SECONDS = 30
READY_WITHIN = 0.5  # seconds: a load balancer's probe
SWEEP_SECONDS = 5  # how often beat sends the sweep here (60 s by default)
SUPERVISOR_CONFIG = ROOT / "deploy" / "supervisor" / "kotc.conf"
INSTALLED_AT = "/srv/kotc/site"
PASSWORD = "a-smoke-test-Passw0rd"
NEW_PASSWORD = "another-smoke-Passw0rd"


class Failed(Exception):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise Failed(what)


def wait_until(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = condition()
        except requests.RequestException:
            value = None
        if value:
            return value
        time.sleep(0.2)
    raise Failed(f"timed out after {timeout:.0f} s waiting for {what}")


def recreate_database(url: str) -> None:
    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def png_bytes() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (300, 200), (40, 120, 160)).save(out, format="PNG")
    return out.getvalue()


class Site:
    """The site's processes under supervisord and the services they use, stopped together."""

    def __init__(self, var: Path) -> None:
        self.var = var
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.sink = SmtpSink()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.redis: TcpProxy | None = None
        self.database: TcpProxy | None = None
        self.supervisor: Any = None
        self.database_url = ""

    def spawn(self, name: str, command: list[str], env: dict[str, str] | None = None) -> None:
        log = open(self.var / f"{name}.log", "wb")  # noqa: SIM115 - lives as long as the process
        self.processes[name] = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def services(self) -> dict[str, str]:
        redis_port = free_port()
        self.spawn(
            "redis",
            ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", ""],
        )
        # The site reaches Redis and PostgreSQL through proxies the faults cut.
        self.redis = TcpProxy(("127.0.0.1", redis_port))
        s3_port = free_port()
        moto = Path(sys.executable).with_name("moto_server")
        check(moto.exists(), "moto_server is not installed (pip install -r requirements-dev.txt)")
        self.spawn("s3", [str(moto), "-H", "127.0.0.1", "-p", str(s3_port)])
        s3_url = f"http://127.0.0.1:{s3_port}"
        wait_until(lambda: requests.get(s3_url, timeout=2), 30, "moto's S3 server")

        import boto3

        boto3.client(
            "s3",
            endpoint_url=s3_url,
            aws_access_key_id="smoke",
            aws_secret_access_key="smoke-secret",
            region_name="us-east-1",
        ).create_bucket(Bucket="kotc-smoke")

        database_url = os.environ.get(
            "KOTC_SMOKE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/kotc_smoke"
        )
        recreate_database(database_url)
        self.database_url = database_url
        parsed = urlparse(database_url)
        self.database = TcpProxy((parsed.hostname or "127.0.0.1", parsed.port or 5432))
        proxied_database = parsed._replace(
            netloc=f"{parsed.username or 'postgres'}@127.0.0.1:{self.database.port}"
        ).geturl()
        smtp_host, smtp_port = self.sink.address
        redis = f"redis://127.0.0.1:{self.redis.port}"
        return {
            "DJANGO_SETTINGS_MODULE": "kotc_site.settings.production",
            "DJANGO_SECRET_KEY": "smoke-" + "x" * 60,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            # Plain HTTP on loopback: the staging switches of docs/deploy.md.
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DJANGO_SECURE_COOKIES": "false",
            "DJANGO_HSTS_SECONDS": "0",
            "DATABASE_URL": proxied_database,
            "DATABASE_CONN_MAX_AGE": "60",
            "CELERY_BROKER_URL": f"{redis}/0",
            "CACHE_URL": f"{redis}/1",
            "DJANGO_AWS_STORAGE_BUCKET_NAME": "kotc-smoke",
            "DJANGO_AWS_ACCESS_KEY_ID": "smoke",
            "DJANGO_AWS_SECRET_ACCESS_KEY": "smoke-secret",
            "DJANGO_AWS_S3_REGION_NAME": "us-east-1",
            "DJANGO_AWS_S3_ENDPOINT_URL": s3_url,
            "EMAIL_URL": f"smtp://{smtp_host}:{smtp_port}",
            "KOTC_VAR_DIR": str(self.var / "var"),
            "KOTC_BIND": f"127.0.0.1:{self.port}",
            "WEB_CONCURRENCY": "2",
            "KOTC_WORKER_CONCURRENCY": "2",
            "KOTC_LOG_FORMAT": "json",
            "OMP_NUM_THREADS": "1",
            "OPENBLAS_NUM_THREADS": "1",
            "KOTC_SIMULATION_MAX_GAMES": str(LONG_RUN),
            "KOTC_RUN_SWEEP_SECONDS": str(SWEEP_SECONDS),
            # A chunk taken by a worker that was killed goes back to the queue this soon.
            "KOTC_BROKER_VISIBILITY_TIMEOUT": "10",
        }

    def start(self) -> None:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DJANGO_", "KOTC_", "CELERY_", "DATABASE_", "CACHE_"))
        }
        settings = self.services()
        env_file = self.var / "site.env"
        env_file.write_text("".join(f'{key}="{value}"\n' for key, value in settings.items()))
        # The release (the migrations' thousands of statements) goes to PostgreSQL directly:
        # the proxy is there for the faults, not to slow a one-off down.
        env.update(settings, DATABASE_URL=self.database_url)
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        started = time.monotonic()
        release = subprocess.run(
            ["sh", "-c", procfile()["release"]],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        check(release.returncode == 0, f"release failed:\n{release.stdout}{release.stderr}")
        print(f"release: {time.monotonic() - started:.1f} s")
        self.supervise(env_file)
        wait_until(
            lambda: requests.get(f"{self.url}/healthz/", timeout=2).ok, 60, "gunicorn to answer"
        )

    def supervise(self, env_file: Path) -> None:
        """supervisord with the shipped programs, as installed here: this checkout for
        /srv/kotc/site, logs in the test's folder, the settings in an .env file of its own."""
        programs = SUPERVISOR_CONFIG.read_text(encoding="utf-8")
        programs = programs.replace(INSTALLED_AT, str(ROOT)).replace(
            "/var/log/supervisor", str(self.var)
        )
        programs = programs.replace(f"{ROOT}/.venv/bin/python", sys.executable)
        programs = re.sub(r"(?m)^user=.*\n", "", programs)  # the test runs as whoever runs it
        control = free_port()
        config = self.var / "supervisord.conf"
        config.write_text(
            "[supervisord]\n"
            f"logfile={self.var}/supervisord.log\npidfile={self.var}/supervisord.pid\n"
            f'environment=KOTC_ENV_FILE="{env_file}"\n'
            f"[inet_http_server]\nport=127.0.0.1:{control}\n"
            "[rpcinterface:supervisor]\n"
            "supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface\n"
            + programs
        )
        supervisord = Path(sys.executable).with_name("supervisord")
        check(
            supervisord.exists(),
            "supervisord is not installed (pip install -r requirements-dev.txt)",
        )
        self.spawn("supervisord", [str(supervisord), "--nodaemon", "-c", str(config)])
        self.supervisor = xmlrpc.client.ServerProxy(f"http://127.0.0.1:{control}/RPC2").supervisor
        wait_until(lambda: self.states().get("kotc-web") == "RUNNING", 60, "supervisord")

    def states(self) -> dict[str, str]:
        try:
            return {p["name"]: p["statename"] for p in self.supervisor.getAllProcessInfo()}
        except (OSError, xmlrpc.client.Error):
            return {}

    def pids(self) -> dict[str, int]:
        return {p["name"]: p["pid"] for p in self.supervisor.getAllProcessInfo()}

    def stop(self) -> None:
        # supervisord (started last) stops its programs on TERM, then the services go.
        for process in reversed(self.processes.values()):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=90)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
        for proxy in (self.redis, self.database):
            if proxy is not None:
                proxy.close()
        self.sink.close()

    def logs(self) -> str:
        return "\n".join(
            f"--- {path.name}\n" + "\n".join(path.read_text(errors="replace").splitlines()[-15:])
            for path in sorted(self.var.glob("*.log"))
        )


def csrf_token(session: requests.Session, url: str) -> str:
    page = session.get(url, timeout=10)
    check(page.status_code == 200, f"GET {url}: {page.status_code}")
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
    check(found is not None, f"no CSRF token on {url}")
    assert found is not None
    return found.group(1)


def post_form(
    session: requests.Session, url: str, data: dict[str, str], *, follow: bool = True
) -> requests.Response:
    data = {"csrfmiddlewaretoken": csrf_token(session, url), **data}
    return session.post(
        url, data=data, headers={"Referer": url}, timeout=30, allow_redirects=follow
    )


def minion(name: str, level: int, sp: int, hp: int) -> dict[str, Any]:
    return {
        "name": name,
        "kind": "minion",
        "design_edition": 14,
        "level": level,
        "sp": sp,
        "hp": hp,
        "ability_text": "",
        "flavor_text": "",
    }


def walk(site: Site) -> tuple[requests.Session, int]:
    """What a person does; gives her API session and her deck."""
    url = site.url
    person = requests.Session()
    name = "smoke_designer"
    address = "designer@example.org"

    # Sign up with an email address, in a browser's way: the form, its cookies, its CSRF token.
    answer = post_form(
        person,
        f"{url}/accounts/signup/",
        {"username": name, "email": address, "password1": PASSWORD, "password2": PASSWORD},
        follow=False,
    )
    check(answer.status_code == 302 and "sessionid" in person.cookies, "sign-up did not log in")
    designer = person.get(f"{url}{answer.headers['Location']}", timeout=30)
    check(designer.status_code == 200, f"the designer page: {designer.status_code}")
    me = person.get(f"{url}/api/v1/me/", timeout=10)
    check(me.status_code == 200 and me.json()["username"] == name, f"/api/v1/me/: {me.text}")
    print("signed up:", name)

    token = requests.post(
        f"{url}/api/v1/auth/token/", json={"username": name, "password": PASSWORD}, timeout=10
    ).json()["token"]
    api = requests.Session()
    api.headers["Authorization"] = f"Token {token}"

    # A card with a picture, kept in the bucket and handed out as a signed link.
    answer = api.post(
        f"{url}/api/v1/cards/",
        data=minion("Smoke Wisp", 1, 1, 1),
        files={"image": ("wisp.png", png_bytes(), "image/png")},
        timeout=30,
    )
    check(answer.status_code == 201, f"card with a picture: {answer.status_code} {answer.text}")
    card = answer.json()
    picture = person.get(card["image"], allow_redirects=False, timeout=10)
    check(picture.status_code == 302, f"picture: {picture.status_code}")
    check("X-Amz-Signature" in picture.headers["Location"], "the picture is not a signed link")
    fetched = requests.get(picture.headers["Location"], timeout=10)
    check(fetched.ok and fetched.content == png_bytes(), "the bucket did not give the picture")
    print("card with a picture:", card["id"], "(signed link to the bucket)")

    # A deck of 40 cards.
    others = [minion("Smoke Whelp", 0, 1, 1), minion("Smoke Hound", 1, 2, 2)]
    ids = [card["id"]]
    for definition in others:
        made = api.post(f"{url}/api/v1/cards/", json=definition, timeout=30)
        check(made.status_code == 201, f"card: {made.status_code} {made.text}")
        ids.append(made.json()["id"])
    answer = api.post(
        f"{url}/api/v1/decks/",
        json={
            "name": "Smoke deck",
            "edition": 14,
            "entries": [{"card": ids[0], "count": 12}]
            + [{"card": card_id, "count": 14} for card_id in ids[1:]],
        },
        timeout=30,
    )
    check(answer.status_code == 201, f"deck: {answer.status_code} {answer.text}")
    deck = answer.json()["id"]
    print("deck:", deck)

    # 100,000 games, played by the Celery worker.
    started = time.monotonic()
    answer = api.post(
        f"{url}/api/v1/decks/{deck}/simulations/",
        json={"games": GAMES, "seed": 1, "max_turns": 12, "going": "first", "bury": "default"},
        timeout=30,
    )
    check(answer.status_code == 202, f"goldfish start: {answer.status_code} {answer.text}")
    run = answer.json()["id"]

    def finished() -> dict[str, Any] | None:
        body = api.get(f"{url}/api/v1/simulations/{run}/", timeout=10).json()
        return body if body["status"] in ("succeeded", "failed") else None

    result = wait_until(finished, 300, "the goldfish run")
    check(result["status"] == "succeeded", f"goldfish run: {result}")
    check(result["result"]["games"] == GAMES, f"goldfish games: {result['result']['games']}")
    print(f"goldfish: {GAMES:,} games in {time.monotonic() - started:.2f} s")

    # The PDF: 202 while the worker draws the cards, then the file.
    started = time.monotonic()

    def printed() -> requests.Response | None:
        answer = api.get(f"{url}/api/v1/decks/{deck}/print.pdf", timeout=60)
        check(answer.status_code in (200, 202), f"print: {answer.status_code} {answer.text}")
        return answer if answer.status_code == 200 else None

    pdf = wait_until(printed, 120, "the PDF")
    check(pdf.content.startswith(b"%PDF"), "the print is not a PDF")
    print(f"PDF: {len(pdf.content):,} bytes in {time.monotonic() - started:.2f} s")

    # She forgets her password: the email, its link, a new password, a log-in with it.
    stranger = requests.Session()
    answer = post_form(stranger, f"{url}/accounts/password/reset/", {"email": address})
    check(answer.status_code == 200, f"reset request: {answer.status_code}")
    (message,) = site.sink.wait_for_messages(1, timeout=30)
    check(message["to"] == [address], f"reset email to {message['to']}")
    body = message["data"].replace("=\r\n", "").replace("=\n", "")
    link = re.search(r"http://\S+/accounts/password/reset/\S+/", body)
    check(link is not None, f"no reset link in the email:\n{body}")
    assert link is not None
    form = stranger.get(link.group(0), timeout=10)
    check(form.status_code == 200 and "new_password1" in form.text, "the reset link did not work")
    answer = post_form(
        stranger, form.url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    check(answer.url.endswith("/accounts/password/reset/done/"), f"new password: {answer.url}")
    again = requests.Session()
    answer = post_form(
        again, f"{url}/accounts/login/", {"username": name, "password": NEW_PASSWORD}
    )
    check("sessionid" in again.cookies, "the new password does not log in")
    print("password reset by email: done")

    ready = requests.get(f"{url}/readyz/", timeout=10)
    check(ready.status_code == 200, f"/readyz/: {ready.status_code} {ready.text}")
    checks = ready.json()["checks"]
    check(set(checks) == {"database", "cache", "broker", "storage"}, f"/readyz/: {checks}")
    print("readyz:", checks)
    # Setting a new password signed her out of the API: a new token, with it.
    token = requests.post(
        f"{url}/api/v1/auth/token/", json={"username": name, "password": NEW_PASSWORD}, timeout=10
    ).json()["token"]
    api.headers["Authorization"] = f"Token {token}"
    return api, deck


def start_run(site: Site, api: requests.Session, deck: int, games: int, seed: int) -> str:
    answer = api.post(
        f"{site.url}/api/v1/decks/{deck}/simulations/",
        json={"games": games, "seed": seed, "max_turns": 12, "going": "first", "bury": "default"},
        timeout=30,
    )
    check(answer.status_code == 202, f"goldfish start: {answer.status_code} {answer.text}")
    return str(answer.json()["id"])


def run_state(site: Site, api: requests.Session, run: str) -> dict[str, Any]:
    answer = api.get(f"{site.url}/api/v1/simulations/{run}/", timeout=10)
    check(answer.status_code == 200, f"run {run}: {answer.status_code} {answer.text[:200]}")
    return answer.json()


def playing(site: Site, api: requests.Session, run: str) -> dict[str, Any]:
    """Wait until some of the run is played and some is not."""
    return wait_until(
        lambda: 0 < (body := run_state(site, api, run))["progress"] < 1 and body,
        120,
        "the run to start playing",
    )


def finished(site: Site, api: requests.Session, run: str, timeout: float) -> dict[str, Any]:
    def done() -> dict[str, Any] | None:
        body = run_state(site, api, run)
        return body if body["status"] in ("succeeded", "failed") else None

    result = wait_until(done, timeout, f"run {run} to finish")
    check(result["status"] == "succeeded", f"run {run}: {result}")
    return result


def readiness_under_load(site: Site, api: requests.Session, deck: int) -> float:
    """How long /readyz/ takes at most while a 1,000,000-game run keeps both cores busy."""
    started = time.monotonic()
    run = start_run(site, api, deck, LONG_RUN, seed=7)
    playing(site, api, run)
    timings = []
    while run_state(site, api, run)["status"] not in ("succeeded", "failed"):
        probe = time.monotonic()
        answer = requests.get(f"{site.url}/readyz/", timeout=10)
        timings.append(time.monotonic() - probe)
        check(answer.status_code == 200, f"/readyz/ during a run: {answer.status_code}")
        time.sleep(0.1)
    result = finished(site, api, run, 10)
    check(result["result"]["games"] == LONG_RUN, f"games: {result['result']['games']}")
    slowest = max(timings, default=0.0)
    print(
        f"readyz during a {LONG_RUN:,}-game run ({time.monotonic() - started:.1f} s):"
        f" {len(timings)} probes, slowest {slowest * 1000:.0f} ms"
        f" (goal {READY_WITHIN * 1000:.0f} ms)"
    )
    check(len(timings) >= 3, "the run ended before /readyz/ was asked")
    return slowest


def replayed_exactly(
    site: Site, api: requests.Session, deck: int, faulted: dict[str, dict[str, Any]]
) -> None:
    """Each run played through a fault gives what the same run gives with none: another
    person (a run is one per person, deck and options) plays the same seeds on the deck and
    its cards, made public for it, now that nothing is cut or killed."""
    entries = api.get(f"{site.url}/api/v1/decks/{deck}/", timeout=30).json()["entries"]
    for entry in entries:
        card = entry["card"]["id"] if isinstance(entry["card"], dict) else entry["card"]
        answer = api.patch(
            f"{site.url}/api/v1/cards/{card}/", json={"visibility": "public"}, timeout=30
        )
        check(answer.status_code == 200, f"making a card public: {answer.status_code}")
    answer = api.patch(
        f"{site.url}/api/v1/decks/{deck}/", json={"visibility": "public"}, timeout=30
    )
    check(answer.status_code == 200, f"making the deck public: {answer.status_code} {answer.text}")
    referee = requests.Session()
    made = post_form(
        referee,
        f"{site.url}/accounts/signup/",
        {
            "username": "smoke_referee",
            "email": "referee@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        follow=False,
    )
    check(made.status_code == 302, f"the second sign-up: {made.status_code}")
    token = requests.post(
        f"{site.url}/api/v1/auth/token/",
        json={"username": "smoke_referee", "password": PASSWORD},
        timeout=10,
    ).json()["token"]
    referee.headers["Authorization"] = f"Token {token}"
    for fault, (seed, result) in faulted.items():
        run = start_run(site, referee, deck, LONG_RUN, seed=seed)
        again = finished(site, referee, run, 300)
        check(
            again["result"] == result["result"], f"the run through {fault} differs from one without"
        )
        print(f"the run through {fault} is exact: the same seed without faults gives the same")


def redis_cut_during_a_run(
    site: Site, api: requests.Session, deck: int, seed: int
) -> dict[str, Any]:
    """Redis away for 30 s while a run plays: the API says 503, pages answer, and the run ends
    exact once Redis is back, with no process restarted."""
    assert site.redis is not None
    before = site.pids()
    run = start_run(site, api, deck, LONG_RUN, seed=seed)
    playing(site, api, run)
    site.redis.cut()
    cut_at = time.monotonic()
    seen: dict[str, set[int]] = {"api read": set(), "api start": set(), "page": set()}
    try:
        while time.monotonic() - cut_at < OUTAGE_SECONDS:
            read = api.get(f"{site.url}/api/v1/decks/{deck}/", timeout=30)
            seen["api read"].add(read.status_code)
            start = api.post(
                f"{site.url}/api/v1/decks/{deck}/simulations/",
                json={
                    "games": 1000,
                    "seed": 1,
                    "max_turns": 12,
                    "going": "first",
                    "bury": "default",
                },
                timeout=30,
            )
            seen["api start"].add(start.status_code)
            if start.status_code == 503:
                check("Retry-After" in start.headers, "a 503 without Retry-After")
            page = requests.get(f"{site.url}/cards/", timeout=30)
            seen["page"].add(page.status_code)
            time.sleep(1)
    finally:
        site.redis.restore()
    print(f"Redis cut for {OUTAGE_SECONDS} s: answers seen {seen}")
    check(not any(500 in codes for codes in seen.values()), f"a 500 while Redis was away: {seen}")
    check(seen["api start"] <= {503}, f"starting a run while Redis was away: {seen['api start']}")
    check(seen["api read"] <= {200, 503}, f"API reads while Redis was away: {seen['api read']}")
    check(seen["page"] == {200}, f"pages while Redis was away: {seen['page']}")
    result = finished(site, api, run, 300)
    check(result["result"]["games"] == LONG_RUN, f"games: {result['result']['games']}")
    print(f"the run finished {time.monotonic() - cut_at:.1f} s after the cut")
    check(site.pids() == before, f"a process exited: {before} then {site.pids()}")
    check(set(site.states().values()) == {"RUNNING"}, f"processes: {site.states()}")
    return result


def database_cut(site: Site, api: requests.Session, deck: int) -> None:
    """PostgreSQL away: pages and the API answer 503, then serve again when it is back."""
    assert site.database is not None
    site.database.cut()
    try:
        page = requests.get(f"{site.url}/cards/", timeout=30)
        read = api.get(f"{site.url}/api/v1/decks/{deck}/", timeout=30)
    finally:
        site.database.restore()
    print(f"PostgreSQL cut: page {page.status_code}, API {read.status_code}")
    check(page.status_code == 503 and "Retry-After" in page.headers, f"page: {page.status_code}")
    check("briefly unavailable" in page.text, "the 503 page does not say the site is away")
    check(read.status_code == 503 and "Retry-After" in read.headers, f"API: {read.status_code}")
    wait_until(
        lambda: api.get(f"{site.url}/api/v1/decks/{deck}/", timeout=10).status_code == 200,
        30,
        "the API to serve again after PostgreSQL came back",
    )


def worker_killed_during_a_run(
    site: Site, api: requests.Session, deck: int, seed: int
) -> dict[str, Any]:
    """The worker's main process killed (SIGKILL) mid-run: supervisord starts a new one and the
    run ends exact; web and beat never stop."""
    before = site.pids()
    run = start_run(site, api, deck, LONG_RUN, seed=seed)
    playing(site, api, run)
    killed_at = time.monotonic()
    os.kill(before["kotc-worker"], signal.SIGKILL)
    wait_until(
        lambda: (
            site.pids()["kotc-worker"] not in (0, before["kotc-worker"])
            and site.states()["kotc-worker"] == "RUNNING"
        ),
        60,
        "supervisord to start the worker again",
    )
    print(f"worker killed: started again in {time.monotonic() - killed_at:.1f} s")
    result = finished(site, api, run, 300)
    check(result["result"]["games"] == LONG_RUN, f"games: {result['result']['games']}")
    print(f"the run finished {time.monotonic() - killed_at:.1f} s after the kill")
    after = site.pids()
    check(
        (after["kotc-web"], after["kotc-beat"]) == (before["kotc-web"], before["kotc-beat"]),
        f"web or beat restarted: {before} then {after}",
    )
    return result


def no_worker(site: Site) -> None:
    """With no worker running, /readyz/workers/ fails and /readyz/ does not (a monitor's alert,
    not a web machine taken out); with the worker back, both pass."""
    site.supervisor.stopProcess("kotc:kotc-worker")
    stopped_at = time.monotonic()
    try:
        wait_until(
            lambda: requests.get(f"{site.url}/readyz/workers/", timeout=10).status_code == 503,
            4 * SWEEP_SECONDS + 30,
            "/readyz/workers/ to fail with no worker",
        )
        print(f"no worker: /readyz/workers/ 503 after {time.monotonic() - stopped_at:.1f} s")
        ready = requests.get(f"{site.url}/readyz/", timeout=10)
        check(ready.status_code == 200, f"/readyz/ with no worker: {ready.status_code}")
    finally:
        site.supervisor.startProcess("kotc:kotc-worker")
    wait_until(
        lambda: requests.get(f"{site.url}/readyz/workers/", timeout=10).status_code == 200,
        4 * SWEEP_SECONDS + 30,
        "/readyz/workers/ to pass with the worker back",
    )
    print("worker back: /readyz/workers/ 200")


def faults(site: Site, api: requests.Session, deck: int) -> None:
    slowest_ready = readiness_under_load(site, api, deck)
    faulted = {"a Redis outage": (8, redis_cut_during_a_run(site, api, deck, seed=8))}
    database_cut(site, api, deck)
    faulted["a killed worker"] = (9, worker_killed_during_a_run(site, api, deck, seed=9))
    no_worker(site)
    replayed_exactly(site, api, deck, faulted)
    check(slowest_ready <= READY_WITHIN, f"/readyz/ took {slowest_ready:.2f} s during a run")


def main() -> int:
    var = Path(tempfile.mkdtemp(prefix="kotc-smoke-"))
    site = Site(var)
    try:
        site.start()
        faults(site, *walk(site))
    except (Failed, requests.RequestException, subprocess.SubprocessError, OSError) as error:
        site.stop()
        print(f"SMOKE TEST FAILED: {error}\n{site.logs()}\n(logs and files kept in {var})")
        return 1
    except BaseException:
        site.stop()
        raise
    site.stop()
    shutil.rmtree(var, ignore_errors=True)
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
