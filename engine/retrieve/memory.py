"""What STARD's training questions teach about lay questions: a query-side lexicon and article
query profiles. Mined by ``scripts/train_ranker.py`` from ``stard/train.jsonl`` only; shipped as
``engine/retrieve/models/statute_memory.{json,npy}``.

Lay questions and statutes use different words (老公 / 配偶, 欠钱不还 / 借款人未按照约定的期限
返还借款), which is where BM25 loses recall. Two small learned parts bridge them:

* **Expansion lexicon**: for a question word *w* and a word *t* of the gold articles, how often
  *t* is in the gold when *w* is in the question, against how often *t* is in any article
  (``lift``). Pairs seen in at least ``min_pairs`` training questions with P(t | w) ≥
  ``min_share`` and lift ≥ ``min_lift`` enter the lexicon, at most ``per_word`` per question word;
  at search time the expansion words join the BM25 query with weight ``weight`` (the question's
  own words weigh 1). The law's short name is part of every article's BM25 text, so a question
  word that points at one law (户口 → 户口登记条例) expands to its name.
* **Article query profiles**: the mean embedding of the training questions whose gold holds an
  article (a vector in the question space, not the article's own text). A new question close to
  a profile is close to the questions that article answered. Profiles feed a recall channel,
  a ranking feature and a vote for the laws a question is about.

Nothing of a question's text is shipped: the lexicon holds single words with counts, the profiles
are means of vectors. Both are keyed by law title and article label, so they survive re-ingest
and resolve to whichever version of the article is in force.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

MODEL_DIR = Path(__file__).resolve().parent / "models"
MEMORY_CARD = MODEL_DIR / "statute_memory.json"
MEMORY_VECTORS = MODEL_DIR / "statute_memory.npy"


@dataclass(frozen=True)
class LexiconParams:
    min_pairs: int = 3  # training questions a (question word, article word) pair must occur in
    min_share: float = 0.3  # P(article word in gold | question word in question)
    min_lift: float = 20.0  # that share over the article word's document frequency
    per_word: int = 3  # expansion words kept per question word
    weight: float = 0.3  # BM25 weight of an expansion word (a question word weighs 1)


@dataclass(frozen=True)
class TrainingExample:
    """One training question: its BM25 tokens, its query vector, and its gold articles as
    (law_title|article_label key, BM25 tokens of the article)."""
    tokens: Sequence[str]
    vector: np.ndarray
    gold: Sequence[tuple[str, Sequence[str]]]


@dataclass
class StatuteMemory:
    space: str  # the embedding model the profiles live in (profiles of another space are unusable)
    lexicon: dict[str, list[tuple[str, float]]] = field(default_factory=dict)
    profile_keys: list[str] = field(default_factory=list)  # law_title|article_label
    profiles: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    profile_counts: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    params: LexiconParams = field(default_factory=LexiconParams)

    # -- use -----------------------------------------------------------------------------------
    def expand(self, tokens: Sequence[str]) -> dict[str, float]:
        """BM25 query weights: each question token counts 1 per occurrence (as in plain BM25),
        each expansion word ``params.weight`` per question word that brings it."""
        weights: dict[str, float] = dict(Counter(tokens))
        for word in dict.fromkeys(tokens):
            for term, _ in self.lexicon.get(word, ()):
                weights[term] = weights.get(term, 0.0) + self.params.weight
        return weights

    def expansion_terms(self, tokens: Sequence[str]) -> list[str]:
        """The words expansion adds (for the audit trail and the parsed query)."""
        own = set(tokens)
        return list(dict.fromkeys(t for w in dict.fromkeys(tokens) for t, _ in self.lexicon.get(w, ())
                                  if t not in own))

    def profile_scores(self, query_vector: np.ndarray) -> np.ndarray:
        """Cosine of the query with every profile (profile order)."""
        if not len(self.profile_keys):
            return np.zeros(0, dtype=np.float32)
        q = np.asarray(query_vector, dtype=np.float32).reshape(-1)
        norm = float(np.linalg.norm(q)) or 1.0
        return self.profiles @ (q / norm)

    def lexicon_only(self) -> "StatuteMemory":
        """The same lexicon without profiles (no memory channel, no law vote)."""
        return StatuteMemory(self.space, self.lexicon, params=self.params)

    # -- learning ------------------------------------------------------------------------------
    @classmethod
    def mine(cls, examples: Sequence[TrainingExample], document_frequency: Mapping[str, int],
             documents: int, space: str, params: LexiconParams = LexiconParams()) -> "StatuteMemory":
        """Learn the lexicon and the profiles from training questions (see the module docstring).
        ``document_frequency``/``documents``: the BM25 index's statistics."""
        word_count: Counter[str] = Counter()
        pair_count: Counter[tuple[str, str]] = Counter()
        vectors: dict[str, list[np.ndarray]] = defaultdict(list)
        for example in examples:
            words = set(example.tokens)
            gold_words = set().union(*(set(toks) for _, toks in example.gold)) if example.gold else set()
            word_count.update(words)
            for word in words:
                pair_count.update((word, term) for term in gold_words if term != word)
            for key, _ in example.gold:
                vectors[key].append(np.asarray(example.vector, dtype=np.float32).reshape(-1))
        lexicon: dict[str, list[tuple[float, str]]] = defaultdict(list)
        for (word, term), together in pair_count.items():
            if together < params.min_pairs or len(term) < 2:
                continue
            share = together / word_count[word]
            base = max(document_frequency.get(term, 0), 1) / max(documents, 1)
            lift = share / base
            if share >= params.min_share and lift >= params.min_lift:
                lexicon[word].append((share * math.log(lift), term))
        kept = {word: [(term, round(score, 4)) for score, term in sorted(pairs, key=lambda p: (-p[0], p[1]))
                       [:params.per_word]] for word, pairs in sorted(lexicon.items())}
        keys = sorted(vectors)
        profiles = np.zeros((len(keys), len(examples[0].vector) if examples else 0), dtype=np.float32)
        for i, key in enumerate(keys):
            mean = np.mean(vectors[key], axis=0)
            profiles[i] = mean / (np.linalg.norm(mean) or 1.0)
        counts = np.asarray([len(vectors[k]) for k in keys], dtype=np.int32)
        return cls(space, kept, keys, profiles, counts, params)

    # -- files ---------------------------------------------------------------------------------
    def save(self, card_file: Path = MEMORY_CARD, vectors_file: Path = MEMORY_VECTORS,
             extra: Mapping | None = None) -> None:
        # float16 halves the file; cosines move by < 1e-3, far below what separates profiles
        np.save(vectors_file, self.profiles.astype(np.float16), allow_pickle=False)
        card = {"space": self.space, "params": self.params.__dict__,
                "profile_keys": self.profile_keys, "profile_counts": self.profile_counts.tolist(),
                "lexicon": self.lexicon, **(extra or {})}
        card_file.write_text(json.dumps(card, ensure_ascii=False, indent=0) + "\n", "utf-8")

    @classmethod
    def load(cls, card_file: Path = MEMORY_CARD, vectors_file: Path = MEMORY_VECTORS) -> "StatuteMemory":
        card = json.loads(Path(card_file).read_text("utf-8"))
        profiles = np.load(vectors_file, allow_pickle=False).astype(np.float32)
        keys = list(card["profile_keys"])
        if profiles.shape[0] != len(keys):
            raise ValueError(f"{vectors_file.name} has {profiles.shape[0]} profiles, the card {len(keys)}")
        lexicon = {w: [(t, float(s)) for t, s in pairs] for w, pairs in card["lexicon"].items()}
        return cls(card["space"], lexicon, keys, profiles,
                   np.asarray(card["profile_counts"], dtype=np.int32), LexiconParams(**card["params"]))


def article_key(law_title: str, article_label: str) -> str:
    return f"{law_title}|{article_label}"


def empty_memory(space: str) -> StatuteMemory:
    """No lexicon, no profiles: the pool is recalled by the two channels alone."""
    return StatuteMemory(space)


def load_statute_memory(space: str) -> tuple[StatuteMemory, str | None]:
    """The shipped memory when it was mined in ``space``; else an empty one and the reason."""
    if not MEMORY_CARD.is_file() or not MEMORY_VECTORS.is_file():
        return empty_memory(space), f"statute memory {MEMORY_CARD.name} not found"
    try:
        memory = StatuteMemory.load()
    except (ValueError, KeyError, OSError, TypeError) as exc:
        return empty_memory(space), f"statute memory unusable ({exc})"
    if memory.space != space:
        # The lexicon does not depend on the embedder; the profiles do.
        return replace(memory.lexicon_only(), space=space), \
            f"statute memory profiles were mined in {memory.space}, not {space}"
    return memory, None
