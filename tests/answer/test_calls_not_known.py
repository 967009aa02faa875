"""A call whose target the speaker does not know (打给谁我记不太清了) is what is not known of the call
just told, never a second call: the words of not knowing are the lexicon's (UNCERTAIN), however the
speaker says it. Records written for this test."""

from __future__ import annotations

import pytest

from engine.answer.casefile.calls import calls_told

from tests.ledger.text_ledger import TextLedger

HEAD = """询问笔录
时间：2024年5月8日10时00分至2024年5月8日11时00分
地点：某区公安分局某派出所
询问人：丙某、丁某 记录人：丁某
被询问人：符海川 性别：男
"""


@pytest.mark.parametrize("answer", [
    "答：出事以后我先打了一个电话，打给谁我记不太清了，反正没人接。",
    "答：我在楼道里打了个电话，打给谁我一下子也说不准。",
    "答：他当时打了一通电话，打给哪里我没注意，说了几句就挂了。",
    "答：打了个电话，具体打给了谁我忘记了。",
])
def test_a_call_with_its_target_not_known_is_one_call(answer):
    ledger = TextLedger(HEAD + "问：那天晚上打过电话吗？\n" + answer + "\n")
    told = [call for s in ledger.ledger.statements if s.kind == "qa" for call in calls_told(s)]
    assert len(told) == 1 and told[0].target is None


def test_a_call_with_its_target_named_still_counts_once_each():
    ledger = TextLedger(HEAD + "问：那天晚上打过电话吗？\n答：我先打了110，然后给我表哥打了电话。\n")
    told = [call for s in ledger.ledger.statements if s.kind == "qa" for call in calls_told(s)]
    assert [c.target for c in told] == ["110", "我表哥"]
