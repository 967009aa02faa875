"""Facts the asker puts to the speaker (a record shown, a finding, a tally, another person's account,
a recap) and where the answer stands on them: confirmed or hedged facts are the speaker's, typed by
their own labels; a confirmed record refines the speaker's vaguer telling of the same act; another
person's account the speaker answers with his own figure is a version attributed to that person; a
denial, or a question the answer does not address, makes nothing. Records written for these tests."""

from __future__ import annotations

from decimal import Decimal

from tests.ledger.text_ledger import TextLedger

HEAD = """讯问笔录
时间：2024年4月2日9时00分至2024年4月2日11时00分
地点：某县公安局执法办案中心第二讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：蒋文斌 性别：男
"""

# 问:/答: with half-width colons: a vague second payment, then the transfer record shown and confirmed.
SHOWN = HEAD + """问:你给孙立伟转过几次钱?
答:转过两次。第一次是2023年8月3日，我用支付宝转给他4000元。
问:第二次是什么时候?
答:大概是8月下旬，具体哪天记不清了，我用微信转给他6000元。
问:现向你出示你的微信转账记录，显示你于2023年8月27日21时14分通过微信向孙立伟转账6000元，是不是这笔?
答:对，就是这笔，以记录为准。
"""


def test_a_confirmed_record_is_the_act_and_refines_the_vaguer_telling():
    t = TextLedger(SHOWN)
    rows = t.rows(kind="pay")
    assert [r.amount.value for r in rows] == [Decimal(4000), Decimal(6000)]
    record = rows[1]
    assert record.source == "asker" and str(record.date.value) == "2023-08-27" and record.time.text == "21时14分"
    assert record.payer == "蒋文斌" and record.payee == "孙立伟" and record.chrono == 2
    assert "本人确认「对」" in record.confirmed and "出示记录" in record.confirmed
    told = t.ledger.by_id(record.refines)
    assert "8月下旬" in t.quote(told.sentence) and told.role == "mention" and told.same_as == record.id
    assert "2023年8月27日" in t.quote(record.sentence)  # the evidence is the question line
    assert not t.ledger.corrections and not [e for e in t.ledger.events if e.corrects]


# 问：/答： full-width: an approximate amount told first; the bank statement shows the exact one.
STATEMENT = HEAD + """问：你往潘玉兰的账户存过钱吗？
答：存过一次，去年十月份我去柜台给她存了一万五左右，具体哪天记不得了。
问：你给柳建军转过钱没有？
答：也转过一次，用手机银行转给他两万元左右。
问：经调取银行流水，2023年10月16日你通过柜台向潘玉兰账户存入现金14,800元，对不对？
答：是的，记录上是多少就是多少。
"""


def test_the_same_act_is_matched_by_its_parties_and_an_approximate_amount_not_by_position():
    t = TextLedger(STATEMENT)
    record = next(r for r in t.rows() if r.source == "asker")
    assert record.amount.value == Decimal(14800) and record.payee == "潘玉兰"
    told = t.ledger.by_id(record.refines)
    assert "一万五" in told.amount.text  # the deposit to 潘玉兰, not the last payment told (to 柳建军)
    other = next(r for r in t.rows() if r.payee == "柳建军")
    assert other.role == "event" and other.same_as is None


# 问：/答： with the question wrapped across lines: a tally put (经核算…), confirmed with a hedge; the
# first figure is never the stated total of the rest.
TALLY = HEAD.replace("犯罪嫌疑人：蒋文斌", "犯罪嫌疑人：龙海生") + """问：你们这个赌场开了多久？
答：一个多月。
问：经核算，你们开设赌场期间总收入86,400元，支付给饶德明共31,000元，支付看场
人员工资12,500元，非法获利42,900元，你对核算结果有没有异议？
答：差不多就是这个数。
"""


def test_a_tally_put_and_hedged_is_several_labelled_figures_each_with_its_hedge():
    t = TextLedger(TALLY)
    rows = [e for e in t.ledger.events if e.source == "asker"]
    typed = {(e.kind, e.role, e.measure, e.payee): e.amount.value for e in rows}
    assert typed == {("value", "value", "income", None): Decimal(86400),
                     ("pay", "total", None, "饶德明"): Decimal(31000),
                     ("pay", "total", "wages", None): Decimal(12500),
                     ("value", "value", "profit", None): Decimal(42900)}
    assert all(e.amount.approx and "差不多就是这个数" in e.confirmed and "核算" in e.confirmed for e in rows)


# Speaker labels with wrapped lines: another person's account, answered with another figure or a
# hesitation; a denial; a question the answer does not address.
CITED = HEAD.replace("犯罪嫌疑人：蒋文斌", "犯罪嫌疑人：龙海生") + """民警：同案人邬国栋供述你分给他4万元，
你怎么说？
龙海生：没有4万，我只给了他3万元。
民警：被害人称你当晚拿走了她现金2800元，是不是？
龙海生：可能是两千块，也可能是两千八百块，我记不清了。
民警：根据银行流水显示，你在2023年9月2日还收到饶德明转来的2万元，有这回事吗？
龙海生：没有这回事。
民警：现向你出示饶德明的银行交易明细，显示：2023年9月8日饶德明向你转账15,000元。有没有这回事？
龙海生：不对，没有这回事，那个账户不是我的。
民警：你是不是在2023年9月5日又给饶德明转了1万元？
龙海生：那段时间我在外地打工。
"""


def test_another_persons_account_and_the_speakers_figure_are_two_attributed_versions():
    t = TextLedger(CITED)
    cited = next(e for e in t.ledger.events if e.told_by == "邬国栋")
    assert cited.amount.value == Decimal(40000) and not cited.confirmed and cited.payee == "邬国栋"
    own = [e for e in t.ledger.events if e.corrects == cited.id]
    assert [e.amount.value for e in own] == [Decimal(30000)] and own[0].source == "answer"
    victim = next(e for e in t.ledger.events if e.told_by == "被害人")
    assert victim.amount.value == Decimal(2800)
    assert [e.amount.value for e in t.ledger.events if e.corrects == victim.id] == [Decimal(2000)]


def test_a_denial_or_an_answer_beside_the_question_makes_no_fact():
    t = TextLedger(CITED)
    values = {e.amount.value for e in t.ledger.events if e.amount is not None}
    assert Decimal(20000) not in values and Decimal(10000) not in values and Decimal(15000) not in values


def test_the_answers_stand_on_what_was_put():
    from engine.answer.casefile.facts.confirm import cited_person, put_to_speaker

    people = ["邬国栋"]
    cases = {("现向你出示转账截图，显示你转给他5000元，是不是？", "是的。"): "confirm",
             ("经核算你共获利3万元，有没有异议？", "没有异议。"): "confirm",
             ("经核算你共获利3万元，有没有异议？", "没错，大概就是这些。"): "confirm",
             ("你前面说给了他两万元，对不对？", "差不多就是这个数吧。"): "hedge",
             ("根据记录显示你转给他5000元，对吗？", "不对，我没转过。"): "deny",
             ("邬国栋说你给了他5000元，你怎么说？", "不对，我给了他3000元。"): "other"}
    for (question, answer), stance in cases.items():
        assert put_to_speaker(question, answer, people).stance == stance, (question, answer)
    assert put_to_speaker("第二次是什么时候？", "是2023年8月27日。", people) is None
    assert cited_person("证人柯敏的证言称你当天在场，是不是？", []) == "柯敏"
    assert cited_person("你前面说他给了你两万元，对不对？", ["邬国栋"]) is None


# 问：/答：: two payments told; the receiver's account of the second put; the speaker keeps his figure.
VERSIONED = HEAD.replace("犯罪嫌疑人：蒋文斌", "犯罪嫌疑人：宁光耀") + """问：你给车晓峰转过几次钱？
答：转过两次。第一次是2023年5月6日，我用支付宝转给他4000元。
问：第二次呢？
答：第二次是2023年5月20日，我用微信转给他6000元。
问：车晓峰说第二次你只给他转了5000元，你怎么说？
答：我记得是6000元，他可能记错了。
"""


def test_another_persons_account_of_an_act_told_before_is_a_version_of_that_act():
    t = TextLedger(VERSIONED)
    second = next(r for r in t.rows() if r.amount.value == Decimal(6000) and r.source == "answer")
    versions = [e for e in t.ledger.events if e.corrects == second.id]
    assert [(e.amount.value, e.told_by) for e in versions] == [(Decimal(5000), "车晓峰")]
    assert [r.amount.value for r in t.rows()] == [Decimal(4000), Decimal(6000)]  # no third payment
    assert not t.ledger.corrections  # 他可能记错了 corrects the cited account, not the speaker
