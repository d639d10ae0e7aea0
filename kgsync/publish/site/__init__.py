"""The concept site: pages from the graph, the mkdocs project, the engine and its checks."""
