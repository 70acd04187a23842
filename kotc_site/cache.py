"""The cache in production: Redis, or this process's memory while Redis is away.

What the cache holds can be lost (the API throttles' counts, the designer's preview pictures
between two requests, remembered renders), so a request that meets a Redis outage carries on
with a cache of its process's own instead of failing: the throttles count per process for that
while, a preview may be drawn again. After a failure Redis is left alone for PAUSE_SECONDS, so
requests do not each wait for its timeout; the outage is logged once a minute
(kotc_site.outages). /readyz/ asks Redis itself (kotc_site.health_checks.SharedCache).
"""

from __future__ import annotations

import time
from typing import Any

import redis.exceptions
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache

from kotc_site.outages import note_outage

REDIS_AWAY = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
PAUSE_SECONDS = 5.0


class SteadyRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._local = LocMemCache(f"kotc-steady-{id(self)}", dict(params))
        self._away_until = 0.0

    def _either(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if time.monotonic() >= self._away_until:
            try:
                return getattr(super(), name)(*args, **kwargs)
            except REDIS_AWAY as error:
                self._away_until = time.monotonic() + PAUSE_SECONDS
                note_outage(error, where="the cache is kept in memory meanwhile")
        return getattr(self._local, name)(*args, **kwargs)

    def add(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("add", *args, **kwargs)

    def get(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("get", *args, **kwargs)

    def set(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("set", *args, **kwargs)

    def touch(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("touch", *args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("delete", *args, **kwargs)

    def get_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("get_many", *args, **kwargs)

    def has_key(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("has_key", *args, **kwargs)

    def incr(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("incr", *args, **kwargs)

    def set_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("set_many", *args, **kwargs)

    def delete_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._either("delete_many", *args, **kwargs)

    def clear(self) -> Any:
        return self._either("clear")
