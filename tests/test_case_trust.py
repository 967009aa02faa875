"""The case badge's trust score: the words a question names (engine/question/terms.py), what the
score reads of an answer (engine/answer/casefile/trust.py), the questions it learns from
(engine/bench/counterfactual.py) and its training (scripts/train_case_trust.py) — on text written
for these tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.answer.casefile import trust
from engine.answer.casefile.trust import FEATURES, Asked, TrustInput, TrustModel, features, missing_terms
from engine.bench.counterfactual import counterfactual_question
from engine.bench.transcripts import CaseQuestion, Expectation
from engine.question import content_terms, read_question
from engine.question.terms import head_term

REPO = Path(__file__).resolve().parents[1]


def test_content_terms_keep_the_things_and_drop_the_asking_words():
    terms = content_terms("承租人一共交了多少保证金？")
    assert "保证金" in terms and "承租人" in terms
    assert not {"一共", "多少"} & set(terms)


def test_head_term_is_the_last_noun_of_the_first_part():
    assert head_term("承租人交了多少保证金？") == "保证金"
    assert head_term("两台挖掘机的租金合计是多少？哪天付的？") == "租金"
    assert head_term("是哪天付的？") is None


def test_the_plan_carries_the_terms_and_the_head():
    plan = read_question("承租人交了多少保证金？").case.to_dict()
    assert ["保证金", "noun"] in plan["terms"] and plan["head"] == "保证金"


def _input(asked: list[Asked], conclusion: str = "金额为3000元（E1）。", head: str | None = None) -> TrustInput:
    return TrustInput(plan={"slots": ["amount"], "names": [], "terms": [], "head": head},
                      conclusion=conclusion, asked=asked, quote_length=40, evidence=1)


def test_features_read_what_the_quote_holds_of_the_asked_words():
    held = _input([Asked("保证金", "noun", 1.0, 1.0, 1.0, 2)], head="保证金")
    lacking = _input([Asked("保证金", "noun", 0.0, 0.0, 1.0, 2)], head="保证金")
    a, b = features(held), features(lacking)
    assert list(a) == list(FEATURES)
    assert a["head_quote"] == 1.0 and b["head_quote"] == 0.0
    assert a["rare_held"] == 1.0 and b["rare_missing"] == 1.0
    assert missing_terms(lacking) == ["保证金"] and missing_terms(held) == []


def test_a_count_answered_with_money_is_its_own_feature():
    t = _input([], conclusion="11700元：18个（E2）× 每个650元（E1） = 11700元。")
    t.plan["slots"] = ["count"]
    assert features(t)["count_by_amount"] == 1.0
    assert features(_input([]))["count_by_amount"] == 0.0


def test_held_counts_the_head_of_a_compound_as_half():
    assert trust._held("授信额度", "额度是两万元") == 0.5
    assert trust._held("额度", "额度是两万元") == 1.0
    assert trust._held("押金", "租金是两千元") == 0.0


def test_input_round_trips_through_its_dict():
    t = _input([Asked("保证金", "noun", 1.0, 1.0, 1.0, 2)], head="保证金")
    assert TrustInput.from_dict(json.loads(json.dumps(t.to_dict()))) == t


def test_model_refuses_a_file_trained_on_other_features(tmp_path):
    path = tmp_path / "trust.json"
    path.write_text(json.dumps({"features": ["other"], "weights": [1.0], "bias": 0.0, "mean": [0.0],
                                "scale": [1.0], "threshold": 0.5}), encoding="utf-8")
    with pytest.raises(ValueError):
        TrustModel.load(path)
    assert TrustModel.load(tmp_path / "absent.json") is None


def test_model_scores_a_quote_holding_the_asked_thing_higher():
    weights = [1.0 if f in ("head_quote", "noun_quote") else 0.0 for f in FEATURES]
    model = TrustModel(weights=weights, bias=0.0, mean=[0.0] * len(FEATURES), scale=[1.0] * len(FEATURES),
                       threshold=0.6)
    held = _input([Asked("保证金", "noun", 1.0, 1.0, 1.0, 2)], head="保证金")
    lacking = _input([Asked("保证金", "noun", 0.0, 0.0, 1.0, 2)], head="保证金")
    assert model.score(held) > model.threshold > model.score(lacking)


def _question(text: str, qid: str = "T-01") -> CaseQuestion:
    return CaseQuestion(id=qid, type="fact", question=text, expect=Expectation.from_dict({"numbers": [3000]}, qid), file="t.pdf")


def test_counterfactual_swaps_a_held_noun_for_one_the_file_never_uses():
    text = "问：你交了多少押金？答：押金交了三千元。"
    made = counterfactual_question(_question("被告交了多少押金？"), text, {"noun": ["保证金", "押金"]})
    assert made is not None and made.question == "被告交了多少保证金？"
    assert made.id.endswith("~cf") and made.expect.not_found is True


def test_counterfactual_leaves_a_question_whose_words_the_file_lacks():
    assert counterfactual_question(_question("被告交了多少押金？"), "问：你叫什么？答：张三。",
                                   {"noun": ["保证金"]}) is None
    # no word of the same class that the file never uses: nothing is made up
    assert counterfactual_question(_question("被告交了多少押金？"), "押金三千元，保证金两千元",
                                   {"noun": ["保证金"]}) is None


def _report(path: Path, rows: list[dict], counterfactual: bool = False) -> Path:
    path.write_text(json.dumps({"suites": {"transcripts": {"config": {"counterfactual": counterfactual},
                                                           "rows": rows}}}), encoding="utf-8")
    return path


def _row(i: int, right: bool, held: float) -> dict:
    t = _input([Asked("保证金", "noun", held, held, 1.0, 2)], head="保证金")
    return {"id": f"R-{i}", "file": f"f{i % 7}.pdf", "status": "answered", "correct": right,
            "trust": {"input": t.to_dict()}}


def test_training_is_deterministic_and_learns_the_held_word(tmp_path):
    rows = [_row(i, right=i % 2 == 0, held=1.0 if i % 2 == 0 else 0.0) for i in range(40)]
    # a few exceptions so that the classes overlap
    rows += [_row(100 + i, right=False, held=1.0) for i in range(2)] + [_row(200 + i, right=True, held=0.0) for i in range(2)]
    report = _report(tmp_path / "r.json", rows)
    outs = []
    for name in ("a.json", "b.json"):
        subprocess.run([sys.executable, str(REPO / "scripts" / "train_case_trust.py"), "--reports", str(report),
                        "--keep", "0.9", "--out", str(tmp_path / name)], check=True, capture_output=True, cwd=REPO)
        outs.append(json.loads((tmp_path / name).read_text("utf-8")))
        outs[-1]["card"].pop("command")  # names the output file
    assert outs[0] == outs[1]
    card = outs[0]
    weights = dict(zip(card["features"], card["weights"]))
    assert weights["head_quote"] > 0
    model = TrustModel.load(tmp_path / "a.json")
    held = _input([Asked("保证金", "noun", 1.0, 1.0, 1.0, 2)], head="保证金")
    lacking = _input([Asked("保证金", "noun", 0.0, 0.0, 1.0, 2)], head="保证金")
    assert model.score(held) > model.score(lacking)
    figures = card["card"]["cross_validated"]["r.json"]
    assert figures["answered"] == 44 and figures["right_kept_share"] >= 0.9
    assert figures["wrong_kept"] < figures["wrong"] == 22  # out of fold, wrong answers were held back


def test_only_a_low_score_with_a_word_to_name_holds_an_answer_back():
    assert TrustModel.held_back(0.1, 0.5, ["保证金"])
    assert not TrustModel.held_back(0.1, 0.5, [])  # nothing anyone could check
    assert not TrustModel.held_back(0.6, 0.5, ["保证金"])


RECORD = """询问笔录
时间：2024年5月6日9时至10时
被询问人：石振东，男，1980年3月2日出生
问：你把房子租给谁了？
答：租给了卜春燕，她是2023年3月1日搬进来的。
问：她交了多少押金？
答：押金交了三千元，是现金给我的。
问：房租怎么付？
答：每个月两千元，她一直按时转账。
问：你们签租房合同了吗？
答：签了，合同一式两份。
"""


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    from tests.case_homes import record_home

    yield from record_home(Path(tmp_path_factory.mktemp("trust")), {"rent.txt": RECORD})


def _with_model(monkeypatch, bias: float) -> None:
    model = TrustModel(weights=[0.0] * len(FEATURES), bias=bias, mean=[0.0] * len(FEATURES),
                       scale=[1.0] * len(FEATURES), threshold=0.5, card={"name": "test"})
    monkeypatch.setattr(trust, "_MODEL", [model])


def test_without_a_model_the_card_is_kept_and_nothing_changes(record, monkeypatch):
    from tests.case_homes import ask, held_as_said

    monkeypatch.setattr(trust, "_MODEL", [None])
    answer = ask(record, "rent.txt", "卜春燕交了多少押金？")
    assert held_as_said(answer) and "3000" in answer.conclusion.replace("三千元", "3000")
    card = answer.checks.trust
    assert card["model"] is None and "score" not in card
    words = {a["word"]: a for a in card["input"]["asked"]}
    assert words["押金"]["quote"] == 1.0 and words["卜春燕"]["document"] == 1.0


def test_an_untrusted_answer_is_reviewed_with_a_note_and_keeps_its_value(record, monkeypatch):
    from tests.case_homes import ask

    # (a verdict: an amount read out of what was said is held before any score, as said)
    _with_model(monkeypatch, bias=-5.0)
    answer = ask(record, "rent.txt", "卜春燕签过租房合同吗？")
    assert answer.status.value == "needs_review"
    assert answer.checks.trust["demoted"] is True and answer.checks.trust["trusted"] is False
    assert any(n.startswith("核验把握不足") for n in answer.notes)
    assert answer.conclusion.startswith("是") and "签了" in answer.conclusion  # the verdict stays on view
    _with_model(monkeypatch, bias=5.0)
    trusted = ask(record, "rent.txt", "卜春燕签过租房合同吗？")
    assert trusted.status.value == "answered" and trusted.checks.trust["trusted"] is True


def test_the_note_names_the_asked_word_the_quote_lacks(record, monkeypatch):
    from tests.case_homes import ask

    # the verdict quotes 签了，合同一式两份, which names neither the tenant nor the landlord asked of
    _with_model(monkeypatch, bias=-5.0)
    answer = ask(record, "rent.txt", "卜春燕签过租房合同吗？")
    assert answer.status.value == "needs_review" and answer.checks.trust["demoted"] is True
    note = answer.checks.trust["note"]
    assert note.startswith("核验把握不足：引文中未出现问题所说的") and "「卜春燕」" in note, note


def test_the_strictness_is_an_operating_point_of_the_card():
    from engine.config import Settings

    model = TrustModel(weights=[0.0] * len(FEATURES), bias=0.0, mean=[0.0] * len(FEATURES),
                       scale=[1.0] * len(FEATURES), threshold=0.1,
                       card={"operating_points": [{"keep": 0.95, "threshold": 0.1}, {"keep": 0.5, "threshold": 0.7}]})
    assert model.threshold_for(None) == 0.1 and model.threshold_for(0.5) == 0.7
    with pytest.raises(ValueError, match="operating point"):
        model.threshold_for(0.6)
    settings = Settings.load(secrets_file=None, environ={"LEXTRACE_BADGE__CASE_TRUST_KEEP": "0.5"})
    assert settings.badge.case_trust_keep == 0.5
    assert Settings.load(secrets_file=None, environ={}).badge.case_trust_keep is None


def test_a_word_cut_across_two_words_of_the_file_is_not_asked():
    # 多少箱酒 cut as 箱酒: the file writes 箱 and 酒, never 箱酒; 保证金 it never writes at all
    assert trust._cut_wrong("箱酒", "扣了白酒42箱")
    assert not trust._cut_wrong("押金", "押金交了三千元")
    assert not trust._cut_wrong("保证金", "押金交了三千元")
