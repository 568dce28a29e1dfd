"""A Redis cache that treats an unreachable Redis as a cache miss, never as a failed page.

Django's Redis backend raises on connection errors, so a Redis restart would turn the
public pages and the captains' result entry into 500s although the database can answer
everything. Here a cache that is away reads as empty and writes are dropped (logged).
(The rate limits count in the database, not here: tournaments/ratelimit.py.) See
docs/faults.md.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)
DOWN = (RedisConnectionError, RedisTimeoutError, OSError)


class TolerantRedisCache(RedisCache):
    def _safe(self, default: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return getattr(super(), name)(*args, **kwargs)
        except DOWN as exc:
            log.warning("cache %s failed: %s", name, exc)
            return default

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._safe(default, "get", key, default, version)

    def set(self, *args: Any, **kwargs: Any) -> Any:
        return self._safe(None, "set", *args, **kwargs)

    def add(self, *args: Any, **kwargs: Any) -> Any:
        return self._safe(False, "add", *args, **kwargs)

    def touch(self, *args: Any, **kwargs: Any) -> Any:
        return self._safe(False, "touch", *args, **kwargs)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> Any:
        return self._safe(delta, "incr", key, delta, version)

    def decr(self, key: Any, delta: int = 1, version: Any = None) -> Any:
        return self._safe(-delta, "decr", key, delta, version)

    def has_key(self, *args: Any, **kwargs: Any) -> Any:
        return self._safe(False, "has_key", *args, **kwargs)

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._safe({}, "get_many", keys, version)

    def set_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._safe([], "set_many", *args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        return self._safe(False, "delete", *args, **kwargs)

    def delete_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._safe(None, "delete_many", *args, **kwargs)

    def clear(self) -> Any:
        return self._safe(False, "clear")
