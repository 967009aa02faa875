"""What a question is about (engine/question/subject.py), read from sentences written for these tests."""

from __future__ import annotations

import pytest

from engine.question import Asked, read_question

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("question, law, label", [
    ("治安管理处罚法第三十二条规定了什么？", "治安管理处罚法", "第三十二条"),
    ("《中华人民共和国道路交通安全法》第91条是怎么规定的", "中华人民共和国道路交通安全法", "第九十一条"),
    ("道路交通安全法91条的内容是什么", "道路交通安全法", "第九十一条"),
    ("民法典1165条规定了什么？", "民法典", "第一千一百六十五条"),
    ("第一百零二条说的是什么", None, "第一百零二条"),
])
def test_an_article_is_read_in_every_written_form(question, law, label):
    subject = read_question(question).subject
    assert [(a.law, a.label) for a in subject.articles] == [(law, label)]
    assert subject.law_question and subject.asked is Asked.ARTICLE


def test_a_bare_article_number_reaches_the_search_as_a_reference():
    plan = read_question("道路交通安全法91条规定了什么")
    assert [(r.value, r.meta["law"]) for r in plan.query.article_refs] == [("第九十一条", "道路交通安全法")]


@pytest.mark.parametrize("question, conduct, act", [
    ("抢夺他人财物数额较大的，怎么处罚？", ["抢夺", "财物", "数额较大"], "抢夺"),
    ("非法捕捞水产品的应当如何处理", ["非法", "捕捞", "水产品"], "捕捞"),
    ("虐待被监护人情节恶劣的判几年？", ["虐待", "监护人", "情节恶劣"], "虐待"),
    ("故意毁坏他人汽车的怎么处罚", ["故意", "毁坏", "汽车"], "毁坏"),
])
def test_the_conduct_of_a_law_question_is_what_comes_before_the_ask(question, conduct, act):
    subject = read_question(question).subject
    assert subject.law_question and not subject.articles
    assert all(any(word in c for c in subject.conduct) for word in conduct), subject.conduct
    assert not {"处罚", "处理", "怎么", "如何", "判"} & set(subject.conduct)
    assert act in subject.acts  # the act an article must name to be about the same conduct


@pytest.mark.parametrize("question", [
    "《最高人民法院关于审理买卖合同纠纷案件适用法律问题的解释》第三条规定了什么？",
    "《最高人民法院关于审理劳动争议案件适用法律若干问题的解释（二）》第5条规定了什么？",
    "《中华人民共和国技术合同管理条例》第十二条规定了什么？",
])
def test_a_law_title_naming_contracts_or_disputes_is_no_contract_clause(question):
    subject = read_question(question).subject
    assert subject.clause is None and subject.contract_words == [], (subject.clause, subject.contract_words)
    assert len(subject.articles) == 1 and subject.asked is Asked.ARTICLE


def test_a_law_named_with_what_it_provides_is_a_law_question_not_a_clause():
    subject = read_question("行政诉讼法关于起诉期限是怎么规定的？").subject
    assert subject.law_question and subject.clause is None and "起诉" in "".join(subject.conduct)


@pytest.mark.parametrize("question, clause, asked", [
    ("仓库租赁合同的违约金怎么算？", "liquidated_damages", Asked.TEXT),
    ("承租人逾期交租的，每天按什么比例付违约金？", "liquidated_damages", Asked.RATE),
    ("这份采购合同的赔偿累计最多不超过多少？", "cap_on_liability", Asked.RATE),
    ("软件开发协议的保密期限是多长时间？", "confidentiality", Asked.DURATION),
    ("买卖合同约定的定金是多少？", "deposit", Asked.AMOUNT),
    ("委托合同的尾款是多少钱", "payment_terms", Asked.AMOUNT),
    ("装修合同发生纠纷由哪个法院管辖？", "dispute_resolution", Asked.PLACE),
    ("开发合同里的软件著作权归谁？", "ip_ownership_assignment", Asked.PERSON),
    # English contracts the same way (#25 item 2)
    ("What is the monthly support fee?", "payment_terms", Asked.AMOUNT),
    ("Which law governs the agreement?", "governing_law", Asked.TEXT),
    ("Which state's laws apply to the agreement?", "governing_law", Asked.TEXT),
    ("What is the effective date of the agreement?", "effective_date", Asked.DATE),
    ("What does the agreement say about termination for convenience?", "termination_for_convenience", Asked.TEXT),
    ("Which courts have jurisdiction over disputes under the contract?", "dispute_resolution", Asked.TEXT),
    ("What is the cap on liability?", "cap_on_liability", Asked.TEXT),
    ("How much is the security deposit?", "security_deposit", Asked.AMOUNT),
])
def test_a_contract_clause_and_the_value_asked_of_it(question, clause, asked):
    subject = read_question(question).subject
    assert subject.clause is not None and subject.clause.key == clause
    assert subject.asked is asked and not subject.law_question


@pytest.mark.parametrize("question", ["被告是否无罪？", "他构成犯罪吗？", "被告人判了几年？"])
def test_a_question_about_a_case_is_not_a_question_about_the_law(question):
    subject = read_question(question).subject
    assert not subject.law_question and not subject.conduct


def test_a_crime_named_with_its_ask_is_a_law_question():
    subject = read_question("非法采矿罪怎么判？").subject
    assert subject.law_question and "采矿" in subject.acts


@pytest.mark.parametrize("question", ["原告向哪个法院提起了离婚诉讼？", "借款期限是多久？", "他们什么时候解除的劳动关系？"])
def test_generic_words_make_no_clause_question_outside_a_contract(question):
    assert read_question(question).subject.clause is None


def test_the_contract_is_named_by_its_kind():
    assert read_question("仓库租赁合同的违约金怎么算？").subject.contract_words == ["仓库租赁合同"]
    # a contract's own title in 《》 still names it
    assert read_question("《仓库租赁合同》的违约金怎么算？").subject.contract_words == ["仓库租赁合同"]


@pytest.mark.parametrize("question", [
    # a yes/no question about what a contract provides is the answerability judge's to decide
    "Does the agreement provide that the receiving party shall keep confidential information secret?",
    "Is there a cap on liability?",
    # generic English words make a clause question only where the question speaks of a contract
    "When was the termination hearing held?",
])
def test_english_words_make_no_clause_question_where_no_clause_is_asked_for(question):
    assert read_question(question).subject.clause is None
