"""kgsync: research items -> a canonical, reviewed knowledge graph."""

__version__ = "0.1.0"
