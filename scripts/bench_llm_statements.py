"""How many legitimate LLM answers the statement check flags: demo questions, grounded replies.

    python scripts/bench_llm_statements.py                  # every demo question that has an answer
    python scripts/bench_llm_statements.py --limit 10

The LLM is the loopback fake OpenAI-compatible server of the tests (tests/answer/fake_openai_server.py):
for each demo question it replies, in three styles a model writes, with the ground-truth text
(data/demo/ground_truth.json: of the question's ``source_ids``, the entries whose value it
expects) citing the evidence block that
holds it — only when such a block was shown to the model, so every reply is correct and grounded:

- ``quote``: the clause around the text restated verbatim (without 问/答 markers), [Ek] after it;
- ``question``: the question turned into a statement with the value put in (陈晓梅第一次转账是
  2022年10月15日[Ek]), only for questions with one 多少/哪天-type gap; a conflict lists each side;
- ``attributed``: 根据材料，<value>[Ek]; like ``question``, only where the question asks for a value.

Every flag of ``checks.unsupported`` that names a statement (陈述「…」) is a false flag here. The
engine works in the demo suite's bench home (.bench/demo), the corpus ingested there once.
Figures: docs/benchmarks.md ("LLM conclusions: statement check").
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.demo import load_questions, prepare_demo_home  # noqa: E402
from engine.bench.paths import DEFAULT_BENCH_DIR, DEMO_DIR, DEMO_QUESTIONS  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.engine import Engine  # noqa: E402
from engine.faithfulness.statements import fuse  # noqa: E402
from tests.answer.fake_openai_server import FakeOpenAIServer  # noqa: E402

STYLES = ("quote", "question", "attributed")
BLOCK = re.compile(r'<evidence id="(E\d+)"[^>]*>\n(.*?)\n</evidence>', re.S)
_TURN = re.compile(r"^\s*[问答][:：]\s*")
_SENTENCE = re.compile(r"[^。！？；]*[。！？；]?")
OUT = REPO / "docs" / "bench" / "llm_statements.json"


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _entries(truth: dict) -> tuple[dict[str, dict], dict[int, dict]]:
    entries: dict[str, dict] = {}
    qa: dict[int, dict] = {}
    for doc in truth["documents"]:
        for items in doc.values():
            for item in items if isinstance(items, list) else []:
                if isinstance(item, dict) and "id" in item:
                    entries[item["id"]] = item
                    for statement in item.get("statements", []):
                        entries[statement["id"]] = statement
        qa.update({item["n"]: item for item in doc.get("qa", [])})
    return entries, qa


def gold_surfaces(truth: dict, question) -> list[str]:
    """The verbatim texts that answer the question: of its ground-truth entries, those whose value
    it expects (both sides of a conflict), else those holding its expected text, else all of them
    (a gap, an admission, a 问/答 pair's answer)."""
    entries, qa = _entries(truth)
    found: list[dict] = []
    for source in question.source_ids:
        if source.startswith("qa:") and int(source[3:]) in qa:
            found.append({"surface": _TURN.sub("", qa[int(source[3:])]["answer"]), "value": None})
        elif source in entries:
            entry = entries[source]
            found += [entry] if entry.get("surface") else entry.get("statements", [])
    expected = {str(v) for v in question.expect_values}
    if expected:
        chosen = [e for e in found if e.get("value") is not None and str(e["value"]) in expected]
    elif question.expect_text:
        chosen = [e for e in found if any(t in e["surface"] for t in question.expect_text)]
    else:
        chosen = found
    return list(dict.fromkeys(e["surface"] for e in chosen))


# Where a restated clause ends: CJK clause punctuation, an English clause end, or the label of the
# next field of a header block (the prompt's text has no line breaks: 讯问人姓名：…性别：…).
_STOP = re.compile(r"[。！？；，]|[.;,](?=\s)|\s{2,}|\u3000|[\u4e00-\u9fff]{2,8}(?:姓名|日期|号码|种类|地|址|方式|经过|号|别|族|程度)[：:]")


def clause_with(text: str, surface: str) -> str:
    """The clause of ``text`` around ``surface``: what a model quoting the evidence restates."""
    at = text.find(surface)
    if at < 0:
        return surface
    starts = [m.end() for m in _STOP.finditer(text, 0, at) if not m.group(0).endswith(("：", ":"))]
    labels = [m.start() for m in _STOP.finditer(text, 0, at) if m.group(0).endswith(("：", ":"))]
    start = max(starts + labels + [0])
    after = _STOP.search(text, at + len(surface))
    end = after.start() if after else len(text)
    return _TURN.sub("", text[start:end].strip())


# A reply that is only the value (or the question with it put in) answers a question asking for
# one value: one 多少/哪天-type gap, not a yes/no or an open question.
_VALUE_ASK = re.compile(r"多少钱|多少|哪一天|哪天|什么时候|什么时间|几月几日|哪一年|哪年")
_YES_NO = re.compile(r"吗[？?]?$|是否|有没有|是不是")


def asks_one_value(question: str) -> bool:
    return len(_VALUE_ASK.findall(question)) == 1 and not _YES_NO.search(question.strip())


def reply_for(body: dict, question: str, surfaces: list[str], style: str) -> str | None:
    """A correct, grounded reply in ``style`` citing the shown blocks that hold the surfaces."""
    blocks = dict(BLOCK.findall(body["messages"][-1]["content"]))
    found = []
    for surface in surfaces:
        where = next((i for i, text in blocks.items() if surface in text), None)
        if where is not None:
            found.append((surface, where, blocks[where]))
    if not found:
        return None
    if style == "quote":
        return "".join(f"{clause_with(text, surface)}[{i}]。" for surface, i, text in found)
    if not asks_one_value(question):
        return None
    if style == "question":
        if len(found) == 1:
            return f"{fuse(question, found[0][0])}[{found[0][1]}]。"
        return "材料中说法不一：" + "，".join(f"{i}称{fuse(question, surface)}" for surface, i, _ in found) + "。"
    return "根据材料，" + "，".join(f"{surface}[{i}]" for surface, i, _ in found) + "。"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench-dir", type=Path, default=DEFAULT_BENCH_DIR)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    truth = json.loads((DEMO_DIR / "ground_truth.json").read_text("utf-8"))
    questions = [q for q in load_questions(DEMO_QUESTIONS) if "not_found" not in q.expect_status]
    questions = questions[:args.limit] if args.limit else questions

    rows = []
    with FakeOpenAIServer(model="grounded-fake") as server:
        settings = Settings.load(args.bench_dir / "demo", secrets_file=None).model_copy(update={
            "llm": Settings().llm.model_copy(update={"base_url": server.base_url, "model": "grounded-fake",
                                                      "timeout_s": 30})})
        engine = Engine(settings=settings)
        corpus = prepare_demo_home(engine, DEMO_DIR)
        for q in questions:
            surfaces = gold_surfaces(truth, q)
            for style in STYLES:
                replies: list[str | None] = []

                def content(body, q=q, style=style, surfaces=surfaces, replies=replies):
                    reply = reply_for(body, q.question, surfaces, style)
                    replies.append(reply)
                    return reply or "材料中未找到"

                server.reset()
                server.script(content)
                answer = engine.ask(q.question, doc_id=corpus.doc_ids[q.doc] if q.doc else None, llm=True)
                if not replies or replies[0] is None:
                    rows.append({"id": q.id, "style": style, "reply": None})
                    continue
                flagged = [p for p in answer.checks.unsupported if p.startswith("陈述「")]
                rows.append({"id": q.id, "style": style, "reply": replies[0], "status": answer.status.value,
                             "mode": answer.mode.value, "flagged": flagged,
                             "other_problems": [p for p in answer.checks.unsupported if p not in flagged]})
            print(f"{q.id}: " + ", ".join(f"{r['style']}={'-' if r['reply'] is None else len(r['flagged'])}"
                                           for r in rows[-len(STYLES):]), file=sys.stderr, flush=True)

    summary = {}
    for style in STYLES:
        asked = [r for r in rows if r["style"] == style and r["reply"] is not None]
        summary[style] = {"replies": len(asked), "flagged": sum(1 for r in asked if r["flagged"]),
                          "statuses": dict(Counter(r["status"] for r in asked))}
    report = {"questions": len(questions), "summary": summary, "rows": rows,
              "command": "python scripts/bench_llm_statements.py"
                         + (f" --limit {args.limit}" if args.limit else "")}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", "utf-8")
    for style, figures in summary.items():
        print(f"{style:10s} replies {figures['replies']:3d}  flagged {figures['flagged']:3d}  {figures['statuses']}")
    print(f"report: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
