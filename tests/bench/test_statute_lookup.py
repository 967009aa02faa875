"""The article-lookup suite: how questions are drawn and scored, and a CI-sized run over real laws
of the statute dataset — every existing article cited first, every number past a law's last
article not_found with no evidence, no 已核验 on a wrong article."""

from __future__ import annotations

import pytest

from engine import Engine
from engine.answer.model import Answer, Evidence, Status
from engine.bench.metrics import verified_wrong
from engine.bench.statute_lookup import (FORMS, LookupQuestion, ask_all, digits_label, draw_questions, phrase,
                                         score_lookup, summarise_lookup)
from engine.bench.statutes import load_articles, seed_statute_vectors
from engine.config import Settings
from engine.question import read_question
from engine.text.numbers import to_chinese
from engine.text.refs import article_key
from engine.types import Chunk
from tests.conftest import dataset_file

# Laws whose names trip a resolver: a short title that begins another (集会游行示威法 /
# 集会游行示威法实施条例), an interpretation and its sequel (（二）), a title holding a 《》 title.
LAWS = ("中华人民共和国集会游行示威法(2009-08-27).md", "中华人民共和国集会游行示威法实施条例(2011-01-08).md",
        "最高人民法院关于审理劳动争议案件适用法律若干问题的解释(2001-04-16).md",
        "最高人民法院关于审理劳动争议案件适用法律若干问题的解释（二）(2006-08-14).md",
        "最高人民法院关于适用《中华人民共和国仲裁法》若干问题的解释(2006-08-23).md")


def test_the_four_forms_of_a_question():
    title, short = "中华人民共和国刑法", "刑法"
    assert [phrase(title, short, "第一百二十条之一", n, m) for n, m in FORMS] == [
        "《中华人民共和国刑法》第一百二十条之一规定了什么？", "《刑法》第一百二十条之一规定了什么？",
        "《中华人民共和国刑法》第120条之一规定了什么？", "《刑法》第120条之一规定了什么？"]
    assert digits_label("第二百六十四条") == "第264条" and digits_label("第十条") == "第10条"
    # a title holding a title: the inner marks become 〈〉, as nested book-title marks are written
    nested = "最高人民法院关于适用《中华人民共和国仲裁法》若干问题的解释"
    assert phrase(nested, nested, "第七条", "digits", "short") == \
        "《最高人民法院关于适用〈中华人民共和国仲裁法〉若干问题的解释》第7条规定了什么？"
    # every form is read as that article
    for n, m in FORMS:
        asked = read_question(phrase(title, short, "第一百二十条之一", n, m)).subject.articles
        assert [a.label for a in asked] == ["第一百二十条之一"]


def _articles() -> list[dict]:
    rows = []
    for law, short, count in (("中华人民共和国甲法", "甲法", 40), ("乙条例", "乙条例", 12)):
        rows += [{"law_title": law, "law_short": short, "version": "2020-01-01",
                  "article_label": f"第{to_chinese(n)}条", "text": f"{short}{n}"} for n in range(1, count + 1)]
    return rows


def test_drawing_is_fixed_by_the_seed_and_numbers_beyond_are_past_the_last_article():
    articles = _articles()
    first, again = draw_questions(articles, seed=7, existing=10, beyond=2), draw_questions(articles, seed=7, existing=10, beyond=2)
    assert first == again and first != draw_questions(articles, seed=8, existing=10, beyond=2)
    existing = [q for q in first if q.exists]
    assert len(existing) == 40 and {(q.numerals, q.name) for q in existing} == set(FORMS)
    beyond = [q for q in first if not q.exists]
    assert len(beyond) == 2
    last = {"中华人民共和国甲法": 40, "乙条例": 12}
    assert all(last[q.law_title] < article_key(q.article_label) // 1000 <= last[q.law_title] + 30 for q in beyond)
    # a law without a shorter title asks the same question under both name forms, and says so
    assert all(q.same_name == (q.law_title == "乙条例") for q in first)


def _answer(status: Status, law: str | None = None, label: str | None = None) -> Answer:
    evidence = []
    if law:
        chunk = Chunk(chunk_id="d:1", doc_id="d", seq=1, kind="statute", chunk_type="article", text="…",
                      spans=[], bboxes=[], meta={"law_title": law, "article_label": label})
        evidence.append(Evidence(id="E1", chunk=chunk, doc_name="x.md", quote_start=0, quote_end=1, bboxes=[],
                                 score=1.0))
    return Answer(question="q", intent="statute", status=status, conclusion="…", evidence=evidence)


def test_scoring_reads_the_first_evidence_and_not_found_without_evidence():
    asked = LookupQuestion("a", "《甲法》第三条规定了什么？", "中华人民共和国甲法", "甲法", "v", "第三条", True,
                           "chinese", "short", False)
    right = score_lookup(asked, _answer(Status.ANSWERED, "中华人民共和国甲法", "第三条"))
    other_law = score_lookup(asked, _answer(Status.ANSWERED, "乙条例", "第三条"))
    other_article = score_lookup(asked, _answer(Status.ANSWERED, "中华人民共和国甲法", "第四条"))
    assert right["correct"] and right["cited_first"]
    assert not other_law["cited_first"] and not other_article["correct"]
    past = LookupQuestion("b", "《甲法》第九十条规定了什么？", "中华人民共和国甲法", "甲法", "v", "第九十条", False,
                          "chinese", "short", False)
    assert score_lookup(past, _answer(Status.NOT_FOUND))["correct"]
    assert not score_lookup(past, _answer(Status.NOT_FOUND, "中华人民共和国甲法", "第四条"))["correct"]
    assert not score_lookup(past, _answer(Status.ANSWERED, "中华人民共和国甲法", "第四条"))["correct"]
    figures = verified_wrong([right, other_law, other_article])
    assert figures == {"verified": 3, "verified_wrong": 2, "verified_wrong_share": 0.6667, "verified_coverage": 1.0}


@pytest.mark.integration
def test_real_laws_every_article_cited_first_every_number_past_the_end_not_found(tmp_path, datasets):
    statutes = datasets / "statutes"
    paths = [dataset_file(datasets, f"statutes/laws/{name}") for name in LAWS]
    engine = Engine(settings=Settings.from_name("strict", home=str(tmp_path), ingest={"ocr": "off"}))
    articles = load_articles(statutes)
    titles = {p.read_text("utf-8").splitlines()[0].lstrip("# ").strip() for p in paths}
    ours = [a for a in articles if a["law_title"] in titles]
    assert {a["law_title"] for a in ours} == titles
    seed_statute_vectors(engine, statutes, laws={a["law_short"] for a in ours}, articles=articles)
    assert engine.ingest(paths, kind="statute").ok

    questions = draw_questions(ours, existing=12, beyond=5)
    rows = ask_all(engine, questions)
    metrics, _ = summarise_lookup(rows)
    misses = [(r["question"], r["reasons"]) for r in rows if r["exists"] and not r["cited_first"]]
    assert metrics["cited_first"] == 1.0, misses
    assert metrics["not_found_beyond"] == 1.0 and metrics["no_evidence_beyond"] == 1.0, \
        [(r["question"], r["reasons"]) for r in rows if not r["exists"] and not r["correct"]]
    assert metrics["verified_wrong"] == 0
