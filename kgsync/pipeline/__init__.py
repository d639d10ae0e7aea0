"""The pipeline: the stages in order, with the build cache and incremental state at the edge."""
