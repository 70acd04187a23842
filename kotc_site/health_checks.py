"""The services /readyz/ asks, each with a timeout of its own that is short next to a load
balancer's (TIMEOUT_SECONDS), as django-health-check's checks with the clients set for it.

The site's own clients keep their longer timeouts: a page may wait two seconds for Redis, a
probe may not. So each check makes its client, or a copy of the site's, with short ones, and
none of it touches the connections requests use.
"""

from __future__ import annotations

import dataclasses
import inspect
import logging
import re
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.core.files.base import ContentFile
from django.core.files.storage import Storage as DjangoStorage
from django.core.files.storage import storages
from django.core.signals import setting_changed
from django.db import Error as DatabaseError
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.utils import load_backend
from health_check import checks
from health_check.base import HealthCheck
from health_check.contrib.redis import Redis
from health_check.exceptions import HealthCheckException, ServiceUnavailable
from redis.asyncio import Redis as RedisClient

# The longest a probe waits for a service, and the timeout each client is given: well under a
# load balancer's usual 2 s, and well over what a service that is up takes, even under load.
TIMEOUT_SECONDS = 0.4
# The first time a process asks a service it makes its client (boto3 takes a few tenths of a
# second of CPU to make one for S3, more on a busy machine): that once, a probe waits longer,
# still under a load balancer's 2 s.
FIRST_TIMEOUT_SECONDS = 1.5
# libpq, and psycopg after it, take no shorter connect timeout (1 is read as 2). The probe
# still answers at TIMEOUT_SECONDS; this only bounds how long its thread waits.
POSTGRES_CONNECT_TIMEOUT = 2

# The library's logger, which the logging settings quieten: a failure is in the answer already.
logger = logging.getLogger("health_check")


def outcome(check: HealthCheck) -> str | None:
    """Run a check in this thread: None when the service answered, else what is wrong, as
    django-health-check words it ("Unavailable: …")."""
    try:
        if inspect.iscoroutinefunction(check.run):
            # An event loop of its own; what the check hands to a thread comes back to this one.
            async_to_sync(check.run)()
        else:
            check.run()
    except HealthCheckException as error:
        logger.warning("Health check %r failed", check, exc_info=True)
        return str(error)
    except Exception:
        logger.exception("Unexpected exception during health check")
        return str(HealthCheckException("unknown error"))
    return None


def quick_connection(alias: str) -> BaseDatabaseWrapper:
    """A connection of the check's own to the database `alias`, with short timeouts: the
    connections requests use keep theirs, and no setting of the check's reaches them."""
    try:
        configured = connections.settings[alias]
    except KeyError as error:
        raise ServiceUnavailable("Database alias does not exist") from error
    options = dict(configured.get("OPTIONS", {}))
    # A pool would be the requests' pool (Django keeps one an alias): the check's is a plain one.
    options.pop("pool", None)
    engine = configured["ENGINE"]
    if engine == "django.db.backends.postgresql":
        options["connect_timeout"] = POSTGRES_CONNECT_TIMEOUT
    elif engine == "django.db.backends.sqlite3":
        # How long to wait for a lock; `SELECT 1` takes none, but opening runs the PRAGMAs.
        options["timeout"] = TIMEOUT_SECONDS
    backend = load_backend(engine)
    return backend.DatabaseWrapper({**configured, "OPTIONS": options}, alias)


@dataclasses.dataclass
class Database(checks.Database):
    """`SELECT 1`, on a connection of its own that it closes; on PostgreSQL with a statement
    timeout local to the check's transaction, so that even behind PgBouncer (which hands one
    server connection to many clients) it ends with the check."""

    def run(self) -> None:
        connection = quick_connection(self.alias)
        try:
            if connection.vendor == "postgresql":
                connection.set_autocommit(False)
            with connection.cursor() as cursor:
                if connection.vendor == "postgresql":
                    milliseconds = round(TIMEOUT_SECONDS * 1000)
                    cursor.execute(
                        "SELECT set_config('statement_timeout', %s, true)", [f"{milliseconds}ms"]
                    )
                cursor.execute("SELECT 1")
                row = cursor.fetchone()
        except DatabaseError as error:
            # As the library words it: the message up to its first colon, no address or query.
            raise ServiceUnavailable(str(error).rsplit(":")[0]) from error
        finally:
            connection.close()
        if row != (1,):
            raise ServiceUnavailable("Health Check query did not return the expected result.")


def redis_address(alias: str) -> str | None:
    """The address of the Redis a cache writes to (the first of its LOCATION), or None when
    the cache is not Redis."""
    if not isinstance(caches[alias], RedisCache):
        return None
    location = settings.CACHES[alias]["LOCATION"]
    servers = re.split("[;,]", location) if isinstance(location, str) else list(location)
    return str(servers[0])


@dataclasses.dataclass
class SharedCache(checks.Cache):
    """The cache takes a value and gives it back; in production Redis itself must answer, since
    the site's cache carries on in memory while it is away (kotc_site.cache)."""

    async def run(self) -> None:
        address = redis_address(self.alias)
        if address is not None:
            quick = partial(
                RedisClient.from_url,
                address,
                socket_connect_timeout=TIMEOUT_SECONDS,
                socket_timeout=TIMEOUT_SECONDS,
            )
            await Redis(client_factory=quick).run()
        await super().run()


@dataclasses.dataclass
class Broker(HealthCheck):
    """The broker takes connections (the queue the web processes send goldfish chunks to)."""

    def run(self) -> None:
        from kotc_site.celery import app

        quick = {"socket_connect_timeout": TIMEOUT_SECONDS, "socket_timeout": TIMEOUT_SECONDS}
        try:
            with app.connection_for_write(transport_options=quick) as connection:
                # Once: a retry would come after seconds, long after the probe has answered.
                connection.ensure_connection(max_retries=0, timeout=TIMEOUT_SECONDS)
                # A paused broker takes the connection and answers nothing: ask it something.
                connection.default_channel.client.ping()  # type: ignore[attr-defined]
        except AttributeError:
            pass  # a transport without a client to ping: the connection was the check
        except Exception as error:
            raise ServiceUnavailable(f"{type(error).__name__}: {error}") from error


# Storages made for the check, an alias each, until the settings change.
_quick_storages: dict[str, DjangoStorage] = {}


def quick_storage(alias: str) -> DjangoStorage:
    """The storage `alias` as the settings make it, but for a bucket with short timeouts and
    one retry, so a slow S3 is an error in a fraction of a second rather than after botocore's
    retries. Kept for the process: its S3 client (made once a thread) is costly to make."""
    storage = _quick_storages.get(alias)
    if storage is None:
        storage = storages.create_storage(storages.backends[alias])
        client_config: Any = getattr(storage, "client_config", None)
        if client_config is not None:
            from botocore.config import Config

            storage.client_config = client_config.merge(
                Config(
                    connect_timeout=TIMEOUT_SECONDS,
                    read_timeout=TIMEOUT_SECONDS,
                    retries={"total_max_attempts": 2},
                )
            )
        _quick_storages[alias] = storage
    return storage


def prepare_storage(alias: str = "default") -> None:
    """Make the storage and, for a bucket, its S3 client for this thread (no request is sent)."""
    try:
        getattr(quick_storage(alias), "connection", None)
    except Exception:
        logger.warning("Could not make the client of storage %r", alias, exc_info=True)


def forget_storages(**kwargs: Any) -> None:
    _quick_storages.clear()


setting_changed.connect(forget_storages, dispatch_uid="kotc_site.health_checks.forget_storages")


@dataclasses.dataclass
class Storage(checks.Storage):
    """A file written, read back and deleted (in production in an S3 bucket, which is why its
    success is remembered for a while: kotc_site.health_memo)."""

    @property
    def storage(self) -> DjangoStorage:
        if self.alias not in storages.backends:
            raise ServiceUnavailable("Storage alias does not exist")
        return quick_storage(self.alias)

    def run(self) -> None:
        # Three requests to S3 where the library makes six: the file read back exists, and a
        # delete S3 acknowledged is done (its reads follow its writes). An error is named by
        # its kind alone, which says what is wrong (NoSuchBucket, PermissionError) and no secret.
        content = self.get_file_content()
        try:
            name = self.storage.save(self.get_file_name(), ContentFile(content))
            try:
                with self.storage.open(name) as written:
                    if written.read() != content:
                        raise ServiceUnavailable("File content does not match")
            finally:
                self.storage.delete(name)
        except HealthCheckException:
            raise
        except Exception as error:
            raise ServiceUnavailable(type(error).__name__) from error
