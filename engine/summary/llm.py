"""LLM summaries: number the blocks, ask for tagged points, parse the tags back to chunk ids.

1. ``number_blocks``: the document's chunks become [1]…[n] (a long document shows the blocks the
   offline summariser drew on first, then the rest in order, up to a limit).
2. The model (OpenAI-compatible, temperature 0, the Ask page's client: engine/answer/llm.py)
   writes one point per line, each tagged ``[来源: 1, 3]``.
3. ``parse_points`` reads the lines; ``resolve`` maps tag numbers to chunk ids, and a tag that
   names no block ([来源: 9] of 5 blocks, [来源: 第三段]) is dropped from the point and reported.

Fusion with semantic matching and the value check happen in pipeline.py, the same for both modes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from engine.answer.llm import evidence_region
from engine.llm_client import LLMUnavailable, complete
from engine.config import LLMSettings
from engine.summary.excerpts import join_lines
from engine.summary.model import DraftPoint
from engine.summary.prompts import (BLOCK, BLOCK_CLOSE, BLOCK_OPEN, SOURCE_TAG, SYSTEM_PROMPT,
                                    USER_PROMPT)
from engine.types import Chunk

__all__ = ["Block", "LLMUnavailable", "TaggedPoint", "ask_model", "build_messages", "number_blocks",
           "parse_points", "resolve"]

_DELIMITER = re.compile(r"<(\s*/?\s*block)", re.I)
_THINK = re.compile(r"<think>.*?(?:</think>|$)", re.S | re.I)
_FENCE = re.compile(r"^\s*```\w*\s*$", re.M)
_BULLET = re.compile(r"^\s*(?:[-*•·●]|\d{1,2}[.)、）]|[（(]\d{1,2}[)）])\s*")
_TAG = re.compile(rf"[\[【(（]\s*(?:{SOURCE_TAG}|出处|依据|sources?)\s*[:：]?\s*(?P<ids>[^\]】)）\n]*?)\s*[\]】)）]",
                  re.I)
_BARE_TAGS = re.compile(r"(?:\s*[\[【]\s*\d{1,4}\s*[\]】])+\s*$")  # "… [3][5]" at a line's end
_TAG_SPLIT = re.compile(r"\s*(?:[,，、;；/]|和|及|与|\s)\s*")
_RANGE_SPACES = re.compile(r"(\d)\s*([-–—~至到])\s*(?=\d)")
_RANGE = re.compile(r"^(\d{1,4})\s*(?:-|–|—|~|至|到)\s*(\d{1,4})$")
_NUMBER = re.compile(r"^[\[【]?\s*(\d{1,4})\s*[\]】]?$")
MAX_RANGE = 10  # [来源: 1-3] is three blocks; [来源: 1-400] is not a citation


@dataclass(frozen=True)
class Block:
    number: int  # 1-based, as the model sees it
    chunk: Chunk
    text: str  # the part of the chunk shown, line breaks of the PDF removed


@dataclass
class TaggedPoint:
    text: str
    tags: list[str]  # tag tokens as written: "3", "1-2", "第三段"


# -- the prompt ----------------------------------------------------------------------------------
def number_blocks(chunks: list[Chunk], *, first: Iterable[str] = (), limit: int = 40,
                  chars: int = 300) -> list[Block]:
    """Blocks [1]…[n] in document order. When the document has more than ``limit`` chunks, the
    ones in ``first`` (chunk ids) are kept before the others."""
    chosen = chunks
    if len(chunks) > limit:
        wanted = set(first)
        keep = [c for c in chunks if c.chunk_id in wanted][:limit]
        rest = [c for c in chunks if c.chunk_id not in wanted]
        chosen_ids = {c.chunk_id for c in keep} | {c.chunk_id for c in rest[:limit - len(keep)]}
        chosen = [c for c in chunks if c.chunk_id in chosen_ids]
    blocks = []
    for number, chunk in enumerate(chosen, start=1):
        region = evidence_region(chunk, limit=chars)
        blocks.append(Block(number, chunk, join_lines(region.text)))
    return blocks


def _pages(chunk: Chunk) -> str:
    return str(chunk.page_start) if chunk.page_start == chunk.page_end else f"{chunk.page_start}-{chunk.page_end}"


def render_blocks(blocks: list[Block]) -> str:
    rendered = []
    for block in blocks:
        label = block.chunk.meta.get("article_label") or block.chunk.meta.get("clause_no")
        extra = f' 条="{re.sub(r"[^0-9A-Za-z一-龥.]", "", str(label))}"' if label else ""
        rendered.append(BLOCK.format(open=BLOCK_OPEN, close=BLOCK_CLOSE, number=block.number,
                                     pages=_pages(block.chunk), extra=extra,
                                     text=_DELIMITER.sub(lambda m: "＜" + m.group(1), block.text)))
    return "\n\n".join(rendered)


def build_messages(name: str, kind: str, blocks: list[Block], max_points: int) -> list[dict[str, str]]:
    user = USER_PROMPT.format(name=re.sub(r"[\n<>]", " ", name), kind=kind, open=BLOCK_OPEN,
                              close=BLOCK_CLOSE, blocks=render_blocks(blocks), tag=SOURCE_TAG)
    return [{"role": "system", "content": SYSTEM_PROMPT.format(max_points=max_points)},
            {"role": "user", "content": user}]


# -- the reply -----------------------------------------------------------------------------------
def parse_points(content: str | None) -> list[TaggedPoint]:
    """One point per non-empty line; tags anywhere in the line ([来源: 1, 3], 【来源：2】,
    (source: 4)) or bare ones at its end ([3][5]) are taken out of the text."""
    text = _FENCE.sub("", _THINK.sub("", content or ""))
    points = []
    for line in text.splitlines():
        tags: list[str] = []

        def take(match: re.Match) -> str:
            ids = _RANGE_SPACES.sub(r"\1\2", match.group("ids").strip())
            tags.extend(t for t in _TAG_SPLIT.split(ids) if t)
            return ""

        body = _TAG.sub(take, line)
        bare = _BARE_TAGS.search(body)
        if bare:
            tags.extend(re.findall(r"\d{1,4}", bare.group(0)))
            body = body[:bare.start()]
        body = _BULLET.sub("", body.replace("**", "")).strip().rstrip("，,;；")
        if not body or (not tags and body.endswith(("：", ":"))):
            continue  # a heading such as 要点：
        points.append(TaggedPoint(body, tags))
    return points


def resolve(point: TaggedPoint, blocks: list[Block], aspect: str = "llm") -> DraftPoint:
    """The point with its tags as chunk ids; tags naming no block are kept as dropped_tags."""
    by_number = {b.number: b.chunk for b in blocks}
    draft = DraftPoint(aspect, point.text)
    for tag in point.tags:
        numbers: list[int] = []
        if m := _NUMBER.match(tag):
            numbers = [int(m.group(1))]
        elif (m := _RANGE.match(tag)) and 0 <= int(m.group(2)) - int(m.group(1)) < MAX_RANGE:
            numbers = list(range(int(m.group(1)), int(m.group(2)) + 1))
        if not numbers:
            draft.dropped_tags.append((tag, "不是片段编号 (not a block number)"))
            continue
        for number in numbers:
            if number in by_number:
                draft.cite(by_number[number])
            else:
                draft.dropped_tags.append((str(number), f"没有第 {number} 号片段 (no block [{number}]; "
                                                        f"blocks are 1-{len(blocks)})"))
    return draft


def ask_model(settings: LLMSettings, name: str, kind: str, blocks: list[Block],
              max_points: int) -> list[DraftPoint]:
    """The model's points with their tags resolved; ``LLMUnavailable`` when there are none."""
    content = complete(settings, build_messages(name, kind, blocks, max_points))
    points = [resolve(p, blocks) for p in parse_points(content)][:max_points]
    if not points:
        raise LLMUnavailable("模型没有给出要点 (the reply holds no points)")
    return points
