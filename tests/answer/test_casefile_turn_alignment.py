"""A question the record's own 问 turn asks in other words is answered from the reply to that turn —
before the case path says 未在材料中找到 — and never 已核验; a question about a thing the record never
names stays not found. A witness record written for this test (no file of any data set)."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

pytestmark = pytest.mark.integration

RECORD = """询问笔录
询问时间：2025年6月3日14时10分至15时20分
询问地点：某市公安局某派出所询问室
询问人：甲某、乙某　记录人：乙某
被询问人：伍建平，男，1979年2月11日出生，个体户。
问：我们是某派出所的民警，现依法向你询问，你要如实回答，听清楚了吗？
答：听清楚了。
问：你把看到的经过讲一下。
答：那天晚上九点多我在店门口收摊，街对面两伙人吵起来，后来动了手，一个穿灰夹克的被推倒在地上。
问：你认识打架的那些人吗？
答：有一个我认识，大家都叫他“老鲍”，在菜场卖过鱼。别的人我不认识。
问：老鲍叫什么名字？住在哪里？
答：他的大名我不知道，住哪里我也不清楚，只在菜场见过几次。
问：他们为什么吵起来，你知道吗？
答：不知道，我离得远，听不清他们说什么。
问：你店里的东西有没有被砸坏？
答：没有，他们没往我店里来。
问：被推倒的那个人带的那箱酒后来搬到哪里去了？
答：这个我记不清了，人一多就乱了。
问：你店面的租约到期以后怎么处理的？
答：去年年底到期的时候房东说可以接着租，我考虑了几天，续租了半年。
问：以上笔录你看一下，是否与你说的一致？
答：一致。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("turns"), {"证人询问笔录.txt": RECORD})


def test_a_yes_no_asked_in_other_words_is_the_reply_to_the_records_own_question(home):
    answer = ask(home, "证人询问笔录.txt", "伍建平认识参与打架的人吗？")
    assert answer.conclusion.startswith("是"), answer.conclusion
    assert "老鲍" in answer.conclusion, answer.conclusion
    # the reply tells the act asked (有一个我认识): the verdict reads it (打架 is an act, no compound's
    # head); a reply found only as the turn asking the same in other words stays needs_review
    assert "相近问题" not in answer.conclusion or answer.status.value == "needs_review", answer.conclusion


def test_the_records_not_knowing_is_a_gap_cited_not_a_silent_not_found(home):
    answer = ask(home, "证人询问笔录.txt", "老鲍的真实姓名是什么？")
    assert answer.gaps, answer.conclusion
    assert "不知道" in answer.conclusion and answer.evidence, answer.conclusion
    assert answer.status.value != "not_found", answer.conclusion


def test_a_thing_the_record_never_names_stays_not_found(home):
    answer = ask(home, "证人询问笔录.txt", "伍建平有没有给店里买过财产保险？")
    assert answer.status.value == "not_found", answer.conclusion



def test_a_name_cut_across_an_address_is_never_said_missing(home):
    # jieba cuts 老鲍真名 as 老 | 鲍真 | 名: 鲍真 is no name the user wrote, and the file's silence on it
    # is no answer — the reply saying he does not know the name is
    answer = ask(home, "证人询问笔录.txt", "在菜场卖鱼的老鲍真名叫什么、住在哪里？")
    assert "鲍真" not in answer.conclusion, answer.conclusion
    assert answer.gaps and "不知道" in answer.conclusion, answer.conclusion
    assert answer.status.value != "not_found", answer.conclusion


def test_a_turn_asking_another_kind_of_value_never_answers(home):
    # the record asks where the 酒 went (记不清), never who made it: not found, not that gap
    answer = ask(home, "证人询问笔录.txt", "被推倒的人带的那箱酒是哪家厂生产的？")
    assert answer.status.value == "not_found", answer.conclusion



@pytest.mark.parametrize(("question", "reply", "verdict"), [
    ("他认识打架的人吗？", "那天很乱。", None),  # neither a 是/否 opening nor the asked act
    ("他知不知道货是偷来的？", "他知道。我跟他说过。", "是"),  # the speaker's subject before the verdict
    ("他知不知道货是偷来的？", "不知道，他没问过。", "否"),  # not knowing answers a question of knowing
    ("出库的时候有没有登记？", "没有登记。单子是我管的。", "否"),
    ("合同到期后有没有续签？", "到期的时候房东说可以续签，我考虑了几天，续签了半年。", "是"),  # told last
    ("合同到期后有没有续签？", "房东让我续签，我没有续签，搬走了。", "否"),
    ("他认识打架的人吗？", "有一个我认识，别的不认识。", "是"),
])
def test_the_verdict_of_a_replys_opening(question, reply, verdict):
    from engine.answer.casefile.turns import _verdict
    from engine.question import asks_knowing, read_question

    # the reply's speaker is the one whose knowing is asked (他 — the one questioned)
    assert _verdict(read_question(question).case, reply, asks_knowing(question)) == verdict
