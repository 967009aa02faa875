"""The new kinds of the case-file generator (#26 item 7): selected only on request (the old kinds
keep their bytes), every layout and scenario reachable from the seeds, a file of an interview
and one of a hearing generated and self-checked, and a self-check that fails when a printed
figure or a computed answer disagrees with the facts. Bounded: two files, no scans."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from engine.bench.casegen.suite import family_table
from engine.bench.transcripts import CaseQuestion
from engine.text.numbers import find_amounts
from engine.bench.casegen import Options, family, file_stem, generate
from engine.bench.casegen.formats import HEADER_LAYOUTS, INTERVIEW_LABELS, HEARING_LABELS, PLACEMENTS, SEPARATORS, SPLITS
from engine.bench.casegen.newcase import Fact
from engine.bench.casegen.scenarios import SCENARIOS, draw_new_case
from engine.bench.casegen.selfcheck import check_case, writings

DRAW_SEEDS = range(0, 300)  # drawing is cheap; rendering is not


@pytest.mark.unit
def test_the_new_kinds_are_drawn_only_when_asked():
    assert {family(seed, Options()) for seed in range(50)} == {"old"}
    assert {family(seed, Options(kinds="new")) for seed in range(50)} == {"new"}
    assert {family(seed, Options(kinds="all")) for seed in range(50)} == {"old", "new"}
    assert family(3, Options(case_type="supply")) == "new" and family(3, Options(case_type="theft")) == "old"
    assert file_stem(7) == "case_0000007" and file_stem(7, "new") == "case_n0000007"
    with pytest.raises(ValueError):
        Options(kinds="newest")


@pytest.mark.unit
def test_every_scenario_and_layout_is_reachable_from_the_seeds():
    cases = [draw_new_case(seed) for seed in DRAW_SEEDS]
    assert {c.kind for c in cases} == set(SCENARIOS)
    assert {c.format.separator for c in cases} == set(SEPARATORS)
    assert {c.format.labels for c in cases if not c.hearing} == set(INTERVIEW_LABELS)
    assert {c.format.labels for c in cases if c.hearing} == set(HEARING_LABELS)
    assert {c.format.header for c in cases} == set(HEADER_LAYOUTS)
    assert {c.format.placement for c in cases} == set(PLACEMENTS)
    assert {s for c in cases for s in c.format.splits} == set(SPLITS)
    assert {s.kind for c in cases for s in c.sittings} == {"first", "again", "supplement"}
    assert {len(c.sittings) for c in cases} == {1, 2, 3}
    assert {c.record for c in cases} == {"讯问", "询问", "庭审"}
    goods = [c.facts for c in cases if c.kind == "goods"]
    assert {f.correction.kind for f in goods if f.correction} == {"sale_hedged", "sale_corrected", "sale_same",
                                                                  "date_corrected"}
    assert any(f.restitution and f.restitution.sitting > 1 for f in goods)  # told only in a later sitting
    supply = [c.facts for c in cases if c.kind == "supply"]
    assert {f.dispute.kind for f in supply} == {"qty", "date", "paid"}
    assert {f.unit for f in supply} >= {"吨", "台", "件", "箱"}
    wages = [c.facts for c in cases if c.kind == "wages"]
    assert {w.pay for f in wages for w in f.workers} == {"day", "month", "piece"}
    # No punctuation-free separator after a name or a role: it would run into the words.
    assert all(c.format.labels == "qa" for c in cases if c.format.separator == "none")


@pytest.mark.unit
def test_the_facts_add_up_on_every_seed():
    for seed in DRAW_SEEDS:
        case = draw_new_case(seed)
        f = case.facts
        if case.kind == "goods":
            assert f.loss_left > 0 and all(i.sale is None or i.sale < i.value for i in f.items)
        elif case.kind == "supply":
            assert sum(b.qty for b in f.batches) == f.qty and min(f.owed()) > 0
        else:
            assert all(0 <= w.paid < w.due for w in f.workers) and min(f.owed_total()) > 0


@pytest.mark.unit
@pytest.mark.parametrize("fact, printed", [
    (Fact("amount", 4160, "吨"), "4160元/吨"), (Fact("amount", 4160, "吨"), "4,160元"),
    (Fact("amount", 12000), "1.2万元"), (Fact("amount", 12000), "壹万贰仟元"),
    (Fact("number", 2, "次"), "两次"), (Fact("number", 35, "天"), "三十五天"), (Fact("number", 120, "吨"), "120吨")])
def test_a_fact_is_known_in_each_of_its_writings(fact, printed):
    assert printed in writings(fact)
    if fact.kind == "amount":  # and an independent reader finds the same value there
        assert [a.value for a in find_amounts(f"共{printed}。")][:1] == [fact.value]


@pytest.mark.unit
def test_a_wrong_figure_is_not_a_writing_of_the_fact():
    assert "4,260元" not in writings(Fact("amount", 4160))
    assert "三十六天" not in writings(Fact("number", 35, "天"))


# -- whole files ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_files(tmp_path_factory: pytest.TempPathFactory):
    """An interview (goods taken) and a hearing (a sales contract), no scans: a few seconds each."""
    out = tmp_path_factory.mktemp("new_cases")
    return [generate(seed, out, Options(kinds="new", case_type=kind, max_scans=0))
            for seed, kind in ((104, "goods"), (105, "supply"))]


@pytest.mark.integration
def test_new_kind_files_pass_their_self_check_and_follow_the_schema(two_files):
    for case in two_files:
        assert case.family == "new" and case.pdf.name == f"case_n{case.seed:07d}.pdf"
        assert check_case(case.params, case.script, case.rendered, case.truths) == []
        lines = case.questions_path.read_text("utf-8").splitlines()
        questions = [CaseQuestion.from_dict(json.loads(line), case.pdf.name) for line in lines]
        assert 12 <= len(questions) <= 20 and len({q.id for q in questions}) == len(questions)
        assert all(kind.startswith(case.params.kind + ".") for kind in case.kinds().values())
        truth = json.loads(case.truth_path.read_text("utf-8"))
        assert truth["family"] == "new" and truth["kinds"] == case.kinds()
    kinds = Counter(k.split(".", 1)[1] for case in two_files for k in case.kinds().values())
    assert {"valuation_total", "loss_left", "contract_sum", "header", "pii", "not_found"} <= set(kinds)


@pytest.mark.integration
def test_the_self_check_fails_when_a_figure_disagrees_with_the_facts(two_files):
    case = next(c for c in two_files if c.params.kind == "goods")
    facts = case.params.facts
    item = facts.items[0]
    # The facts say one thing, the PDF prints another: the printed value is no writing of the fact.
    facts.items[0] = replace(item, value=item.value + 100)
    try:
        problems = check_case(case.params, case.script, case.rendered, case.truths)
        assert any(f"'item', '{item.id}', 'value'" in p and "does not state" in p for p in problems), problems
    finally:
        facts.items[0] = item
    # An expected answer not derived from the facts (a computed one, a stated one).
    for kind in ("goods.loss_left", "goods.item_value"):
        truth = next(t for t in case.truths if t.kind == kind)
        truth.expect["numbers"] = [truth.expect["numbers"][0] + 1]
        try:
            assert any(kind.split(".")[1] in p for p in check_case(case.params, case.script, case.rendered,
                                                                    case.truths))
        finally:
            truth.expect["numbers"] = [truth.expect["numbers"][0] - 1]
    assert check_case(case.params, case.script, case.rendered, case.truths) == []


@pytest.mark.integration
def test_the_old_kinds_keep_their_bytes(tmp_path: Path):
    """Seed 3 of the old kinds as the generator wrote it before the new kinds (the CI floor's files)."""
    case = generate(3, tmp_path, Options(max_scans=0))
    assert case.family == "old" and case.pdf.name == "case_0000003.pdf"
    digest = hashlib.sha256(case.questions_path.read_bytes() + case.truth_path.read_bytes()).hexdigest()
    assert digest == OLD_SEED_3_DIGEST


OLD_SEED_3_DIGEST = "0d8aa537490490aa59a4976bb31b3a4d2c85d9fbcda78bc18cfb18b73be7dbab"  # main at 6043baf


@pytest.mark.unit
def test_the_bench_reports_each_family_apart():
    row = {"correct": True, "wrong_values": [], "ungrounded": []}
    rows = [{**row, "file": "case_0000001.pdf", "kind": "total_in"},
            {**row, "file": "case_0000001.pdf", "kind": "nth", "correct": False, "wrong_values": [1]},
            {**row, "file": "case_n0000002.pdf", "kind": "goods.loss_left"},
            {**row, "file": "case_n0000003.pdf", "kind": "wages.owed_total", "correct": False}]
    table = family_table(rows, {"case_0000001.pdf": "old", "case_n0000002.pdf": "new", "case_n0000003.pdf": "new"})
    assert list(table) == ["old", "new", "new: goods", "new: wages"]
    assert table["old"] == {"files": 1, "questions": 2, "passed": 1, "accuracy": 0.5, "wrong_values": 1,
                            "ungrounded_values": 0}
    assert table["new"]["files"] == 2 and table["new"]["accuracy"] == 0.5
    assert table["new: goods"]["accuracy"] == 1.0 and table["new: wages"]["accuracy"] == 0.0


@pytest.mark.integration
def test_the_cli_writes_a_file_of_the_new_kinds(tmp_path: Path, capsys):
    from scripts.make_case_files import main

    assert main(["--seed", "110", "--kinds", "new", "--out", str(tmp_path), "--max-scans", "0"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "case_n0000110.pdf", "case_n0000110.questions.jsonl", "case_n0000110.truth.json"]
    assert "wages" in capsys.readouterr().out
