"""The graph contract: the model (frozen dataclasses, enums), the server's JSONL format, and the one error type;
and ``LazyMapping``, the read-only mapping of values made when asked for that the later stages share."""
