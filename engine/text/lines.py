"""A PDF's line breaks inside a sentence are layout, not meaning: how to join them for display.

Dropped between Chinese characters (合\\n同 → 合同); a space between words of a Latin script
(conflict of\\nlaws → conflict of laws, not "oflaws"); nothing inside a number broken across lines
(4200\\n0元, ¥12,\\n500.00 keep their value) or after a hyphenating dash (non-\\ncompete).
"""

from __future__ import annotations

import re

_BREAK = re.compile(r"[ \t\u3000]*\n[\s]*")


def _space_between(left: str, right: str) -> bool:
    if not (left.isascii() and right.isascii()):
        return False  # Chinese on either side: the break was only layout
    if left.isdigit() and right.isdigit():
        return False  # a number split across lines
    if left in ",." and right.isdigit():
        return False  # thousands separator or decimal point before the rest of the number
    return left not in "-/("


def join_pdf_lines(text: str) -> str:
    """``text`` with its line breaks (and the spaces around them) joined as described above."""
    out: list[str] = []
    last, tail = 0, ""  # tail: the last character written so far
    for match in _BREAK.finditer(text):
        piece = text[last:match.start()]
        out.append(piece)
        tail = piece[-1] if piece else tail
        after = text[match.end():match.end() + 1]
        if tail and after and _space_between(tail, after):
            out.append(" ")
            tail = " "
        last = match.end()
    out.append(text[last:])
    return "".join(out)
