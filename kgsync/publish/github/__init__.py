"""git and GitHub: the proposal branch and the pull request."""
