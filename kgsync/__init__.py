"""kgsync: research items -> a canonical, reviewed knowledge graph.

What ``import kgsync`` offers is small on purpose (docs/ARCHITECTURE.md, "The public surface"):
the graph model and the one exception hierarchy, which load only the standard library.  The
operations live in their stage packages and are imported from there
(``kgsync.pipeline.stages.build``, ``kgsync.lint.rules.lint``, ``kgsync.diff.graph_diff.diff``,
``kgsync.contract.jsonl.read``/``write``, ``kgsync.read.config.load``): re-exporting them here
would load the whole pipeline on every import of any kgsync module, and the names ``build``,
``lint`` and ``diff`` are already the stage packages'.

Exceptions (every one carries a ``Location`` and a hint; only the CLI turns them into exit codes)::

    KgsyncError            base of every error kgsync raises on purpose
    ├── ConfigError        kgsync.yml, a maintainers' file or a command-line option is wrong
    ├── ItemError          one research item cannot be read or understood
    ├── GraphFormatError   a graph file is not in the memory server's JSONL format
    ├── LintFailed         a graph breaks the contract; .findings holds every finding
    ├── BuildFailed        some items failed; .errors holds every one (raised nowhere today: a
    │                      build reports failed items in BuildResult.issues, exit 1)
    ├── PublishError       publishing (site, pull request) failed
    └── ServeError         a tool call of kgsync serve cannot be answered
"""

from kgsync.contract.errors import (
    BuildFailed,
    ConfigError,
    GraphFormatError,
    ItemError,
    KgsyncError,
    LintFailed,
    Location,
    PublishError,
    ServeError,
)
from kgsync.contract.model import Entity, EntityType, Graph, Relation, RelationType

__version__ = "0.1.0"

__all__ = [
    "BuildFailed",
    "ConfigError",
    "Entity",
    "EntityType",
    "Graph",
    "GraphFormatError",
    "ItemError",
    "KgsyncError",
    "LintFailed",
    "Location",
    "PublishError",
    "Relation",
    "RelationType",
    "ServeError",
    "__version__",
]
