"""Start one of the Procfile's processes with the site's `.env`, for a supervisor that reads
neither: ``python -m kotc_site.process worker``.

supervisord (docs/deploy.md, deploy/supervisor/kotc.conf) starts each process on its own and
restarts it alone when it ends, where honcho stops every process when one of them does. The
command is the Procfile's, so the Procfile stays the one list of the site's processes; the
`.env` file is read as honcho and systemd read it (``KEY=value`` lines, ``#`` comments, quotes
taken off), never by a shell, so a secret holding ``$`` or ``;`` arrives as written. The process
then replaces this one (exec), so the supervisor's signals reach it directly.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def procfile(path: Path = ROOT / "Procfile") -> dict[str, str]:
    """The Procfile's processes by name.

    >>> sorted(procfile())
    ['beat', 'release', 'web', 'worker']
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    entries = (line.split(":", 1) for line in lines if line.strip() and not line.startswith("#"))
    return {name.strip(): command.strip() for name, command in entries}


def read_env(text: str) -> dict[str, str]:
    """The variables of an `.env` file.

    >>> read_env('A=1\\n# a comment\\nexport B="two words"\\nC=\\'$no;shell\\'\\n\\nD = x ')
    {'A': '1', 'B': 'two words', 'C': '$no;shell', 'D': 'x'}
    """
    found: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        key = key.removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        found[key] = value
    return found


def environment(folder: Path) -> dict[str, str]:
    """This process's environment with the `.env` of `folder` (or the file `KOTC_ENV_FILE`
    names) over it, and the virtualenv of this Python first on the PATH (the Procfile names
    `gunicorn` and `celery`)."""
    env = dict(os.environ)
    dotenv = Path(env.get("KOTC_ENV_FILE") or folder / ".env")
    if dotenv.exists():
        env.update(read_env(dotenv.read_text(encoding="utf-8")))
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def main(argv: list[str]) -> int:
    processes = procfile()
    if len(argv) != 1 or argv[0] not in processes:
        print(f"usage: python -m kotc_site.process {{{','.join(processes)}}}", file=sys.stderr)
        return 2
    # The Procfile's commands are shell lines (a default such as ${KOTC_WORKER_CONCURRENCY:-2});
    # exec makes the process started the supervisor's own child, not the shell's.
    os.chdir(ROOT)
    os.execvpe("sh", ["sh", "-c", "exec " + processes[argv[0]]], environment(ROOT))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
