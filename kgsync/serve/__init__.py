"""``kgsync serve``: a ranked, bounded MCP server over the committed graph (an edge, like publish).

``index`` (the file and the FTS5 ranking) and ``tools`` (answers and their size bounds) are pure;
only ``server`` imports the MCP SDK.
"""
