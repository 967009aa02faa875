"""CUAD dev as a contract-facts benchmark: field accuracy and clause present/absent detection.

The contracts are the ones engine/bench/cuad.py ingests from their PDFs; facts are extracted by
the rules (``extract_rules``, nothing stored). Gold comes from ``questions.jsonl``: per contract
and category, ``clause_status`` (present/absent), the annotated spans and a normalised
``gold_answer``.

Fields (answer-bearing categories), per contract:
- dates — Agreement Date, Effective Date, Expiration Date: CUAD writes ``M/D/YY``; a prediction
  is correct when it is the same day. Gold answers that are no date (``perpetual``, a blank form's
  ``[]/[]/20[]``) count against any date we give. Expiration is scored on the *stated*
  termination date; the end derived from start + term is reported apart (CUAD's convention is the
  anniversary, ours the last day of the term, so both are counted).
- Governing Law: the set of jurisdictions must equal CUAD's (``California; Hong Kong``).
- Renewal Term, Notice Period To Terminate Renewal: the period must equal one CUAD lists, in
  interchangeable units (12 months = 1 year; days and months are not interchangeable).
- Parties: each gold span (names and defined roles) matched by a party name or role we give.
precision = correct / values we gave; recall = correct / contracts whose gold is a value.

Clauses: for each of the 41 categories our presence decision (a clause rule fired, or for the
value categories the field was located) against ``clause_status``; precision, recall, F1, and
for true positives whether the chunk we point at overlaps a gold span (``located``), using the
PDF→txt chunk mapping of engine/bench/cuad.py.
"""

from __future__ import annotations

import math
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Callable

from engine.bench.common import read_jsonl
from engine.bench.cuad import CorpusMapping
from engine.contract_facts.extract import extract_rules
from engine.text.jurisdiction import canonical_jurisdiction
from engine.contract_facts.model import ContractFacts
from engine.contract_facts.parties import name_similarity, normalise_party_name
from engine.contract_facts.store import add_duration, iso_day

DATE_FIELDS = {"Agreement Date": "agreement_date", "Effective Date": "effective_date",
               "Expiration Date": "termination_date"}
VALUE_CATEGORIES = (*DATE_FIELDS, "Governing Law", "Renewal Term", "Notice Period To Terminate Renewal")
# CUAD category → how we decide presence: a clause type key, or "field:<name>[|<name>]".
PRESENCE: dict[str, str] = {
    "Document Name": "field:title", "Parties": "parties", "Agreement Date": "field:agreement_date",
    "Effective Date": "field:effective_date", "Expiration Date": "field:termination_date|duration",
    "Renewal Term": "field:renewal_term", "Notice Period To Terminate Renewal": "field:renewal_notice",
    "Governing Law": "field:governing_law",
    "Affiliate License-Licensee": "affiliate_license_licensee",
    "Affiliate License-Licensor": "affiliate_license_licensor", "Anti-Assignment": "anti_assignment",
    "Audit Rights": "audit_rights", "Cap On Liability": "cap_on_liability", "Change Of Control": "change_of_control",
    "Competitive Restriction Exception": "competitive_restriction_exception",
    "Covenant Not To Sue": "covenant_not_to_sue", "Exclusivity": "exclusivity", "Insurance": "insurance",
    "Ip Ownership Assignment": "ip_ownership_assignment",
    "Irrevocable Or Perpetual License": "irrevocable_or_perpetual_license",
    "Joint Ip Ownership": "joint_ip_ownership", "License Grant": "license_grant",
    "Liquidated Damages": "liquidated_damages", "Minimum Commitment": "minimum_commitment",
    "Most Favored Nation": "most_favored_nation", "No-Solicit Of Customers": "no_solicit_customers",
    "No-Solicit Of Employees": "no_solicit_employees", "Non-Compete": "non_compete",
    "Non-Disparagement": "non_disparagement", "Non-Transferable License": "non_transferable_license",
    "Post-Termination Services": "post_termination_services", "Price Restrictions": "price_restrictions",
    "Revenue/Profit Sharing": "revenue_profit_sharing", "Rofr/Rofo/Rofn": "rofr_rofo_rofn",
    "Source Code Escrow": "source_code_escrow", "Termination For Convenience": "termination_for_convenience",
    "Third Party Beneficiary": "third_party_beneficiary", "Uncapped Liability": "uncapped_liability",
    "Unlimited/All-You-Can-Eat-License": "unlimited_license", "Volume Restriction": "volume_restriction",
    "Warranty Duration": "warranty_duration",
}
PARTY_MATCH_RATIO = 0.85


@dataclass
class Gold:
    status: str  # present | absent
    answer: str | None
    spans: list[dict]


def load_gold(cuad: Path) -> dict[str, dict[str, Gold]]:
    """CUAD doc_id → category → gold."""
    gold: dict[str, dict[str, Gold]] = defaultdict(dict)
    for q in read_jsonl(cuad / "questions.jsonl"):
        gold[q["doc_id"]][q["category"]] = Gold(q["clause_status"], q.get("gold_answer"), q.get("gold_spans") or [])
    return dict(gold)


# --- parsing CUAD's normalised answers --------------------------------------------------------


def gold_date(answer: str | None) -> str | None:
    """'11/20/18' → '2018-11-20'; anything that is not one full date → None."""
    m = re.fullmatch(r"\s*(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})\s*", answer or "")
    if not m:
        return None
    month, day, year = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if year < 100:
        year += 2000 if year <= 30 else 1900
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


_PERIOD = re.compile(r"(\d+(?:\.\d+)?)\s*(year|month|week|day)s?", re.I)


def gold_periods(answer: str | None) -> list[dict[str, float]]:
    return [{m.group(2).lower() + "s": float(m.group(1))} for m in _PERIOD.finditer(answer or "")]


def same_period(ours: dict[str, int] | None, theirs: dict[str, float]) -> bool:
    """Equal lengths in interchangeable units: years↔months, weeks↔days (not months↔days)."""
    if not ours:
        return False

    def months(p):
        return 12 * p.get("years", 0) + p.get("months", 0) if set(p) <= {"years", "months"} else None

    def days(p):
        return 7 * p.get("weeks", 0) + p.get("days", 0) if set(p) <= {"weeks", "days"} else None

    return (months(ours) is not None and months(ours) == months(theirs)) or \
        (days(ours) is not None and days(ours) == days(theirs))


def gold_jurisdictions(answer: str | None) -> set[str]:
    if not answer or answer.strip().lower() == "none":
        return set()
    return {canonical_jurisdiction(part) for part in re.split(r"[;,]", answer) if part.strip()}


# --- scoring -----------------------------------------------------------------------------------


@dataclass
class FieldScore:
    gold_values: int = 0  # contracts whose gold is a comparable value
    predicted: int = 0  # contracts where we gave a value
    correct: int = 0
    examples: list[dict] = field(default_factory=list)  # a few disagreements, for reading

    @property
    def precision(self) -> float:
        return _ratio(self.correct, self.predicted)

    @property
    def recall(self) -> float:
        return _ratio(self.correct, self.gold_values)

    def add(self, doc: str, gold_value, ours, ok: bool) -> None:
        self.gold_values += gold_value is not None
        self.predicted += ours is not None
        self.correct += ok
        if not ok and (ours is not None or gold_value is not None) and len(self.examples) < 6:
            self.examples.append({"doc": doc[:60], "gold": gold_value, "ours": ours})

    def to_dict(self) -> dict:
        return {"gold_values": self.gold_values, "predicted": self.predicted, "correct": self.correct,
                "precision": _round(self.precision), "recall": _round(self.recall), "examples": self.examples}


@dataclass
class PartyScore:
    """Gold spans (names and defined roles) matched by our names or roles; our names matching one."""

    gold_spans: int = 0
    matched_spans: int = 0
    names: int = 0
    good_names: int = 0
    contracts_all_found: int = 0
    contracts: int = 0
    examples: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"gold_spans": self.gold_spans, "matched_spans": self.matched_spans, "names": self.names,
                "good_names": self.good_names,
                "precision": _round(_ratio(self.good_names, self.names)),
                "recall": _round(_ratio(self.matched_spans, self.gold_spans)),
                "contracts_all_found": self.contracts_all_found, "contracts": self.contracts,
                "examples": self.examples}


@dataclass
class ClauseScore:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    located: int = 0  # true positives whose cited chunk overlaps a gold span
    locatable: int = 0  # true positives whose chunk could be mapped and gold has spans

    @property
    def precision(self) -> float:
        return _ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float:
        return _ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r and not math.isnan(p) and not math.isnan(r) else math.nan

    def to_dict(self) -> dict:
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn, "tn": self.tn, "precision": _round(self.precision),
                "recall": _round(self.recall), "f1": _round(self.f1), "present": self.tp + self.fn,
                "located": self.located, "locatable": self.locatable}


def _ratio(part: float, whole: float) -> float:
    """``part / whole``, undefined (NaN, written as null) when there is nothing to divide by."""
    return part / whole if whole else math.nan


def _round(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 4)


def _party_matches(name: str, gold_text: str) -> bool:
    a, b = normalise_party_name(name), normalise_party_name(gold_text)
    if not a or not b:
        return False
    return a == b or a in b or b in a or name_similarity(a, b) >= PARTY_MATCH_RATIO


def _present(facts: ContractFacts, rule: str) -> tuple[bool, list[str]]:
    """Whether we say the category is present, and the chunk ids we point at for it."""
    if rule == "parties":
        return bool(facts.parties), [p.chunk_id for p in facts.parties if p.chunk_id]
    if rule.startswith("field:"):
        found = [facts.fields[n] for n in rule[6:].split("|") if n in facts.fields]
        return bool(found), [f.chunk_id for f in found if f.chunk_id]
    found = [c for c in facts.clauses if c.clause_type == rule]
    return bool(found), [c.chunk_id for c in found if c.chunk_id]


def score_contract(doc: str, facts: ContractFacts, gold: dict[str, Gold], fields: dict[str, FieldScore],
                   derived_end: FieldScore, parties: PartyScore, clauses: dict[str, ClauseScore],
                   chunk_spans: Callable[[str], list[tuple[int, int]] | None]) -> None:
    for category, name in DATE_FIELDS.items():
        g = gold.get(category)
        want = gold_date(g.answer) if g and g.status == "present" else None
        ours = facts.value(name)
        fields[category].add(doc, want, ours, ours is not None and ours == want)
    g = gold.get("Expiration Date")
    want = gold_date(g.answer) if g and g.status == "present" else None
    start = next((iso_day(facts.value(n)) for n in ("term_start", "effective_date", "agreement_date")
                  if iso_day(facts.value(n))), None)
    end = iso_day(facts.value("termination_date"))
    if end is None and start and facts.value("duration"):
        end = add_duration(start, facts.value("duration"))
    anniversary = (date.fromisoformat(end) + timedelta(days=1)).isoformat() if end else None
    derived_end.add(doc, want, end, want is not None and want in (end, anniversary))

    g = gold.get("Governing Law")
    want_law = gold_jurisdictions(g.answer) if g and g.status == "present" else set()
    law = facts.value("governing_law")
    ours_law = set(law["jurisdictions"]) if law else None
    fields["Governing Law"].add(doc, sorted(want_law) or None, sorted(ours_law) if ours_law else None,
                                bool(want_law) and ours_law == want_law)

    for category, name in (("Renewal Term", "renewal_term"), ("Notice Period To Terminate Renewal", "renewal_notice")):
        g = gold.get(category)
        periods = gold_periods(g.answer) if g and g.status == "present" else []
        value = facts.value(name)
        ours_period = value.get("period") if name == "renewal_term" and value else value
        fields[category].add(doc, g.answer if periods else None, ours_period,
                             any(same_period(ours_period, p) for p in periods))

    g = gold.get("Parties")
    names = [p.name for p in facts.parties]
    labels = names + [p.role for p in facts.parties if p.role]
    spans = [s["text"] for s in (g.spans if g else [])]
    hits = sum(any(_party_matches(label, s) for label in labels) for s in spans)
    parties.contracts += bool(spans)
    parties.contracts_all_found += bool(spans) and hits == len(spans)
    parties.gold_spans += len(spans)
    parties.matched_spans += hits
    parties.names += len(names)
    parties.good_names += sum(any(_party_matches(n, s) for s in spans) for n in names)
    if hits < len(spans) and len(parties.examples) < 6:
        parties.examples.append({"doc": doc[:60], "gold": spans, "ours": names})

    for category, rule in PRESENCE.items():
        g = gold.get(category)
        if g is None:
            continue
        said, chunk_ids = _present(facts, rule)
        score = clauses[category]
        truth = g.status == "present"
        if said and truth:
            score.tp += 1
            gold_spans = [(s["start"], s["end"]) for s in g.spans if s.get("start") is not None]
            mapped = [span for cid in chunk_ids for span in (chunk_spans(cid) or [])]
            if gold_spans and mapped:
                score.locatable += 1
                score.located += any(a < d and c < b for a, b in mapped for c, d in gold_spans)
        elif said:
            score.fp += 1
        elif truth:
            score.fn += 1
        else:
            score.tn += 1


@dataclass
class FactsRun:
    fields: dict[str, FieldScore]
    derived_end: FieldScore
    parties: PartyScore
    clauses: dict[str, ClauseScore]
    contracts: int
    seconds: float
    ms_per_contract: float

    def summary(self) -> dict:
        scores = [c for c in self.clauses.values()]
        tp, fp, fn = (sum(getattr(c, k) for c in scores) for k in ("tp", "fp", "fn"))
        f1s = [c.f1 for c in scores if not math.isnan(c.f1)]
        located = sum(c.located for c in scores)
        locatable = sum(c.locatable for c in scores)
        judged = sum(c.tp + c.fp + c.fn + c.tn for c in scores)
        return {"always_present_precision": _round(_ratio(tp + fn, judged)),"clause_micro_precision": _round(_ratio(tp, tp + fp)),
                "clause_micro_recall": _round(_ratio(tp, tp + fn)),
                "clause_macro_f1": _round(_ratio(sum(f1s), len(f1s))),
                "clause_located_share": _round(_ratio(located, locatable))}

    def to_dict(self) -> dict:
        fields = {k: v.to_dict() for k, v in self.fields.items()}
        return {"contracts": self.contracts, "seconds": round(self.seconds, 2),
                "ms_per_contract": round(self.ms_per_contract, 1), "fields": fields,
                "parties": self.parties.to_dict(),
                "expiration_stated_or_derived": self.derived_end.to_dict(),
                "clauses": {k: v.to_dict() for k, v in self.clauses.items()}, "summary": self.summary()}


def run_cuad_facts(engine, cuad: Path, txt_of: dict[str, str], corpus: CorpusMapping | None = None,
                   progress: Callable[[int, int], None] | None = None) -> FactsRun:
    """Extract every ingested CUAD contract with the rules and score it."""
    gold = load_gold(cuad)
    doc_of_txt = {c["txt"]: c["doc_id"] for c in read_jsonl(cuad / "docs.jsonl")}
    fields = {c: FieldScore() for c in VALUE_CATEGORIES}
    derived_end = FieldScore()
    parties = PartyScore()
    clauses = {c: ClauseScore() for c in PRESENCE}

    def chunk_spans(chunk_id: str) -> list[tuple[int, int]] | None:
        if corpus is None or chunk_id not in corpus.chunks:
            return None
        return corpus.chunks[chunk_id].spans

    started = time.perf_counter()
    extract_s = 0.0
    for i, (doc_id, txt) in enumerate(sorted(txt_of.items(), key=lambda kv: kv[1]), start=1):
        record = engine.document(doc_id)
        t0 = time.perf_counter()
        facts = extract_rules(doc_id, record.name, engine.chunks(doc_id))
        extract_s += time.perf_counter() - t0
        cuad_doc = doc_of_txt[txt]
        score_contract(cuad_doc, facts, gold.get(cuad_doc, {}), fields, derived_end, parties, clauses, chunk_spans)
        if progress:
            progress(i, len(txt_of))
    return FactsRun(fields=fields, derived_end=derived_end, parties=parties, clauses=clauses,
                    contracts=len(txt_of), seconds=time.perf_counter() - started,
                    ms_per_contract=1000 * extract_s / max(1, len(txt_of)))
