"""Kombu's Redis transport, publishing through one Redis client per channel.

The stock channel builds a new ``redis.Redis`` client (and its table of response callbacks) for every
message it publishes; on the move path that was about a millisecond of the web process's CPU per move
(measured with ``bench/service.py``). The client kept here shares the channel's connection pool, as the
stock one does; only its construction is saved. Selected by ``broker_transport`` in ``service.config``.
"""

from __future__ import annotations

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _publish_client = None

    def _create_client(self, asynchronous: bool = False):
        if asynchronous:
            return super()._create_client(asynchronous=True)
        if self._publish_client is None or self._publish_client.connection_pool is not self.pool:
            self._publish_client = super()._create_client()
        return self._publish_client


class Transport(kombu_redis.Transport):
    Channel = Channel
