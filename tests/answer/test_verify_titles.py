"""The number check reads the answer's claims, not the names of the documents it cites: a law
whose title carries a year (《宪法修正案（1993年）》) is quoted under that title, and the year is
no date the answer asserts. A title no cited document bears is still read (an invented version)."""

from __future__ import annotations

import pytest

from engine.answer.model import Answer, Evidence, Status
from engine.answer.verify import verify
from engine.types import Chunk, Span

pytestmark = pytest.mark.unit

ARTICLE = "第九条 宪法第十七条修改为：“集体经济组织在遵守有关法律的前提下，有独立进行经济活动的自主权。”"


def _answer(conclusion: str) -> Answer:
    chunk = Chunk(chunk_id="amend:00009", doc_id="amend", seq=9, kind="statute", chunk_type="article",
                  text=ARTICLE, spans=[Span(1, 0, len(ARTICLE))], bboxes=[],
                  meta={"law_title": "中华人民共和国宪法修正案（1993年）", "law_short": "宪法修正案（1993年）",
                        "article_label": "第九条"})
    evidence = Evidence("E1", chunk, "中华人民共和国宪法修正案(1993-03-29).md", 0, len(ARTICLE), [], 1.0)
    return Answer(question="《宪法修正案（1993年）》第九条规定了什么？", intent="fact", status=Status.ANSWERED,
                  conclusion=conclusion, evidence=[evidence])


@pytest.mark.parametrize("title", ["宪法修正案（1993年）", "中华人民共和国宪法修正案（1993年）"])
def test_a_year_in_the_title_of_a_cited_law_is_not_a_claim(title):
    checks = verify(_answer(f"《{title}》第九条规定：「{ARTICLE}」（E1）"))
    assert checks.numbers_grounded and checks.ok, checks.unsupported


def test_a_title_no_cited_document_bears_is_still_checked():
    checks = verify(_answer(f"《宪法修正案（2035年）》第九条规定：「{ARTICLE}」（E1）"))
    assert not checks.numbers_grounded
    assert any("2035年" in u for u in checks.unsupported)
    # and a date stated outside any title still needs its quote
    checks = verify(_answer(f"《宪法修正案（1993年）》第九条自1993年3月29日起施行：「{ARTICLE}」（E1）"))
    assert not checks.numbers_grounded
