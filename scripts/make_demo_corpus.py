"""Generate the demo corpus and its ground truth: ``python scripts/make_demo_corpus.py [--out data/demo]``.

Writes, from the text and values in ``scripts/corpus/demo_content.py``:
  * a 讯问笔录 (interrogation transcript) PDF with page footers, an answer running across a page
    break and one scanned page whose text layer is mojibake;
  * a 刑法 excerpt as PDF and a 刑事诉讼法 excerpt as LawRefBook Markdown;
  * a Chinese 技术服务合同 and an English services agreement (PDF);
  * ``ground_truth.json``: every recorded value with the page and line layout put it on.

The output is byte-for-byte reproducible (fixed PDF dates, deterministic font subsets), so
regenerating leaves committed files unchanged. The generator fails loudly when the content breaks
one of its own rules (a surface missing or ambiguous in its paragraph, a value split across lines,
a sum that does not add up, no answer across a page break, a scanned page that does not fit).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.corpus import demo_content as content  # noqa: E402
from engine.bench.pdfmaker import (  # noqa: E402
    LaidFlow, PageBreak, PageLine, PageSpec, Styled, find_cjk_font, font_charset, lay_out,
    line_height, make_pdf)

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / "data" / "demo"
GROUND_TRUTH = "ground_truth.json"
SCHEMA = "lextrace-demo-ground-truth/1"


@dataclass(frozen=True)
class Typeset:
    size: float
    leading: float
    margin: float = 56
    scan_dpi: int = 150


TRANSCRIPT_TYPE = Typeset(size=13, leading=24, scan_dpi=200)  # 200 dpi: clear enough for OCR
STATUTE_TYPE = Typeset(size=11, leading=20)
CN_CONTRACT_TYPE = Typeset(size=11, leading=20)
EN_CONTRACT_TYPE = Typeset(size=10.5, leading=16)

# Ground-truth list that each Mark kind goes to.
_KIND_KEYS = {
    "amount": "amounts", "date": "dates", "pii": "pii", "gap": "gaps", "admission": "admissions",
    "statute_ref": "statute_refs", "law": "laws", "duration": "durations", "rate": "rates",
    "venue": "venues", "effective": "effective_rules", "party": "party_mentions",
}

CONVENTIONS = {
    "pages": "1-based. A Markdown file counts as one page.",
    "line": "1-based visual line on its page, counting body lines from the top; footer lines "
            "(page_lines[].furniture) are not counted.",
    "surface": "verbatim text as printed; never split across lines. For a scanned page it is what the "
               "image shows (OCR must recover it; the text layer there is garbage).",
    "value": "amounts: integer in the currency's unit (yuan, US dollars); dates: ISO 8601 holding "
             "only what the text states (YYYY, YYYY-MM or YYYY-MM-DD; a clock time goes to 'time' HH:MM); "
             "pii: the identifier itself.",
    "dates": "granularity: year | month | day (what 'value' pins down); approx: the text hedges it "
             "(大概, 左右, 年底); precision: exact | month | year | approx, as engine/text/dates.py names it.",
    "amounts": "approx: the text hedges it (左右); surfaces include adjacent hedges and 人民币.",
    "pii": "type as engine/text/pii.py names them (id_card, mobile, wechat, bank_card, address); every "
           "occurrence is its own entry. bank_card entries say whether the number passes Luhn.",
    "location": "transcripts: {'qa': n, 'part': 'question'|'answer'} (n counts every 问/答 pair from 1, "
                "scanned ones included), {'header': i} or {'closing': i}; other documents: "
                "{'paragraph': i, 'clause': label}.",
    "calculations": "stated == recomputed from the listed amounts; 'expression' uses their values.",
    "qa": "transcripts: every 问/答 pair in order, texts with their 问：/答： prefixes; page_start is the "
          "question's first page, page_end the answer's last. answers_across_pages lists the n whose "
          "answer itself runs across a page break (its text continues after the footer lines).",
    "page_lines": "what each page shows, line by line: 'lines' is the body, 'furniture' the page "
                  "footer (page numbers, signature lines) that chunkers must strip. Lines are the drawn "
                  "text: extractors may turn its ideographic spaces (U+3000, in header fields and statute "
                  "indents) into ASCII spaces or drop them, so compare lines ignoring whitespace.",
}


# --- flow bookkeeping ------------------------------------------------------------------------------------

@dataclass
class _Item:
    """One paragraph of a flow, where it came from, and the marks located in it."""

    line: PageLine | PageBreak
    location: dict[str, Any] = field(default_factory=dict)
    marks: list[tuple[content.Mark, int]] = field(default_factory=list)  # (mark, offset in text)


def _locate(text: str, surface: str, where: str) -> int:
    first = text.find(surface)
    if first < 0:
        raise ValueError(f"{where}: {surface!r} is not in {text!r}")
    if text.find(surface, first + 1) >= 0:
        raise ValueError(f"{where}: {surface!r} occurs more than once in {text!r}")
    return first


def _styled_item(text: str, marks: Sequence[tuple[content.Mark, int]], location: dict[str, Any],
                 make: Callable[[str, tuple[tuple[int, int], ...]], Styled]) -> _Item:
    no_break = tuple((offset, offset + len(mark.surface)) for mark, offset in marks)
    return _Item(make(text, no_break), location, list(marks))


def _para_items(paragraphs: Sequence[content.Para], style: Callable[[content.Para, str, tuple], Styled],
                location: Callable[[int, content.Para], dict[str, Any]]) -> list[_Item]:
    items = []
    for i, para in enumerate(paragraphs):
        marks = [(m, _locate(para.text, m.surface, f"paragraph {i}")) for m in para.marks]
        items.append(_styled_item(para.text, marks, location(i, para),
                                  lambda text, nb, para=para: style(para, text, nb)))
    return items


@dataclass
class _Laid(LaidFlow):
    """A typeset flow together with the items it was made of."""

    items: list[_Item] = field(default_factory=list)


def _lay_out(items: list[_Item], ts: Typeset, footer_lines: Sequence[PageLine], font: Path) -> _Laid:
    reserve = sum(line_height(line, ts.leading) for line in footer_lines) + ts.leading
    flow = lay_out([item.line for item in items], font=font, size=ts.size, leading=ts.leading,
                   margin=ts.margin, reserve_bottom=reserve)
    return _Laid(flow.pages, flow.lines_of, items)


def _mark_entries(laid: _Laid, scanned_pages: set[int]) -> dict[str, list[dict[str, Any]]]:
    """Every located mark as a ground-truth entry, grouped by kind."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for index, item in enumerate(laid.items):
        for mark, offset in item.marks:
            placed = laid.position(index, offset, len(mark.surface), f"{mark.id} ({mark.surface})")
            entry = {"id": mark.id, "surface": mark.surface, "value": mark.value, **mark.attrs,
                     "page": placed.page, "line": placed.index + 1, "location": item.location,
                     "scanned": placed.page in scanned_pages}
            grouped.setdefault(_KIND_KEYS[mark.kind], []).append(entry)
    return grouped


def _by_id(grouped: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entries in grouped.values() for entry in entries}


def _calculations(calcs: Sequence[content.Calculation], marks: dict[str, dict[str, Any]]) -> list[dict]:
    result = []
    for calc in calcs:
        values = [(sign, marks[mark_id]["value"]) for sign, mark_id in calc.terms]
        recomputed = sum(sign * value for sign, value in values)
        stated = marks[calc.stated]["value"]
        if recomputed != stated:
            raise ValueError(f"{calc.id}: recomputed {recomputed} != stated {stated}")
        expression = " ".join(
            (f"{value}" if i == 0 and sign > 0 else f"{'+' if sign > 0 else '-'} {value}")
            for i, (sign, value) in enumerate(values))
        result.append({"id": calc.id, "description": calc.description, "expression": expression,
                       "terms": [{"sign": sign, "amount": mark_id} for sign, mark_id in calc.terms],
                       "recomputed": recomputed, "stated": stated, "stated_amount": calc.stated,
                       "ok": True, "note": calc.note})
    return result


def _page_lines(laid: _Laid, footers: list[list[PageLine]]) -> list[dict[str, Any]]:
    return [{"page": page.number, "scanned": page.scanned, "lines": [p.line.text for p in page.placed],
             "furniture": [_text(line) for line in footers[page.number - 1]]}
            for page in laid.pages]


def _text(line: PageLine) -> str:
    return line.text if isinstance(line, Styled) else line


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _file_facts(path: Path) -> dict[str, Any]:
    return {"sha256": _sha256(path), "bytes": path.stat().st_size}


# --- the scanned page's broken text layer -------------------------------------------------------------

_SYMBOLS = "□■◆◇▲△▼▽※§¤¦¨©ª«¬®°±¶·»¿×÷"


def garble(lines: Sequence[str], font: Path) -> list[str]:
    """What a broken scanner OCR layer holds: the page's own text run through the classic
    mis-decodings (UTF-8 read as Latin-1, UTF-8 read as GBK with 锟斤拷 for the lost bytes,
    MSVC's 烫烫烫 fill) and a line of symbol noise. Deterministic; only glyphs the font has."""
    charset = font_charset(font)
    result = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        raw = line.encode("utf-8")
        style = i % 4
        if style == 0:
            text = raw.decode("latin-1").encode("utf-8").decode("latin-1")  # double-encoded: ÃÂ¤
        elif style == 1:
            text = raw.decode("gbk", errors="replace").replace("\ufffd", "锟斤拷")
        elif style == 2:
            text = "".join(_SYMBOLS[ord(ch) % len(_SYMBOLS)] for ch in line)
        else:
            text = "烫烫烫" + raw.decode("latin-1") + "屯屯屯"
        text = "".join(ch for ch in text if ord(ch) in charset and not 0x80 <= ord(ch) < 0xA0)
        text = text[:len(line)]  # one garbage line per printed line, as an OCR layer is laid out
        if text.strip():
            result.append(text)
    return result


# --- 1. transcript -------------------------------------------------------------------------------------

def _transcript_style(para: content.Para, text: str, no_break: tuple) -> Styled:
    if para.role == "title":
        return Styled(text, align="C", scale=1.6, bold=True, keep_with_next=True)
    if para.role == "subtitle":
        return Styled(text, align="C", keep_with_next=True)
    if para.role == "signature":
        return Styled(text, align="R", no_break=no_break)
    return Styled(text, no_break=no_break)


def _qa_items(qa: content.QA, n: int) -> list[_Item]:
    question, answer = "问：" + qa.question, "答：" + qa.answer
    marks: dict[str, list[tuple[content.Mark, int]]] = {"question": [], "answer": []}
    for mark in qa.marks:
        where = f"Q/A {n} mark {mark.id}"
        hits = [part for part, text in (("question", question), ("answer", answer)) if mark.surface in text]
        if len(hits) != 1:
            raise ValueError(f"{where}: {mark.surface!r} must occur in exactly one of question/answer")
        text = question if hits[0] == "question" else answer
        marks[hits[0]].append((mark, _locate(text, mark.surface, where)))
    return [_styled_item(text, marks[part], {"qa": n, "part": part},
                         lambda t, nb: Styled(t, no_break=nb))
            for part, text in (("question", question), ("answer", answer))]


def build_transcript(t: content.Transcript, out: Path, font: Path) -> dict[str, Any]:
    items = _para_items(t.header, _transcript_style, lambda i, p: {"header": i})
    qa_items: list[tuple[int, int, int, bool]] = []  # (n, question item, answer item, scanned)
    n = 0

    def add_qa(qa: content.QA, scanned: bool) -> None:
        nonlocal n
        n += 1
        qa_items.append((n, len(items), len(items) + 1, scanned))
        items.extend(_qa_items(qa, n))

    for block in t.body:
        if isinstance(block, content.ScannedPage):
            items.append(_Item(PageBreak(scanned=True)))
            for qa in block.qas:
                add_qa(qa, True)
            items.append(_Item(PageBreak()))
        else:
            add_qa(block, False)
    items.extend(_para_items(t.closing, _transcript_style, lambda i, p: {"closing": i}))

    def footer(page: int, pages: int) -> list[PageLine]:
        return [Styled(f"被讯问人签名：{t.signer}", align="R"), Styled(f"第 {page} 页 共 {pages} 页", align="C")]

    ts = TRANSCRIPT_TYPE
    laid = _lay_out(items, ts, footer(1, 1), font)
    pages = len(laid.pages)
    footers = [footer(p.number, pages) for p in laid.pages]
    scanned_pages = {p.number for p in laid.pages if p.scanned}
    skew = {True: next(b.skew_degrees for b in t.body if isinstance(b, content.ScannedPage)), False: 0.0}

    # Every scanned Q/A sits on one scanned page, and it holds nothing else.
    scan_qas = [(q, a) for _, q, a, scanned in qa_items if scanned]
    scan_page_numbers = {page for q, a in scan_qas for page in (*laid.page_range(q), *laid.page_range(a))}
    if len(scan_page_numbers) != 1 or scan_page_numbers != scanned_pages:
        raise ValueError(f"the scanned Q/A pairs must fill exactly one page, got pages {sorted(scan_page_numbers)}")
    across = [n for n, _, a, _ in qa_items if laid.page_range(a)[0] != laid.page_range(a)[1]]
    if not across:
        raise ValueError("no answer runs across a page break; adjust the transcript text")

    specs = []
    for page, page_footer in zip(laid.pages, footers):
        spec = PageSpec(lines=page.lines, footer=page_footer, scanned=page.scanned,
                        scan_skew=skew[page.scanned])
        if page.scanned:
            spec.hidden_text = garble([p.line.text for p in page.placed] + [_text(f) for f in page_footer], font)
        specs.append(spec)
    path = make_pdf(out / t.file_name, specs, font=font, size=ts.size, leading=ts.leading, margin=ts.margin,
                    scan_dpi=ts.scan_dpi, title=t.title)

    grouped = _mark_entries(laid, scanned_pages)
    marks = _by_id(grouped)
    page_lines = _page_lines(laid, footers)
    text_pages = "\n".join("\n".join(p["lines"] + p["furniture"]) for p in page_lines if not p["scanned"])
    scanned = []
    for number in sorted(scanned_pages):
        lines = page_lines[number - 1]
        only_here = [m["surface"] for m in marks.values()
                     if m["page"] == number and m["surface"] not in text_pages]
        scanned.append({"page": number, "image_lines": lines["lines"] + lines["furniture"],
                        "hidden_text": specs[number - 1].hidden_text, "text_only_here": only_here,
                        "skew_degrees": specs[number - 1].scan_skew, "dpi": ts.scan_dpi})

    qas = []
    for n, q, a, scanned_qa in qa_items:
        qas.append({"n": n, "question": items[q].line.text, "answer": items[a].line.text,
                    "page_start": laid.page_range(q)[0], "page_end": laid.page_range(a)[1],
                    "scanned": scanned_qa})
    conflicts = [{"id": c.id, "kind": c.kind, "topic": c.topic,
                  "statements": [{k: marks[m][k] for k in ("id", "surface", "value", "page", "line", "location")}
                                 for m in c.marks]}
                 for c in t.conflicts]
    return {
        "file": t.file_name, "kind": "transcript", "media_type": "pdf", "language": "zh",
        "pages": pages, **_file_facts(path), "title": t.title,
        "persons": [{"role": role, "name": name} for role, name in t.persons],
        "qa": qas, "answers_across_pages": across,
        **grouped,
        "calculations": _calculations(t.calculations, marks),
        "conflicts": conflicts,
        "scanned_pages": scanned,
        "page_lines": page_lines,
    }


# --- 2. statutes ----------------------------------------------------------------------------------------

def _article_id(law: content.LawExcerpt, article: content.Article) -> str:
    """The id ``statutes/articles_latest.jsonl.gz`` gives the same article."""
    return f"{law.short}|{law.version}|{article.label}"


def _article_entries(law: content.LawExcerpt) -> list[dict[str, Any]]:
    return [{"id": _article_id(law, a), "label": a.label, "path": list(section.path),
             "text": "\n".join(a.paragraphs)}
            for section in law.sections for a in section.articles]


def _heading_changes(previous: tuple[str, ...], path: tuple[str, ...]) -> list[tuple[int, str]]:
    """(depth, heading) for the headings of ``path`` that differ from ``previous``."""
    for depth, heading in enumerate(path):
        if depth >= len(previous) or previous[depth] != heading:
            return list(enumerate(path))[depth:]
    return []


def build_statute_markdown(law: content.LawExcerpt, out: Path) -> dict[str, Any]:
    """LawRefBook's layout: # title, promulgation lines, <!-- INFO END -->, ## 编 / ### 章 / #### 节,
    one paragraph per article, later paragraphs of an article as plain paragraphs."""
    blocks = [f"# {law.title}", *law.promulgation, "<!-- INFO END -->"]
    previous: tuple[str, ...] = ()
    for section in law.sections:
        blocks += [f"{'#' * (depth + 2)} {heading}" for depth, heading in _heading_changes(previous, section.path)]
        previous = section.path
        for article in section.articles:
            blocks.append(f"{article.label} {article.paragraphs[0]}")
            blocks += article.paragraphs[1:]
    path = out / law.file_name
    path.write_bytes(("\n\n".join(blocks) + "\n").encode("utf-8"))
    articles = [{**a, "page_start": 1, "page_end": 1} for a in _article_entries(law)]
    return {"file": law.file_name, "kind": "statute", "media_type": "markdown", "language": "zh",
            "pages": 1, **_file_facts(path), "law_title": law.title, "law_short": law.short,
            "version": law.version, "source": law.source, "articles": articles}


def build_statute_pdf(law: content.LawExcerpt, out: Path, font: Path) -> dict[str, Any]:
    items = [_Item(Styled(law.title, align="C", scale=1.5, bold=True, keep_with_next=True), {"title": 0})]
    items += [_Item(Styled(line, align="C", scale=0.85), {"promulgation": i})
              for i, line in enumerate(law.promulgation)]
    items += [_Item(Styled("（节选）", align="C", keep_with_next=True), {"note": 0}), _Item("")]
    article_items: list[tuple[int, int]] = []  # (first item, last item) per article
    previous: tuple[str, ...] = ()
    for section in law.sections:
        for _, heading in _heading_changes(previous, section.path):
            items.append(_Item(Styled(heading, align="C", bold=True, keep_with_next=True), {"heading": heading}))
        previous = section.path
        for article in section.articles:
            first = len(items)
            # Printed statutes indent every paragraph by two ideographic spaces.
            items.append(_Item(Styled(f"　　{article.label} {article.paragraphs[0]}"), {"article": article.label}))
            items += [_Item(Styled(f"　　{p}"), {"article": article.label}) for p in article.paragraphs[1:]]
            article_items.append((first, len(items) - 1))

    def footer(page: int) -> list[PageLine]:
        return [Styled(f"— {page} —", align="C")]

    ts = STATUTE_TYPE
    laid = _lay_out(items, ts, footer(1), font)
    footers = [footer(p.number) for p in laid.pages]
    specs = [PageSpec(lines=p.lines, footer=f) for p, f in zip(laid.pages, footers)]
    path = make_pdf(out / law.file_name, specs, font=font, size=ts.size, leading=ts.leading,
                    margin=ts.margin, title=f"{law.title}（节选）")
    articles = [{**entry, "page_start": laid.page_range(first)[0], "page_end": laid.page_range(last)[1]}
                for entry, (first, last) in zip(_article_entries(law), article_items)]
    return {"file": law.file_name, "kind": "statute", "media_type": "pdf", "language": "zh",
            "pages": len(laid.pages), **_file_facts(path), "law_title": law.title, "law_short": law.short,
            "version": law.version, "source": law.source, "articles": articles,
            "page_lines": _page_lines(laid, footers)}


# --- 3/4. contracts -------------------------------------------------------------------------------------

def _contract_style(para: content.Para, text: str, no_break: tuple) -> Styled:
    if para.role == "title":
        return Styled(text, align="C", scale=1.6, bold=True, keep_with_next=True)
    if para.role == "subtitle":
        return Styled(text, align="C", keep_with_next=True)
    if para.role == "heading":
        return Styled(text, bold=True, keep_with_next=True, no_break=no_break)
    return Styled(text, no_break=no_break)


def build_contract(c: content.Contract, out: Path, font: Path, ts: Typeset) -> dict[str, Any]:
    paragraph_items = _para_items(c.paragraphs, _contract_style,
                                  lambda i, p: {"paragraph": i, "clause": p.clause})
    items: list[_Item] = []
    item_of: list[int] = []  # paragraph index -> item index
    for para, item in zip(c.paragraphs, paragraph_items):
        if para.role == "page_break":
            item = _Item(PageBreak())
        if para.role == "heading":
            items.append(_Item(Styled("", scale=0.5)))  # a little air above each clause heading
        item_of.append(len(items))
        items.append(item)

    def footer(page: int, pages: int) -> list[PageLine]:
        return [Styled(c.page_label.format(page=page, pages=pages), align="C")]

    laid = _lay_out(items, ts, footer(1, 1), font)
    pages = len(laid.pages)
    footers = [footer(p.number, pages) for p in laid.pages]
    specs = [PageSpec(lines=p.lines, footer=f) for p, f in zip(laid.pages, footers)]
    path = make_pdf(out / c.file_name, specs, font=font, size=ts.size, leading=ts.leading,
                    margin=ts.margin, title=c.title)
    grouped = _mark_entries(laid, set())
    marks = _by_id(grouped)
    clauses, headings = [], []
    for i, para in enumerate(c.paragraphs):
        if not para.clause or para.role in ("title", "subtitle", "blank", "signature", "page_break"):
            continue
        start, end = laid.page_range(item_of[i])
        entry = {"label": para.clause, "text": para.text, "page_start": start, "page_end": end}
        (headings if para.role == "heading" else clauses).append(entry)
    effective = dict(marks[c.effective_date])
    effective["basis"] = marks[c.effective_basis] if c.effective_basis else None
    return {
        "file": c.file_name, "kind": "contract", "media_type": "pdf", "language": c.language,
        "pages": pages, **_file_facts(path), "title": c.title,
        "parties": [{"role": p.role, "name": p.name, "page": marks[p.mark]["page"]} for p in c.parties],
        "governing_law": marks[c.governing_law],
        "effective_date": effective,
        "headings": headings, "clauses": clauses,
        **grouped,
        "calculations": _calculations(c.calculations, marks),
        "page_lines": _page_lines(laid, footers),
    }


# --- all of it ------------------------------------------------------------------------------------------

def generate(out: Path = DEFAULT_OUT, *, font: Path | None = None) -> dict[str, Any]:
    """Write every demo document and ground_truth.json into ``out``; return the ground truth."""
    font = font or find_cjk_font()
    out.mkdir(parents=True, exist_ok=True)
    documents = [build_transcript(content.TRANSCRIPT, out, font)]
    for law in content.STATUTES:
        documents.append(build_statute_pdf(law, out, font) if law.media_type == "pdf"
                         else build_statute_markdown(law, out))
    documents.append(build_contract(content.CN_CONTRACT, out, font, CN_CONTRACT_TYPE))
    documents.append(build_contract(content.EN_CONTRACT, out, font, EN_CONTRACT_TYPE))
    truth = {"schema": SCHEMA, "generator": "scripts/make_demo_corpus.py",
             "content": "scripts/corpus/demo_content.py", "conventions": CONVENTIONS,
             "documents": documents}
    (out / GROUND_TRUTH).write_text(json.dumps(truth, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return truth


def generated_files(truth: dict[str, Any]) -> list[str]:
    return sorted([doc["file"] for doc in truth["documents"]] + [GROUND_TRUTH])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output directory (default: data/demo)")
    args = parser.parse_args(argv)
    truth = generate(args.out)
    for doc in truth["documents"]:
        print(f"{doc['file']}: {doc['kind']}, {doc['pages']} page(s), {doc['bytes']:,} bytes")
    stale = sorted({p.name for p in args.out.iterdir() if p.is_file()} - set(generated_files(truth)))
    if stale:
        print(f"not generated by this script (delete if obsolete): {', '.join(stale)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
