"""GitHub's limits that shape what kgsync publishes (light: the CLI imports it for defaults)."""

#: GitHub's own limit on a pull request body (characters): the rendered body is cut
#: at a section boundary to fit, and the API call is guarded by it too.
GITHUB_BODY_LIMIT = 65536
