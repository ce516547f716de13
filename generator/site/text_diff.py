"""Two versions of a Markdown text, each rendered with its differences from the other marked.

The texts are compared word by word (a CJK character is a word of its own) on their rendered HTML, so the
marks land inside the formatting and never across it: a run of changed words is wrapped in <del> on the old
side and <ins> on the new side, and the wrap is closed before any tag and opened again after it, so the
output always nests. Whitespace differences (a line broken elsewhere) are not differences.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from markupsafe import Markup

from .render import md

_TOKEN = re.compile(r"<[^>]*>|&#?\w+;|[A-Za-z0-9]+(?:['’][A-Za-z]+)?|\s+|.", re.S)


def _tokens(html: str) -> list[str]:
    return _TOKEN.findall(html)


def _key(token: str) -> str:
    return " " if token.isspace() else token


def _is_tag(token: str) -> bool:
    return token.startswith("<")


def _marked(tokens: list[str], changed: list[bool], tag: str) -> Markup:
    """The tokens with each run of changed words (tags and spaces at the edges of a run left out) in <tag>."""
    out: list[str] = []
    run: list[str] = []

    def close() -> None:
        text = "".join(run)
        core = text.strip()
        if core:
            lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()):]
            out.append(f"{lead}<{tag}>{core}</{tag}>{trail}")
        else:
            out.append(text)
        run.clear()

    for token, mark in zip(tokens, changed):
        if mark and not _is_tag(token):
            run.append(" " if token.isspace() else token)
            continue
        close()
        out.append(" " if token.isspace() and not _is_tag(token) else token)
    close()
    return Markup("".join(out))


def marked_pair(old: str, new: str) -> tuple[Markup, Markup]:
    """(old text with what the new one drops in <del>, new text with what it adds in <ins>), both rendered.

    >>> a, b = marked_pair("Worth **640** points.", "Worth **480** points.")
    >>> str(a), str(b)
    ('<p>Worth <strong><del>640</del></strong> points.</p>', '<p>Worth <strong><ins>480</ins></strong> points.</p>')
    """
    a, b = _tokens(str(md(old))), _tokens(str(md(new)))
    in_a, in_b = [True] * len(a), [True] * len(b)
    matcher = SequenceMatcher(None, [_key(t) for t in a], [_key(t) for t in b], autojunk=False)
    for tag, i1, i2, j1, j2 in _without_islands(a, b, matcher.get_opcodes()):
        if tag == "equal":
            in_a[i1:i2], in_b[j1:j2] = [False] * (i2 - i1), [False] * (j2 - j1)
    return _marked(a, _bridged(a, in_a), "del"), _marked(b, _bridged(b, in_b), "ins")


Opcode = tuple[str, int, int, int, int]


def _size(tokens: list[str]) -> int:
    return sum(len(t) for t in tokens if not _is_tag(t) and not t.isspace())


def _without_islands(a: list[str], b: list[str], ops: list[Opcode]) -> list[Opcode]:
    """The opcodes with each short run of common words between two larger changes counted as changed: a rewritten
    sentence reads as one change, not as a scatter of marks around the words that happen to survive ('the', 'its')."""
    ops = list(ops)
    changed = True
    while changed:
        changed = False
        for k in range(1, len(ops) - 1):
            tag, i1, i2, j1, j2 = ops[k]
            if tag != "equal" or ops[k - 1][0] == "equal" or ops[k + 1][0] == "equal":
                continue
            before = max(_size(a[ops[k - 1][1]:ops[k - 1][2]]), _size(b[ops[k - 1][3]:ops[k - 1][4]]))
            after = max(_size(a[ops[k + 1][1]:ops[k + 1][2]]), _size(b[ops[k + 1][3]:ops[k + 1][4]]))
            if _size(a[i1:i2]) <= min(before, after):
                p, n = ops[k - 1], ops[k + 1]
                ops[k - 1:k + 2] = [("replace", p[1], n[2], p[3], n[4])]
                changed = True
                break
    return ops


def _bridged(tokens: list[str], changed: list[bool]) -> list[bool]:
    """A space between two changed words counts as changed, so a changed phrase is marked once, not per word."""
    out = list(changed)
    for i in range(1, len(tokens) - 1):
        if tokens[i].isspace() and changed[i - 1] and changed[i + 1]:
            out[i] = True
    return out
