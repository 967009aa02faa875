import pytest

from engine.text.refs import article_label, article_number, find_statute_refs

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("n, suffix, label", [
    (1, "", "第一条"), (10, "", "第十条"), (45, "", "第四十五条"), (101, "", "第一百零一条"),
    (110, "", "第一百一十条"), (1010, "", "第一千零一十条"), (1260, "", "第一千二百六十条"),
    (120, "之一", "第一百二十条之一"),
])
def test_article_label_and_number_round_trip(n, suffix, label):
    assert article_label(n, suffix) == label
    assert article_number(label) == n


def test_article_number_accepts_arabic_and_rejects_junk():
    assert article_number("第45条") == 45
    assert article_number("第４５条") == 45
    for bad in ("第四十五款", "四十五", "第零条", "第条", ""):
        with pytest.raises(ValueError):
            article_number(bad)
    with pytest.raises(ValueError):
        article_label(0)
    with pytest.raises(ValueError):
        article_label(3, "之X")


def _refs(text):
    facts = find_statute_refs(text)
    assert all(text[f.start:f.end] == f.text for f in facts)
    return facts


def test_this_law_reference():
    (ref,) = _refs("依照本法第四十五条的规定处罚")
    assert (ref.text, ref.value, ref.meta["law"]) == ("第四十五条", "第四十五条", "本法")
    assert ref.kind == "statute_ref"


def test_bracketed_full_title():
    (ref,) = _refs("根据《中华人民共和国刑法》第二百六十六条之规定")
    assert (ref.value, ref.meta["law"]) == ("第二百六十六条", "中华人民共和国刑法")


def test_bracketed_title_with_nested_brackets():
    (ref,) = _refs("依照《最高人民法院关于适用〈中华人民共和国民事诉讼法〉的解释》第九十条")
    assert ref.meta["law"] == "最高人民法院关于适用〈中华人民共和国民事诉讼法〉的解释"


@pytest.mark.parametrize("text, law", [
    ("刑法第六十七条第一款", "刑法"), ("依照刑法第六十七条", "刑法"), ("应当认定为刑法第六十七条", "刑法"),
    ("违反治安管理处罚法第六十七条", "治安管理处罚法"), ("依照中华人民共和国刑法第六十七条", "中华人民共和国刑法"),
    ("违反本条例第六十七条", "本条例"), ("有对外贸易法第六十七条", "对外贸易法"), ("依法第六十七条", None),
    ("第六十七条", None),
])
def test_law_named_before_the_article(text, law):
    (ref,) = _refs(text)
    assert (ref.meta["law"], ref.value) == (law, "第六十七条")


def test_paragraph_and_item():
    (ref,) = _refs("刑法第二百六十四条第一款第（二）项")
    assert (ref.value, ref.meta["paragraph"], ref.meta["item"]) == ("第二百六十四条", "第一款", "第二项")
    (ref,) = _refs("刑法第六十七条第1款")
    assert ref.meta["paragraph"] == "第一款"


def test_arabic_article_numbers_are_canonicalised():
    (ref,) = _refs("刑法第266条")
    assert (ref.text, ref.value) == ("第266条", "第二百六十六条")
    (ref,) = _refs("第120条之一")
    assert ref.value == "第一百二十条之一"


def test_range_emits_both_ends():
    start, end = _refs("本法第十条至第十五条")
    assert (start.value, end.value) == ("第十条", "第十五条")
    assert start.meta["range"] == end.meta["range"] == {"from": "第十条", "to": "第十五条"}
    assert start.meta["law"] == end.meta["law"] == "本法"


@pytest.mark.parametrize("text, texts", [
    ("第十条至十五条", ["第十条", "十五条"]),
    ("第10至15条", ["第10", "15条"]),
])
def test_compact_ranges(text, texts):
    facts = _refs(text)
    assert [f.text for f in facts] == texts
    assert [f.value for f in facts] == ["第十条", "第十五条"]
    assert all(f.meta["range"] == {"from": "第十条", "to": "第十五条"} for f in facts)


def test_lists_inherit_the_law_but_are_no_range():
    facts = _refs("依照本法第三百八十五条、第三百八十六条的规定定罪处罚")
    assert [(f.value, f.meta["law"]) for f in facts] == [("第三百八十五条", "本法"), ("第三百八十六条", "本法")]
    assert all("range" not in f.meta for f in facts)


@pytest.mark.parametrize("text, relative, paragraph, item", [
    ("犯前款罪的", "前款", None, None),
    ("有前两款行为的", "前两款", None, None),
    ("本条第二款规定", "本条", "第二款", None),
    ("前款第（一）项", "前款", None, "第一项"),
    ("依照第二款规定", "本条", "第二款", None),
])
def test_relative_references_have_no_guessed_label(text, relative, paragraph, item):
    (ref,) = _refs(text)
    assert ref.value is None
    assert (ref.meta["relative"], ref.meta["paragraph"], ref.meta["item"]) == (relative, paragraph, item)


@pytest.mark.parametrize("text", ["第一条 为了惩罚犯罪，保护人民", "## 第一条 总则", "本条例自公布之日起施行",
                                  "第一条件", "第二次会议", "第五届全国人民代表大会"])
def test_no_reference(text):
    assert _refs(text) == []


def test_heading_is_skipped_but_reference_in_its_body_is_found():
    text = "第六十八条 犯罪分子有立功表现的，可以从轻或者减轻处罚。\n第六十九条 依照本法第六十八条的规定"
    facts = _refs(text)
    assert [(f.value, f.meta["law"]) for f in facts] == [("第六十八条", "本法")]


def test_a_name_ending_in_tong_fa_is_not_the_same_law():
    # 劳动合同法 ends in 同法 ("the same law"); only a standalone 同法 is that
    refs = find_statute_refs("依照劳动合同法第三十九条的规定，同法第四十条另有规定")
    assert [(r.value, r.meta["law"]) for r in refs] == [("第三十九条", "劳动合同法"), ("第四十条", "同法")]
