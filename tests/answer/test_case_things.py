"""Facts of a case file that are not money: who else was there (counted and each quoted), who did a
job and what they were paid per month (never the speaker's own figure, nor another worker's), and
someone whose name and home the speaker does not know (a gap, never another person's particulars).
Records written for these tests, typeset into real PDFs."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, held_as_said, record_home

# A passer-by who came upon a beating on a river bank.
BANK = """询问笔录
时间：2024年9月18日15时20分至2024年9月18日16时30分
地点：柳川市公安局城西派出所询问室
询问人：项某、贺某 记录人：贺某
被询问人：宁秀兰 性别：女
问：你把当天看到的情况说一下。
答：那天晚上我在河堤边散步，听到有人喊救命，就跑了过去，看到一个男的倒在河堤下面的台阶上，头上都是血。
问：当时现场还有别人吗？
答：除了我，还有一个卖烤红薯的老汉、一个骑共享单车路过的女学生，后来小区的保安邵师傅也跑过来了。
问：你认识打人的人吗？
答：不认识，他真名叫什么、住在哪里我都不知道，只听别人喊他“疤哥”。
"""

# A shop owner who saw a quarrel at his door; the ones there are told with 和, one by kinship.
SHOP = """询问笔录
时间：2024年4月2日10时00分至2024年4月2日11时05分
地点：柳川市公安局东关派出所询问室
询问人：宫某、柏某 记录人：柏某
被询问人：冉德胜 性别：男
问：吵架的时候，旁边都有谁？
答：当时在场的有我爱人、楼下开面馆的老板和一个送快递的小伙子。
问：开车撞门的那个男的你认识吗？
答：那个男的我以前没见过，叫什么名字我不知道，家在哪里也不清楚。
"""

# A shop owner questioned about whom he paid: a cousin kept the till, a driver he hired unnamed.
TILL = """讯问笔录
时间：2024年3月5日9时00分至2024年3月5日11时00分
地点：柳川市公安局经侦大队讯问室
侦查员：祝某、韦某 记录人：韦某
犯罪嫌疑人：包立新 性别：男
问：你开的店里都有谁帮忙？
答：我表妹卓雅帮我当收银员，负责收钱和记账。我每个月给她发三千五百元工资，一共发了八个月。另外我雇了一个送货的司机老严，一个月四千二百元，干了五个月。
问：你自己从店里拿钱吗？
答：我不拿工资，赚了钱年底一起算。
"""

# The same, told another way: the niece keeps the books, paid 给她开 per month; a storekeeper hired by surname.
BOOKS = """讯问笔录
时间：2024年6月11日14时00分至2024年6月11日15时30分
地点：柳川市公安局经侦大队第二讯问室
侦查员：闵某、郜某 记录人：郜某
犯罪嫌疑人：殷正飞 性别：男
问：公司的账是谁在管？
答：公司的账一直是我外甥女贾琳在管，她负责开票和对账，我每个月给她开四千元，开了半年。另外我请了一个姓罗的师傅看仓库，一个月三千元。
"""

# A bank-side witness: the crowd counted, then the count taken back in the next answer; a speed
# estimated and revised.
CROWD = """询问笔录
时间：2024年10月9日16时00分至2024年10月9日17时00分
地点：柳川市公安局城西派出所询问室
询问人：项某、贺某 记录人：贺某
被询问人：苗永福 性别：男
问：围观的人有多少？
答：最多的时候有二十多个人。
问：围观的人数你再想想。
答：二十多个是我看到的总数，里面很多是看热闹的，真正动手拉架的只有四个。
问：那辆面包车开得快不快？
答：开得很快，起码有八十公里/小时。
问：车速你确定吗？
答：前面说的可能说多了，我也不太懂，大概六十公里/小时上下吧。
"""

# An organiser of an online gambling group: the group's size as displayed, then who really played.
GROUP = """讯问笔录
时间：2024年8月2日9时00分至2024年8月2日10时40分
地点：柳川市公安局治安大队讯问室
侦查员：岑某、詹某 记录人：詹某
犯罪嫌疑人：鄢国庆 性别：男
问：你建的那个赌博群有多少人？
答：群里最多的时候有一百二十个人。
问：这些人都参与赌博了吗？
答：一百二十是群里显示的总数，很多人只是进来看看，真正下注的也就三十来个。
"""

# Cards a suspect collected money on, listed in one answer (the first one's number wrapped by the
# record's own line break); phones another suspect lists by use.
CARDS = """讯问笔录
时间：2024年5月7日9时00分至2024年5月7日10时30分
地点：柳川市公安局经侦大队讯问室
侦查员：祝某、韦某 记录人：韦某
犯罪嫌疑人：符建军 性别：男
问：你用过哪些银行卡收钱？
答：一共用了三张卡：一张是农业银行的卡，卡号622848001234567
8911；一张是建设银行的卡，卡号6217000098765432107；还有一张是邮政储蓄的卡，卡号6221880055556666779。
"""
PHONES = """讯问笔录
时间：2024年5月8日14时00分至2024年5月8日15时00分
地点：柳川市公安局经侦大队讯问室
侦查员：祝某、韦某 记录人：韦某
犯罪嫌疑人：甄小虎 性别：男
问：你平时用哪些手机号？
答：我有两个号，一个是13912345678，平时自己用；另一个是18676543210，专门用来联系客户。
"""

# A driver who came upon a crash: where the car came to rest and where the one hit lay, told in one
# long sentence; then where he saw the car before (another act of stopping, elsewhere).
CRASH = """询问笔录
时间：2024年9月20日10时00分至2024年9月20日11时00分
地点：柳川市公安局交警大队询问室
询问人：项某、贺某 记录人：贺某
被询问人：鲍志刚 性别：男
问：你到的时候看到什么？
答：我到的时候，那辆白色的SUV已经停在加油站出口旁边的绿化带上了，司机不在车里，一个骑电动车的老太太躺在路中间的斑马线上，旁边还有一摊血。
问：你以前见过这辆车吗？
答：见过，上个月有一天下午，在滨河路和建设路的路口，我看见这辆车停在路边。
问：那辆SUV的车牌你看到了吗？
答：看到一部分，车牌前面是柳B，后两位是58，中间几个字被泥挡住了，没看清。
问：那个司机你后来又见过吗？
答：见过一次，端午节前两天，在菜市场门口碰到他在买菜。
"""


@pytest.fixture(scope="module")
def things_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("things_cases"),
                           {"询问笔录_宁秀兰.pdf": BANK, "询问笔录_冉德胜.pdf": SHOP, "讯问笔录_包立新.pdf": TILL,
                            "讯问笔录_殷正飞.pdf": BOOKS, "询问笔录_苗永福.pdf": CROWD, "讯问笔录_鄢国庆.pdf": GROUP,
                            "讯问笔录_符建军.txt": CARDS, "讯问笔录_甄小虎.pdf": PHONES,
                            "询问笔录_鲍志刚.pdf": CRASH})


@pytest.mark.integration
def test_the_people_listed_as_there_are_counted_and_each_quoted(things_home):
    answer = ask(things_home, "询问笔录_宁秀兰.pdf", "现场还有几个人？都是什么人？")
    assert held_as_said(answer), answer.conclusion
    assert answer.conclusion.startswith("3人")
    for who in ("卖烤红薯的老汉", "骑共享单车路过的女学生", "保安邵师傅"):
        assert who in answer.conclusion
    listed = ask(things_home, "询问笔录_冉德胜.pdf", "吵架的时候现场有几个人？分别是谁？")
    assert listed.conclusion.startswith("3人"), listed.conclusion
    for who in ("我爱人", "开面馆的老板", "送快递的小伙子"):
        assert who in listed.conclusion


@pytest.mark.integration
def test_who_did_a_job_and_their_pay_per_month_is_theirs_not_the_speakers(things_home):
    answer = ask(things_home, "讯问笔录_包立新.pdf", "谁帮他当收银员？每个月拿多少？")
    assert "卓雅" in answer.conclusion and 3500 in amounts(answer.conclusion), answer.conclusion
    assert 4200 not in amounts(answer.conclusion) and "包立新每" not in answer.conclusion
    named = ask(things_home, "讯问笔录_包立新.pdf", "卓雅每个月工资多少？")
    assert held_as_said(named) and amounts(named.conclusion) == {3500}, named.conclusion
    books = ask(things_home, "讯问笔录_殷正飞.pdf", "谁帮他管账？每个月拿多少？")
    assert "贾琳" in books.conclusion and 4000 in amounts(books.conclusion), books.conclusion
    assert 3000 not in amounts(books.conclusion)


@pytest.mark.integration
def test_a_figure_paid_to_someone_hired_unnamed_is_not_the_speakers_own(things_home):
    answer = ask(things_home, "讯问笔录_包立新.pdf", "包立新每个月拿多少钱？")
    assert 4200 not in amounts(answer.conclusion), answer.conclusion


@pytest.mark.integration
def test_someone_whose_name_and_home_the_speaker_does_not_know_is_a_gap(things_home):
    answer = ask(things_home, "询问笔录_宁秀兰.pdf", "打人的人叫什么名字？住在哪里？")
    assert answer.gaps and "不知道" in answer.conclusion, answer.conclusion
    assert answer.status.value != "not_found" and "宁秀兰" not in answer.conclusion
    other = ask(things_home, "询问笔录_冉德胜.pdf", "开车撞门的那个男的叫什么名字？家住哪里？")
    assert other.gaps and "不知道" in other.conclusion, other.conclusion
    assert "冉德胜" not in other.conclusion


@pytest.mark.integration
def test_a_head_count_taken_back_later_gives_both_versions_the_later_named(things_home):
    crowd = ask(things_home, "询问笔录_苗永福.pdf", "围观的最多有多少人？")
    assert crowd.status.value == "needs_review" and crowd.conflicts, crowd.conclusion
    assert "二十多个人" in crowd.conclusion and "四个" in crowd.conclusion
    assert crowd.conclusion.index("最新陈述") > crowd.conclusion.index("四个")
    group = ask(things_home, "讯问笔录_鄢国庆.pdf", "群里最多的时候有多少人？")
    assert group.status.value == "needs_review" and group.conflicts, group.conclusion
    assert "一百二十个人" in group.conclusion and "三十来个" in group.conclusion
    assert group.conclusion.index("最新陈述") > group.conclusion.index("三十来个")
    # the same for a speed the speaker revises (the machinery of versions, unchanged)
    speed = ask(things_home, "询问笔录_苗永福.pdf", "面包车的车速是多少？")
    assert speed.conflicts and "八十公里/小时" in speed.conclusion and "六十公里/小时" in speed.conclusion
    assert speed.conclusion.index("最新陈述") > speed.conclusion.index("六十公里/小时")


@pytest.mark.integration
def test_every_number_an_answer_lists_as_the_speakers_is_given_masked(things_home):
    cards = ask(things_home, "讯问笔录_符建军.txt", "卡号分别是多少？")
    assert held_as_said(cards) and "共3个" in cards.conclusion, cards.conclusion
    for bank, last in (("农业银行", "8911"), ("建设银行", "2107"), ("邮政储蓄", "6779")):
        assert bank in cards.conclusion and last in cards.conclusion
    assert "6217000098765432107" not in cards.conclusion  # masked as every personal number is
    phones = ask(things_home, "讯问笔录_甄小虎.pdf", "他的手机号分别是多少？")
    assert "共2个" in phones.conclusion and "5678" in phones.conclusion and "3210" in phones.conclusion, \
        phones.conclusion


@pytest.mark.integration
def test_where_someone_or_something_came_to_be_is_the_place_after_that_act(things_home):
    fallen = ask(things_home, "询问笔录_宁秀兰.pdf", "那个男的倒在什么位置？")
    assert held_as_said(fallen) and "河堤下面的台阶上" in fallen.conclusion, fallen.conclusion
    car = ask(things_home, "询问笔录_鲍志刚.pdf", "SUV停在哪里？")
    assert "加油站出口旁边的绿化带上" in car.conclusion and "滨河路" not in car.conclusion, car.conclusion
    lying = ask(things_home, "询问笔录_鲍志刚.pdf", "老太太躺在什么位置？")
    assert held_as_said(lying) and "路中间的斑马线上" in lying.conclusion, lying.conclusion
    assert "绿化带" not in lying.conclusion.split("（")[0]


@pytest.mark.integration
def test_a_plate_seen_only_in_part_is_a_gap_quoting_the_parts_seen(things_home):
    for question in ("那辆SUV的车牌号是多少？", "肇事车的车牌号是多少？"):
        answer = ask(things_home, "询问笔录_鲍志刚.pdf", question)
        assert answer.gaps and "没看清" in answer.conclusion, answer.conclusion
        assert "柳B" in answer.conclusion and "58" in answer.conclusion and "鲍志刚" not in answer.conclusion


@pytest.mark.integration
def test_a_time_said_relative_to_the_record_keeps_its_words_and_the_record_date(things_home):
    answer = ask(things_home, "询问笔录_鲍志刚.pdf", "他以前在什么时候、什么地方见过这辆车？")
    assert "上个月有一天下午" in answer.conclusion and "材料未给出具体日期" in answer.conclusion, answer.conclusion
    assert "相对本次笔录时间" in answer.conclusion and "滨河路" in answer.conclusion
    # a festival is a time said too: kept as said, never turned into a day
    festival = ask(things_home, "询问笔录_鲍志刚.pdf", "他后来是什么时候又见过那个司机？")
    assert "端午节前两天" in festival.conclusion and "相对本次笔录时间" in festival.conclusion, festival.conclusion
    assert "2024年9月20日" not in answer.conclusion  # the record's day is cited, never given as the answer
    seen = ask(things_home, "询问笔录_宁秀兰.pdf", "她是什么时候听到有人喊救命的？")
    assert "上个月" not in seen.conclusion  # a sentence with no time of its own is never given one
