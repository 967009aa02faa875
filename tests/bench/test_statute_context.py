"""The bare-vs-enriched comparison scores both vector spaces on exactly the same chunks and
questions, and refuses homes that do not hold the same chunks."""

from __future__ import annotations

import json

import pytest

from engine import Engine
from engine.bench.statute_context import compare
from engine.config import Settings
from tests.conftest import dataset_file

pytestmark = pytest.mark.integration
LAW = "statutes/laws/全国年节及纪念日放假办法(2024-11-10).md"


def _home(path, law, enriched: bool) -> Engine:
    settings = Settings.from_name("strict", home=str(path), ingest={"ocr": "off"})
    settings.embedding.statute_context = enriched
    engine = Engine(settings=settings)
    assert engine.ingest([law], kind="statute").ok
    return engine


def test_both_spaces_are_scored_on_the_same_questions(tmp_path, datasets):
    law = dataset_file(datasets, LAW)
    bare, enriched = _home(tmp_path / "bare", law, False), _home(tmp_path / "ctx", law, True)
    assert enriched.index.vectors.collection.name.endswith("statute-context")
    questions = tmp_path / "q.jsonl"
    rows = [{"question": "春节放假几天", "gold_articles": [{"lawrefbook_id": "全国年节及纪念日放假办法|2024-11-10|第二条"}]},
            {"question": "妇女节放假吗", "gold_articles": [{"lawrefbook_id": "全国年节及纪念日放假办法|2024-11-10|第三条"}]},
            {"question": "别的法", "gold_articles": [{"lawrefbook_id": "刑法|2023-12-29|第一条"}]}]
    questions.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), "utf-8")
    result = compare(bare, enriched, questions)
    assert result["questions"] == 2  # the 刑法 question has no gold article in this corpus
    names = [r["name"] for r in result["runs"]]
    assert names == ["vector bare", "vector enriched", "hybrid bare", "hybrid enriched"]
    assert all(r["R@100"] == 1.0 for r in result["runs"])  # 8 articles: everything is in the top 100

    other = _home(tmp_path / "other", dataset_file(datasets, "statutes/versions/全国年节及纪念日放假办法(2013-12-11).md"), False)
    with pytest.raises(ValueError, match="no vector"):
        compare(other, enriched, questions)
