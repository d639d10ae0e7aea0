"""Publishing edges: the PR body, the GitHub pull request, the concept site."""
