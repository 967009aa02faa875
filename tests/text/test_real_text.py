"""The text tools on real public data: statutes (LawRefBook), CJRC judgments, CUAD contracts."""

import gzip
import json
import re
from pathlib import Path

import pytest

from engine.ingest.enrich import enrich
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts, find_numbers
from engine.text.pii import find_pii
from engine.text.refs import article_label, article_number, find_statute_refs
from engine.text.tokenize import tokenize
from tests.conftest import dataset_file

pytestmark = pytest.mark.integration

FINDERS = (find_amounts, find_numbers, find_dates, find_pii, find_statute_refs)
STATUTE_SAMPLE = ("中华人民共和国刑法(2023-12-29).md", "中华人民共和国民法典(2021-01-01)_合同编.md",
                  "中华人民共和国刑事诉讼法(2018-10-26).md", "中华人民共和国公司法(2023-12-29).md",
                  "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释(2022-04-02).md")
_HEADING = re.compile(r"^(第[零〇一二两三四五六七八九十百千]+条(?:之[一二三四五六七八九十]+)?)[ \t　]", re.M)


def _statute(datasets: Path, name: str) -> str:
    return dataset_file(datasets, f"statutes/laws/{name}").read_text(encoding="utf-8")


def _assert_spans(source: str, facts) -> None:
    bad = [(f.kind, f.start, f.end, f.text) for f in facts if source[f.start:f.end] != f.text]
    assert bad == []


@pytest.mark.parametrize("name", STATUTE_SAMPLE)
def test_every_fact_span_holds_on_statutes(datasets, name):
    source = _statute(datasets, name)
    for finder in FINDERS:
        _assert_spans(source, finder(source))
    # enrich works on chunk-sized text: run it per article paragraph
    for paragraph in source.split("\n\n")[:400]:
        _assert_spans(paragraph, enrich(paragraph).facts)


def test_every_fact_span_holds_on_judgments(datasets):
    path = dataset_file(datasets, "cjrc/docs_dev.jsonl")
    with path.open(encoding="utf-8") as fh:
        docs = [json.loads(line)["context"] for _, line in zip(range(150), fh)]
    amounts = 0
    for text in docs:
        for finder in FINDERS:
            _assert_spans(text, finder(text))
        amounts += len(find_amounts(text))
    assert amounts > 100  # the judgments are full of money: a broken finder would find none


def test_every_fact_span_holds_on_english_contracts(datasets):
    folder = dataset_file(datasets, "cuad/contracts_txt")
    found_dates = 0
    for path in sorted(folder.glob("*.txt"))[:6]:
        text = path.read_text(encoding="utf-8", errors="replace")
        for finder in FINDERS:
            _assert_spans(text, finder(text))
        found_dates += len(find_dates(text))
    assert found_dates > 0


def test_this_law_references_in_the_criminal_law_point_at_its_own_articles(datasets):
    source = _statute(datasets, STATUTE_SAMPLE[0])
    headings = set(_HEADING.findall(source))
    assert len(headings) > 400
    refs = [f for f in find_statute_refs(source) if f.meta["law"] == "本法"]
    assert len(refs) > 60
    assert sorted({f.value for f in refs} - headings) == []
    # and no heading was taken for a reference
    assert not any(source[f.start - 1:f.start] in ("", "\n") and source[f.end:f.end + 1] == " " for f in refs)


def test_a_known_sentence_of_the_criminal_law(datasets):
    source = _statute(datasets, STATUTE_SAMPLE[0])
    sentence = next(line for line in source.splitlines() if "依照本法第三百八十五条、第三百八十六条的规定" in line)
    refs = [f for f in find_statute_refs(sentence) if f.value in ("第三百八十五条", "第三百八十六条")]
    assert [(f.value, f.meta["law"]) for f in refs] == [("第三百八十五条", "本法"), ("第三百八十六条", "本法")]


def test_article_labels_match_the_corpus_style(datasets):
    path = dataset_file(datasets, "statutes/articles_latest.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        labels = {json.loads(line)["article_label"] for line in fh}
    assert len(labels) > 1000
    mismatched = []
    for label in labels:
        suffix = label[label.index("条") + 1:]
        if article_label(article_number(label), suffix) != label:
            mismatched.append(label)
    assert mismatched == []


def test_tokenizer_handles_a_whole_statute(datasets):
    source = _statute(datasets, STATUTE_SAMPLE[0])
    tokens = tokenize(source)
    assert len(tokens) > 30000
    assert all(t and t == t.lower() and not t.isspace() for t in tokens)
    assert "1979-07-01" in tokens  # 1979年7月1日 in the promulgation lines

