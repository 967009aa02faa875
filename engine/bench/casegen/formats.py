"""How the records of the new kinds are laid out (#26 item 3): turns labelled 问/答, by role or by
name, with any separator (：, :, an ideographic space, a plain space, none); headers one field to
a line, several fields to a line, particulars in one paragraph, or a ｜ table; a later session's
header on a new page or in the middle of one; values printed across a line break.

Only the new kinds draw from here (``Options.kinds``), so the files of the old kinds keep their
bytes."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.bench.casegen.narrative import Key, Para

SEPARATORS = {"colon": "：", "ascii": ":", "ideographic": "\u3000", "space": " ", "none": ""}
# Who speaks, and how the record names them. Interviews: 问/答, roles, names; hearings: roles in
# full (审判长/原告委托诉讼代理人/被告), shortened (审/原代/被), or role and name (被告李某).
INTERVIEW_LABELS = ("qa", "role", "name")
HEARING_LABELS = ("full", "short", "name")
HEADER_LAYOUTS = ("lines", "packed", "particulars", "table")
PLACEMENTS = ("page", "inline")  # a later session's header: on a new page, or where the last one ended
SPLITS = ("amount", "date", "id")  # values a line break may cut (10│万元, 2023年9月17│日, an ID in two)


@dataclass(frozen=True)
class RecordFormat:
    separator: str  # a key of SEPARATORS
    labels: str  # one of INTERVIEW_LABELS or HEARING_LABELS
    header: str  # one of HEADER_LAYOUTS
    placement: str  # one of PLACEMENTS
    splits: tuple[str, ...]  # of SPLITS: which kinds of value are printed across a line break

    @property
    def sep(self) -> str:
        return SEPARATORS[self.separator]


def draw_format(rng: random.Random, hearing: bool) -> RecordFormat:
    labels = rng.choice(HEARING_LABELS if hearing else INTERVIEW_LABELS)
    # No separator at all reads only after 问/答 (问你叫什么名字); after a name or a role it
    # would run into the words.
    separators = [s for s in SEPARATORS if s != "none" or labels == "qa"]
    splits = tuple(s for s in SPLITS if rng.random() < 0.6)
    return RecordFormat(separator=rng.choice(separators), labels=labels, header=rng.choice(HEADER_LAYOUTS),
                        placement=rng.choice(PLACEMENTS), splits=splits)


def field_para(layout: str, pairs: list[tuple[str, str | tuple[str, Key]]]) -> Para:
    """Header fields on one line as the layout writes them (时间：… / 时间｜… ), a value given as
    (text, key) recorded as a span."""
    para = Para(role="header")
    joint = {"table": "｜", "packed": "　"}.get(layout, "　　")
    colon = "｜" if layout == "table" else "："
    for position, (name, value) in enumerate(pairs):
        para.add((joint if position else "") + name + colon)
        if isinstance(value, tuple):
            para.add(*value)
        else:
            para.add(value)
    return para
