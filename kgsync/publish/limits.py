"""GitHub's limits that shape what kgsync publishes (light: the CLI imports it for defaults)."""

#: GitHub's own limit on a pull request body (characters): the rendered body is cut
#: at a section boundary to fit, and the API call is guarded by it too.
GITHUB_BODY_LIMIT = 65536

#: GitHub's limit on a step's job summary (bytes); the full report written there fits in
#: ``REPORT_LIMIT``, the rest left for the line above it (the operation and the PR's link).
JOB_SUMMARY_LIMIT = 1024 * 1024
REPORT_LIMIT = JOB_SUMMARY_LIMIT - 1024
