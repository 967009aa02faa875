"""Where every sentence/passage/clause splitter of the engine cuts a corpus of real texts.

The fixture tests/text/fixtures/boundaries.json.gz holds, for each text, the offsets each splitter
produced when the fixture was written; tests/text/test_boundaries.py checks the splitters still cut
there. Texts: the chunks of the data/demo documents (stored in the fixture, so a chunker change does
not move the texts under the test), and EDGE_CASES. Texts of ../shared/datasets are never stored in
the repository, so the dev case files are not part of it.

    .venv/bin/python -m tests.text.boundaries_capture   # rewrite the fixture (only on purpose)
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from engine.types import Chunk

FIXTURE = Path(__file__).parent / "fixtures" / "boundaries.json.gz"
_ROOT = Path(__file__).resolve().parents[2]

EDGE_CASES = (
    "他说：“我不去了。”然后走了。她问：‘真的吗？’我说是的！",
    "合同约定「总价款为人民币1,200.50元。」双方签字（见附件）。",
    "The price is USD 1,200.50. Payment is due on March 15, 2023, at 14:30. Mr. Smith signed it.",
    "Emily R. Carter of Acme Inc. met Dr. Wu at 5 St. James St. on Jan. 3. U.S. law applies. See e.g. Section 2.",
    "问：你叫什么名字？\n答：我叫张某某，今年35岁。\n问：你什么时候\n借的钱？\n答：2022年3月，借了6,000元；\n后来又借了一次。",
    "问:钱是谁转的?\n答:是我转的,转了3次,每次2,000元.\nQ: when?\nA: 14:30, March 15, 2023.",
    "一、原告诉称\n二、被告辩称，不同意\n原告的诉讼请求。\n1. 第一项\n2、第二项\n（1）甲、乙、丙\n(2) 丁\n第十条 本法自公布之日起施行。",
    "第一条 为了规范合同行为，制定本法。\n第二条之一 当事人应当遵循诚信原则；\n不得滥用权利。\n\n第三章 附则",
    "签订日期：2023年5月12日\n签订地点：北京市海淀区\n甲方（盖章）：某某公司\n乙方：王某",
    "1.\n本合同自双方签字之日起生效。\n2.\n双方应当履行义务。\n(a) the Supplier shall deliver; (b) the Buyer shall pay.\nARTICLE 3 TERM\nSection 4.1 Fees.",
    "生产、销售伪劣产品罪，依照刑法第一百四十条规定处罚：处二年以下有期徒刑。金额为1,234,567.89元！",
    "他说“好”。。。然后？？她回答：“不知道！”）又说（大概是2022年11月份左右）。",
    "Payments: (i) USD 5,000; (ii) USD 7,500.00. Total: 12,500. No. 7 Road, etc. and so on. End.",
    "答：记不清了……可能是三四月份吧\n问：那笔钱是现金还是转账\n答：转账",
    "   \n\n  只有空白后的一句话。  \n\n",
    "He paid on Sept. 5 and Art. 5 applies. Sec. 3 too. Approx. 40 units, approx. 7 more.\nThen 他走了。",
    "The parties agree as follows:\na) the Supplier delivers the goods;\nb) the Buyer pays.\n1.1 Fees apply.\n(iv) Taxes.",
    "经审理查明：被告人于2023年5月12日\n14时许，在某地\n（一）抢走手机一部；\n（二）现金500元。\n第二章 总则\n第十条之一 附则",
    "刑法\n第一编 总则\n第二节 犯罪\n第三章 刑罚\n第十二条 本法施行。\n五、其他\n第3条 附则",
    "",
)


def _chunk(text: str, chunk_type: str, answer_start: int | None) -> Chunk:
    meta = {} if answer_start is None else {"answer_start": answer_start}
    return Chunk(chunk_id="c", doc_id="d", seq=0, kind="transcript", chunk_type=chunk_type, text=text,
                 spans=[], bboxes=[], meta=meta)


def _spans(segments) -> list[list[int]]:
    return [[s.start, s.end] for s in segments]


def capture(text: str, chunk_type: str, answer_start: int | None) -> dict[str, list[list[int]]]:
    """Offsets of every splitter on ``text``, by splitter name."""
    from engine.answer.judge import segment as judge
    from engine.faithfulness import statements
    from engine.answer.casefile.facts import extract
    from engine.text import segments
    from engine.text.boundaries import CLAUSE_CLAIM, SENTENCE_CONTEXT, split

    out: dict[str, list[list[int]]] = {}
    chunk = _chunk(text, chunk_type, answer_start)
    for name, kind in (("own", chunk_type), ("header", "header"), ("answer", "answer")):
        typed = _chunk(text, kind, answer_start)
        found = segments.sentences(typed, answer_only=False)
        out[f"segments.sentences[{name}]"] = _spans(found)
        out[f"segments.clauses[{name}]"] = _spans(c for s in found for c in segments.clauses(typed, s))
    out["segments.sentences[answer_only]"] = _spans(segments.sentences(chunk))
    passages = judge.passages(chunk)
    out["judge.passages"] = _spans(p.segment for p in passages)
    out["judge.clauses"] = _spans(c for p in passages for c in judge.clauses(text, p.segment))
    found = extract._sentences(text, 0, len(text))
    out["ledger.sentences"] = _spans(found)
    out["ledger.clauses"] = _spans(c for s in found for c in extract._clauses(text, s))
    out["statements.answer_sentences"] = _spans(statements.sentences(text))
    out["statements.context_sentences"] = _spans(statements.sentences(text, SENTENCE_CONTEXT))
    # what engine/faithfulness/verify.py cuts its claim clauses with (before its turn-marker strip)
    out["verify.claim_clauses"] = _spans(split(text, 0, len(text), CLAUSE_CLAIM))
    return out


def _corpus_texts() -> list[dict]:
    from engine.config import LimitSettings
    from engine.ingest.chunkers import chunk_document
    from engine.ingest.chunkers.detect import detect_kind
    from engine.ingest.loaders import load_document

    paths = sorted((_ROOT / "data" / "demo").glob("*.pdf")) + sorted((_ROOT / "data" / "demo").glob("*.md"))
    records = []
    for path in paths:
        loaded = load_document(path.name, path.read_bytes(), max_bytes=LimitSettings().file_bytes, ocr="off")
        for draft in chunk_document(loaded, detect_kind(loaded)):
            if draft.text.strip():
                start = draft.meta.get("answer_start")
                records.append({"source": path.name, "text": draft.text, "chunk_type": draft.chunk_type,
                                "answer_start": start if isinstance(start, int) else None})
    return records


def write_fixture() -> None:
    records = [{"source": "edge", "text": t, "chunk_type": "answer", "answer_start": None} for t in EDGE_CASES]
    records += _corpus_texts()
    for record in records:
        record["expected"] = capture(record["text"], record["chunk_type"], record["answer_start"])
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(FIXTURE, "wt", encoding="utf-8") as fh:
        json.dump(records, fh, ensure_ascii=False, separators=(",", ":"))
    print(f"{FIXTURE}: {len(records)} texts")


if __name__ == "__main__":
    write_fixture()
