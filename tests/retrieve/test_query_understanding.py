"""Query understanding: the expansion lexicon and profiles, law and crime names, contract
identities and clause categories."""

from __future__ import annotations

import numpy as np
import pytest

from engine.store.lexical import section_context
from engine.question import read_question
from engine.retrieve.contracts import ContractIdentities, identity_text
from engine.retrieve.memory import LexiconParams, StatuteMemory, TrainingExample, load_statute_memory
from engine.retrieve.names import StatuteNames, mine_crime_articles
from engine.text.tokenize import tokenize

pytestmark = pytest.mark.unit


def _examples():
    rng = np.random.default_rng(3)
    lay = [("老公", "欠钱", "还"), ("老公", "打我", "怎么办"), ("老公", "出轨", "离婚")]
    out = []
    for i in range(12):
        words = list(lay[i % 3]) + [f"噪声{i}"]
        gold = [("中华人民共和国民法典|第一千零六十四条", ["夫妻", "共同", "债务", "配偶"])] if i % 3 == 0 else \
            [("中华人民共和国民法典|第一千零七十九条", ["离婚", "配偶", "调解"])]
        out.append(TrainingExample(words, rng.normal(size=8).astype(np.float32), gold))
    return out


def test_the_lexicon_learns_lay_to_statute_words_seen_together_and_only_those():
    df = {"配偶": 40, "夫妻": 300, "共同": 5000, "债务": 800, "离婚": 60, "调解": 500}
    memory = StatuteMemory.mine(_examples(), df, documents=60000, space="s")
    assert "配偶" in [t for t, _ in memory.lexicon["老公"]]  # in every gold of 老公 questions
    assert all(t != "共同" for pairs in memory.lexicon.values() for t, _ in pairs)  # too common
    assert not any(w.startswith("噪声") for w in memory.lexicon)  # seen once: below min_pairs
    weights = memory.expand(["老公", "欠钱", "欠钱"])
    assert weights["欠钱"] == 2 and weights["老公"] == 1
    assert weights["配偶"] == pytest.approx(2 * memory.params.weight)  # brought by two words
    assert "配偶" in memory.expansion_terms(["老公"]) and "老公" not in memory.expansion_terms(["老公"])
    strict = StatuteMemory.mine(_examples(), df, 60000, "s", LexiconParams(min_pairs=10 ** 6))
    assert strict.lexicon == {} and strict.expand(["老公"]) == {"老公": 1}


def test_profiles_are_normalised_means_of_the_questions_each_article_answered(tmp_path):
    examples = _examples()
    memory = StatuteMemory.mine(examples, {}, 1000, "space-a")
    key = "中华人民共和国民法典|第一千零六十四条"
    i = memory.profile_keys.index(key)
    mean = np.mean([e.vector for e in examples if e.gold[0][0] == key], axis=0)
    assert memory.profiles[i] == pytest.approx(mean / np.linalg.norm(mean), abs=1e-6)
    assert memory.profile_counts[i] == 4
    assert memory.profile_scores(mean)[i] == pytest.approx(1.0, abs=1e-5)
    card, vectors = tmp_path / "m.json", tmp_path / "m.npy"
    memory.save(card, vectors)
    loaded = StatuteMemory.load(card, vectors)
    assert loaded.lexicon == memory.lexicon and loaded.profile_keys == memory.profile_keys
    assert loaded.profiles == pytest.approx(memory.profiles, abs=2e-3)  # stored as float16


def test_the_shipped_memory_is_refused_for_another_vector_space_but_keeps_its_lexicon():
    memory, note = load_statute_memory("some-other-embedder")
    assert note is not None and memory.space == "some-other-embedder"
    assert len(memory.profile_keys) == 0


def test_crime_names_are_mined_from_the_interpretations_standard_sentence():
    text = ("依照刑法第二百六十四条的规定，以盗窃罪定罪处罚。"
            "依照刑法第二百三十二条、第二百三十四条的规定，以故意杀人罪或者故意伤害罪定罪处罚。"
            "依照刑法第一百四十一条的规定，以生产、销售假药罪追究刑事责任。")
    pairs = mine_crime_articles(text)
    assert ("盗窃罪", "第二百六十四条") in pairs
    assert {("故意杀人罪", "第二百三十二条"), ("故意伤害罪", "第二百三十四条")} <= set(pairs)
    assert ("生产、销售假药罪", "第一百四十一条") in pairs  # 、 inside one crime's name
    assert mine_crime_articles("本法所称犯罪，依照刑法追究刑事责任。") == []


def test_law_and_crime_names_in_a_lay_question():
    names = StatuteNames.build([("中华人民共和国劳动合同法", "劳动合同法"),
                                ("中华人民共和国劳动合同法实施条例", "劳动合同法实施条例"),
                                ("中华人民共和国刑法", "刑法")],
                               ["依照刑法第三百三十六条的规定，以非法行医罪定罪处罚。"])
    assert names.find_laws("劳动合同法实施条例对试用期怎么规定？") == ["中华人民共和国劳动合同法实施条例"]
    assert names.find_laws("劳动合同法和刑法都管吗") == ["中华人民共和国劳动合同法", "中华人民共和国刑法"]
    assert names.find_laws("公司欠薪怎么办") == []
    known = names.find_crimes("没有执业资格的构成非法行医罪吗")
    assert [(c.text, c.core, c.articles) for c in known] == [("非法行医罪", "非法行医", ("第三百三十六条",))]
    unknown = names.find_crimes("帮助信息网络犯罪活动罪会判多久")
    assert [c.core for c in unknown] == ["帮助信息网络犯罪活动"] and unknown[0].articles == ()
    assert names.find_crimes("犯罪记录会被公开吗？这构成什么罪") == []  # 犯罪, 什么罪 name no crime


@pytest.mark.parametrize("question, category", [
    ("Consider the License Agreement between A and B; What is the governing law for this contract?", "Governing Law"),
    ("Which state's law governs the agreement?", "Governing Law"),
    ("Consider the License Agreement between A and B; Is there a cap on liability under this contract?",
     "Cap On Liability"),
    ("What is the notice period required to terminate the renewal?", "Notice Period To Terminate Renewal"),
    ("What is the renewal term for this contract?", "Renewal Term"),
    ("What is the expiration date of this contract?", "Expiration Date"),
    ("Is there an anti-assignment clause in this contract?", "Anti-Assignment"),
    ("Are the licenses granted under this contract non-transferable?", "Non-Transferable License"),
    ("What licenses are granted under this contract?", "License Grant"),
    ("Is there a clause preventing the solicitation of employees in this contract?", "No-Solicit Of Employees"),
    ("What are the audit rights under this contract?", "Audit Rights"),
])
def test_clause_categories_are_read_from_the_question_not_the_contracts_title(question, category):
    assert read_question(question).clause_category.name == category


def test_no_category_for_a_question_that_names_none():
    assert read_question("Who signed the amendment on page 3?").clause_category is None
    assert read_question("借款合同约定的利息是多少？").clause_category is None


def test_a_contract_is_named_by_its_rare_words_and_only_when_decisive():
    docs = {
        "d1": identity_text("SmaaashEntertainment_Franchise Agreement.pdf",
                            ["MASTER FRANCHISE AGREEMENT between Smaaash Entertainment Private Limited "
                             "and I-AM Capital Acquisition Company"]),
        "d2": identity_text("ArcGroup_Sponsorship Agreement.pdf",
                            ["SPONSORSHIP AGREEMENT between Jacksonville Jaguars, LLC and The ARC Group, Inc."]),
        "d3": identity_text("Reseller.pdf", ["RESELLER AGREEMENT between Todos Medical Ltd. and Care G. B. Plus Ltd."]),
    }
    identities = ContractIdentities.build((d, tokenize(t)) for d, t in docs.items())
    named, evidence = identities.named(tokenize(
        "Consider the Master Franchise Agreement between Smaaash Entertainment Private Limited and "
        "I-AM Capital Acquisition Company; What is the governing law?"))
    assert named == ["d1"] and evidence[0] >= 6
    assert identities.named(tokenize("What is the governing law of the agreement?")) == ([], [])
    # a question naming two contracts searches both
    both, _ = identities.named(tokenize("Compare the Smaaash Entertainment franchise with the "
                                        "Jacksonville Jaguars sponsorship"))
    assert sorted(both) == ["d1", "d2"]


def test_section_context_carries_the_numbers_and_headings_above_a_clause():
    assert section_context({"clause_no": "12.3", "heading": "Termination for Convenience",
                            "path": ["12 TERM AND TERMINATION"]}) == \
        "12 TERM AND TERMINATION > 12.3 Termination for Convenience"
    assert section_context({"clause_no": "1.19.1", "heading": None, "path": ["1 DEFINITIONS", "1.19 Budget"]}) == \
        "1 DEFINITIONS > 1.19 Budget > 1.19.1"
    assert section_context({"section": "preamble"}) == ""
