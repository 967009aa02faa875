"""Structural summaries of hand-built chunks: a statute too long for one point per article is
summarised per section at the deepest level that fits, and its section names count as the
document's own words when values are checked."""

from __future__ import annotations

import pytest

from engine.summary.extractive import summarize_statute
from engine.summary.grounding import ungrounded_values
from engine.summary.pipeline import grounding_text
from tests.summary.builders import chunk

pytestmark = pytest.mark.unit

SECTIONS = [("第一编 总则", "第一章 任务"), ("第一编 总则", "第二章 管辖"), ("第二编 侦查", "第十一节 通缉")]


def articles(per_section: int):
    built, seq = [], 1
    for path in SECTIONS:
        for _ in range(per_section):
            label = f"第{'一二三四五六七八九十'[seq - 1] if seq <= 10 else seq}条"
            built.append(chunk(f"{label} 条文内容第{seq}句。", seq=seq, chunk_type="article",
                               meta={"article_label": label, "path": list(path)}))
            seq += 1
    return built


def test_few_articles_get_one_point_each():
    points = summarize_statute(articles(1), max_points=10)
    assert [p.aspect for p in points] == ["article"] * 3
    assert points[0].text == "第一条：条文内容第1句"


def test_many_articles_are_grouped_by_the_deepest_section_level_that_fits():
    chunks = articles(3)  # nine articles
    by_chapter = summarize_statute(chunks, max_points=3)
    assert [p.text for p in by_chapter] == ["第一编 总则 第一章 任务：第一条至第三条",
                                           "第一编 总则 第二章 管辖：第四条至第六条",
                                           "第二编 侦查 第十一节 通缉：第七条至第九条"]
    assert list(by_chapter[0].cited) == [chunks[0].chunk_id, chunks[2].chunk_id]
    by_part = summarize_statute(chunks, max_points=2)
    assert [p.text for p in by_part] == ["第一编 总则：第一条至第六条", "第二编 侦查：第七条至第九条"]


def test_section_names_ground_the_numbers_they_carry():
    last = articles(3)[-1]
    text = summarize_statute(articles(3), max_points=3)[-1].text
    assert ungrounded_values(text, [last.text]) != []  # 十一 is not in the article's body
    assert ungrounded_values(text, [grounding_text(last)]) == []
