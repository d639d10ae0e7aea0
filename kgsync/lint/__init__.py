"""The contract, checked: findings with location and hint; errors reject the graph."""
