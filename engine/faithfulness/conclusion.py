"""Every statement of a model's conclusion, checked against the evidence it cites.

The answer verifier (engine/answer/verify.py) holds numbers, dates and citation ids to the
quotes; a model can still write a claim with none of those — 被告无罪（E1） citing a block that
says nothing of the kind — and pass it. Here each sentence of the conclusion is cut into atomic
statements (engine/faithfulness/statements.py) and each statement goes to the offline verifier
(engine/faithfulness/verify.py: names, values, negation, overlap, calibrated e5 paraphrase)
with the evidence its own sentence cites as the context — or, for a sentence citing nothing
itself, the evidence the whole conclusion cites. A statement it does not support is named.

The engine wires this into the LLM answer mode (engine/engine.py → Answerer → LLMComposer);
the deterministic composer's conclusions are built from the quotes and are not re-judged.
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from engine.answer.model import Evidence
from engine.answer.verify import cited_ids
from engine.faithfulness.metric import evidence_passages
from engine.faithfulness.statements import build_statements, sentences
from engine.faithfulness.verify import Context, OfflineVerifier


class ConclusionCheck:
    """``check(conclusion, evidence, speakers, glosses) -> problems`` with the engine's embedder
    (cached embeddings, and the model the paraphrase threshold was calibrated with)."""

    def __init__(self, embedder=None):
        self.embedder = embedder

    def __call__(self, conclusion: str, evidence: Sequence[Evidence],
                 speakers: Mapping[str, str] | None = None,
                 glosses: Mapping[str, str] | None = None) -> list[str]:
        return unsupported_statements(conclusion, evidence, self.embedder, speakers, glosses)


# In an interrogation transcript the person questioned is 你 in every question and 我 in every
# answer (我们 is not: the officers say it of themselves, a suspect of a group).
_TURNS = re.compile(r"(问|答)\s*[:：]")


def resolve_persons(text: str, speaker: str) -> str:
    """A 问/答 text with 你 (in questions) and 我 (in answers) replaced by the speaker's name, so
    that 某甲给王芳退了一万零五百元 can be held against 答：我…转回给她一万零五百元."""
    out, turn, last = [], None, 0
    for match in [*_TURNS.finditer(text), None]:
        end = match.start() if match else len(text)
        piece = text[last:end]
        if turn == "问":
            piece = re.sub(r"你(?!们)", speaker, piece)
        elif turn == "答":
            piece = re.sub(r"我(?!们)", speaker, piece)
        out.append(piece)
        if match:
            turn, last = match.group(1), match.start()
    return "".join(out)


def _passages(items: list[Evidence], speakers: Mapping[str, str],
              glosses: Mapping[str, str] | None = None) -> list[str]:
    """The cited quotes (after the question they answer) under their document's name — the model
    was shown the name with each block — with a transcript's 你/我 resolved to its speaker, and
    what the case ledger read from a quote (``glosses``: E-id → 赵某→王某某, 12000元 …; the model
    was shown that reading too) after it."""
    passages = []
    for item, passage in zip(items, evidence_passages(items)):
        speaker = speakers.get(item.chunk.doc_id)
        gloss = (glosses or {}).get(item.id)
        passages.append(f"{item.doc_name}\n{resolve_persons(passage, speaker) if speaker else passage}"
                        + (f"\n{gloss}" if gloss else ""))
    return passages


def unsupported_statements(conclusion: str, evidence: Sequence[Evidence], embedder=None,
                           speakers: Mapping[str, str] | None = None,
                           glosses: Mapping[str, str] | None = None) -> list[str]:
    """One problem per statement of ``conclusion`` its cited evidence does not support;
    ``speakers``: doc_id → the person a transcript questions; ``glosses``: E-id → the ledger's
    reading of that quote."""
    by_id = {item.id: item for item in evidence}
    everything_cited = [i for i in cited_ids(conclusion) if i in by_id]
    problems: list[str] = []
    verifiers: dict[tuple[str, ...], OfflineVerifier] = {}
    for sentence in sentences(conclusion):
        ids = tuple(i for i in cited_ids(sentence.text) if i in by_id) or tuple(everything_cited)
        if not ids:
            continue  # no known evidence cited at all: verify() reports that already
        # Not fused with the question: a bare value (壹万叁仟元（E1）) claims nothing beyond the
        # value, and that the cited quotes hold it is verify()'s check; fusing it would judge
        # whether it is the right answer, which the words of the evidence cannot always show.
        statements = build_statements(sentence.text)
        if not statements:
            continue
        if ids not in verifiers:
            try:
                verifiers[ids] = OfflineVerifier(Context(_passages([by_id[i] for i in ids], speakers or {},
                                                                    glosses)), embedder)
            except ValueError:  # every cited quote is empty
                problems.append(f"所引证据（{'、'.join(ids)}）没有文字可以核对 (the cited evidence has no text)")
                continue
        for statement in statements:
            verdict = verifiers[ids].verify(statement)
            if not verdict.supported:
                problems.append(f"陈述「{statement.text}」没有所引证据（{'、'.join(ids)}）的支持：{verdict.reason} "
                                f"(statement not supported by the evidence it cites)")
    return problems
