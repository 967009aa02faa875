"""Versions in force (as-of), direct lookup, version conflicts, rank hints and citation checks, on
real statute text: two versions of 全国年节及纪念日放假办法 (../shared/datasets/statutes), whose
第二条 changed (春节 3 days → 4 days) and whose other changes are punctuation only."""

from __future__ import annotations

from datetime import date

import pytest

from engine import Engine
from engine.answer.model import Answer, Status
from engine.answer.statutes import StatuteReview, rank_hint
from engine.config import Settings
from engine.statutes.hierarchy import LawRank
from engine.statutes.lookup import LawNames, name_key
from engine.statutes.versions import VersionStatus, parse_as_of, plan_versions
from engine.types import Chunk
from tests.conftest import dataset_file

pytestmark = pytest.mark.integration

LAW = "全国年节及纪念日放假办法"
OLD, NEW = "2013-12-11", "2024-11-10"


@pytest.fixture(scope="module")
def holidays(tmp_path_factory, datasets) -> Engine:
    old = dataset_file(datasets, f"statutes/versions/{LAW}({OLD}).md")
    new = dataset_file(datasets, f"statutes/laws/{LAW}({NEW}).md")
    home = tmp_path_factory.mktemp("holidays")
    engine = Engine(settings=Settings.from_name("strict", home=str(home), ingest={"ocr": "off"}))
    report = engine.ingest([old, new], kind="statute")
    assert report.ok, report.to_dict()
    yield engine
    engine.index.catalog.close()


def _doc_version(engine: Engine, chunk_id: str) -> str:
    return engine.index.catalog.get_chunks([chunk_id])[0].meta["version"]


# -- plan ------------------------------------------------------------------------------------------
def test_plan_picks_the_newest_version_on_or_before_the_date():
    docs = [("a", "X法", "X法", "2010-01-01"), ("b", "X法", "X法", "2018-06-01"),
            ("c", "X法", "X法", "2023-01-01"), ("d", "Y法", "Y法", None), ("e", "Z法", "Z法", "2020-01-01")]
    plan = plan_versions(docs, date(2019, 1, 1))
    assert plan.status == {"a": VersionStatus.SUPERSEDED, "b": VersionStatus.IN_FORCE,
                           "c": VersionStatus.NOT_YET, "d": VersionStatus.UNDATED,
                           "e": VersionStatus.LATER_THAN_AS_OF}
    assert plan.excluded == {"a", "c"} and plan.in_force["X法"] == "2018-06-01"
    assert plan_versions(docs, date(2018, 6, 1)).of("b") is VersionStatus.IN_FORCE  # the day itself
    assert plan_versions(docs, date(2030, 1, 1)).excluded == {"a", "b"}


def test_as_of_parsing_is_strict():
    assert parse_as_of("2020-05-01") == date(2020, 5, 1)
    assert parse_as_of(None) == date.today()
    for bad in ("2020-13-01", "yesterday", "2020/05/01"):
        with pytest.raises(ValueError):
            parse_as_of(bad)


# -- search with as-of -----------------------------------------------------------------------------
def test_search_uses_the_version_in_force_on_the_date(holidays):
    today = holidays.search("春节放假几天", k=3)
    assert today.results and {h.chunk.meta["version"] for h in today.results} == {NEW}
    assert today.to_dict()["as_of"] == date.today().isoformat()
    assert today.results[0].article()["version_status"] == "in_force"
    back = holidays.search("春节放假几天", k=3, as_of="2020-01-01")
    assert {h.chunk.meta["version"] for h in back.results} == {OLD}
    for mode in ("bm25", "vector"):  # the filter holds inside each channel, not only after fusion
        got = holidays.search("春节放假几天", k=5, mode=mode, as_of="2020-01-01", rerank=False)
        assert got.results and {h.chunk.meta["version"] for h in got.results} == {OLD}


def test_a_date_before_every_version_keeps_the_earliest_and_marks_it(holidays):
    got = holidays.search("春节放假几天", k=3, as_of="2000-01-01")
    assert {h.chunk.meta["version"] for h in got.results} == {OLD}
    assert got.results[0].article()["version_status"] == VersionStatus.LATER_THAN_AS_OF.value


# -- direct lookup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("question", [
    f"《{LAW}》第二条的内容是什么？",
    f"行政法规{LAW}第二条的内容是什么？",  # LawBench writes a category before the law
    f"{LAW}第2条规定了什么",
])
def test_a_named_article_comes_first(holidays, question):
    got = holidays.search(question, k=5)
    first = got.results[0]
    assert first.chunk.meta["article_label"] == "第二条" and first.chunk.meta["version"] == NEW
    assert "direct" in first.channels and got.direct[0].law_title == LAW
    assert [h.chunk.chunk_id for h in got.results].count(first.chunk.chunk_id) == 1


def test_direct_lookup_respects_as_of_and_says_why_it_found_nothing(holidays):
    old = holidays.search(f"《{LAW}》第二条", k=3, as_of="2020-01-01")
    assert old.results[0].chunk.meta["version"] == OLD and "direct" in old.results[0].channels
    # 第八条 exists only in the 2024 version
    missing = holidays.search(f"《{LAW}》第八条", k=3, as_of="2020-01-01").direct[0]
    assert missing.chunk_ids == [] and "2020-01-01" in missing.reason
    unknown = holidays.search("《中华人民共和国不存在法》第二条", k=3).direct[0]
    assert unknown.law_title is None and "不存在法" in unknown.reason
    no_such = holidays.search(f"《{LAW}》第九十九条", k=3).direct[0]
    assert no_such.chunk_ids == [] and "第九十九条" in no_such.reason


def test_law_names_resolve_by_suffix_but_not_by_fragment():
    names = LawNames.build([("a", "中华人民共和国公司法", "公司法", "2023-12-29"),
                            ("b", "中华人民共和国刑事诉讼法", "刑事诉讼法", "2018-10-26"),
                            ("c", "中华人民共和国宪法修正案（2018年）", "宪法修正案（2018年）", "2018-03-11")])
    assert names.resolve("民法商法公司法") == "中华人民共和国公司法"
    assert names.resolve("刑诉法") == "中华人民共和国刑事诉讼法"
    assert names.resolve("宪法修正案2018年") == "中华人民共和国宪法修正案（2018年）"
    assert names.resolve("法") is None and names.resolve("诉讼法") is None
    assert name_key("《中华人民共和国 公司法》") == "公司法"


# -- answers: versions, conflicts, citations -------------------------------------------------------
def test_answer_states_the_version_and_reports_the_changed_text(holidays):
    answer = holidays.ask("春节放假几天？", as_of="2020-01-01")
    body = answer.to_dict()
    assert body["as_of"] == "2020-01-01"
    used = [s for s in body["statutes"] if s["version_status"] == "in_force"]
    assert used and all(s["version"] == OLD for s in used)
    version_conflicts = [c for c in answer.conflicts if c.kind == "version"]
    assert version_conflicts, body["conflicts"]
    shown = {e.id: e for e in answer.evidence}
    versions = {shown[i].chunk.meta["version"] for i in version_conflicts[0].evidence}
    assert versions == {OLD, NEW} and "2020-01-01" in version_conflicts[0].description
    assert "3天" in answer.conclusion and "4天" not in answer.conclusion  # the old text answers


def test_punctuation_only_changes_are_not_version_conflicts(holidays):
    answer = holidays.ask("儿童节不满14周岁的少年儿童放假几天？")  # 第三条: brackets changed only
    assert not [c for c in answer.conflicts if c.kind == "version"], answer.to_dict()["conflicts"]


def test_a_version_after_the_date_is_a_gap_and_needs_review(holidays):
    answer = holidays.ask("春节放假几天？", as_of="2000-01-01")
    assert any("未收录" in g.description for g in answer.gaps)
    assert answer.status is Status.NEEDS_REVIEW


def _answer_citing(holidays, conclusion: str) -> tuple[Answer, list[str]]:
    answer = holidays.ask("春节放假几天？")
    answer.conclusion = conclusion
    plan, names = holidays.searcher.versions(None)
    problems = StatuteReview(holidays.index.catalog, plan, names).apply(answer, [])
    return answer, problems


def test_a_named_article_in_the_corpus_is_fetched_into_the_evidence(holidays):
    answer, problems = _answer_citing(holidays, f"依照《{LAW}》第六条（E1），应当补假。")
    assert not problems
    assert any(e.chunk.meta.get("article_label") == "第六条" and e.role == "cited" for e in answer.evidence)


def test_a_named_article_outside_the_evidence_and_corpus_needs_review(holidays):
    _, problems = _answer_citing(holidays, "依照《中华人民共和国刑法》第二百六十四条（E1）处理。")
    assert problems and "第二百六十四条" in problems[0]


# -- rank hints ------------------------------------------------------------------------------------
def _article(title: str, rank: str, version: str) -> Chunk:
    return Chunk(chunk_id=f"{title}:1", doc_id=title, seq=1, kind="statute", chunk_type="article",
                 text="第一条 …", spans=[], bboxes=[], pii_level="none",
                 meta={"law_title": title, "law_short": title.removeprefix("中华人民共和国"),
                       "rank": rank, "version": version, "article_label": "第一条"})


def test_rank_hints_explain_without_choosing():
    law = _article("中华人民共和国道路交通安全法", LawRank.LAW.value, "2021-04-29")
    rule = _article("机动车登记规定", LawRank.DEPARTMENTAL_RULE.value, "2021-12-17")
    assert rank_hint(rule, law).startswith("上位法优于下位法：《道路交通安全法》（法律）")
    code = _article("中华人民共和国民法典", LawRank.LAW.value, "2021-01-01")
    special = _article("中华人民共和国消费者权益保护法", LawRank.LAW.value, "2013-10-25")
    assert rank_hint(code, special).startswith("特别法优于一般法：《消费者权益保护法》")
    a = _article("中华人民共和国甲法", LawRank.LAW.value, "2010-01-01")
    b = _article("中华人民共和国乙法", LawRank.LAW.value, "2020-01-01")
    assert rank_hint(a, b).startswith("新法优于旧法：《乙法》（2020-01-01）")
    assert all("系统未据此取舍" in h for h in (rank_hint(rule, law), rank_hint(a, b)))
    same = _article("部门规章甲", LawRank.DEPARTMENTAL_RULE.value, "2020-01-01")
    local = _article("某省条例", LawRank.LOCAL_REGULATION.value, "2020-01-01")
    assert rank_hint(same, local) is None  # same level, same date: the law leaves it to an authority


def test_a_contracts_own_clause_number_is_not_a_statute_citation(holidays):
    from engine.answer.model import Evidence

    text = "第九条 适用法律 本合同适用中华人民共和国法律。"
    contract = Chunk(chunk_id="c:1", doc_id="c", seq=1, kind="contract", chunk_type="clause", text=text,
                     spans=[], bboxes=[], pii_level="none", meta={})
    answer = Answer(question="合同适用什么法律？", intent="fact", status=Status.ANSWERED,
                    conclusion=f"材料显示：「{text}」（E1）。",
                    evidence=[Evidence("E1", contract, "合同.pdf", 0, len(text), [], 1.0)])
    plan, names = holidays.searcher.versions(None)
    review = StatuteReview(holidays.index.catalog, plan, names)
    assert review.apply(answer, [contract]) == []
    answer.conclusion = "应依照第九条处理（E1）。"  # the answer's own words name an article: checked
    assert review.apply(answer, [contract])


def test_references_inside_a_quoted_article_are_its_own_words_not_the_answers_claims(holidays):
    from engine.answer.model import Evidence

    text = "第五条 违反本法第九十九条规定的，依照《中华人民共和国刑法》第二百六十四条的规定处理。"
    article = Chunk(chunk_id="s:5", doc_id="s", seq=5, kind="statute", chunk_type="article", text=text,
                    spans=[], bboxes=[], pii_level="none",
                    meta={"law_title": "某某管理条例", "law_short": "某某管理条例", "article_label": "第五条"})
    answer = Answer(question="《某某管理条例》第五条规定了什么？", intent="statute", status=Status.ANSWERED,
                    conclusion=f"《某某管理条例》第五条规定：「{text}」（E1）。",
                    evidence=[Evidence("E1", article, "某某管理条例.md", 0, len(text), [], 1.0)])
    plan, names = holidays.searcher.versions(None)
    review = StatuteReview(holidays.index.catalog, plan, names)
    # neither 本法第九十九条 nor 刑法第二百六十四条 is in this corpus: the quote still stands
    assert review.apply(answer, [article]) == []
    answer.conclusion += "应依照刑法第二百六十四条处理。"  # the answer's own words: checked
    assert any("第二百六十四条" in p for p in review.apply(answer, [article]))


def test_a_named_article_answers_whole_and_the_audit_replays_its_direct_fetch(holidays):
    answer = holidays.ask(f"《{LAW}》第二条的内容是什么？")
    assert answer.conclusion.startswith(f"《{LAW}》第二条规定：「第二条 全体公民放假的节日")
    assert "春节，放假4天" in answer.conclusion and answer.checks.ok
    steps = holidays.audit.replay(answer.audit_id)
    direct = [s for s in steps if s.channel == "direct"]
    assert direct and answer.evidence[0].chunk.chunk_id in direct[0].data["chunk_ids"]


class _Articles:
    """find_articles over a fixed table: (law_title, label) → chunk ids."""

    def __init__(self, table: dict[tuple[str, str], list[str]]):
        self.table = table

    def find_articles(self, label, law=None, doc_id=None):
        return self.table.get((law, label), [])


@pytest.mark.parametrize("question, title", [
    ("民法商法票据法第三十二条的内容是什么？", "中华人民共和国票据法"),  # 据 cuts the name in the finder
    ("民法商法涉外民事关系法律适用法第十九条的内容是什么？", "中华人民共和国涉外民事关系法律适用法"),  # 适用
    ("宪法修正案2004年第二十三条的内容是什么？", "中华人民共和国宪法修正案（2004年）"),  # a year, not 法
])
def test_an_ingested_title_right_before_the_number_names_the_law(question, title):
    from engine.statutes.lookup import direct_lookup
    from engine.text.refs import find_statute_refs

    docs = [("d1", "中华人民共和国票据法", "票据法", "2004-08-28"),
            ("d2", "中华人民共和国涉外民事关系法律适用法", "涉外民事关系法律适用法", "2010-10-28"),
            ("d3", "中华人民共和国宪法修正案（2004年）", "宪法修正案（2004年）", "2004-03-14")]
    label = find_statute_refs(question)[0].value
    catalog = _Articles({(title, label): ["dx:00001"]})
    hits = direct_lookup(find_statute_refs(question), catalog, plan_versions(docs, date.today()),
                         LawNames.build(docs), text=question)
    assert [(h.law_title, h.chunk_ids) for h in hits] == [(title, ["dx:00001"])]


@pytest.mark.parametrize("k", [1, 3, 5, 8, 20])
def test_exact_search_outside_superseded_versions_equals_chromas_own_filter(holidays, k):
    plan, _ = holidays.searcher.versions("2030-01-01")  # the 2013 version is superseded
    assert plan.excluded
    vector = holidays.index.embedder.embed_query("春节放假几天")
    ours = holidays.index.dense_index().search(vector, k, exclude=plan.excluded)
    chroma = holidays.index.vectors.query(vector, k, where={"doc_id": {"$nin": sorted(plan.excluded)}})
    assert [cid for cid, _ in ours] == [h.chunk_id for h in chroma]
    assert [s for _, s in ours] == pytest.approx([h.similarity for h in chroma], abs=1e-4)
