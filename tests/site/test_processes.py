"""The site's processes as the supervisors of docs/deploy.md start them: the systemd units and
the supervisord programs run the Procfile's commands, each restarted on its own, and the units
pass `systemd-analyze verify`. (The production smoke test, bench/production_smoke.py, runs the
supervisord programs for real, kills the worker and sees it restarted.)"""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kotc_site.process import environment, procfile, read_env
from tests.conftest import missing_service

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"
SUPERVISOR = ROOT / "deploy" / "supervisor" / "kotc.conf"
SITE = "/srv/kotc/site"
LONG_RUNNING = {"web", "worker", "beat"}  # release runs once a deploy, by hand


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(UNITS / f"kotc-{name}.service")
    return parser


def test_each_unit_runs_the_procfile_command_of_its_name_and_restarts_alone():
    commands = procfile()
    assert set(commands) == LONG_RUNNING | {"release"}
    for name in LONG_RUNNING:
        service = unit(name)["Service"]
        expected = commands[name].replace(
            "${KOTC_WORKER_CONCURRENCY:-2}", "${KOTC_WORKER_CONCURRENCY}"
        )
        assert service["ExecStart"] == f"{SITE}/.venv/bin/{expected}"
        assert service["Restart"] == "always"
        assert service["EnvironmentFile"] == f"{SITE}/.env"
    assert unit("worker")["Service"]["Environment"] == "KOTC_WORKER_CONCURRENCY=2"
    assert not any(
        "release" in unit(name)["Service"].get("ExecStartPre", "") for name in LONG_RUNNING
    )


def test_the_units_pass_systemd_analyze_verify(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        missing_service("systemd-analyze is not installed (Debian's systemd package)")
    # As installed, with this checkout in place of /srv/kotc/site (verify checks that each
    # command exists and can be run).
    (tmp_path / ".env").write_text("")
    for path in UNITS.glob("*.service"):
        text = path.read_text().replace(f"{SITE}/.env", str(tmp_path / ".env"))
        (tmp_path / path.name).write_text(text.replace(SITE, str(ROOT)))
    units = sorted(str(path) for path in tmp_path.glob("*.service"))
    assert len(units) == 3
    checked = subprocess.run([analyze, "verify", *units], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert "kotc" not in checked.stderr, checked.stderr  # no warning about our units either


def test_each_supervisord_program_starts_its_procfile_process_and_restarts_alone():
    config = configparser.ConfigParser(interpolation=None)
    config.read(SUPERVISOR)
    programs = {
        s.removeprefix("program:"): config[s] for s in config.sections() if s.startswith("program:")
    }
    assert set(programs) == {f"kotc-{name}" for name in LONG_RUNNING}
    assert config["group:kotc"]["programs"].split(",") == sorted(
        programs, key=["kotc-web", "kotc-worker", "kotc-beat"].index
    )
    for name in LONG_RUNNING:
        program = programs[f"kotc-{name}"]
        assert program["command"] == f"{SITE}/.venv/bin/python -m kotc_site.process {name}"
        assert program["directory"] == SITE
        assert program["autorestart"] == "true"
        assert program["stopasgroup"] == program["killasgroup"] == "true"


def test_the_env_file_is_read_as_written_never_by_a_shell():
    text = (
        "# the site's settings\n"
        'DJANGO_DEFAULT_FROM_EMAIL="Keeper of the Cards <kotc@example.org>"\n'
        "EMAIL_URL=smtp://kotc%40example.org:pa$$;word`x`@mail.example.org:587\n"
        "export WEB_CONCURRENCY=3\n"
        "KOTC_CSP='report-only'\n"
        "not a setting\n"
    )
    assert read_env(text) == {
        "DJANGO_DEFAULT_FROM_EMAIL": "Keeper of the Cards <kotc@example.org>",
        "EMAIL_URL": "smtp://kotc%40example.org:pa$$;word`x`@mail.example.org:587",
        "WEB_CONCURRENCY": "3",
        "KOTC_CSP": "report-only",
    }


def test_a_process_gets_the_env_file_over_its_environment_and_the_virtualenv_first(
    tmp_path, monkeypatch
):
    (tmp_path / ".env").write_text("KOTC_WORKER_CONCURRENCY=5\n")
    monkeypatch.setenv("KOTC_WORKER_CONCURRENCY", "1")
    monkeypatch.delenv("KOTC_ENV_FILE", raising=False)
    env = environment(tmp_path)
    assert env["KOTC_WORKER_CONCURRENCY"] == "5"
    (tmp_path / "elsewhere.env").write_text("KOTC_WORKER_CONCURRENCY=7\n")
    monkeypatch.setenv("KOTC_ENV_FILE", str(tmp_path / "elsewhere.env"))
    assert environment(tmp_path)["KOTC_WORKER_CONCURRENCY"] == "7"
    assert env["PATH"].split(":")[0] == str(Path(sys.executable).parent)


def test_the_process_runs_the_procfile_command_with_its_shell_defaults(tmp_path):
    """The worker's line holds a shell default; the value of a variable reaches the process as
    it was given, never read by the shell."""
    fake = tmp_path / "Procfile"
    fake.write_text("worker: echo concurrency=${KOTC_WORKER_CONCURRENCY:-2} secret=$SECRET\n")
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "import kotc_site.process as process\n"
        "real = process.procfile\n"
        f"process.procfile = lambda: real(Path({str(fake)!r}))\n"
        "sys.exit(process.main(sys.argv[1:]))\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script, "worker"],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "SECRET": "a$b;c"},
        capture_output=True,
        text=True,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == "concurrency=2 secret=a$b;c"


@pytest.mark.parametrize("argv", [[], ["nothing"], ["web", "worker"]])
def test_a_wrong_name_is_told_the_names(argv):
    answer = subprocess.run(
        [sys.executable, "-m", "kotc_site.process", *argv], cwd=ROOT, capture_output=True, text=True
    )
    assert answer.returncode == 2
    assert "usage: python -m kotc_site.process {release,web,worker,beat}" in answer.stderr
