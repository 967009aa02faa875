"""Every statement of an LLM conclusion against the evidence it cites (engine/faithfulness/conclusion.py)."""

from __future__ import annotations

import pytest

from engine.answer.model import Evidence
from engine.faithfulness.conclusion import resolve_persons, unsupported_statements
from engine.types import Chunk

pytestmark = pytest.mark.unit

QA = "问：你有没有给陈晓梅退过钱？\n答：退过一次。2023年1月6日她说要提现，我怕她起疑心，就用我的工商银行卡转回给她一万零五百元。"
CARD = "问：你的工商银行卡是什么时候办的？\n答：2019年办的，一直是我自己在用。"


def _item(number: int, text: str, doc_id: str = "d1", name: str = "讯问笔录_李志强.pdf") -> Evidence:
    chunk = Chunk(chunk_id=f"{doc_id}:{number:05d}", doc_id=doc_id, seq=number, kind="transcript",
                  chunk_type="qa", text=text, spans=[], bboxes=[],
                  meta={"question": text.split("\n")[0]})
    return Evidence(id=f"E{number}", chunk=chunk, doc_name=name, quote_start=0, quote_end=len(text),
                    bboxes=[], score=1.0)


EVIDENCE = [_item(1, QA), _item(2, CARD)]


def test_you_and_i_are_the_person_questioned():
    resolved = resolve_persons(QA, "李志强")
    assert resolved.startswith("问：李志强有没有给陈晓梅退过钱？")
    assert "李志强怕她起疑心，就用李志强的工商银行卡" in resolved
    assert resolve_persons("问：我们依法讯问你。\n答：我们三个人一起。", "李志强") == "问：我们依法讯问李志强。\n答：我们三个人一起。"


def test_a_verdict_the_evidence_does_not_state_is_named():
    problems = unsupported_statements("被告无罪（E1）。", EVIDENCE)
    assert len(problems) == 1 and "「被告无罪」" in problems[0] and "E1" in problems[0]


def test_each_sentence_is_held_to_its_own_citations():
    # true of E2, not of E1: citing the wrong block is a problem even though E2 would hold it
    assert unsupported_statements("李志强的工商银行卡是2019年办的（E1）。", EVIDENCE, speakers={"d1": "李志强"})
    assert not unsupported_statements("李志强的工商银行卡是2019年办的（E2）。", EVIDENCE,
                                      speakers={"d1": "李志强"})


def test_restatements_of_the_evidence_pass():
    for conclusion in ("退过一次（E1）。", "一万零五百元（E1）",
                       "李志强于2023年1月6日用工商银行卡给陈晓梅转回一万零五百元（E1）。",
                       "根据笔录，李志强退过一次钱（E1）。"):
        assert not unsupported_statements(conclusion, EVIDENCE, speakers={"d1": "李志强"}), conclusion


def test_a_sentence_without_its_own_citation_uses_all_the_conclusion_cites():
    problems = unsupported_statements("李志强退过一次。他还赔礼道歉并取得了谅解。（E1）", EVIDENCE,
                                      speakers={"d1": "李志强"})
    assert len(problems) == 1 and "谅解" in problems[0]
