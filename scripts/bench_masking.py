"""Masking keeps amounts and dates: every demo question and every dev case-file question answered.

    python scripts/bench_masking.py        # a fresh home in a temp directory; ~10 min on 2 cores

Each question is answered unmasked (deterministic composer), then masked as a user sees it
(``mask_answer``: own PII, line pieces of wrapped values, repeats of any evidence value); every
amount and date of the unmasked conclusion, quotes and panel texts must read the same in the
masked ones, unless it lies inside personal data (a birth date inside an ID).
"""

from __future__ import annotations

import copy
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine import Engine  # noqa: E402
from engine.answer.pipeline import mask_answer  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.text.dates import find_dates  # noqa: E402
from engine.text.numbers import find_amounts  # noqa: E402
from engine.text.pii import find_pii  # noqa: E402

TRANSCRIPTS = REPO.parent / "shared" / "datasets" / "transcripts"


def _questions(engine: Engine, dev: list[Path]) -> list[tuple[str, str | None]]:
    lines = (REPO / "data/bench/demo_questions.jsonl").read_text("utf-8").splitlines()
    questions: list[tuple[str, str | None]] = [(json.loads(line)["question"], None) for line in lines]
    by_name = {d.name: d.doc_id for d in engine.docs().documents}
    for path in dev:
        for line in path.with_suffix(".questions.jsonl").read_text("utf-8").splitlines():
            questions.append((json.loads(line)["question"], by_name[path.name]))
    return questions


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        engine = Engine(settings=Settings.from_name("strict", home=str(Path(tmp) / "home")))
        demo = sorted(p for p in (REPO / "data/demo").iterdir() if p.suffix in (".pdf", ".md"))
        dev = sorted(TRANSCRIPTS.glob("*.pdf"))
        if not engine.ingest([*demo, *dev]).ok:
            print("ingest failed", file=sys.stderr)
            return 1
        texts = values = changed = inside_pii = 0
        questions = _questions(engine, dev)
        for question, doc_id in questions:
            clear = engine.ask(question, doc_id=doc_id, llm=False, unmask=True)
            shown = copy.deepcopy(clear)
            mask_answer(shown, False)
            panels = list(zip(clear.conflicts + clear.gaps + clear.calculations,
                              shown.conflicts + shown.gaps + shown.calculations))
            pairs = [(clear.conclusion, shown.conclusion), *((e.quote, e.display_quote or "") for e in shown.evidence),
                     *((a.description, b.description) for a, b in panels)]
            for before, after in pairs:
                texts += 1
                pii = find_pii(before)
                for fact in (*find_amounts(before), *find_dates(before)):
                    if any(p.start < fact.end and fact.start < p.end for p in pii):
                        inside_pii += 1
                        continue
                    values += 1
                    if after[fact.start:fact.end] != fact.text:
                        changed += 1
                        print(f"changed: {question} {fact.text!r} -> {after[fact.start:fact.end]!r}")
        engine.index.catalog.close()
    print(f"questions {len(questions)}, texts {texts}, amounts and dates {values}, changed by masking {changed}, "
          f"inside personal data {inside_pii}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
