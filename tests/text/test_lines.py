"""Joining a PDF's line breaks for display never changes a number and never glues two words."""

from __future__ import annotations

import pytest

from engine.text.lines import join_pdf_lines

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("text, shown", [
    ("合\n同", "合同"),
    ("第一行\n第二行", "第一行第二行"),
    ("conflict of\nlaws principles", "conflict of laws principles"),
    ("upon\nninety (90) days", "upon ninety (90) days"),
    ("(90)\ndays", "(90) days"),
    ("Inc.,\na Delaware corporation", "Inc., a Delaware corporation"),
    ("4200\n0元", "42000元"),  # a number broken across lines stays one number
    ("¥12,\n500.00", "¥12,500.00"),
    ("3.\n5%", "3.5%"),
    ("non-\ncompete", "non-compete"),
    ("x  \n   y", "x y"),
    ("a\n\n\nb", "a b"),
    ("转给\n 陈晓梅 17000 元", "转给陈晓梅 17000 元"),
    ("末尾\n", "末尾"),
    ("", ""),
])
def test_line_breaks_join_for_reading(text, shown):
    assert join_pdf_lines(text) == shown
