"""Ordinals: 第二次 / 第2笔 / 第三期 / 首付 — which occurrence a text names."""

from __future__ import annotations

import re

from engine.text.numbers import parse_number

# 第二次 / 第2笔 / 第三期: the occurrence a question is about. 次, 笔 and 期 count the same events.
ORDINAL = re.compile(r"(?:第([一二三四五六七八九十百两\d]{1,4})|首)(?:次|笔|期|回)|首付")

# One delivery named by its order (第二批, 头一批); 头两批 counts two, it names none.
BATCH_ORDINAL = re.compile(r"(?:第|头(?=一))([一二三四五六七八九十\d]{1,3})批")


def ordinal_key(token: str) -> str | None:
    """'第二次' / '第2笔' -> '#2' (None when it is not an ordinal)."""
    match = ORDINAL.fullmatch(token) or ORDINAL.search(token)
    if not match:
        return None
    if match.group(1) is None:  # 首期 / 首笔 / 首付
        return "#1"
    value = parse_number(match.group(1))
    return None if value is None else f"#{int(value)}"


def ordinals_in(text: str) -> set[str]:
    return {key for key in (ordinal_key(m.group(0)) for m in ORDINAL.finditer(text)) if key}
