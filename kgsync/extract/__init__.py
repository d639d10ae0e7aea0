"""Per item: findings, claims, links, evidence mentions and term candidates, from that item's text alone."""
