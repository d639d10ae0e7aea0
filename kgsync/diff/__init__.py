"""What changed between two graphs, and which vocabulary events explain a bystander's change."""
