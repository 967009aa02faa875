"""Answer-benchmark metrics: reading values and verdicts from conclusions, the independent
grounding recheck, per-question scoring, the question file against the ground truth, and the
CJRC / ContractNLI adapters."""

from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from pathlib import Path

import pytest

from engine.bench import demo as A
from engine.bench import scoring as S
from engine.bench.cjrc import answer_right, answer_span, covers, load_cjrc, load_official_scorer, select_questions
from engine.bench.contractnli import as_question, load_contractnli, select_items, summarise_contractnli
from engine.bench.paths import DEMO_QUESTIONS
from engine.bench.report import summary_text, write_report
from engine.bench.result import SuiteResult
from engine.cli import build_parser
from engine.types import Span
from tests.conftest import REPO, dataset_file

pytestmark = pytest.mark.unit

TRANSCRIPT = "讯问笔录_李志强_20230512.pdf"


def evidence(eid: str, quote: str, page: int = 3, doc: str = TRANSCRIPT, page_end: int | None = None) -> dict:
    return {"id": eid, "doc_name": doc, "page": page, "page_end": page_end or page, "quote": quote}


def answer(conclusion: str, items: list[dict], status: str = "answered", **extra) -> dict:
    base = {"question": "…", "status": status, "conclusion": conclusion, "evidence": items,
            "calculations": [], "conflicts": [], "gaps": [],
            "checks": {"numbers_grounded": True, "citations_valid": True, "unsupported": []}}
    base.update(extra)
    return base


def question(**fields) -> A.DemoQuestion:
    data = {"id": "t-1", "category": "fact", "question": "？", "doc": None, "evidence_doc": TRANSCRIPT,
            "expect_status": "answered", "expect_values": [], "expect_pages": [],
            "expect_conflict": None, "expect_gap": None, "expect_calculation": None, "source_ids": []}
    data.update(fields)
    return A.DemoQuestion.from_dict(data)


# -- reading conclusions --------------------------------------------------------------------------


def test_conclusion_values_normalise_amounts_and_dates():
    found = S.conclusion_values("材料显示为壹万叁仟元（即13000元）（E1）；另称大概是2022年11月份左右。")
    assert found.amounts == {Decimal(13000)}
    assert found.dates == {"2022-11"}


def test_counts_need_a_measure_word():
    assert S.conclusion_counts("材料显示为四次（E1）。") == {4}
    assert S.conclusion_counts("分三期支付；不得少于二人") == {3, 2}
    assert S.conclusion_counts("材料显示为四万二千元") == set()


@pytest.mark.parametrize("text, verdict", [
    ("是（E1：「第一百二十二条 …」）。", "yes"), ("否（E1：「没有再转了。」）。", "no"),
    ("Yes (E2).", "yes"), ("材料显示：「是我2019年在江州办的」", None), ("是否", None)])
def test_yes_no_reads_only_an_opening_verdict(text, verdict):
    assert S.yes_no(text) == verdict


def test_cited_pages_follow_evidence_order_and_ranges():
    items = [evidence("E1", "a", page=5), evidence("E2", "b", page=3, page_end=4), evidence("E3", "c", page=5)]
    assert S.cited_pages({"evidence": items}) == [(TRANSCRIPT, 5), (TRANSCRIPT, 3), (TRANSCRIPT, 4)]
    assert S.cited_pages({"evidence": items}, 1) == [(TRANSCRIPT, 5)]


# -- grounding recheck ----------------------------------------------------------------------------


def test_grounded_amount_and_date_pass():
    a = answer("材料显示为2022年10月15日，17000元（E1）。",
               [evidence("E1", "第一次是2022年10月15日，她用手机银行给我转了17000元")])
    assert S.ungrounded_values(a) == []


def test_amount_missing_from_the_cited_quote_is_caught():
    a = answer("材料显示为18000元（E1）。", [evidence("E1", "她用手机银行给我转了17000元")])
    assert S.ungrounded_values(a) and "18000" in S.ungrounded_values(a)[0]


def test_only_cited_quotes_ground_a_value():
    items = [evidence("E1", "总共四万二千元。"), evidence("E2", "她实际损失是三万一千五百元")]
    assert S.ungrounded_values(answer("材料显示为三万一千五百元（E1）。", items))
    assert not S.ungrounded_values(answer("材料显示为三万一千五百元（E2）。", items))


def test_wrong_currency_is_not_grounded():
    a = answer("材料显示为$12,500.00（即12500元）（E1）。",
               [evidence("E1", "a monthly service fee of $12,500.00", doc="x.pdf")])
    problems = S.ungrounded_values(a)
    assert len(problems) == 1 and "CNY" in problems[0]


def test_recomputed_calculation_grounds_its_result_only_when_right():
    items = [evidence("E1", "总共四万二千元。"), evidence("E2", "转回给她一万零五百元")]
    calc = {"expression": "42000 - 10500", "result": 31500, "stated": 31500, "ok": True,
            "evidence": ["E1", "E2"]}
    assert not S.ungrounded_values(answer("复算 42000 - 10500 = 31500元（E1、E2）。", items, calculations=[calc]))
    wrong = dict(calc, result=32500, expression="42000 - 9500")
    assert S.ungrounded_values(answer("复算 = 32500元（E1、E2）。", items, calculations=[wrong]))


def test_ungrounded_date_and_not_found_answers():
    a = answer("材料显示为2023年1月7日（E1）。", [evidence("E1", "2023年1月6日她说要提现")])
    assert S.ungrounded_values(a)
    assert S.ungrounded_values(answer("未在材料中找到相关内容（检索范围：全部 5 份文件）。", [], "not_found")) == []


# -- scoring --------------------------------------------------------------------------------------


def test_score_correct_fact_answer():
    q = question(expect_values=[17000], expect_pages=[3])
    row = A.score_answer(q, answer("材料显示为17000元（E1）。", [evidence("E1", "她用手机银行给我转了17000元")]))
    assert row["correct"] and row["page_hit"] and row["evidence_recall_at_k"] == 1.0
    assert row["checks"]["values"] is True and row["checks"]["conflict"] is None


def test_a_second_value_of_the_asked_kind_makes_it_wrong_unless_allowed():
    items = [evidence("E1", "第一次是2022年10月15日"), evidence("E2", "第二次是2022年11月2日")]
    a = answer("材料显示为2022年10月15日（E1）或2022年11月2日（E2）。", items)
    assert A.score_answer(question(expect_values=["2022-10-15"]), a)["checks"]["values"] is False
    assert A.score_answer(question(expect_values=["2022-10-15"], allow_values=["2022-11-02"]), a)["correct"]
    # an amount in a date answer does not compete with the date
    b = answer("材料显示为2022年10月15日，17000元（E1）。", [evidence("E1", "2022年10月15日…17000元")])
    assert A.score_answer(question(expect_values=["2022-10-15"]), b)["checks"]["values"] is True


def test_a_plain_value_must_not_be_concluded_as_unclear():
    quote = "具体哪天我记不清了，大概是2022年11月份左右，金额是6,000元"
    hedged = answer(f"材料显示记不清：「{quote}」（E1），材料未给出确切答案。", [evidence("E1", quote)])
    plain = answer("材料显示为6,000元（E1）。", [evidence("E1", quote)])
    amount = question(expect_values=[6000], expect_gap=None)
    assert A.score_answer(amount, hedged)["checks"]["definite"] is False
    assert A.score_answer(amount, plain)["correct"]
    day = question(expect_values=["2022-11"], expect_gap=True)  # the truth records this gap
    assert A.score_answer(day, dict(hedged, gaps=[{"description": "…", "evidence": ["E1"]}]))["correct"]


def test_pages_all_versus_any_and_precision():
    items = [evidence("E1", "…", page=2), evidence("E2", "…", page=9, doc="other.pdf")]
    a = answer("是（E1）。", items)
    row_all = A.score_answer(question(expect_pages=[2, 5]), a)
    row_any = A.score_answer(question(expect_pages=[2, 5], pages_mode="any"), a)
    assert row_all["checks"]["pages"] is False and row_all["evidence_recall_at_k"] == 0.5
    assert row_any["checks"]["pages"] is True
    assert row_all["evidence_precision"] == 0.5  # one of the two cited pages is expected


def test_masked_check_sees_quotes_as_well_as_the_conclusion():
    q = question(expect_masked=["13800138000"])
    leaked = answer("材料显示：「联系方式：138****8000」（E1）。", [evidence("E1", "联系方式：13800138000", page=1)])
    masked = answer("材料显示：「联系方式：138****8000」（E1）。", [evidence("E1", "联系方式：138****8000", page=1)])
    elsewhere = answer("材料显示为人民币贰拾万元整（E1）。", [evidence("E1", "人民币贰拾万元整", page=1)])
    assert A.score_answer(q, leaked)["checks"]["masked"] is False
    assert A.score_answer(q, masked)["checks"]["masked"] is True
    assert A.score_answer(q, elsewhere)["checks"]["masked"] is False  # not answered at all


@pytest.mark.parametrize("raw, text, shown", [
    ("330106198907231517", "居民身份证 3301**********1517户籍", True),
    ("浙江省杭州市西湖区古荡新村12幢3单元401室", "户籍所在地：浙江省杭州市*****************现住址", True),
    ("lzq_8866", "微信号：lz*****6", True),
    ("13800138000", "联系方式：139****8000", False),  # another number
    ("13800138000", "联系方式：***********", False),  # nothing revealed: cannot tell whose
    ("13800138000", "联系方式：13800138000", False)])
def test_masked_shown(raw, text, shown):
    assert S.masked_shown(raw, text) is shown


def test_status_conflict_gap_and_calculation_checks():
    q = question(expect_status=["needs_review"], expect_values=[42000], allow_values=[13000, 12000],
                 expect_conflict=True, expect_calculation={"result": 42000, "stated": 42000})
    items = [evidence("E1", "总共四万二千元。"), evidence("E2", "17000元 壹万叁仟元 6,000元 六千元")]
    calc = {"expression": "17000 + 13000 + 6000 + 6000", "result": 42000, "stated": 42000, "ok": True,
            "evidence": ["E2", "E1"]}
    good = answer("材料显示为四万二千元（E1）；复算 … = 42000元。", items, status="needs_review",
                  calculations=[calc], conflicts=[{"kind": "testimony", "description": "…", "evidence": ["E2"]}])
    assert A.score_answer(q, good)["correct"]
    no_conflict = dict(good, conflicts=[], status="answered")
    assert set(A.score_answer(q, no_conflict)["failed"]) == {"status", "conflict"}
    bad_calc = dict(good, calculations=[dict(calc, stated=41000, ok=False)])
    assert "calculation" in A.score_answer(q, bad_calc)["failed"]


def test_verifier_flag_on_an_answered_answer_is_a_hallucination():
    a = answer("材料显示为17000元（E1）。", [evidence("E1", "17000元")],
               checks={"numbers_grounded": False, "citations_valid": True, "unsupported": ["x"]})
    assert A.score_answer(question(), a)["hallucination"]
    assert not A.score_answer(question(expect_status="needs_review"), dict(a, status="needs_review"))["hallucination"]


def test_summarise_and_gate():
    q_ok = question(id="a", expect_values=[17000])
    q_bad = question(id="b", expect_values=[13000])
    q_known = question(id="c", expect_values=[13000], known_failure="composer picks the restatement")
    q_nf = question(id="d", category="not_found", expect_status="not_found", evidence_doc=None)
    a = answer("材料显示为17000元（E1）。", [evidence("E1", "17000元")])
    nf = answer("未在材料中找到相关内容。", [], "not_found")
    rows = [A.score_answer(q_ok, a), A.score_answer(q_bad, a), A.score_answer(q_known, a), A.score_answer(q_nf, nf)]
    metrics, table = A.summarise(rows)
    assert metrics["accuracy"] == 0.5 and metrics["amount_exact"] == pytest.approx(1 / 3, abs=1e-4)
    assert metrics["abstention_precision"] == 1.0 and metrics["abstention_recall"] == 1.0
    assert metrics["hallucination_rate"] == 0.0 and table["fact"]["n"] == 3
    # the badge: three answered rows, two of them wrong (a known failure is still wrong); the
    # not_found one carries no badge
    assert (metrics["verified"], metrics["verified_wrong"], metrics["verified_wrong_share"],
            metrics["verified_coverage"]) == (3, 2, 0.6667, 0.75)
    verdict = A.gate(rows)
    assert not verdict["ok"] and [f["id"] for f in verdict["failures"]] == ["b"]
    assert A.gate([A.score_answer(question(id="c", known_failure="x"), a)])["fixed_known_failures"] == ["c"]


def test_detection_precision_recall():
    assert S.detection([True, True, False, False], [True, False, True, False]) == {"precision": 0.5, "recall": 0.5}
    assert S.detection([False], [False]) == {"precision": None, "recall": None}


@pytest.mark.parametrize("change, message", [
    ({"category": "trivia"}, "category"), ({"expect_status": "maybe"}, "expect_status"),
    ({"expect_values": ["2022年"]}, "neither"), ({"expect_calculation": {"result": 1}}, "expect_calculation"),
    ({"colour": "red"}, "unknown field")])
def test_question_validation(change, message):
    data = {"id": "x", "category": "fact", "question": "？", "doc": None, "expect_status": "answered",
            "expect_values": [], "expect_pages": [], "expect_conflict": None, "expect_gap": None,
            "expect_calculation": None, "source_ids": []}
    data.update(change)
    with pytest.raises(ValueError, match=message):
        A.DemoQuestion.from_dict(data)


# -- the demo question file against the ground truth ----------------------------------------------


def _truth_index(truth: dict) -> dict[str, dict[str, dict]]:
    """doc file -> source id -> {"pages", "values", "pii"} (ids as demo_questions.jsonl uses them)."""
    index: dict[str, dict[str, dict]] = {}
    for doc in truth["documents"]:
        entries: dict[str, dict] = {}

        def add(key, pages, values=(), pii=()):
            entries[key] = {"pages": set(pages), "values": set(values), "pii": set(pii)}

        def norm(v):
            return str(v) if isinstance(v, str) else Decimal(str(v))

        for key, items in doc.items():
            if not isinstance(items, list) or key in ("qa", "page_lines", "calculations", "conflicts"):
                continue
            for e in items:
                if isinstance(e, dict) and "id" in e:
                    pages = range(e.get("page_start", e.get("page", 0)), e.get("page_end", e.get("page", 0)) + 1)
                    value = e.get("value")
                    add(e["id"], pages, [norm(value)] if isinstance(value, (int, str)) else [],
                        [value] if key == "pii" else [])
        for c in doc.get("conflicts", []):
            add(c["id"], [s["page"] for s in c["statements"]], [norm(s["value"]) for s in c["statements"]])
        versions = {}  # a disputed amount's other statement (pay2 → pay2_restated): its value
        for c in doc.get("conflicts", []):
            ids = [s["id"] for s in c["statements"]]
            for a in ids:
                versions[a] = [entries[b] for b in ids if b != a and b in entries]
        for c in doc.get("calculations", []):
            terms = [entries[t["amount"]] for t in c["terms"]]
            # the same sum with one disputed term as the other version says it: an answer must give
            # it too (issue #14: a total that includes a disputed payment, under each version)
            variants = set()
            for i, t in enumerate(c["terms"]):
                for other in versions.get(t["amount"], []):
                    for v in other["values"]:
                        rest = sum(Decimal(str(next(iter(entries[u["amount"]]["values"])))) * u["sign"]
                                   for j, u in enumerate(c["terms"]) if j != i)
                        variants.add(rest + v * t["sign"])
            add(c["id"], set().union(*(t["pages"] for t in terms)),
                {norm(c["recomputed"]), norm(c["stated"])} | set().union(*(t["values"] for t in terms)) | variants)
        for qa in doc.get("qa", []):
            add(f"qa:{qa['n']}", range(qa["page_start"], qa["page_end"] + 1))
        for clause in doc.get("clauses", []):
            key = f"clause:{clause['label']}"
            previous = entries.get(key, {"pages": set()})["pages"]
            add(key, previous | set(range(clause["page_start"], clause["page_end"] + 1)))
        index[doc["file"]] = entries
    return index


def _doc_text(doc: dict) -> str:
    parts = [line for page in doc.get("page_lines", []) for line in page["lines"]]
    parts += [a["text"] for a in doc.get("articles", [])] + [a["label"] for a in doc.get("articles", [])]
    return re.sub(r"\s+", "", "".join(parts)).casefold()


@pytest.fixture(scope="module")
def truth() -> dict:
    return json.loads((REPO / "data" / "demo" / "ground_truth.json").read_text("utf-8"))


def test_demo_questions_cover_what_the_brief_asks(truth):
    questions = A.load_questions(DEMO_QUESTIONS)
    assert len(questions) >= 40
    assert {q.category for q in questions} == set(A.CATEGORIES)
    files = {d["file"] for d in truth["documents"]}
    assert {q.doc for q in questions if q.doc} <= files and {q.evidence_doc for q in questions if q.evidence_doc} <= files
    assert sum(q.category == "not_found" for q in questions) >= 5
    assert any(q.expect_calculation for q in questions) and any(q.expect_masked for q in questions)
    assert any(re.search(r"[A-Za-z]{4}", q.question) for q in questions)  # English contract questions
    for q in questions:
        assert q.known_failure is None or q.known_failure.strip(), q.id
        if q.category == "not_found":
            assert q.expect_status == ("not_found",) and not q.source_ids and q.note, q.id
        else:
            assert q.source_ids and q.evidence_doc and q.expect_pages, q.id


def test_demo_expectations_come_from_the_ground_truth(truth):
    index = _truth_index(truth)
    docs = {d["file"]: d for d in truth["documents"]}
    for q in A.load_questions(DEMO_QUESTIONS):
        if q.category == "not_found":
            continue
        entries = index[q.evidence_doc]
        unknown = [s for s in q.source_ids if s not in entries and not any(s in ix for ix in index.values())]
        assert not unknown, (q.id, unknown)
        sources = [entries.get(s) or next(ix[s] for ix in index.values() if s in ix) for s in q.source_ids]
        values = set().union(*(s["values"] for s in sources))
        pages = set().union(*(s["pages"] for s in sources))
        doc_values = set().union(*(e["values"] for e in entries.values()))
        assert set(q.expect_values) <= values, (q.id, set(q.expect_values) - values)
        assert set(q.allow_values) <= doc_values, (q.id, set(q.allow_values) - doc_values)
        assert set(q.expect_pages) <= pages, (q.id, q.expect_pages, pages)
        assert set(q.expect_masked) <= set().union(*(s["pii"] for s in sources)), q.id
        for phrase in q.expect_text:
            assert re.sub(r"\s+", "", phrase).casefold() in _doc_text(docs[q.evidence_doc]) or \
                any(phrase in qa["answer"] for qa in docs[q.evidence_doc].get("qa", [])), (q.id, phrase)
        if q.expect_calculation:
            calcs = [c for c in docs[q.evidence_doc].get("calculations", []) if c["id"] in q.source_ids]
            assert any(c["recomputed"] == q.expect_calculation["result"] and c["stated"] == q.expect_calculation["stated"]
                       for c in calcs), q.id
        if q.expect_conflict:
            assert any(c["id"] in q.source_ids for c in docs[q.evidence_doc].get("conflicts", [])), q.id
        if q.expect_gap:
            assert any(g["id"] in q.source_ids for g in docs[q.evidence_doc].get("gaps", [])), q.id


# -- CJRC and ContractNLI adapters ----------------------------------------------------------------


@pytest.mark.parametrize("payload, span", [
    ({"status": "not_found", "conclusion": "未在材料中找到相关内容。"}, ""),
    ({"status": "answered", "conclusion": "是（E1：「张x6称…愿意随母亲曹0生活」）。"}, "YES"),
    ({"status": "answered", "conclusion": "否（E1：「没有再转了。」）。"}, "NO"),
    ({"status": "answered", "conclusion": "材料显示为800元（E1）。"}, "800元"),
    ({"status": "answered", "conclusion": "材料显示为壹万叁仟元（即13000元）（E1）。"}, "壹万叁仟元"),
    ({"status": "answered", "conclusion": "材料显示：「原、被告因夫妻感情破裂」（E1）。"}, "原、被告因夫妻感情破裂"),
    ({"status": "needs_review", "conclusion": "The fee is due monthly (E2)."}, "The fee is due monthly")])
def test_cjrc_answer_span_rules(payload, span):
    assert answer_span(payload) == span


def test_covers_joins_adjacent_runs():
    assert covers([Span(1, 0, 10), Span(1, 10, 20)], 5, 15)
    assert not covers([Span(1, 0, 10), Span(1, 12, 20)], 5, 15)
    assert covers([Span(1, 30, 40)], 31, 39) and not covers([Span(1, 30, 40)], 29, 35)


def test_contractnli_badge_is_wrong_when_the_label_given_is_not_the_items():
    def row(label, predicted, status="answered"):
        return {"label": label, "predicted": predicted, "correct": predicted == label, "status": status,
                "gaps": int(predicted == "NotMentioned"), "verdict": None, "evidence_overlap": None,
                "char_precision": None, "char_recall": None}

    rows = [row("Entailment", "Entailment"), row("NotMentioned", "Entailment"), row("Entailment", "NotMentioned"),
            row("NotMentioned", "NotMentioned"), row("Contradiction", None, "needs_review")]
    metrics, _ = summarise_contractnli(rows)
    assert (metrics["verified"], metrics["verified_wrong"], metrics["verified_coverage"]) == (4, 2, 0.8)


def test_contractnli_question_form():
    assert as_question("Receiving Party shall not reverse engineer any objects.") == \
        "Does the agreement provide that Receiving Party shall not reverse engineer any objects?"


@pytest.mark.integration
def test_cjrc_default_subset_and_official_scorer(datasets):
    folder = dataset_file(datasets, "cjrc/questions_dev.jsonl").parent
    docs, questions = load_cjrc(folder)
    chosen = select_questions(docs, questions, 300)
    chosen_docs = list(dict.fromkeys(q["doc_id"] for q in chosen))
    assert len(chosen) == 300 and len(chosen_docs) == 50
    assert sum(docs[d]["domain"] == "civil" for d in chosen_docs) == 25
    assert chosen_docs[:4] == ["cjrc-dev-1", "cjrc-dev-501", "cjrc-dev-2", "cjrc-dev-502"]
    gold = next(q for q in questions if q["id"] == "cjrc-dev-1_1")
    assert docs["cjrc-dev-1"]["context"][slice(*gold["gold_spans"][0])] == "因夫妻感情破裂"
    scorer = load_official_scorer(folder).CJRCEvaluator
    # gold 夫妻感情破裂 / 因夫妻感情破裂 / 夫妻感情破裂, each left out in turn
    assert scorer._compute_turn_score(gold["gold_answers"], "夫妻感情破裂")["em"] == 1.0
    assert scorer._compute_turn_score(gold["gold_answers"], "因夫妻感情破裂")["em"] == pytest.approx(2 / 3)
    assert scorer._compute_turn_score(["", "", ""], "")["em"] == 1.0
    assert scorer._compute_turn_score(["YES", "YES", "YES"], "NO")["f1"] == 0.0
    # the badge's notion of a wrong answer: F1 < 0.5 against the best gold, wrong or no verdict,
    # anything given on an unanswerable question; abstaining is right only there
    span = {"answer_type": "span", "gold_answers": gold["gold_answers"]}
    assert answer_right(span, "answered", "夫妻感情破裂", scorer)
    assert answer_right(span, "answered", "原、被告因夫妻感情破裂", scorer)  # F1 0.8
    assert not answer_right(span, "answered", "双方于2015年登记结婚", scorer)
    assert not answer_right(span, "not_found", "", scorer)
    yes = {"answer_type": "yes", "gold_answers": ["YES", "YES", "YES"]}
    assert answer_right(yes, "answered", "YES", scorer) and not answer_right(yes, "answered", "NO", scorer)
    assert not answer_right(yes, "answered", "材料显示：「…」", scorer)
    none = {"answer_type": "unanswerable", "gold_answers": ["", "", ""]}
    assert answer_right(none, "not_found", "", scorer) and not answer_right(none, "needs_review", "x", scorer)


@pytest.mark.integration
def test_contractnli_subset_is_whole_ndas(datasets):
    folder = dataset_file(datasets, "contractnli/items_dev.jsonl").parent
    docs, items = load_contractnli(folder)
    chosen = select_items(docs, items, 170)
    assert len(chosen) == 170 and len({i["doc_id"] for i in chosen}) == 10
    first = docs[chosen[0]["doc_id"]]["text"]
    evidence = chosen[0]["evidence"][0]
    assert first[evidence["start"]:evidence["end"]] == evidence["text"]


# -- runner and CLI -------------------------------------------------------------------------------


def test_report_is_valid_json_without_nan(tmp_path: Path):
    result = SuiteResult("demo", "d", metrics={"accuracy": math.nan, "n": 1})
    report = {"suites": {"demo": result.to_dict(), "cjrc": SuiteResult("cjrc", "c", skipped="dataset absent").to_dict()}}
    path = write_report(report, tmp_path / "bench" / "r.json")
    loaded = json.loads(path.read_text("utf-8"))
    assert loaded["suites"]["demo"]["metrics"]["accuracy"] is None
    text = summary_text(loaded)
    assert "cjrc: skipped (dataset absent)" in text and "accuracy" in text


def test_bench_cli_arguments():
    args = build_parser().parse_args(["bench", "--suite", "all", "--limit", "20", "--json", "--out", "r.json"])
    assert (args.command, args.suite, args.limit, args.json, args.out) == ("bench", "all", 20, True, Path("r.json"))
    with pytest.raises(SystemExit):
        build_parser().parse_args(["bench", "--suite", "nope"])


def test_publishing_replaces_the_suites_run_and_keeps_the_others(tmp_path):
    from engine.bench.report import merged_with_published

    published = tmp_path / "answers.json"
    old = {"generated_at": "2026-11-01T00:00:00+00:00", "code_version": "old",
           "suites": {"demo": {"metrics": {"accuracy": 0.9}}, "cjrc": {"metrics": {"f1": 40.0}}}}
    write_report(old, published)
    new = {"generated_at": "2026-11-25T00:00:00+00:00", "code_version": "new",
           "suites": {"cjrc": {"metrics": {"f1": 58.0}, "run": {"finished_at": "2026-11-25", "code_version": "new"}}}}
    merged = merged_with_published(new, published)
    assert merged["suites"]["cjrc"]["metrics"] == {"f1": 58.0}  # replaced
    assert merged["suites"]["demo"]["metrics"] == {"accuracy": 0.9}  # kept, saying when it ran
    assert merged["suites"]["demo"]["run"] == {"finished_at": "2026-11-01T00:00:00+00:00", "code_version": "old"}
    assert merged["code_version"] == "new"
    assert merged_with_published(new, tmp_path / "absent.json") == new  # nothing published yet
