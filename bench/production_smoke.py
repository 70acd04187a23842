"""Production smoke test: the Procfile's processes in the production settings, driven over HTTP.

Run from the project root: ``.venv/bin/python bench/production_smoke.py`` (or ``make smoke``).

It starts what a one-machine site runs, on loopback and plain HTTP (the staging switches of
docs/deploy.md): the `release` step, then gunicorn with 2 workers, a Celery worker and celery
beat, each with the command line the Procfile gives it. Their services: a fresh PostgreSQL
database (``KOTC_SMOKE_DATABASE_URL``, default postgres://postgres@127.0.0.1:5432/kotc_smoke), a
Redis of its own (``redis-server`` on a free port: the queue and the shared cache), moto's S3
server for the pictures and an SMTP sink for the email. Then it does what a person does: signs
up, designs a card with a picture, builds a deck, goldfishes it for 100,000 games, prints the
PDF, forgets her password and sets a new one from the email, and asks /readyz/.

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
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.smtp_sink import SmtpSink, free_port  # noqa: E402

GAMES = 100_000
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


def procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text(encoding="utf-8").splitlines()
    return dict(line.split(":", 1) for line in lines if line.strip() and not line.startswith("#"))


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
    """The processes of the Procfile and the services they use, stopped together."""

    def __init__(self, var: Path) -> None:
        self.var = var
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.sink = SmtpSink()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"

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
        smtp_host, smtp_port = self.sink.address
        return {
            "DJANGO_SETTINGS_MODULE": "kotc_site.settings.production",
            "DJANGO_SECRET_KEY": "smoke-" + "x" * 60,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            # Plain HTTP on loopback: the staging switches of docs/deploy.md.
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DJANGO_SECURE_COOKIES": "false",
            "DJANGO_HSTS_SECONDS": "0",
            "DATABASE_URL": database_url,
            "DATABASE_CONN_MAX_AGE": "60",
            "CELERY_BROKER_URL": f"redis://127.0.0.1:{redis_port}/0",
            "CACHE_URL": f"redis://127.0.0.1:{redis_port}/1",
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
        }

    def start(self) -> None:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DJANGO_", "KOTC_", "CELERY_", "DATABASE_", "CACHE_"))
        }
        env.update(self.services())
        # The Procfile's commands name `python`, `gunicorn` and `celery`: the virtualenv's.
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        commands = procfile()
        check(set(commands) == {"release", "web", "worker", "beat"}, f"Procfile: {set(commands)}")
        started = time.monotonic()
        release = subprocess.run(
            ["sh", "-c", commands["release"]],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        check(release.returncode == 0, f"release failed:\n{release.stdout}{release.stderr}")
        print(f"release: {time.monotonic() - started:.1f} s")
        for name in ("web", "worker", "beat"):
            # exec: the process started is the Procfile's own command, stopped by its group.
            self.spawn(name, ["sh", "-c", "exec " + commands[name].strip()], env=env)
        wait_until(
            lambda: requests.get(f"{self.url}/healthz/", timeout=2).ok, 60, "gunicorn to answer"
        )

    def stop(self) -> None:
        for process in reversed(self.processes.values()):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
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


def walk(site: Site) -> None:
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


def main() -> int:
    var = Path(tempfile.mkdtemp(prefix="kotc-smoke-"))
    site = Site(var)
    try:
        site.start()
        walk(site)
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
