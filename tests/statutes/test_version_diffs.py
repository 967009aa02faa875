"""As-of retrieval against ../shared/datasets/statutes/version_diffs.jsonl: for every article the
diff lists as changed or added between a law's two newest versions, search on a date before the
new version returns the old text and on a later date the new one; an article whose wording changed
is answered with a version conflict naming both dates; an added article does not exist before."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from engine import Engine
from engine.config import Settings
from engine.text.passages import article_body
from engine.text.normalize import to_halfwidth
from tests.conftest import dataset_file

pytestmark = pytest.mark.integration

LAWS = {"国务院关于经营者集中申报标准的规定": "国务院关于经营者集中申报标准的规定",
        "全国年节及纪念日放假办法": "全国年节及纪念日放假办法"}


def _words(text: str) -> str:
    return "".join(to_halfwidth(text).split())


@pytest.fixture(scope="module")
def diffs(datasets) -> list[dict]:
    rows = [json.loads(line) for line in dataset_file(datasets, "statutes/version_diffs.jsonl")
            .read_text("utf-8").splitlines() if line.strip()]
    return [r for r in rows if r["law_short"] in LAWS]


@pytest.fixture(scope="module")
def engine(tmp_path_factory, datasets, diffs) -> Engine:
    home = tmp_path_factory.mktemp("diffs")
    eng = Engine(settings=Settings.from_name("strict", home=str(home), ingest={"ocr": "off"}))
    files = {(r["law_short"], r["old_version"], r["new_version"]) for r in diffs}
    paths = []
    for short, old, new in files:
        paths += [dataset_file(datasets, f"statutes/versions/{LAWS[short]}({old}).md"),
                  dataset_file(datasets, f"statutes/laws/{LAWS[short]}({new}).md")]
    assert eng.ingest(paths, kind="statute").ok
    yield eng
    eng.index.catalog.close()


def _named(engine: Engine, row: dict, day: date):
    response = engine.search(f"《{row['law_short']}》{row['article_label']}", k=1, as_of=day)
    return response.results[0] if response.results and "direct" in response.results[0].channels else None


def test_each_listed_change_reads_right_on_either_side_of_the_new_version(engine, diffs):
    assert len(diffs) >= 10
    for row in diffs:
        new = date.fromisoformat(row["new_version"])
        before, after = new - timedelta(days=1), new + timedelta(days=1)
        got_after = _named(engine, row, after)
        if row["kind"] == "removed":
            assert got_after is None, row
            continue
        assert got_after and _words(article_body(got_after.chunk)) == _words(row["new_text"]), row
        got_before = _named(engine, row, before)
        if row["kind"] == "added":
            assert got_before is None, row  # the article did not exist yet
        else:
            assert got_before and _words(article_body(got_before.chunk)) == _words(row["old_text"]), row


def test_changed_wording_is_a_version_conflict(engine, diffs):
    changed = [r for r in diffs if r["kind"] == "changed"
               and _words(r["old_text"]) != _words(r["new_text"])]
    assert changed
    for row in changed:
        answer = engine.ask(f"《{row['law_short']}》{row['article_label']}是怎么规定的？",
                            as_of=date.fromisoformat(row["new_version"]) + timedelta(days=1))
        conflicts = [c for c in answer.conflicts if c.kind == "version"]
        assert conflicts, (row["article_label"], answer.to_dict()["conflicts"])
        assert row["old_version"] in conflicts[0].description and row["new_version"] in conflicts[0].description
