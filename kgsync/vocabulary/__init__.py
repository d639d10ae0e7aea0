"""The shared vocabulary: which mined terms become nodes, their canonical names, themes and index economy."""
