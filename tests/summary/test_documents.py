"""Offline summaries of the demo documents, checked against data/demo/ground_truth.json: the
points a reader needs are there, every value is copied from its source block, every source
exists, and what the person could not say is said plainly."""

from __future__ import annotations

import pytest

from engine.summary import Method, Summary, summarize
from engine.summary.excerpts import join_lines
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts
from tests.summary.conftest import CONTRACT_EN, CONTRACT_ZH, STATUTE_MD, TRANSCRIPT, ingest_text

pytestmark = [pytest.mark.integration, pytest.mark.slow]


@pytest.fixture(scope="module")
def summaries(summary_engine, doc_ids) -> dict[str, Summary]:
    return {name: summarize(summary_engine, doc_id, llm=False) for name, doc_id in doc_ids.items()}


def with_aspect(summary: Summary, aspect: str):
    return [p for p in summary.points if p.aspect == aspect]


def point_with(summary: Summary, surface: str):
    found = [p for p in summary.points if surface in p.text]
    assert found, f"{surface} in no point: {[p.text for p in summary.points]}"
    return found[0]


def assert_traceable(engine, summary: Summary) -> None:
    """Sources exist; every amount and date of a point is written, as is, in its extractive
    sources; every quoted range is the block's own text and appears in the point."""
    assert summary.points and not summary.rejected_points, summary.rejected_points
    ids = [s.chunk_id for p in summary.points for s in p.sources]
    chunks = {c.chunk_id: c for c in engine.index.catalog.get_chunks(ids)}
    assert set(ids) == set(chunks)
    assert all(c.doc_id == summary.doc_id for c in chunks.values())
    for point in summary.points:
        assert point.sources and point.sources[0].method is Method.EXTRACTIVE
        quoted = " ".join(join_lines(chunks[s.chunk_id].text) for s in point.sources
                          if s.method is Method.EXTRACTIVE)
        for fact in find_amounts(point.text) + find_dates(point.text):
            assert fact.text in quoted, (fact.text, point.text)
        for source in point.sources:
            chunk = chunks[source.chunk_id]
            assert chunk.page_start <= source.page <= source.page_end <= chunk.page_end
            for start, end in source.quote_spans:
                assert join_lines(chunk.text[start:end]) in point.text


def test_transcript_says_who_when_what_and_every_amount_at_its_page(summary_engine, summaries, truth):
    summary, facts = summaries[TRANSCRIPT], truth[TRANSCRIPT]
    assert_traceable(summary_engine, summary)

    (who,) = with_aspect(summary, "who")
    for person in facts["persons"]:
        if person["role"] in ("被讯问人", "侦查员", "记录人"):
            assert person["name"] in who.text
    (when,) = with_aspect(summary, "time_place")
    assert all(d["surface"] in when.text for d in facts["dates"] if d["id"] in ("t_start", "t_end"))
    (conduct,) = with_aspect(summary, "conduct")
    assert "骗" in conduct.text and "陈晓梅" in conduct.text

    kinds = {"refund": "refund", "stated_total": "total", "stated_net_loss": "net"}
    for amount in facts["amounts"]:
        point = point_with(summary, amount["surface"])
        source = point.sources[0]
        assert source.page == amount["page"], (amount["surface"], source.page)
        if amount["role"] in kinds:
            assert point.aspect == kinds[amount["role"]], (amount["surface"], point.aspect)
    # the refund is only on the scanned page: read by OCR, cited at page 4, with its date
    refund = point_with(summary, "一万零五百元")
    assert refund.sources[0].page == 4 and "2023年1月6日" in refund.text


def test_transcript_lists_admissions_refund_statements_and_open_points(summaries, truth):
    summary, facts = summaries[TRANSCRIPT], truth[TRANSCRIPT]
    (admission,) = with_aspect(summary, "admission")
    assert facts["admissions"][0]["surface"] in admission.text
    assert any("退赔" in p.text for p in with_aspect(summary, "refund"))
    open_points = with_aspect(summary, "open_point")
    for gap in facts["gaps"]:
        assert any(gap["surface"] in p.text for p in open_points), gap["surface"]
    # an open point is stated, never filled in: the day of the third payment stays unknown
    third = next(p for p in open_points if "记不清" in p.text)
    assert not [d for d in find_dates(third.text) if d.meta.get("granularity") == "day"]


def test_contracts_give_parties_term_money_and_governing_law(summary_engine, summaries, truth):
    for name in (CONTRACT_ZH, CONTRACT_EN):
        summary, facts = summaries[name], truth[name]
        assert_traceable(summary_engine, summary)
        (parties,) = with_aspect(summary, "parties")
        assert all(p["name"] in parties.text and p["role"] in parties.text for p in facts["parties"])
        money = " ".join(p.text for p in with_aspect(summary, "money"))
        assert all(a["surface"] in money for a in facts["amounts"]), money
        (law,) = with_aspect(summary, "governing_law")
        assert facts["governing_law"]["surface"] in law.text
        assert law.sources[0].page == facts["governing_law"]["page"]
        assert with_aspect(summary, "term") and with_aspect(summary, "disputes")
        signed = " ".join(p.text for p in with_aspect(summary, "signed"))
        assert all(d["surface"] in signed for d in facts["dates"] if d["role"] == "signing_date")

    zh_term = " ".join(p.text for p in with_aspect(summaries[CONTRACT_ZH], "term"))
    assert all(d["surface"] in zh_term for d in truth[CONTRACT_ZH]["dates"] if d["role"] in ("term_start", "term_end"))
    en = summaries[CONTRACT_EN]
    assert truth[CONTRACT_EN]["durations"][0]["surface"] in " ".join(p.text for p in with_aspect(en, "term"))
    assert truth[CONTRACT_EN]["effective_date"]["surface"] in with_aspect(en, "effective")[0].text


def test_statute_gives_its_title_version_and_each_article_opening(summary_engine, summaries, truth):
    summary, facts = summaries[STATUTE_MD], truth[STATUTE_MD]
    assert_traceable(summary_engine, summary)
    assert with_aspect(summary, "title")[0].text == facts["law_title"]
    assert "2018年10月26日" in with_aspect(summary, "version")[0].text
    articles = with_aspect(summary, "article")
    assert [p.text.split("：", 1)[0] for p in articles] == [a["label"] for a in facts["articles"]]
    for point, article in zip(articles, facts["articles"]):
        assert point.text.split("：", 1)[1] in article["text"].replace("\n", "")


JUDGMENT = """江州市滨江区人民法院
民事判决书
（2023）浙0108民初123号
原告：张三，男，汉族，住江州市。
被告：李四，男，汉族，住江州市。
原告张三向本院提出诉讼请求：判令被告归还借款50000元。
被告李四辩称：借款已归还20000元，剩余部分无力偿还。
经审理查明：2022年3月1日，被告向原告借款50000元，至今已归还20000元。
本院认为：合法的借贷关系受法律保护，被告尚欠原告借款30000元，应予归还。
依照《中华人民共和国民法典》第六百七十五条的规定，判决如下：
一、被告李四于本判决生效之日起十日内归还原告张三借款30000元；
二、驳回原告张三的其他诉讼请求。
审判员　王五
二〇二三年六月一日
"""


def test_judgment_and_plain_text_get_structural_summaries(summary_engine):
    doc_id = ingest_text(summary_engine, "判决书_张三诉李四.txt", JUDGMENT, "judgment")
    summary = summarize(summary_engine, doc_id, llm=False)
    assert_traceable(summary_engine, summary)
    by_aspect: dict[str, str] = {}
    for point in summary.points:
        by_aspect[point.aspect] = by_aspect.get(point.aspect, "") + point.text
    assert {"head", "parties", "claims", "defence", "findings", "reasoning", "holding"} <= set(by_aspect)
    assert "50000元" in by_aspect["claims"] and "30000元" in by_aspect["reasoning"]
    assert "归还原告张三借款30000元" in by_aspect["holding"] and "驳回" in by_aspect["holding"]

    text = ("项目周报\n\n本周完成了仓储系统的数据迁移，共迁移订单记录。下周计划上线。\n\n"
            "风险：供应商接口文档尚未提供，可能影响进度。需要甲方协调。\n")
    doc_id = ingest_text(summary_engine, "周报.txt", text, "generic")
    summary = summarize(summary_engine, doc_id, llm=False)
    assert_traceable(summary_engine, summary)
    assert [p.aspect for p in summary.points] == ["opening"] * len(summary.points)
    assert any("本周完成了仓储系统的数据迁移" in p.text for p in summary.points)


def test_personal_data_is_masked_unless_unmasked(summary_engine, doc_ids, truth):
    card = next(p["surface"] for p in truth[TRANSCRIPT]["pii"] if p["id"] == "pii_card_suspect")
    header_id = truth[TRANSCRIPT]["pii"][0]["surface"]
    doc_id = doc_ids[TRANSCRIPT]
    masked, plain = summarize(summary_engine, doc_id, llm=False), summarize(summary_engine, doc_id, llm=False,
                                                                           unmask=True)
    assert masked.pii_masked and not plain.pii_masked
    shown = " ".join(p["text"] for p in masked.to_dict()["points"])
    assert card not in shown and header_id not in shown
    assert [p.text for p in masked.points] == [p.text for p in plain.points]  # masking is display only
