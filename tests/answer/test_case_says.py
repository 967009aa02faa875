"""Facts that are not figures, as said in 讯问/询问笔录 (engine/answer/casefile/aliases.py, verdict.py):
who a nickname or a surname and a title is on paper — where the record ties the two, in the same
sentence, in a later answer, in a second session or from another speaker — and an honest gap when no
sentence does (the nickname never given back as a name, another person's particulars never given for
his); a yes/no about a state answered by a sentence describing the state of the asked thing with no
是/有 (the camera was broken, the goods proved genuine), never by a state of another thing. Records
written for these tests in several layouts, through Engine.ask on a real home (one typeset as a PDF)."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, held_as_said, record_home

pytestmark = pytest.mark.integration


def _header(kind: str, day: int, name: str, phone: str = "13700002222") -> str:
    role = "被讯问人" if kind == "讯问" else "被询问人"
    return (f"{kind}笔录\n时间：2025年4月{day}日14时10分至2025年4月{day}日15时40分\n"
            f"地点：某县公安局刑侦大队办案区\n{kind}人：丙某、丁某 记录人：丁某\n{role}：{name} 性别：男\n"
            f"联系电话：{phone}\n")


# The nickname tied to a name in the answer itself, then his number told by the speaker.
SAME_SENTENCE = _header("询问", 2, "裘立新") + """问：你说的那个人是谁？
答：是常来店里的一个叫虎哥的，虎哥身份证上叫包永福，三十多岁，开一辆黑色轿车。
问：他的联系方式你知道吗？
答：包永福的手机号是13566667777，我存在手机里。
"""

# Colon-less turns (问　/ 答　), the name given in an answer to the asker's question about the nickname,
# and a second speaker's 外号 sentence.
LATER_ANSWER = _header("讯问", 3, "邬成刚") + """问　你们一伙一共几个人？
答　三个人，我、阿彪，还有一个开车的。
问　阿彪叫什么名字？
答　他叫詹宏伟，是我老乡。
问　开车的那个呢？
答　开车的是詹宏伟的表弟，大家都叫他小胖，真名我不知道。
"""

# Two sessions: the first calls him by surname and title, the second names him in full.
TWO_SESSIONS = _header("讯问", 5, "蒲振华") + """问：那些配件卖给谁了？
答：卖给了镇上一个姓柏的老板，他开了一家废品站。
问：钱怎么给你的？
答：他每次都是现金给我的。
""" + _header("讯问", 9, "蒲振华") + """问：你上次说的柏老板，我们已经查到了，你再说一下他的情况。
答：柏老板全名叫柏春生，五十来岁，废品站就在镇政府后面。
"""

# Nobody names him: the surname and title only, and a nickname never resolved.
NEVER_NAMED = _header("询问", 6, "阎小军") + """问：你在哪里打工？
答：在一个姓鄢的老板开的餐馆里当厨师，一个月四千元。
问：老板的名字你知道吗？
答：大家都喊他鄢老板，他叫什么名字我不清楚。
问：还有谁在店里？
答：还有一个叫豹哥的，经常来店里吃饭，别的我就不知道了。
问：豹哥是什么人？
答：是后街申国梁的朋友，豹哥是申国梁的表弟。
"""

# The title alone names him (我们老板叫…), with the surname asked.
TITLE_NAMED = _header("询问", 12, "龚德明") + """问：你在哪里上班？
答：在一家建材店当送货员，我们老板叫栾志国，五十多岁。
"""

# States with no 是/有: a camera out of order, goods proved genuine, a licence held, an alarm that
# did work; and a state of another thing beside the asked one.
STATES = _header("询问", 7, "郜秀梅") + """问：你店里丢了什么？
答：丢了十几瓶白酒和两条烟。
问：你店里的监控当时录下来了吗？
答：店里的监控上个月就坏了，一直没找人修。
问：隔壁超市的摄像头呢？
答：隔壁超市的摄像头是好的，听说拍到了一个戴帽子的男的。
问：你卖的那些白酒是假酒吗？
答：不是，市场监管局来抽检过，全部是正品。
问：你们店有没有营业执照？
答：店里办了营业执照，挂在收银台后面。
问：你家的防盗门当时锁了吗？
答：锁了，但锁被撬坏了。
"""

# The goods said to be fake; a camera whose state is never told.
FAKE = _header("讯问", 8, "滕国安") + """问：你卖的那批手表是从哪里进的？
答：从网上一个卖家那里进的，一共四十块。
问：那批手表是正品吗？
答：经鉴定，那批手表都是高仿的。
问：仓库装了监控吗？
答：装了，具体拍没拍到我不清楚。
"""


# When and where, an approximate first time (speaker labels); a vehicle seen in part and one seen whole.
EVENTS = _header("讯问", 10, "廖建平") + """民警：你第一次去工地拿钢筋是什么时候？
廖建平：大概是去年11月下旬，天刚开始冷。
民警：你是哪天、在什么地方被抓获的？
廖建平：2025年4月6日晚上，在城南的一家网吧里被你们抓获的。
民警：你那个同伙现在在哪里？
廖建平：不知道，出事以后就联系不上了。
"""

SEEN = _header("询问", 11, "简晓燕") + """问：你看到那辆车了吗？
答：看到了，是一辆银灰色的越野车，开得很快。
问：车牌号你看清了吗？
答：没看全，只看到最后两位是58，前面的字母没看清。
问：后来那辆拉钢筋的车呢？
答：拉钢筋的是一辆红色的农用车，车牌号是鄂K·3T692，我记下来了。
"""


# A licence revoked, one never got, a camera installed but unpowered, an alarm that worked.
HELD = _header("询问", 13, "濮海涛") + """问：你开车有驾驶证吗？
答：我的驾驶证前年就被吊销了。
问：你们作坊有没有食品生产许可证？
答：作坊一直没办这个证。
问：后门那个探头拍到人了吗？
答：那个探头是装着的，但一直没通电。
问：当晚店里的报警器响了吗？
答：报警器当时是好的，响了好一阵。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("says"),
                           {"询问笔录_裘立新.txt": SAME_SENTENCE, "讯问笔录_邬成刚.txt": LATER_ANSWER,
                            "讯问笔录_蒲振华.pdf": TWO_SESSIONS, "询问笔录_阎小军.txt": NEVER_NAMED,
                            "询问笔录_郜秀梅.txt": STATES, "讯问笔录_滕国安.txt": FAKE,
                            "讯问笔录_廖建平.txt": EVENTS, "询问笔录_简晓燕.txt": SEEN,
                            "询问笔录_龚德明.txt": TITLE_NAMED, "询问笔录_濮海涛.txt": HELD})


@pytest.mark.parametrize("question", ["虎哥的真名叫什么？", "虎哥真实姓名是什么？"])
def test_a_nickname_named_in_the_same_sentence(home, question):
    answer = ask(home, "询问笔录_裘立新.txt", question)
    assert held_as_said(answer), answer.conclusion
    assert "包永福" in answer.conclusion and "身份证上叫包永福" in answer.conclusion, answer.conclusion


def test_a_nicknames_number_is_his_not_the_speakers(home):
    answer = ask(home, "询问笔录_裘立新.txt", "虎哥的电话是多少？")
    assert "13700002222" not in answer.conclusion and "2222" not in answer.conclusion, answer.conclusion
    assert "7777" in answer.conclusion, answer.conclusion


def test_a_nickname_named_when_the_asker_asks_it(home):
    answer = ask(home, "讯问笔录_邬成刚.txt", "阿彪的真实姓名叫什么？")
    assert held_as_said(answer), answer.conclusion
    assert "詹宏伟" in answer.conclusion, answer.conclusion


def test_a_nickname_whose_name_the_speaker_does_not_know_is_a_gap(home):
    answer = ask(home, "讯问笔录_邬成刚.txt", "小胖的真名叫什么？")
    assert "真名我不知道" in answer.conclusion, answer.conclusion
    assert "詹宏伟" not in answer.conclusion.split("：")[0], answer.conclusion


@pytest.mark.parametrize("question", ["姓柏的老板全名叫什么？", "柏老板的真名是什么？"])
def test_a_surname_and_title_named_in_a_later_session(home, question):
    answer = ask(home, "讯问笔录_蒲振华.pdf", question)
    assert held_as_said(answer), answer.conclusion
    assert "柏春生" in answer.conclusion, answer.conclusion


@pytest.mark.parametrize("question", ["鄢老板的真名叫什么？", "豹哥的真实姓名是什么？"])
def test_nobody_named_is_never_the_nickname_restated(home, question):
    answer = ask(home, "询问笔录_阎小军.txt", question)
    assert (answer.status.value != "answered" and not held_as_said(answer)) \
        or "不清楚" in answer.conclusion, answer.conclusion
    assert "阎小军" not in answer.conclusion.split("（检索范围")[0], answer.conclusion
    if "豹哥" in question:
        assert answer.conclusion.startswith("未在材料中找到"), answer.conclusion


def test_a_camera_out_of_order_is_a_no(home):
    answer = ask(home, "询问笔录_郜秀梅.txt", "郜秀梅店里的监控拍到了吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "坏了" in answer.conclusion, answer.conclusion


def test_goods_proved_genuine_answer_a_question_of_fakes(home):
    answer = ask(home, "询问笔录_郜秀梅.txt", "店里卖的白酒是不是假的？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "正品" in answer.conclusion, answer.conclusion


def test_a_licence_held_is_a_yes(home):
    answer = ask(home, "询问笔录_郜秀梅.txt", "这家店有营业执照吗？")
    assert answer.conclusion.startswith("是"), answer.conclusion


def test_a_lock_forced_is_no_state_of_the_camera(home):
    # the lock was broken (撬坏了), not the camera; the neighbour's camera worked
    answer = ask(home, "询问笔录_郜秀梅.txt", "隔壁超市的摄像头拍到了吗？")
    assert not answer.conclusion.startswith("否"), answer.conclusion


def test_goods_said_fake_answer_a_question_of_genuine(home):
    answer = ask(home, "讯问笔录_滕国安.txt", "滕国安卖的手表是正品吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "高仿" in answer.conclusion, answer.conclusion


def test_a_state_not_known_is_no_verdict(home):
    answer = ask(home, "讯问笔录_滕国安.txt", "仓库的监控拍到了吗？")
    assert not answer.conclusion.startswith(("是", "否")), answer.conclusion


def test_an_approximate_month_stays_approximate(home):
    answer = ask(home, "讯问笔录_廖建平.txt", "廖建平大概什么时候第一次去工地拿钢筋？")
    assert "11月下旬" in answer.conclusion.split("（")[0], answer.conclusion
    assert "11月2" not in answer.conclusion and "-11-" not in answer.conclusion, answer.conclusion


def test_the_place_runs_on_past_a_counted_shop(home):
    answer = ask(home, "讯问笔录_廖建平.txt", "廖建平是哪天在什么地方被抓获的？")
    assert "2025年4月6日" in answer.conclusion, answer.conclusion
    assert "地点：城南的一家网吧" in answer.conclusion, answer.conclusion


def test_a_plate_seen_in_part_is_the_part_seen_not_the_speakers(home):
    answer = ask(home, "询问笔录_简晓燕.txt", "车牌看清了哪几位？")
    assert "58" in answer.conclusion and "没看清" in answer.conclusion, answer.conclusion
    assert "2222" not in answer.conclusion, answer.conclusion


def test_a_vehicle_described_gives_its_plate_and_colour(home):
    answer = ask(home, "询问笔录_简晓燕.txt", "拉钢筋的车是什么颜色？车牌号是多少？")
    assert "红色" in answer.conclusion, answer.conclusion
    assert "鄂K" in answer.conclusion and "2222" not in answer.conclusion, answer.conclusion


def test_a_title_named_with_the_surname_asked(home):
    answer = ask(home, "询问笔录_龚德明.txt", "栾老板的全名叫什么？")
    assert held_as_said(answer), answer.conclusion
    assert "栾志国" in answer.conclusion, answer.conclusion


@pytest.mark.parametrize("question,said", [("濮海涛有驾驶证吗？", "吊销"), ("他们作坊有没有食品生产许可证？", "没办"),
                                           ("后门的探头拍到人了吗？", "没通电")])
def test_a_thing_not_held_or_not_working_is_a_no(home, question, said):
    answer = ask(home, "询问笔录_濮海涛.txt", question)
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert said in answer.conclusion, answer.conclusion


def test_a_thing_that_worked_is_no_no(home):  # a control: the alarm worked and rang
    answer = ask(home, "询问笔录_濮海涛.txt", "报警器响了吗？")
    assert not answer.conclusion.startswith("否"), answer.conclusion
