"""The production settings pass Django's deployment checklist when their environment is set;
the servers (wsgi, asgi, celery) start in them, manage.py in the development ones."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Each test starts Python processes of its own, seconds each: in `make test`, not `make check`.
pytestmark = pytest.mark.slow


def clean_environment() -> dict[str, str]:
    """This process's environment less what the test harness itself set."""
    harness = {"DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SECRET_KEY", "DJANGO_SETTINGS_MODULE"}
    return {k: v for k, v in os.environ.items() if k not in harness}


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean_environment(), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


SECRET = "t9#Vq2!mZ8@pL4$wR7^kB1&nY6*cH3(xJ5)sD0-fG" * 2
# What production needs, and nothing more: the rest keeps its defaults.
PRODUCTION = {
    "DJANGO_SECRET_KEY": SECRET,
    "DJANGO_ALLOWED_HOSTS": "kotc.example",
    "CACHE_URL": "redis://127.0.0.1:6379/1",
    "EMAIL_URL": "smtp://mail.kotc.example:587",
}


def run_python(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**clean_environment(), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


# Reads the production settings once for each environment given, in one Python process: the
# settings module is imported afresh each time (it reads its environment when imported), and a
# setting it does not set is Django's default, as django.conf.settings would give it.
READ_SETTINGS = """
import importlib, json, os, sys, types
from django.conf import global_settings
start = dict(os.environ)
shown = []
for expression, env in json.loads(sys.stdin.read()):
    os.environ.clear()
    os.environ.update({**start, **env})
    for name in [m for m in sys.modules if m.startswith("kotc_site.settings")]:
        del sys.modules[name]
    module = importlib.import_module("kotc_site.settings.production")
    names = {k: v for k, v in vars(global_settings).items() if k.isupper()}
    settings = types.SimpleNamespace(**{**names, **vars(module)})
    values = eval(f"({expression},)", {"settings": settings})
    shown.append(" ".join(str(value) for value in values))
print(json.dumps(shown))
"""


def production_values(tmp_path, *cases: tuple[str, dict[str, str]]) -> list[str]:
    """Each (expression, environment)'s value in the production settings, with PRODUCTION and
    that environment, as `print(expression)` would show it."""
    import json

    shown = subprocess.run(
        [sys.executable, "-c", READ_SETTINGS],
        cwd=ROOT,
        env={
            **clean_environment(),
            "DJANGO_SETTINGS_MODULE": "kotc_site.settings.production",
            "KOTC_VAR_DIR": str(tmp_path),
        },
        input=json.dumps([(expression, {**PRODUCTION, **env}) for expression, env in cases]),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout.strip().splitlines()[-1])


def production_value(expression: str, tmp_path, **env: str) -> str:
    return production_values(tmp_path, (expression, env))[0]


def assert_check_deploy_is_clean(tmp_path: Path, **env: str) -> None:
    """`check --deploy` in production mode, with PRODUCTION and `env`, warns of nothing."""
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="kotc_site.settings.production",
        KOTC_VAR_DIR=str(tmp_path),
        **{**PRODUCTION, **env},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_is_clean_in_production_mode(tmp_path):
    assert_check_deploy_is_clean(tmp_path)


def test_check_deploy_warns_when_password_resets_cannot_be_emailed(tmp_path):
    env = {key: value for key, value in PRODUCTION.items() if key != "EMAIL_URL"}
    result = run_manage(
        "check",
        "--deploy",
        DJANGO_SETTINGS_MODULE="kotc_site.settings.production",
        KOTC_VAR_DIR=str(tmp_path),
        **env,
    )
    assert "kotc.W001" in result.stderr + result.stdout
    assert "EMAIL_URL" in result.stderr + result.stdout


@pytest.mark.parametrize(
    "server",
    [
        "import kotc_site.wsgi",
        "import kotc_site.asgi",
        "from kotc_site.celery import app; app.conf.broker_url",
    ],
)
def test_servers_start_in_production_settings(server, tmp_path):
    refused = run_python(server, KOTC_VAR_DIR=str(tmp_path))
    assert refused.returncode != 0
    assert "DJANGO_SECRET_KEY" in refused.stderr  # production's refusal, not DEBUG on
    started = run_python(
        f"{server}; from django.conf import settings;"
        " print(settings.SETTINGS_MODULE, settings.DEBUG)",
        KOTC_VAR_DIR=str(tmp_path),
        **PRODUCTION,
    )
    assert started.returncode == 0, started.stderr
    assert started.stdout.split()[-2:] == ["kotc_site.settings.production", "False"]


def test_manage_py_stays_on_the_development_settings(tmp_path):
    shown = run_manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.SETTINGS_MODULE, settings.DEBUG)",
        KOTC_VAR_DIR=str(tmp_path),
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split()[-2:] == ["kotc_site.settings.base", "True"]


def test_production_refuses_to_start_without_a_shared_cache(tmp_path):
    env = {key: value for key, value in PRODUCTION.items() if key != "CACHE_URL"}
    result = run_manage(
        "check",
        DJANGO_SETTINGS_MODULE="kotc_site.settings.production",
        KOTC_VAR_DIR=str(tmp_path),
        **env,
    )
    assert result.returncode != 0
    assert "CACHE_URL" in result.stderr


def test_cookies_are_secure_unless_a_plain_http_staging_site_says_otherwise(tmp_path):
    cookies = "settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE"
    staging = {
        "DJANGO_SECURE_COOKIES": "false",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_HSTS_SECONDS": "0",
    }
    assert production_values(
        tmp_path,
        (cookies, {}),
        (cookies + ", settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS", staging),
    ) == ["True True", "False False False 0"]


def test_the_proxy_https_header_is_trusted_only_when_named(tmp_path):
    header = "settings.SECURE_PROXY_SSL_HEADER"
    named = {"DJANGO_SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto"}
    assert production_values(tmp_path, (header, {}), (header, named)) == [
        "None",
        "('HTTP_X_FORWARDED_PROTO', 'https')",
    ]


def test_a_bucket_name_moves_the_pictures_to_s3(tmp_path):
    storage = "settings.STORAGES['default']['BACKEND']"
    bucket = {"DJANGO_AWS_STORAGE_BUCKET_NAME": "kotc-media"}
    on_disk, in_bucket = production_values(tmp_path, (storage, {}), (storage, bucket))
    assert on_disk.endswith("FileSystemStorage")
    assert in_bucket == "storages.backends.s3.S3Storage"


def test_production_mode_refuses_to_start_without_a_secret_key(tmp_path):
    result = run_manage(
        "check", DJANGO_SETTINGS_MODULE="kotc_site.settings.production", KOTC_VAR_DIR=str(tmp_path)
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


HSTS = (
    "settings.SECURE_HSTS_SECONDS, settings.SECURE_HSTS_INCLUDE_SUBDOMAINS,"
    " settings.SECURE_HSTS_PRELOAD"
)


def test_hsts_starts_short_without_subdomains_or_preload(tmp_path):
    assert production_value(HSTS, tmp_path) == "3600 False False"


def test_hsts_is_raised_step_by_step_and_check_deploy_stays_clean(tmp_path):
    """The ramp of docs/deploy.md: a day, a week, a year, then subdomains and preload, each
    by its own variable; `check --deploy` has nothing to say at any step."""
    steps = [
        {"DJANGO_HSTS_SECONDS": "86400"},
        {"DJANGO_HSTS_SECONDS": "604800"},
        {"DJANGO_HSTS_SECONDS": "31536000", "DJANGO_HSTS_INCLUDE_SUBDOMAINS": "true"},
        {
            "DJANGO_HSTS_SECONDS": "31536000",
            "DJANGO_HSTS_INCLUDE_SUBDOMAINS": "true",
            "DJANGO_HSTS_PRELOAD": "true",
        },
    ]
    shown = production_values(tmp_path, *((HSTS, step) for step in steps))
    assert shown == [
        "86400 False False",
        "604800 False False",
        "31536000 True False",
        "31536000 True True",
    ]
    assert_check_deploy_is_clean(tmp_path, **steps[-1])


def test_check_deploy_still_warns_when_hsts_is_off(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        DJANGO_SETTINGS_MODULE="kotc_site.settings.production",
        KOTC_VAR_DIR=str(tmp_path),
        DJANGO_HSTS_SECONDS="0",
        **PRODUCTION,
    )
    assert "security.W004" in result.stderr + result.stdout


def test_production_asks_staff_for_a_code_and_development_does_not(tmp_path):
    assert production_values(
        tmp_path,
        ("settings.KOTC_ADMIN_2FA, settings.KOTC_CSP", {}),
        ("settings.KOTC_ADMIN_2FA", {"KOTC_ADMIN_2FA": "false"}),
    ) == ["True report-only", "False"]
    shown = run_manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.KOTC_ADMIN_2FA, settings.KOTC_CSP)",
        KOTC_VAR_DIR=str(tmp_path),
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split()[-2:] == ["False", "report-only"]
