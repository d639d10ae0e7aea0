"""The graph contract: the model (frozen dataclasses, enums), the server's JSONL format, and the one error type."""
