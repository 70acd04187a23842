"""The production settings pass Django's deployment checklist when their environment is set."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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


def test_check_deploy_is_clean_in_production_mode(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="kotc_site.settings.production",
        DJANGO_SECRET_KEY="t9#Vq2!mZ8@pL4$wR7^kB1&nY6*cH3(xJ5)sD0-fG" * 2,
        DJANGO_ALLOWED_HOSTS="kotc.example",
        KOTC_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_mode_refuses_to_start_without_a_secret_key(tmp_path):
    result = run_manage(
        "check", DJANGO_SETTINGS_MODULE="kotc_site.settings.production", KOTC_VAR_DIR=str(tmp_path)
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr
