"""The room socket: its endpoint, each connection, the room's feed, the wire protocol."""
