"""The names ``kgsync pr`` gives GitHub, checked before the build: the PR title, the branches and the
labels (``pr.title``, ``pr.branch``, ``pr.base``, ``pr.labels`` in kgsync.yml, and their command-line options),
and the site address its body links (``site.url``)."""

from __future__ import annotations

import re
import unicodedata


# Controls (a newline, a tab, an escape), format characters (bidi overrides, zero-width), surrogates
# and line or paragraph separators: what makes a title more than one line of visible text.
_NOT_IN_A_TITLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def title_problem(title: str) -> str | None:
    """What makes ``title`` (``pr.title``, ``kgsync pr --title``) no one-line title (or a blank one), or None.

    A title the user wrote is refused rather than cleaned: it becomes the PR title and the
    commit subject, and a line break would split the subject from its body there; folding it
    silently would publish a title nobody typed (an item's title, whose author is not at hand,
    is cleaned instead: ``kgsync.publish.pr.title.plain_text``)."""
    for at, char in enumerate(title, 1):
        if unicodedata.category(char) in _NOT_IN_A_TITLE:
            name = unicodedata.name(char, "").lower()
            what = f"a {name}" if name else "a control character"
            return (f"holds {what} (U+{ord(char):04X}) at character {at}; a PR title is one line of visible "
                    "text (fix: remove it; a longer explanation belongs in the PR body)")
    if not title.strip():
        return ("is blank; a PR title is one line of visible text (fix: write one, or leave it out for the "
                "title kgsync gives each change by its cause)")
    return None


# What git refuses in a branch name (git check-ref-format: controls, space, ~ ^ : ? * [ \\, "..", "@{",
# a part starting with "." or ending ".lock", a name ending "." or "/"), what git branch refuses (a leading
# "-"), and a full ref name ("refs/heads/main" made a branch named refs/heads/refs/heads/main).
_NOT_A_BRANCH = re.compile(r"[\x00-\x20\x7f~^:?*\[\\]|\.\.|@\{|//|^[-/]|^@$|^HEAD$|^refs/|(?:^|/)\.|\.lock(?:/|$)|[./]$")


def branch_problem(name: str) -> str | None:
    """What makes ``name`` (``pr.branch``, ``pr.base``, ``kgsync pr --branch/--base``) no branch name
    git pushes, or None: found before the build, not by the push after it."""
    found = _NOT_A_BRANCH.search(name)
    if name and found is None:
        return None
    what = f"holds {found.group()!r} at character {found.start() + 1}" if found else "is empty"
    return (f"{name!r} {what}: no branch name git pushes as given (fix: write the branch's name alone, "
            "such as kgsync/graph-update; `git check-ref-format --branch NAME` checks one)")


def remote_problem(remote: str) -> str | None:
    """What makes ``remote`` (``kgsync pr --remote``) no remote git takes as one, or None: a name starting
    with "-" is read by ``git ls-remote`` and ``git push`` as their option (``--upload-pack=CMD`` runs CMD)."""
    if remote and not remote.startswith("-"):
        return None
    what = f"{remote!r} starts with '-', which git would read as an option" if remote else "is empty"
    return (f"{what} (fix: name a remote of the checkout, such as origin (git remote -v lists them), "
            "or a repository's address)")


#: GitHub's limit on a label's name (characters): a longer one is refused (422) after the push.
LABEL_LIMIT = 50


def label_problem(label: str) -> str | None:
    """What makes ``label`` (one of ``pr.labels``, ``kgsync pr --label``) no label name GitHub takes, or None."""
    if not label.strip():
        return (f"{label!r} is blank; GitHub refuses a blank label name after the branch is pushed (fix: "
                "write the label's name, or drop the empty entry)")
    if len(label) <= LABEL_LIMIT:
        return None
    return (f"{label!r} is {len(label)} characters; GitHub's limit for a label name is {LABEL_LIMIT} (fix: shorten "
            "it; GitHub refuses the label after the branch is pushed)")


# An address's scheme (RFC 3986: a letter, then letters, digits, "+", "-", ".") and, after "//", its host.
_URL_START = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*):(?://(?P<host>[^/?#]*))?")


def site_url_problem(url: str) -> str | None:
    """What makes ``url`` (``site.url``) no web address, or None (empty: no site, which is allowed).

    The PR body links each merged item's page under it, so any scheme but http and https (``javascript:``,
    ``data:``) would be a link that runs or carries content when a reviewer clicks it, and an address with
    no scheme or no host would link into GitHub itself."""
    if not url:
        return None
    parts = _URL_START.match(url)  # not urllib: the core stages import nothing of the network's (test_architecture)
    scheme, host = (parts["scheme"], parts["host"]) if parts else ("", None)
    if scheme.lower() in ("http", "https") and host:
        return None
    what = f"its scheme is {scheme + ':'!r}" if scheme else "it has no scheme"
    what = what if scheme.lower() not in ("http", "https") else "it names no host"
    return (f"{url!r} is no web address ({what}); the PR body links each merged item's page there "
            "(fix: write the published site's address, such as https://owner.github.io/repo/, or remove the option)")
