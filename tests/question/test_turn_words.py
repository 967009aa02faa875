"""The question's words as the turn alignment reads them (engine/question/terms.py): jieba's cut
across a particle or a prefix of address is no word asked; a question's content in character pairs,
without its asking words, pronouns and particles; a figure asked in any slot. Text written here."""

from __future__ import annotations

from engine.question import Slot, asked_kinds, asks_figure, asks_knowing, content_pairs, cut_across


def test_a_term_cut_across_a_particle_is_not_a_word_asked():
    assert cut_across("货运", "他是用什么把货运出仓库的？")  # 把 | 货 | 运出
    assert cut_across("谢真", "收鸟的老谢真名叫什么？")  # 老谢 | 真名
    assert not cut_across("合同", "他把合同给了谁？")  # 同给 is no word: 合同 is asked
    assert not cut_across("货运", "货运公司叫什么名字？")  # written as a word


def test_content_pairs_drop_asking_words_pronouns_and_the_addressee():
    mine = content_pairs("伍建平认识参与打架的人吗？")
    theirs = content_pairs("你认识打架的那些人吗？")
    assert {"认识", "打架"} <= mine & theirs
    assert not any("你" in p or "吗" in p or "的" in p for p in mine | theirs)


def test_figures_and_knowing_asked():
    assert asks_figure("黑衣服那一桌有几个人？") and asks_figure("付了多少个USDT？")
    assert not asks_figure("剩下的钱藏在哪里？")
    assert asks_knowing("他知不知道这些货是偷来的？") and asks_knowing("你知道他住哪里吗？")
    assert not asks_knowing("他住在哪里？")


def test_the_kind_of_value_a_question_asks_read_of_any_question():
    assert Slot.PLACE in asked_kinds("这批货后来用到哪里了？")
    assert Slot.YESNO in asked_kinds("出库的时候有没有登记？")
    assert asked_kinds("你把经过讲一下。") == set()


def test_a_term_opening_with_a_verbs_aspect_or_closing_with_the_copula_is_cut_across():
    assert cut_across("过刑", "他以前有没有因为偷东西被判过刑？")  # 判过 | 刑
    assert cut_across("货是", "第二批货是哪天交的？")  # 货 | 是
    assert not cut_across("过户", "那辆车办过户了吗？")  # a word of its own
    assert not cut_across("了解", "你了解这家公司吗？")
    assert not cut_across("过生", "那天晚上是谁过生日请的客？")  # 过 the verb itself, after 谁


def test_a_term_opening_with_a_measure_word_after_a_pointing_word_is_cut_across():
    assert cut_across("起假", "那起假事故是哪天发生的？")  # 那起 | 假事故
    assert cut_across("条算", "那批玉溪每条算多少钱？")  # 每条 | 算
    assert not cut_across("起诉", "原告是哪天起诉的？")  # a word of its own
    assert not cut_across("批发", "他在哪个批发市场拿的货？")
