"""The in-memory broker: one process, no set-up. The default."""

from __future__ import annotations

from app.realtime.broker import LocalFanout, Message


class MemoryBroker(LocalFanout):
    async def connect(self) -> None:
        pass

    async def disconnect(self) -> None:
        self.close_all()

    async def publish(self, channel: str, message: Message) -> None:
        self.deliver(channel, message)
