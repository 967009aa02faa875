"""Train the statute ranker and mine its memory on STARD train; select on STARD dev.

    python scripts/train_ranker.py --home .bench/statutes              # builds the index the first time
    python scripts/train_ranker.py --home .bench/statutes --ceiling    # only: recall of the pool per channel
    python scripts/train_ranker.py --home .bench/statutes --ablation   # only: every stage's contribution

What it learns, all from ``stard/train.jsonl``:
  * the statute memory (engine/retrieve/memory.py): the expansion lexicon and the article query
    profiles, saved as engine/retrieve/models/statute_memory.{json,npy};
  * the LambdaRank model over the pool's features (engine/retrieve/statute_pool.py), saved as
    engine/retrieve/models/statute_ranker.{txt,json}.
Training pools come from the real search path (``Searcher.statute_pool``). A training question's
pool is built with a memory mined *without its own fold* (5 folds), as a new question meets a
memory that never saw it; the cross-validated figures come from the same folds. Dev (``stard/
dev.jsonl``) is used only to pick among the few configurations below and to report: it is never
trained or mined on. Deterministic: exact vector search, fixed seeds, one thread, LightGBM's
deterministic mode — a re-run reproduces the shipped model's figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sys
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Callable

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.common import read_jsonl  # noqa: E402
from engine.bench.metrics import hit_at, mean, mrr_at, recall_at  # noqa: E402
from engine.bench.statutes import build_statute_index  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.engine import Engine  # noqa: E402
from engine.retrieve.learned import STATUTE_MODEL, STATUTE_MODEL_CARD  # noqa: E402
from engine.retrieve.memory import (MEMORY_CARD, MEMORY_VECTORS, LexiconParams,  # noqa: E402
                                    StatuteMemory, TrainingExample, article_key)
from engine.question import read_question  # noqa: E402
from engine.retrieve.statute_pool import FEATURE_GROUPS, FEATURES, BoundMemory, PoolDepths  # noqa: E402

# Few, deliberately: a grid this small cannot overfit dev.
CONFIGS = {
    "lgbm-15x300": {"num_leaves": 15, "learning_rate": 0.05, "rounds": 300, "min_data_in_leaf": 50},
    "lgbm-31x300": {"num_leaves": 31, "learning_rate": 0.05, "rounds": 300, "min_data_in_leaf": 50},
}
FOLDS = 5
SEED = 20261125
NO_LEXICON = LexiconParams(min_pairs=10 ** 9)  # mines nothing: profiles only
COMMAND = "python scripts/train_ranker.py --home .bench/statutes"


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Question:
    text: str
    tokens: list[str]
    vector: np.ndarray
    gold: set[str]  # STARD ids: law_short|version|article_label
    gold_keys: list[str]  # law_title|article_label of those the index has


@dataclass
class PoolData:
    features: np.ndarray
    labels: np.ndarray
    ids: list[str]  # STARD id of each candidate
    gold: set[str]


class Corpus:
    """The index's rows as STARD ids and article keys, and each article's BM25 tokens."""

    def __init__(self, engine: Engine):
        searcher = engine.searcher
        self.engine = engine
        self.state = searcher.statute_state()
        view = self.state.view
        lexical = engine.index.lexical_index()
        self.lexical = lexical
        meta = {cid: json.loads(m) for cid, _d, _t, _n, m in engine.index.catalog.chunk_profiles()}
        self.row_ids: list[str | None] = []
        self.key_of_id: dict[str, str] = {}
        self.rows_of_key: dict[str, list[int]] = {}
        for row, cid in enumerate(view.chunk_ids):
            m = meta.get(cid, {})
            key = view.article_keys[view.article[row]] if view.article[row] >= 0 else None
            stard = f"{m.get('law_short')}|{m.get('version')}|{m.get('article_label')}" if key else None
            self.row_ids.append(stard)
            if key:
                self.key_of_id[stard] = key
                self.rows_of_key.setdefault(key, []).append(row)
        tokens = {cid: toks.split() for cid, _doc, toks in engine.index.catalog.lexical_rows()}
        self.tokens_of_key = {key: [t for r in rows for t in tokens[view.chunk_ids[r]]]
                              for key, rows in self.rows_of_key.items()}
        self.document_frequency = {term: len(posting[0]) for term, posting in lexical.postings.items()}
        self.space = engine.settings.embedding.space_id(engine.index.embedder.model_id)

    def questions(self, records: list[dict]) -> list[Question]:
        out = []
        embedder = self.engine.index.embedder
        for q in records:
            parsed = read_question(q["question"]).query
            gold = {g["lawrefbook_id"] for g in q["gold_articles"] if g.get("lawrefbook_id")}
            keys = [self.key_of_id[g] for g in sorted(gold) if g in self.key_of_id]
            out.append(Question(parsed.text, parsed.tokens, np.asarray(embedder.embed_query(parsed.text)),
                                gold, keys))
        return out

    def mine(self, questions: list[Question], params: LexiconParams) -> StatuteMemory:
        examples = [TrainingExample(q.tokens, q.vector, [(k, self.tokens_of_key[k]) for k in q.gold_keys])
                    for q in questions]
        return StatuteMemory.mine(examples, self.document_frequency, len(self.lexical), self.space, params)

    def pools(self, questions: list[Question], memory: StatuteMemory, depths: PoolDepths) -> list[PoolData]:
        bound = BoundMemory.bind(memory, self.state.view)
        searcher = self.engine.searcher
        out = []
        for q in questions:
            pool, _ = searcher.statute_pool(read_question(q.text), depths, memory=bound, query_vector=q.vector)
            ids = [self.row_ids[r] or "" for r in pool.rows.tolist()]
            labels = np.asarray([1 if i in q.gold else 0 for i in ids], dtype=np.int32)
            out.append(PoolData(pool.features, labels, ids, q.gold))
        return out


def fold_of(count: int) -> np.ndarray:
    folds = np.arange(count) % FOLDS
    np.random.default_rng(SEED).shuffle(folds)
    return folds


def cv_pools(corpus: Corpus, train: list[Question], mine: Callable[[list[Question]], StatuteMemory],
             depths: PoolDepths, folds: np.ndarray) -> list[PoolData]:
    """Each training question's pool, built with a memory mined on the other folds."""
    pools: list[PoolData | None] = [None] * len(train)
    for f in range(FOLDS):
        memory = mine([q for q, k in zip(train, folds) if k != f])
        held = [i for i, k in enumerate(folds) if k == f]
        for i, pool in zip(held, corpus.pools([train[i] for i in held], memory, depths)):
            pools[i] = pool
    return pools  # type: ignore[return-value]


def metrics(rankings: list[tuple[list[str], set[str]]]) -> dict[str, float]:
    return {"R@10": round(mean(recall_at(r, g, 10) for r, g in rankings), 4),
            "R@100": round(mean(recall_at(r, g, 100) for r, g in rankings), 4),
            "hit@10": round(mean(hit_at(r, g, 10) for r, g in rankings), 4),
            "MRR@10": round(mean(mrr_at(r, g, 10) for r, g in rankings), 4)}


def ranked(data: list[PoolData], scores_per_q) -> list[tuple[list[str], set[str]]]:
    result = []
    for d, scores in zip(data, scores_per_q):
        order = np.lexsort((np.arange(len(scores)), -np.asarray(scores)))
        result.append(([i for i in dict.fromkeys(d.ids[j] for j in order) if i], d.gold))
    return result


def fused_order(data: list[PoolData]) -> list[np.ndarray]:
    """Scores that keep the pool's fused (RRF) order: the baseline the ranker must beat."""
    return [-np.arange(len(d.labels), dtype=np.float64) for d in data]


def fit(data: list[PoolData], params: dict):
    """LightGBM's own API (no scikit-learn): LambdaRank, one thread, deterministic."""
    import lightgbm

    params = dict(params)
    rounds = params.pop("rounds")
    data = [d for d in data if len(d.labels)]
    dataset = lightgbm.Dataset(np.concatenate([d.features for d in data]),
                               np.concatenate([d.labels for d in data]),
                               group=[len(d.labels) for d in data], feature_name=list(FEATURES))
    return lightgbm.train({"objective": "lambdarank", "seed": SEED, "deterministic": True,
                           "force_row_wise": True, "num_threads": 1, "verbose": -1,
                           "lambdarank_truncation_level": 100, **params}, dataset, num_boost_round=rounds)


def predict(model, data: list[PoolData]) -> list[np.ndarray]:
    return [model.predict(d.features, num_threads=1) if len(d.labels) else np.zeros(0) for d in data]


def cross_validate(train_pools: list[PoolData], folds: np.ndarray, params: dict) -> dict[str, float]:
    scores: list = [None] * len(train_pools)
    for f in range(FOLDS):
        model = fit([d for d, k in zip(train_pools, folds) if k != f], params)
        held = [i for i, k in enumerate(folds) if k == f]
        for i, s in zip(held, predict(model, [train_pools[i] for i in held])):
            scores[i] = s
    return metrics(ranked(train_pools, scores))


def without(data: list[PoolData], names: tuple[str, ...]) -> list[PoolData]:
    """The same pools with some features held constant (a constant column is never split on)."""
    cols = [FEATURES.index(n) for n in names]
    out = []
    for d in data:
        x = d.features.copy()
        x[:, cols] = 0.0
        out.append(replace(d, features=x))
    return out


def union_recall(data: list[PoolData]) -> float:
    return round(mean(recall_at(sorted({i for i in d.ids if i}), d.gold, 10 ** 6) for d in data), 4)


def ablation(corpus: Corpus, train: list[Question], dev: list[Question], folds: np.ndarray,
             lexicon: LexiconParams, depths: PoolDepths, params: dict) -> None:
    """Every stage's contribution on dev: the pipeline rebuilt without it, the ranker retrained."""
    full = corpus.mine(train, lexicon)
    # label: (pipeline name, how a memory is mined from some questions, pool depths, features held constant)
    mine_all = lambda qs: corpus.mine(qs, lexicon)  # noqa: E731
    variants = {
        "all stages": ("all", mine_all, depths, ()),
        "without expansion lexicon": ("no-lexicon", lambda qs: corpus.mine(qs, NO_LEXICON), depths, ()),
        "without article profiles (memory channel, law vote)":
            ("no-profiles", lambda qs: corpus.mine(qs, lexicon).lexicon_only(), depths, ()),
        "without named laws and crimes": ("no-names", mine_all, replace(depths, named=0, crime=0), ()),
        "channels at K=100 instead of 300": ("k100", mine_all, replace(depths, channel=100), ()),
        "channels at K=500 instead of 300": ("k500", mine_all, replace(depths, channel=500), ()),
        **{f"without features: {g}": ("all", mine_all, depths, names) for g, names in FEATURE_GROUPS.items()},
    }
    print("| variant | pool recall | R@10 | R@100 | hit@10 | MRR@10 | ms/question (pool) |")
    print("|---|---|---|---|---|---|---|")
    cache: dict = {}
    for label, (pipeline, mine, dep, dropped) in variants.items():
        if pipeline not in cache:
            started = time.perf_counter()
            dev_pools = corpus.pools(dev, full if pipeline == "all" else mine(train), dep)
            ms = (time.perf_counter() - started) * 1000 / len(dev)
            cache[pipeline] = (cv_pools(corpus, train, mine, dep, folds), dev_pools, ms)
        train_pools, dev_pools, ms = cache[pipeline]
        if label == "all stages":
            base = metrics(ranked(dev_pools, fused_order(dev_pools)))
            print(f"| fused order of the full pool (no ranker) | {union_recall(dev_pools):.3f} | "
                  + " | ".join(f"{base[m]:.3f}" for m in base) + " | |")
        model = fit(without(train_pools, dropped), params)
        got = metrics(ranked(dev_pools, predict(model, without(dev_pools, dropped))))
        print(f"| {label} | {union_recall(dev_pools):.3f} | " + " | ".join(f"{got[m]:.3f}" for m in got)
              + f" | {ms:.0f} |", flush=True)


def ceiling(corpus: Corpus, train: list[Question], dev: list[Question], lexicon: LexiconParams,
            depths: PoolDepths) -> None:
    """Recall of the pool (every candidate, unranked) on dev as channels are added."""
    memory = corpus.mine(train, lexicon)
    plain = StatuteMemory(memory.space, params=lexicon)
    steps = []
    for k in (100, 300, 500):
        base = PoolDepths(channel=k, profiles=0, named=0, crime=0)
        steps += [(f"BM25 ∪ vector, K={k}", plain, base),
                  (f"+ expansion lexicon, K={k}", memory.lexicon_only(), base),
                  (f"+ article profiles and law vote, K={k}", memory, replace(depths, channel=k, named=0, crime=0)),
                  (f"+ named laws and crimes (all channels), K={k}", memory, replace(depths, channel=k))]
    for label, mem, dep in steps:
        started = time.perf_counter()
        pools = corpus.pools(dev, mem, dep)
        ms = (time.perf_counter() - started) * 1000 / len(dev)
        print(f"{label}: pool recall {union_recall(pools):.3f}, pool size "
              f"{mean(len(d.ids) for d in pools):.0f}, {ms:.0f} ms/question (recall + features)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, default=REPO / ".bench" / "statutes")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--ceiling", action="store_true", help="only: pool recall per channel on dev")
    parser.add_argument("--ablation", action="store_true", help="only: dev figures without each stage")
    parser.add_argument("--no-lexicon", action="store_true", help="mine no expansion lexicon")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--out", type=Path, default=STATUTE_MODEL.parent,
                        help="where the model and memory files go (default: the shipped place)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)

    engine = Engine(settings=Settings.load(args.home, secrets_file=None))
    if not engine.docs().documents:
        print("building the statute index (once)…", file=sys.stderr)
        build_statute_index(engine, args.datasets / "statutes")
    train_file, dev_file = args.datasets / "stard" / "train.jsonl", args.datasets / "stard" / "dev.jsonl"
    corpus = Corpus(engine)
    train = corpus.questions(read_jsonl(train_file)[:args.limit])
    dev = corpus.questions(read_jsonl(dev_file)[:args.limit])
    lexicon, depths = (NO_LEXICON if args.no_lexicon else LexiconParams()), PoolDepths()
    folds = fold_of(len(train))
    if args.ceiling:
        ceiling(corpus, train, dev, lexicon, depths)
        return 0
    if args.ablation:  # with the configuration the shipped model was selected with
        shipped = json.loads(STATUTE_MODEL_CARD.read_text("utf-8"))["name"].removeprefix("statute-")
        ablation(corpus, train, dev, folds, lexicon, depths, CONFIGS.get(shipped, CONFIGS["lgbm-15x300"]))
        return 0

    print("pools (5 folds of train, then dev)…", file=sys.stderr)
    started = time.perf_counter()
    train_pools = cv_pools(corpus, train, lambda qs: corpus.mine(qs, lexicon), depths, folds)
    memory = corpus.mine(train, lexicon)
    dev_pools = corpus.pools(dev, memory, depths)
    pool_seconds = time.perf_counter() - started
    fusion = {"train": metrics(ranked(train_pools, fused_order(train_pools))),
              "dev": metrics(ranked(dev_pools, fused_order(dev_pools)))}
    ceilings = {"train": union_recall(train_pools), "dev": union_recall(dev_pools)}
    print(f"fused order of the pool: {fusion}; pool recall {ceilings}")
    results = {}
    for name, params in CONFIGS.items():
        model = fit(train_pools, params)
        results[name] = {"params": params, "cv_train": cross_validate(train_pools, folds, params),
                         "dev": metrics(ranked(dev_pools, predict(model, dev_pools))), "model": model}
        print(f"{name}: cv {results[name]['cv_train']} dev {results[name]['dev']}", flush=True)
    best = max(results, key=lambda n: (results[n]["dev"]["hit@10"] + results[n]["dev"]["MRR@10"], n))
    chosen = results[best]
    args.out.mkdir(parents=True, exist_ok=True)
    model_file, card_file = args.out / STATUTE_MODEL.name, args.out / STATUTE_MODEL_CARD.name
    chosen["model"].save_model(str(model_file))
    data = {"trained_on": {"file": "stard/train.jsonl", "sha256": file_hash(train_file), "questions": len(train)},
            "selected_on": {"file": "stard/dev.jsonl", "sha256": file_hash(dev_file), "questions": len(dev)}}
    memory_card, memory_vectors = args.out / MEMORY_CARD.name, args.out / MEMORY_VECTORS.name
    command = COMMAND + (" --no-lexicon" if args.no_lexicon else "")
    memory.save(memory_card, memory_vectors, extra={"command": command, **data})
    card = {
        "name": f"statute-{best}", "features": list(FEATURES), "pool": asdict(depths),
        "command": command, **data,
        "memory": {"file": memory_card.name, "sha256": file_hash(memory_card),
                   "vectors_sha256": file_hash(memory_vectors), "lexicon_words": len(memory.lexicon),
                   "profiles": len(memory.profile_keys)},
        "params": chosen["params"], "seed": SEED, "folds": FOLDS,
        "cv_train": chosen["cv_train"], "dev": chosen["dev"], "fusion_baseline": fusion,
        "pool_recall": ceilings, "pool_seconds": round(pool_seconds),
        "all_configs": {n: {k: v for k, v in r.items() if k != "model"} for n, r in results.items()},
        "model_sha256": file_hash(model_file),
    }
    card_file.write_text(json.dumps(card, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(f"saved {model_file} ({best}) and {memory_card.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
