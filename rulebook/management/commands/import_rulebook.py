"""``manage.py import_rulebook PATH [PATH ...]``: load rulebook edition files.

Each file is one edition in the format of ``rulebook/content/editions/*.json`` (see
:mod:`rulebook.content_format`). A file already loaded unchanged is left alone, so running
the command twice with the same file changes nothing. The files of rulebook/content/editions/
need no command: ``migrate`` loads them.
"""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulebook.content_format import ContentError
from rulebook.services import edition_import


class Command(BaseCommand):
    help = "Import rulebook edition files (JSON in the rulebook content format)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, metavar="PATH")

    def handle(self, *args: Any, **options: Any) -> None:
        for path in options["paths"]:
            try:
                result = edition_import(path=path)
            except ContentError as exc:
                raise CommandError(f"{path}: {exc}") from exc
            message = (
                f"Edition {result.number}: {result.status} "
                f"({result.sections} sections, {result.terms} glossary entries) from {path}"
            )
            style = self.style.SUCCESS if result.changed else self.style.NOTICE
            self.stdout.write(style(message))
