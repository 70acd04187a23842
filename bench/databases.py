"""PostgreSQL databases of the benchmarks: made when missing, dropped when asked."""

from __future__ import annotations

from urllib.parse import urlparse, urlunparse


def is_postgresql(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://"))


def _admin(url: str) -> tuple[str, str]:
    """The server's own database to connect to, and the name of the one in `url`."""
    parsed = urlparse(url)
    return urlunparse(parsed._replace(path="/postgres")), parsed.path.lstrip("/")


def create_postgres_database(url: str) -> None:
    """Make the database `url` names, unless the server has it already."""
    import psycopg

    admin, name = _admin(url)
    with psycopg.connect(admin, autocommit=True) as connection:
        found = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [name]
        ).fetchone()
        if not found:
            connection.execute(f'CREATE DATABASE "{name}"')


def drop_postgres_database(url: str) -> None:
    import psycopg

    admin, name = _admin(url)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
