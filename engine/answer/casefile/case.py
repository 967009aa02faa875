"""One case file as the composers see it: its ledger, its chunks as citable sources, how well each
statement matches the question, and the people it names."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.answer.candidates import Source
from engine.answer.composer import EvidenceSet
from engine.answer.casefile.facts import Anchor, CaseLedger, Event, Statement
from engine.text.case_lexicon import INFLOW_KINDS
from engine.text.segments import Segment


@dataclass
class Case:
    ledger: CaseLedger
    doc_name: str
    sources: dict[str, Source]  # chunk_id → the chunk as a citable source
    evidence: EvidenceSet
    # chunk_id → retrieval score for this question (hybrid search within the document), 0..1
    retrieval: dict[str, float] = field(default_factory=dict)
    doc_text: str = ""  # every chunk's text, for "does the file ever say X"
    rows: dict[str, tuple[Event, str]] = field(default_factory=dict)  # ledger rows cited

    def absent(self, word: str) -> bool:
        """The file never uses the word, nor any two-character piece of it."""
        if not self.doc_text or not word:
            return False
        return all(word[i:i + 2] not in self.doc_text for i in range(max(1, len(word) - 1)))

    @property
    def scope(self) -> str:
        return f"文件《{self.doc_name}》"

    def cite(self, anchor: Anchor, role: str | None = None) -> str:
        source = self.sources[anchor.chunk_id]
        text = source.chunk.text
        return self.evidence.cite(source, Segment(anchor.start, anchor.end, text[anchor.start:anchor.end]), role)

    def cite_event(self, event: Event, role: str | None = None) -> str:
        cited = self.cite(event.sentence, role)
        self.rows.setdefault(event.id, (event, cited))
        return cited

    def ledger_rows(self) -> list[dict]:
        """The rows cited, in ledger order, as the Ask page's table shows them."""
        order = {e.id: i for i, e in enumerate(self.ledger.events)}
        rows = []
        for event, cited in sorted(self.rows.values(), key=lambda r: order.get(r[0].id, 0)):
            statement = self.statement(event.statement)
            rows.append({"id": event.id, "evidence": cited, "kind": event.kind, "role": event.role,
                         "date": event.date.text if event.date else None,
                         "payer": event.payer, "payee": event.payee,
                         "amount": event.amount.to_dict()["value"] if event.amount else None,
                         "amount_text": event.amount.text if event.amount else None,
                         "currency": event.currency, "means": event.means.text if event.means else None,
                         "ordinal": event.ordinal, "periods": event.periods, "session": event.session,
                         "page": statement.page, "corrects": event.corrects,
                         "uncertain": list(event.uncertain), "measure": event.measure, "unit": event.unit,
                         "source": event.source})
        return rows

    def statement(self, index: int) -> Statement:
        return self.ledger.statements[index]

    def text_of(self, anchor: Anchor) -> str:
        return self.sources[anchor.chunk_id].chunk.text[anchor.start:anchor.end]

    def people(self) -> list[str]:
        """Everyone the file names (the ledger keeps them: engine/answer/casefile/facts/build.py)."""
        return self.ledger.people


    def resolve_alias(self, alias: str) -> str | None:
        """老汤 / 缪老板 / 王总 → the one person of the file with that surname (None when none or
        several are)."""
        surname = alias[1] if alias[0] in "老小" and len(alias) == 2 else alias[0]
        found = [p for p in self.people() if p[0] == surname and 2 <= len(p) <= 3 and p != alias]
        found = [p for p in found if not any(q != p and q in p for q in found)]
        return found[0] if len(found) == 1 else None

    def named_in(self, text: str, detected: list[str] = (), *, known_only: bool = False) -> list[str]:
        """People the question names, in the order it names them: the file's own names found in
        it, then (unless ``known_only``) names jieba saw that the file does not know."""
        known = [p for p in self.people() if p in text]
        known = [p for p in known if not any(p != q and p in q for q in known)]
        extra = [] if known_only else [n for n in detected if not any(n in k or k in n for k in known)]
        return sorted(known + extra, key=lambda n: text.find(n) if n in text else len(text))


def dominant_kind(case: Case) -> str | None:
    """The kind of money flowing in that the case's ledger records most often (loan, theft …).
    Here rather than in money.py: the talk and quantity answers read it too, and money.py
    reaches them."""
    counts: dict[str, int] = {}
    for e in case.ledger.money:
        if e.role == "event" and e.kind in INFLOW_KINDS:
            counts[e.kind] = counts.get(e.kind, 0) + 1
    if not counts:  # 前后一共得了十二万元 — told only as a sum: the kind of that sum
        for e in case.ledger.money:
            if e.role == "total" and e.kind in INFLOW_KINDS:
                counts[e.kind] = counts.get(e.kind, 0) + 1
    return max(counts, key=counts.get) if counts else None
