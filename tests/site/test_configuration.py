"""One table documents every environment variable the site reads (docs/deploy.md,
"Configuration"): a variable read by the code and missing from it fails here, and so does a row
for a variable the code no longer reads."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "deploy.md"
# The code of the site: its apps, manage.py, and the Procfile's commands.
SOURCES = ["kotc_site", "accounts", "cards", "decks", "simulations", "rulebook", "building"]
READ = re.compile(
    r"(?:os\.environ\.get|os\.getenv|os\.environ\.setdefault|env_bool|env_int|env_list|env_float"
    r"|throttle_rate)\(\s*\"([A-Z][A-Z0-9_]*)\"|os\.environ\[\"([A-Z][A-Z0-9_]*)\"\]"
)
SHELL = re.compile(r"\$\{?([A-Z][A-Z0-9_]*)")
# Read by the code, but set by something else for it, never by an operator.
NOT_SETTINGS = {"RUN_MAIN": "Django's autoreloader marks its child process with it (serve)"}


def variables_read() -> dict[str, str]:
    found: dict[str, str] = {}
    files = [ROOT / "manage.py"]
    for folder in SOURCES:
        files += (ROOT / folder).rglob("*.py")
    for path in files:
        for match in READ.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(match.group(1) or match.group(2), str(path.relative_to(ROOT)))
    for match in SHELL.finditer((ROOT / "Procfile").read_text(encoding="utf-8")):
        found.setdefault(match.group(1), "Procfile")
    return found


def variables_documented() -> set[str]:
    text = DOCS.read_text(encoding="utf-8")
    table = text.split("\n## Configuration\n", 1)[1]
    names: set[str] = set()
    for line in table.splitlines():
        if line.startswith("| `"):
            first_column = line.split("|")[1]
            names |= set(re.findall(r"`([A-Z][A-Z0-9_]*)`", first_column))
    return names


def test_the_scan_finds_what_the_settings_read():
    read = variables_read()
    # If these were not found, the scan itself would be broken and the test below vacuous.
    assert {"DATABASE_URL", "DJANGO_AWS_S3_ENDPOINT_URL", "KOTC_THROTTLE_USER"} <= set(read)
    assert read["WEB_CONCURRENCY"] == "kotc_site/gunicorn_conf.py"
    assert read["KOTC_WORKER_CONCURRENCY"] == "Procfile"


def test_every_variable_read_is_in_the_table():
    read = variables_read()
    missing = sorted(
        f"{name} (read in {where})"
        for name, where in read.items()
        if name not in variables_documented() and name not in NOT_SETTINGS
    )
    assert not missing, f"add these to the Configuration table of docs/deploy.md: {missing}"


def test_the_table_lists_nothing_the_code_no_longer_reads():
    stale = sorted(variables_documented() - set(variables_read()))
    assert not stale, f"nothing reads these any more: {stale}"


def test_the_readme_links_to_the_one_table():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/deploy.md#configuration" in readme
    assert "| `DATABASE_URL` |" not in readme  # one table, in one place
