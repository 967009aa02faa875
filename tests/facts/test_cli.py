"""``python -m engine facts``: parser and runner as engine/cli.py will wire them; --json prints
exactly one JSON document whose fields carry value, page, char_span and alignment."""

from __future__ import annotations

import argparse
import json

import pytest

from engine.cli import _add_common
from engine.contract_facts.cli import add_facts_parser, run_facts
from tests.facts.conftest import EN_CONTRACT, ZH_CONTRACT

pytestmark = pytest.mark.integration


def run(engine, capsys, *argv):
    parser = argparse.ArgumentParser()
    _add_common(parser, top_level=True)  # the defaults live on the top-level parser, as in engine/cli.py
    add_facts_parser(parser.add_subparsers(dest="command"), _add_common)
    args = parser.parse_args(["facts", *argv])
    code = run_facts(args, engine)
    out = capsys.readouterr().out
    return code, (json.loads(out) if "--json" in argv else out)


def test_json_lists_every_field_with_its_source(contracts_engine, capsys):
    code, payload = run(contracts_engine, capsys, "--json")
    assert code == 0
    assert {c["doc_name"] for c in payload["contracts"]} == {EN_CONTRACT, ZH_CONTRACT}
    zh = next(c for c in payload["contracts"] if c["doc_name"] == ZH_CONTRACT)
    total = zh["fields"]["total_amount"]
    assert total["value"] == {"value": 200000, "currency": "CNY"}
    assert {"value", "page", "char_span", "alignment"} <= set(total)
    assert total["page"] == 1 and total["alignment"] == "exact" and len(total["char_span"]) == 2
    assert zh["fields"]["renewal_term"] == {"value": None, "text": "", "page": None, "char_span": None,
                                            "chunk_id": None, "quote_span": None, "alignment": "none",
                                            "source": "rules", "meta": {}}
    # a party's address is personal data: masked unless --unmask
    assert "1288" not in json.dumps(payload, ensure_ascii=False) and payload["pii_masked"] is True
    _, shown = run(contracts_engine, capsys, "--json", "--unmask")
    assert "江南大道1288号" in json.dumps(shown, ensure_ascii=False)


def test_filters_and_aggregations_from_flags(contracts_engine, capsys):
    _, delaware = run(contracts_engine, capsys, "--law", "Delaware", "--count", "--json")
    assert delaware["count"] == 1 and [c["doc_name"] for c in delaware["contracts"]] == [EN_CONTRACT]
    _, total = run(contracts_engine, capsys, "--sum", "--json")
    assert total["sums"] == {"CNY": 200000}
    assert [u["doc_name"] for u in total["unknown"]] == [EN_CONTRACT]
    _, groups = run(contracts_engine, capsys, "--group-by", "governing_law", "--json")
    assert sorted((g["key"], g["count"]) for g in groups["groups"]) == [("China", 1), ("Delaware", 1)]
    _, active = run(contracts_engine, capsys, "--active-on", "2023-03-10", "--json")
    assert [c["doc_name"] for c in active["contracts"]] == [ZH_CONTRACT]
    _, big = run(contracts_engine, capsys, "--amount-ge", "200,000", "--currency", "CNY", "--json")
    assert [c["doc_name"] for c in big["contracts"]] == [ZH_CONTRACT]
    code, text = run(contracts_engine, capsys, "--party", "Northwind")
    assert code == 0 and "Northwind Analytics, Inc. (Provider)" in text and ZH_CONTRACT not in text


def test_bad_flags_are_refused(contracts_engine, capsys):
    with pytest.raises(SystemExit):
        run(contracts_engine, capsys, "--active-on", "yesterday")
    with pytest.raises(SystemExit):
        run(contracts_engine, capsys, "--count", "--sum")
    code, _ = run(contracts_engine, capsys, "--doc", "no-such-doc")
    assert code == 1
    code, _ = run(contracts_engine, capsys, "--llm")  # no LLM configured
    assert code == 2
