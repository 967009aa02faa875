"""Mapping PDF chunk text back to CUAD txt offsets, and the character scores built on it."""

from __future__ import annotations

import math

import pytest

from engine.bench.cuad import (ChunkMapping, CuadTest, GoldSnippet, Retrieved, TxtAligner,
                               classify_miss, load_contracts, map_chunk, score_test)
from engine.text.alnum import normalise
from engine.types import Span
from tests.conftest import dataset_file

pytestmark = pytest.mark.unit


def test_normalise_keeps_letters_and_digits_with_their_offsets():
    norm = normalise("A “Fee”\nof $5,00ﬁ")
    assert norm.text == "afeeof500fi"
    assert [norm.offsets[i] for i in (0, 1, 5, 7, 9, 10)] == [0, 3, 9, 14, 16, 16]


def test_exact_match_ignores_layout_and_typography():
    txt = 'RECITALS A. WHEREAS, Franchisor operates "entertainment centers" on the 20t h day.'
    aligner = TxtAligner(txt)
    found = aligner.locate("A. WHEREAS, Franchisor operates “entertain-\nment centers”\non the 20th day.")
    assert found.method == "exact" and found.mapped == found.chars
    (start, end), = found.spans
    assert txt[start:end] == 'A. WHEREAS, Franchisor operates "entertainment centers" on the 20t h day'


def test_repeated_text_goes_to_the_occurrence_nearest_the_hint():
    txt = "Term. The term is five years. " + "x" * 200 + " Term. The term is five years."
    aligner = TxtAligner(txt)
    first = aligner.locate("The term is five years", hint=0)
    second = aligner.locate("The term is five years", hint=len(normalise(txt).text))
    assert first.spans[0][0] == txt.index("The term")
    assert second.spans[0][0] == txt.rindex("The term")


def test_partial_match_maps_what_matches_and_nothing_else():
    body1 = "The Supplier shall deliver the Products to the Purchaser within thirty days of each order"
    body2 = "and the Purchaser shall pay every invoice within sixty days of its receipt by the Purchaser"
    footer = " Source: ACME CORP, 10-K, 3/1/2005 "
    txt = "Preamble text here. " + body1 + footer + body2 + " Signatures follow."
    # The PDF chunk skipped the page footer that the txt keeps, and has a word the txt lacks.
    found = TxtAligner(txt).locate(body1 + "\n" + body2 + " (as amended)")
    assert found.method == "partial"
    assert 0.85 < found.mapped / found.chars < 1
    assert [txt[s:e] for s, e in found.spans] == [body1, body2]


def test_text_that_is_not_there_stays_unmapped():
    found = TxtAligner("An agreement about the supply of widgets.").locate(
        "Completely different wording about confidentiality obligations")
    assert (found.method, found.spans, found.mapped) == ("none", [], 0)
    assert found.chars > 0


def test_map_chunk_maps_each_page_run_and_estimates_what_is_lost():
    pages = {1: "Page one text. 1. Term. This agreement lasts\n", 2: "three years. Page 2 footer"}
    txt = "Page one text. 1. Term. This agreement lasts three years. Page 2 footer"
    spans = [Span(1, 15, 44), Span(2, 0, 12)]
    mapping = map_chunk(TxtAligner(txt), pages, spans)
    assert mapping.coverage == 1.0 and mapping.unmapped_len == 0
    assert [txt[s:e] for s, e in mapping.spans] == ["1. Term. This agreement lasts three years"]


def test_scores_follow_legalbench_rag_character_overlap():
    gold = [GoldSnippet("a.txt", (100, 200))]
    inside = Retrieved("a.txt", ChunkMapping(spans=[(150, 250)], chars=80, mapped=80))
    elsewhere = Retrieved("b.txt", ChunkMapping(spans=[(0, 100)], chars=80, mapped=80))
    lost = Retrieved("a.txt", ChunkMapping(spans=[], chars=40, mapped=0, unmapped_len=50))
    assert score_test([inside], gold) == (0.5, 0.5)
    assert score_test([inside, elsewhere, lost], gold) == (50 / 250, 0.5)
    assert score_test([], gold) == (0.0, 0.0)
    assert math.isnan(score_test([inside], [])[1])


def test_misses_are_told_apart_by_contract():
    test = CuadTest("q", "t1", (GoldSnippet("a.txt", (0, 10)),))
    same = Retrieved("a.txt", ChunkMapping(spans=[(50, 60)]))
    other = Retrieved("b.txt", ChunkMapping(spans=[(0, 10)]))
    assert classify_miss([other, same], test, 0.0) == "wrong_passage"
    assert classify_miss([other], test, 0.0) == "wrong_contract"
    assert classify_miss([same], test, 0.3) == "hit"


@pytest.mark.integration
def test_one_real_contract_maps_almost_entirely(datasets):
    """The smallest CUAD contract: its PDF chunks land in its txt, and its gold spans are covered."""
    from engine.ingest.chunkers import chunk_document
    from engine.ingest.loaders import load_document

    cuad = dataset_file(datasets, "cuad")
    contract = min(load_contracts(cuad), key=lambda c: c["n_chars"])
    pdf, txt = dataset_file(cuad, contract["pdf"]), dataset_file(cuad, contract["txt"])
    loaded = load_document(pdf.name, pdf.read_bytes(), max_bytes=10**8, ocr="off")
    pages = {p.number: p.text for p in loaded.pages}
    aligner = TxtAligner(txt.read_text("utf-8"))
    hint, chars, mapped, spans = 0, 0, 0, []
    for draft in chunk_document(loaded, "contract"):
        mapping = map_chunk(aligner, pages, draft.spans, hint)
        hint = mapping.end if mapping.end is not None else hint
        chars, mapped = chars + mapping.chars, mapped + mapping.mapped
        spans.extend(mapping.spans)
        for start, end in mapping.spans:  # a located span says the same thing as the chunk
            assert normalise(aligner.txt[start:end]).text in normalise(draft.text).text
    assert mapped / chars > 0.95
    # Chunks do not overlap in the txt, and together they hold nearly all of it.
    ordered = sorted(spans)
    assert all(a[1] <= b[0] for a, b in zip(ordered, ordered[1:]))
    assert sum(e - s for s, e in spans) > 0.9 * len(aligner.txt.strip())
