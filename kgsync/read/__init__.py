"""Read the inputs at the boundary: kgsync.yml, the maintainers' YAML files, the research items, into typed values."""
