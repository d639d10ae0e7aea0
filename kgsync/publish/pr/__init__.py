"""The review PR's body and title, rendered from a graph diff."""
