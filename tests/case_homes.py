"""A real home holding case records written for a test: ingested as transcripts (OCR off), asked
within one record. Shared by the ledger and answer tests that write their own records. A record
named ``*.pdf`` is typeset into a real PDF (engine/bench/pdfmaker.py: embedded CJK font, lines
wrapped and paragraphs flowed across pages as a word processor would)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from engine import Engine
from engine.config import Settings
from engine.text.numbers import find_amounts


def record_home(folder: Path, records: Mapping[str, str]) -> Iterator[tuple[Engine, dict[str, str]]]:
    """Write each record as ``folder/<name>`` (a PDF when the name ends in .pdf), ingest them into ``folder/home``; yield (engine,
    {name: doc_id}) and close the catalog after."""
    files = []
    for name, text in records.items():
        path = folder / name
        if path.suffix == ".pdf":  # a record printed as a real PDF (long answers wrap across lines and pages)
            from engine.bench.pdfmaker import flow_pages, make_pdf

            make_pdf(path, [page.lines for page in flow_pages(text.strip().split("\n"))])
        else:
            path.write_text(text, encoding="utf-8")
        files.append(path)
    engine = Engine(settings=Settings.from_name("strict", home=str(folder / "home"), ingest={"ocr": "off"}))
    result = engine.ingest(files, kind="transcript")
    assert all(d.status.value == "ingested" for d in result.documents), [d.error for d in result.documents]
    yield engine, {d.name: d.doc_id for d in result.documents}
    engine.index.catalog.close()


def ask(home: tuple[Engine, dict[str, str]], name: str, question: str):
    """``Engine.ask`` within the record ``name`` of a :func:`record_home`, deterministic composer."""
    engine, docs = home
    return engine.ask(question, doc_id=docs[name], llm=False)


def amounts(text: str) -> set[int]:
    """The whole-yuan amounts a conclusion states (find_amounts, as the answers read them)."""
    return {int(f.value) for f in find_amounts(text)}


def held_as_said(answer) -> bool:
    """The answer passed every badge check and is held back only because its value was read out of
    what was said (engine/answer/casefile/parts.py, Reading): needs_review, the value on view, and
    STATEMENT_DOUBT the one note. Takes an ``Answer`` or its JSON dict."""
    from engine.answer.casefile.badge import STATEMENT_DOUBT

    status = answer["status"] if isinstance(answer, Mapping) else answer.status.value
    conclusion = answer["conclusion"] if isinstance(answer, Mapping) else answer.conclusion
    return status == "needs_review" and STATEMENT_DOUBT in conclusion \
        and conclusion.count("需人工核实") == conclusion.count(STATEMENT_DOUBT)


def held_in_llm_mode(answer) -> bool:
    """LLM mode over a case file: the model's reply passed every check (grounded numbers, valid
    citations), and the one problem named is the ledger's own hold of a value read out of what was
    said (STATEMENT_DOUBT)."""
    from engine.answer.casefile.badge import STATEMENT_DOUBT

    checks = answer.checks
    return answer.status.value == "needs_review" and checks.numbers_grounded and checks.citations_valid \
        and checks.unsupported == [STATEMENT_DOUBT]
