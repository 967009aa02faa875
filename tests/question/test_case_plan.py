"""Question plans: slots, aggregates, kinds, occurrences — read from the question's words alone."""

from __future__ import annotations

import pytest

from engine.question import Intent, Receiver, Slot, read_question


pytestmark = pytest.mark.unit


def make_plan(question: str):
    return read_question(question).case


@pytest.mark.parametrize("question, slots, kind, aggregate, ordinal", [
    ("第二次是哪天、借了多少、怎么给的？", [Slot.DATE, Slot.AMOUNT, Slot.MEANS], "pay", "nth", 2),
    ("他一共还了多少钱？", [Slot.AMOUNT], "repay", "total", None),
    ("现在还欠多少本金？", [Slot.AMOUNT], None, "outstanding", None),
    ("前后拿了公司多少钱？", [Slot.AMOUNT], "take", "total", None),
    ("最后一笔是什么时候给的？", [Slot.DATE], "pay", "last", None),
    ("一共转了几次？", [Slot.COUNT], "pay", "count", None),
    ("约定的月息是多少？", [Slot.RATE], "interest", None, None),
])
def test_slots_aggregates_and_kinds(question, slots, kind, aggregate, ordinal):
    plan = make_plan(question)
    assert plan.slots == slots
    assert plan.kind == kind and plan.aggregate == aggregate and plan.ordinal == ordinal


def test_the_record_itself_and_its_sessions():
    plan = make_plan("第二次讯问是在什么时间、什么地点？")
    assert plan.record and plan.session == 2 and plan.slots == [Slot.DATE, Slot.PLACE]
    assert make_plan("这次询问的记录人是谁？").fields == ["recorder"]
    # the session's word a few words after its ordinal (第二次找…问话) names the session, no Nth event
    told = make_plan("第二次找这个证人问话是哪一天？在什么地方问的？")
    assert told.record and told.session == 2 and told.aggregate is None
    assert make_plan("第二次转账是哪天？").session is None
    assert make_plan("后来那次问话是在哪里问的？").session_last and not make_plan("后来他又转了多少？").session_last


def test_hearings_supplements_roles_and_sides():
    court = make_plan("这次开庭是哪天、在哪个审判庭？")
    assert court.record and court.slots == [Slot.DATE, Slot.PLACE]
    assert make_plan("第二次开庭是什么时候？").session == 2
    extra = make_plan("补充讯问是什么时间做的？")
    assert extra.record and extra.supplement
    judge = make_plan("本案的审判长是谁？")
    assert judge.record and judge.fields == ["officer"] and judge.officer_role == "审判长"
    assert make_plan("书记员是谁？").fields == ["recorder"]
    assert make_plan("原告说被告逾期交货多少天？").parties == ["原告", "被告"]
    assert make_plan("被告人同意赔偿吗？").parties == ["被告"]
    assert make_plan("他的车牌号是多少？").fields == ["plate"]


def test_law_questions_are_not_case_questions_even_with_money_words():
    assert make_plan("诈骗罪数额较大的怎么处罚？").law
    assert not make_plan("他有没有犯罪前科？").law  # a fact about a person
    assert not make_plan("犯罪嫌疑人一共拿了多少钱？").law


def test_particulars_are_fields_not_amounts():
    plan = make_plan("他的身份证号码和手机号是多少？")
    assert plan.fields == ["id", "phone"] and Slot.AMOUNT not in plan.slots


def test_overviews():
    assert make_plan("前后供述有哪些矛盾？").overview == "conflicts"
    assert make_plan("笔录里有哪些记不清的地方？").overview == "gaps"


def test_what_is_left_of_a_loss_after_restitution_is_outstanding():
    plan = make_plan("退赔之后，她还有多少损失？")
    assert plan.aggregate == "outstanding" and plan.slots == [Slot.AMOUNT]


def test_restitution_is_money_given_back_not_compensation():
    from engine.text import case_lexicon as lexicon

    said = "我哥哥替我用支付宝退赔了他8,900元。"
    assert lexicon.KIND_CUES["repay"].search(said) and not lexicon.KIND_CUES["compensation"].search(said)
    assert lexicon.KIND_CUES["compensation"].search("他赔了我五千元医药费。")


def test_hours_and_days_are_a_duration_not_an_amount():
    plan = make_plan("传唤持续的时间一般不得超过多少小时？")
    assert Slot.DURATION in plan.slots and Slot.AMOUNT not in plan.slots
    assert Slot.AMOUNT in make_plan("第二次给了多少钱？").slots


@pytest.mark.parametrize("question, unit, family, aggregate", [
    ("他那天晚上一共喝了几瓶黄酒？", "瓶", None, "total"),
    ("那只玉镯有多少克？", "克", None, None),
    ("血液里的乙醇含量是多少mg/100ml？", "mg/100ml", None, None),
    ("他在工地一共干了多少天？", "天", None, "total"),
    ("水泥分几车运到的？", "车", None, None),
    ("那块石头有多重？", None, "weight", None),
    ("从第一次转账到最后一次转账前后一共多少天？", "天", None, "span"),
])
def test_the_unit_of_a_figure_that_is_not_money(question, unit, family, aggregate):
    plan = make_plan(question)
    assert Slot.QUANTITY in plan.slots and Slot.AMOUNT not in plan.slots
    assert (plan.unit, plan.unit_family, plan.aggregate) == (unit, family, aggregate)


def test_counts_of_people_and_of_distinct_receivers_stay_counts():
    assert make_plan("一起吃饭的一共有几个人？").unit == "人" and Slot.QUANTITY not in make_plan("一起吃饭的一共有几个人？").slots
    plan = make_plan("骗子让她往几个不同的账户里打过钱？")
    assert plan.aggregate == "distinct" and plan.slots == [Slot.COUNT]
    assert make_plan("他拿的钱还了哪几家网贷？").aggregate is None  # which ones, not how many


def test_a_count_of_people_asked_by_what_they_are_is_in_people():
    # 多少会员 / 几个员工: people counted, not money — but 多少员工的工资 asks money
    assert make_plan("那个直播间到底有多少会员？").unit == "人"
    assert make_plan("厂里一共有多少工人？").unit == "人"
    assert make_plan("他欠了多少员工的工资？").unit is None


def test_measure_words_time_words_and_receivers():
    assert make_plan("呼气检测的结果是多少？").signs == ["breath"]
    assert make_plan("价格认定合计是多少钱？").measure == "valuation"
    assert make_plan("那条项链卖了多少钱？").measure == "sale"
    assert make_plan("2022年中秋节他送了多少现金？").when == "2022年中秋节"
    assert make_plan("春节前送现金的是谁？").when == "春节前"
    assert make_plan("打到龚立新那张卡上的钱还差多少没回来？").receiver == Receiver("龚立新", by_account=True)


@pytest.mark.parametrize("question, owed", [
    ("老板现在还欠工人多少工资？", "wages_owed"),
    ("原告还有多少货款没付？", "contract_price"),
    ("修车钱还差人家多少没给？", "cost"),
    ("被抢的东西加现金还差多少没弥补上？", "loss"),
    ("他现在还欠你多少？", None),
])
def test_what_a_balance_asked_is_the_balance_of(question, owed):
    plan = make_plan(question)
    assert plan.aggregate == "outstanding" and plan.owed == owed


def test_a_yes_no_beside_a_figure_promises_receivers_and_familiar_names():
    assert make_plan("银行有没有把钱退回来？退了多少？").yesno_asked
    assert make_plan("他以前受过处罚吗？暂扣了几个月？").yesno_asked
    assert not make_plan("一共转了多少钱？").yesno_asked
    assert make_plan("他答应月底前先付多少钱？").promised
    assert make_plan("那天存了多少钱，存进了谁的账户？").asks_receiver
    assert not make_plan("是谁借给她的？借了多少？").asks_receiver
    assert make_plan("老宋到现在还差多少钱没拿到？").aliases == ["老宋"]


def test_a_victim_asked_what_they_lost_paid_it_out():
    assert make_plan("她前后一共被骗转出去多少钱？").kind == "pay"
    assert make_plan("她被龚立新骗了多少钱？").kind == "take"


def test_a_share_asked_as_a_percentage():
    plan = make_plan("赌场抽水的比例是多少？")
    assert plan.unit_family == "percent" and Slot.QUANTITY in plan.slots and plan.signs == ["rate"]
    assert make_plan("他每个月的提成是多少？").unit_family is None  # a sum of money, not a percentage


@pytest.mark.parametrize("question", [
    "徐某和王某1的矛盾是什么？", "双方为何发生矛盾？", "被告人甲与乙有何矛盾？", "甲与乙二人之间有什么矛盾？",
    "原告与被告为什么会发生矛盾？", "某某用什么理由而与乙发生冲突？", "于某和徐某某产生矛盾的原因是？",
    "原、被告的矛盾点是什么？"])
def test_a_quarrel_between_people_is_a_fact_of_the_case_not_a_contradiction_in_the_material(question):
    # 矛盾/冲突 someone had with someone is asked like any fact; answering 未发现前后矛盾 answers
    # another question (CJRC: 已核验 on such an answer to an unanswerable question)
    plan = read_question(question)
    assert plan.intent is not Intent.CONFLICT and plan.case.overview is None


@pytest.mark.parametrize("question", ["李志强前后供述中有哪些矛盾？", "前后供述有哪些矛盾？", "两份笔录的说法是否矛盾？",
                                      "原告和被告的陈述有什么矛盾？", "材料中有没有不一致的地方？"])
def test_contradictions_between_statements_stay_the_conflict_question(question):
    assert read_question(question).intent is Intent.CONFLICT


@pytest.mark.parametrize("question, slots", [
    ("第三次开庭在哪一天、哪个审判庭？", [Slot.DATE, Slot.PLACE]),
    ("你们是在哪家宾馆见的面？", [Slot.PLACE]),
])
def test_a_room_or_building_asked_by_which_is_a_place(question, slots):
    assert make_plan(question).slots == slots


@pytest.mark.parametrize("question, unit", [
    ("范立秋一天的工钱是多少？", "天"), ("她绣一件多少钱？", "件"), ("老周每个月工资多少？", "月"),
    ("伙食费一个月交多少？", "月"), ("一天收多少？", "天"), ("第一天给了多少钱？", None), ("前一天转了多少？", None), ("一共欠了多少钱？", None),
])
def test_the_unit_a_figure_is_asked_per(question, unit):
    assert make_plan(question).rate_per == unit


def test_what_a_wage_ought_to_be_is_the_wage_due():
    assert make_plan("龚师傅的工钱一共应该是多少？").measure == "wages_owed"
    assert make_plan("老板付了多少工钱？").measure == "wages"


@pytest.mark.parametrize("question, group", [
    ("杭志远和工友们一共还有多少工钱没拿到？", True), ("老板一共欠这几个工人多少工钱？", True),
    ("老板还欠杭志远多少工钱？", False), ("杭志远的工钱一共应该是多少？", False),
])
def test_a_question_about_several_people_together(question, group):
    assert make_plan(question).group is group


@pytest.mark.parametrize("question, channels, place, receiver, kind", [
    ("她通过微信和支付宝一共转了多少钱？", ["微信", "支付宝"], None, None, "pay"),
    ("他用现金交了几次？", ["现金"], None, None, "pay"),
    ("他在村口小卖部门口给的钱是多少？", [], "村口小卖部门口", None, "pay"),
    ("转给沈秋禾的钱一共多少？", [], None, "沈秋禾", "pay"),
    ("他一共付给庞立新多少钱？", [], None, "庞立新", "pay"),
    # the one paid after a clause saying which one (装装置的 / 帮他看店的)
    ("老板一共付给装空调的范师傅多少钱？", [], None, "范师傅", "pay"),
    ("她付给帮她看店的柯玉梅多少钱？", [], None, "柯玉梅", "pay"),
    ("对方第一次开口要了多少钱？", [], None, None, "demand"),
    ("他第一次向她要钱是什么时候？", [], None, None, "demand"),
    ("第二笔是用微信还是现金给的，给了多少？", [], None, None, "pay"),
    ("一共要回了多少钱？", [], None, None, "repay"),
])
def test_restrictions_a_figure_is_asked_over(question, channels, place, receiver, kind):
    """The channel, place and receiver a figure is restricted to, and a demand told from a payment."""
    plan = make_plan(question)
    assert plan.channels == channels and plan.place == place and (plan.receiver.name if plan.receiver else None) == receiver
    assert plan.kind == kind


def test_what_is_not_yet_got_back_is_a_balance():
    assert make_plan("被骗的钱没追回的有多少？").aggregate == "outstanding"


@pytest.mark.parametrize("question, payer", [
    ("总包单位给包工头付了多少钱？", "总包单位"), ("保险公司一共赔了多少钱？", "保险公司"),
    ("他在公司一共转了多少钱？", None), ("扣除公司退还的本金后，她还有多少没拿回来？", None),
    ("老板给他付过多少工钱？", None),
])
def test_a_payer_named_by_an_organisation(question, payer):
    """总包单位给某某付了多少: the rows asked are that payer's (restrictions.py); a person or a pronoun
    asked is the asked side, and a balance's 扣除公司退还的 names what is taken off it."""
    assert make_plan(question).payer == payer


@pytest.mark.parametrize("question", [
    "第一回卖铜线，对方给了多少钱？",
    "那批钢管卖多少钱？",
    "他把摩托车卖了多少钱？",
    "头一回卖电缆，收废品的给了多少？",
])
def test_selling_named_by_the_bare_verb_asks_the_sale_price(question):
    assert make_plan(question).measure == "sale"


@pytest.mark.parametrize("question", [
    "小卖部老板给了你多少钱？",
    "卖场经理扣了他多少钱？",
    "他在卖场偷了多少钱的东西？",
    "那家专卖店的店员收了你多少钱？",
    "卖家一共收了多少？",
    "卖完手机以后，他给了老婆多少钱？",
    "卖手机的那天，他在网吧花了多少钱？",
    "把车卖了以后，他还了多少钱给表哥？",
])
def test_a_shop_or_a_seller_named_or_a_sale_that_only_dates_is_no_sale_price(question):
    # 卖 inside a noun (小卖部, 卖场, 专卖店, 卖家) is no verb; a sale that says when is not what is asked
    assert make_plan(question).measure != "sale"


@pytest.mark.parametrize("question, side", [
    ("那个人有没有同伙？", "together"), ("有没有人跟他一起去的？", "together"), ("他是否有同伙？", "together"),
    ("他是一个人干的吗？", "alone"), ("他是自己投案的吗？", "surrendered"), ("他有没有自首？", "surrendered"),
    ("他是被民警抓获的吗？", "caught"),
    # the side's word in a question asking of something else
    ("他同伙有没有分到钱？", None), ("他投案以后退赔了吗？", None), ("他的同伙是谁？", None),
])
def test_the_side_of_an_either_or_asked(question, side):
    assert make_plan(question).either == side


@pytest.mark.parametrize("question, thing", [
    ("那批电缆后来被他弄到哪里去了？", "电缆"), ("偷来的药品去向如何？", "药品"),
    ("卖手机的钱用到哪里去了？", None), ("钢筋送到哪里了？", None),
])
def test_the_whereabouts_of_goods_asked(question, thing):
    assert make_plan(question).whereabouts == thing


@pytest.mark.parametrize("question, listed", [
    ("哪些东西被追回了？", True), ("追回了什么财物？", True), ("追回的财物价格认定合计多少钱？", False),
    ("被偷的东西追回了吗？", False),
])
def test_which_goods_were_got_back_asked(question, listed):
    assert make_plan(question).recovered_list is listed


@pytest.mark.parametrize("question, asked", [
    ("群里输钱最多的玩家是谁，输了多少？", "群里输钱最多的玩家"), ("谁伤得最重？", "谁伤得最重"),
    ("最后一次是谁给的？", None),
])
def test_who_stands_out_by_a_measure_is_asked_in_the_questions_words(question, asked):
    assert make_plan(question).most_asked == asked


@pytest.mark.parametrize("question, seen", [
    ("车牌号看清了哪几位？", True), ("那辆车的车牌看到了几个字？", True), ("肇事车的车牌号是多少？", False),
    ("证人看到的车车牌号是多少？", False),
])
def test_which_part_of_a_plate_was_seen_asked(question, seen):
    assert make_plan(question).plate_seen is seen


@pytest.mark.parametrize("question, used", [
    ("他收赌资用的银行卡卡号分别是多少？", True), ("你用过哪些银行卡？卡号是多少？", True),
    ("他的银行卡号是多少？", False), ("他用什么方式付的钱？", False),
])
def test_numbers_asked_of_what_was_used(question, used):
    assert make_plan(question).field_used is used


@pytest.mark.parametrize("question, choices", [
    ("开车的司机是男是女？", ["男", "女"]), ("开车的是男的还是女的？", ["男", "女"]),
    ("那辆车是新车还是旧车？", ["新车", "旧车"]), ("你是用微信还是现金给的？", []), ("他是不是一个人去的？", []),
])
def test_the_choices_of_an_either_or(question, choices):
    assert make_plan(question).choices == choices


@pytest.mark.parametrize("question, pick", [
    ("对方一开始要多少钱？", "first"), ("对方后来又要了多少？", "last"), ("对方最少要多少钱？", "最少"),
    ("对方要了多少钱？", None),
])
def test_which_demand_is_meant(question, pick):
    assert make_plan(question).demand_pick == pick


@pytest.mark.parametrize("question, attribute", [
    ("肇事车是什么颜色？", "colour"), ("证人看到的肇事车是什么颜色、什么车型？车牌号看清了哪几位？", "colour"),
    ("他穿的衣服是啥色的？", "colour"), ("肇事车是什么车型？", None),
])
def test_an_attribute_asked_of_a_thing(question, attribute):
    assert make_plan(question).attribute == attribute


@pytest.mark.parametrize("question, fields", [
    ("被抢的手机是什么牌子？", []), ("他的手机是什么型号？", []), ("他的手机号是多少？", ["phone"]),
    ("他手机是什么号码？", ["phone"]), ("原告买手机时是用什么方式付的钱？", []), ("手机是用什么方式寄回去的？", []),
])
def test_a_phone_asked_as_a_thing_is_no_phone_number(question, fields):
    assert make_plan(question).fields == fields


@pytest.mark.parametrize("question, nicknames", [
    ("“阿武”的真实姓名叫什么？", ["阿武"]), ("阿武的真名叫什么？", ["阿武"]), ("代理“斌哥”的真实姓名叫什么？", ["斌哥"]),
    ("他们那个老总叫什么名字？", ["老总"]),  # 个 is no surname: the role itself
])
def test_a_nickname_in_quotes_is_read(question, nicknames):
    assert make_plan(question).nicknames == nicknames


@pytest.mark.parametrize("question, apart", [
    ("第二次询问是哪天？和第一次隔了几天？", ("2", "1")),
    ("两次讯问相隔多少天？", ("1", "2")),
    ("补充讯问距离首次讯问过了几天？", ("补充", "1")),
    ("第一次开庭和第二次开庭间隔几天？", ("1", "2")),
    ("第一次转账和第二次转账隔了几天？", None),  # no session of the record is named
    ("第二次讯问是在哪里？", None),  # no days between asked
])
def test_the_days_between_two_sessions_of_the_record(question, apart):
    assert read_question(question).case.sessions_apart == apart


@pytest.mark.parametrize("question, asked", [
    ("第一次讯问一共进行了多少分钟？", True),
    ("这次庭审持续了多长时间？", True),
    ("询问的时长有多长？", True),
    ("讯问时他说自己在厂里干了多久？", False),  # what was said in it, not how long it lasted
    ("第二次讯问是在哪里？", False),
    ("第二次询问是哪天做的？前后用了多少分钟？", True),  # the next part asks it of the session named
    ("第二次询问时他说什么？他干了多久？", False),  # a part with a subject of its own
])
def test_how_long_the_session_itself_lasted(question, asked):
    assert read_question(question).case.record_length is asked


@pytest.mark.parametrize("question, located", [
    ("某某是哪天被查获的？仓库在什么地方？", "仓库"),
    ("那家网吧在哪里？", "网吧"),
    ("他现在在哪里？", None),  # a person, not a thing
    ("你们是在哪里打的架？", None),  # the place of an act
    ("刀扔在哪里了？", None),  # where a thing was put: its whereabouts
])
def test_a_thing_asked_where_it_is(question, located):
    assert read_question(question).case.located == located


@pytest.mark.parametrize("question, asked", [
    ("这次庭上双方调解成了吗？", True),
    ("双方在庭审中达成调解了吗？", True),
    ("有没有调解成功？", True),
    ("原告同意被告提出的调解方案吗？", False),  # a side's yes or no to a proposal
    ("被告同意调解吗？", False),  # a side's consent to mediate
    ("调解时被告最多愿意给多少？", False),
])
def test_how_the_mediation_ended_is_asked(question, asked):
    assert read_question(question).case.mediation_outcome is asked


def test_the_verb_a_yes_no_beside_a_figure_asks_of():
    """她收下了没有？转了多少？: whether she took it (收), not whether money moved."""
    assert make_plan("药师微信转给她的钱，她收下了没有？转了多少？").yesno_verb == "收"
    assert make_plan("银行有没有把钱退回来？退了多少？").yesno_verb == "退"
    assert make_plan("他一共转了多少钱？").yesno_verb is None


@pytest.mark.parametrize(("question", "pick"), [
    ("原告最后要求退的课时费是多少？", "last"), ("按原告变更后的请求，双方差多少？", "last"),
    ("原告起诉时要求退多少？", "first"), ("原告要求退多少？", None),
])
def test_which_version_of_a_figure_is_asked(question, pick):
    assert make_plan(question).version_pick == pick


@pytest.mark.parametrize("question", ["给原告做手术的是哪位医生？", "当时出警的是哪个民警？"])
def test_a_person_asked_by_the_role_he_had(question):
    assert Slot.PERSON in make_plan(question).slots


@pytest.mark.parametrize("question, both", [
    ("两次询问分别是哪天做的？中间隔了几天？", True),
    ("两次讯问相隔多少天？", True),
    ("第二次询问是哪天？和第一次隔了几天？", False),  # the session named first is asked, the other cited
    ("第二次讯问是在哪里？", False),
])
def test_both_sessions_asked_when_the_question_names_them_together(question, both):
    assert read_question(question).case.sessions_both is both


@pytest.mark.parametrize("question, side", [
    ("原告把相机寄回去以后，被告收下了吗？", "被告"),  # the side of the time clause does not act
    ("被告同意调解吗？", "被告"),
    ("原告收到货以后付款了吗？", "原告"),  # no comma: one clause, its side acts
])
def test_the_side_acting_in_the_main_clause(question, side):
    assert make_plan(question).acting_side == side


@pytest.mark.parametrize("question, asks", [
    ("这次开庭调解成了没有？案子最后怎么处理？", 2),  # a yes/no beside an ask of how: two asks
    ("被告同意调解吗？最多愿意出多少？", 2),
    ("他拿钱了吗？", 0),  # one ask
])
def test_a_yes_no_is_an_ask_of_its_own(question, asks):
    assert len(read_question(question).asks) == asks


@pytest.mark.parametrize("question, aggregate", [
    ("警方查扣的现金加上冻结的微信余额一共是多少？", "total"),  # money held in an account
    ("他支付宝余额还有多少？", None),
    ("借款余额是多少？", "outstanding"),
])
def test_a_balance_held_in_an_account_is_no_outstanding_sum(question, aggregate):
    assert make_plan(question).aggregate == aggregate


@pytest.mark.parametrize("question, refusal", [
    ("被告拒收了吗？", True), ("他拒绝签字了吗？", True),
    ("原告把相机寄回去以后，被告收下了吗？", False),  # the act itself, its refusal put by the asker answers no
])
def test_a_question_asking_of_a_refusal_itself(question, refusal):
    assert make_plan(question).refusal_asked is refusal
