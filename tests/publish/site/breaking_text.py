"""Text drawn to break out of a YAML scalar or a Markdown value: what the front matter and text
tests feed the site.

A support module, not a test module (tests/test_layout.py).
"""

from __future__ import annotations

from hypothesis import strategies as st


BREAKERS = ("\x85", "\u2028", "\u2029", "\ufeff", "\ufffe", "\uffff", "\x9b", "\x7f", "\x0c", "\n---\n", '"', "\\",
            "'", "#", ": ", "- ", "{{ x }}", "\r")
TEXT = st.lists(st.one_of(st.text(max_size=12), st.sampled_from(BREAKERS)), max_size=8).map("".join)
