"""Assemble each item's facts from its extraction and the vocabulary, and merge them into the committed graph."""
