"""Train the statute ranker (engine/retrieve/learned.py) on STARD train; select on STARD dev.

    python scripts/train_ranker.py --home .bench/statutes            # builds the index the first time
    python scripts/train_ranker.py --home .bench/statutes --ceiling  # only: union recall at K=100/300/500

Candidates come from the real search path (BM25 top-K ∪ vector top-K, RRF), features from
``candidate_features`` — the code search runs. Folds are questions (STARD train, 5 folds); dev is
used only to pick among the few configurations below and to report; it is never trained on.
Writes engine/retrieve/models/statute_ranker.{txt,json} (model, features, data hashes, figures).
Deterministic: fixed seeds, one thread, LightGBM's deterministic mode.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import pickle
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.common import read_jsonl  # noqa: E402
from engine.bench.metrics import hit_at, mean, mrr_at, recall_at  # noqa: E402
from engine.bench.statutes import article_id, build_statute_index  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.engine import Engine  # noqa: E402
from engine.retrieve.learned import (FEATURES, STATUTE_MODEL, STATUTE_MODEL_CARD,  # noqa: E402
                                     build_candidates, candidate_features)
from engine.retrieve.search import article_of  # noqa: E402

# Few, deliberately: a grid this small cannot overfit dev.
CONFIGS = {
    "lgbm-15x300": {"num_leaves": 15, "learning_rate": 0.05, "rounds": 300, "min_data_in_leaf": 50},
    "lgbm-31x300": {"num_leaves": 31, "learning_rate": 0.05, "rounds": 300, "min_data_in_leaf": 50},
}
FOLDS = 5
SEED = 20261125


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pools(engine: Engine, questions: list[dict], depth: int):
    """Per question: (features, labels, article ids) over the fused candidate pool."""
    searcher = engine.searcher
    out = []
    for n, q in enumerate(questions, 1):
        gold = {g["lawrefbook_id"] for g in q["gold_articles"] if g.get("lawrefbook_id")}
        pool = searcher.learned_pool(q["question"], depth)
        ids = [article_id(article_of(pool.chunks[c.chunk_id])) for c in pool.candidates]
        labels = np.asarray([1 if i in gold else 0 for i in ids], dtype=np.int32)
        out.append((pool.features, labels, ids, gold))
        if n % 100 == 0:
            print(f"  {n}/{len(questions)}", file=sys.stderr, flush=True)
    return out


def metrics(rankings: list[tuple[list[str], set[str]]]) -> dict[str, float]:
    return {"R@10": round(mean(recall_at(r, g, 10) for r, g in rankings), 4),
            "R@100": round(mean(recall_at(r, g, 100) for r, g in rankings), 4),
            "hit@10": round(mean(hit_at(r, g, 10) for r, g in rankings), 4),
            "MRR@10": round(mean(mrr_at(r, g, 10) for r, g in rankings), 4)}


def ranked(data, scores_per_q) -> list[tuple[list[str], set[str]]]:
    result = []
    for (_, _, ids, gold), scores in zip(data, scores_per_q):
        order = np.lexsort((np.arange(len(scores)), -np.asarray(scores)))
        result.append(([i for i in dict.fromkeys(ids[j] for j in order) if i], gold))
    return result


def fit(data, params: dict):
    """LightGBM's own API (no scikit-learn): LambdaRank, one thread, deterministic."""
    import lightgbm

    params = dict(params)
    rounds = params.pop("rounds")
    dataset = lightgbm.Dataset(np.concatenate([d[0] for d in data]), np.concatenate([d[1] for d in data]),
                               group=[len(d[1]) for d in data], feature_name=list(FEATURES))
    return lightgbm.train({"objective": "lambdarank", "seed": SEED, "deterministic": True,
                           "force_row_wise": True, "num_threads": 1, "verbose": -1,
                           "lambdarank_truncation_level": 100, **params}, dataset, num_boost_round=rounds)


def predict(model, data) -> list[np.ndarray]:
    return [model.predict(d[0], num_threads=1) if len(d[1]) else np.zeros(0) for d in data]


# Feature groups for the ablation table (docs/benchmarks.md): which signals carry the gain.
GROUPS = {
    "channels (bm25, vector, rrf scores and ranks)": ("bm25", "bm25_rel", "bm25_logrank", "vec", "vec_gap",
                                                      "vec_logrank", "rrf", "rrf_logrank", "in_both"),
    "query words in text / title / path": ("q_in_text", "q_in_title", "q_in_path", "law_named"),
    "law and chapter aggregates of the pool": ("law_share_rrf", "law_count_top50", "law_count",
                                               "law_best_rrf_logrank", "law_max_vec_gap",
                                               "chapter_share_rrf", "chapter_count"),
    "article (rank, number, length)": ("law_rank", "article_logno", "logchars"),
}


def ablation(train_data, dev_data, params: dict, fusion_dev: dict) -> int:
    """Dev figures with each feature group held constant (a constant column is never split on)."""
    def without(data, names):
        cols = [FEATURES.index(n) for n in names]
        out = []
        for x, y, ids, gold in data:
            x = x.copy()
            x[:, cols] = 0.0
            out.append((x, y, ids, gold))
        return out

    print(f"| features | R@10 | R@100 | hit@10 | MRR@10 |\n|---|---|---|---|---|")
    print("| fused order (no ranker) | " + " | ".join(f"{fusion_dev[m]:.3f}" for m in fusion_dev) + " |")
    for label, names in {"all": (), **{f"without {g}": n for g, n in GROUPS.items()}}.items():
        model = fit(without(train_data, names), params)
        got = metrics(ranked(dev_data, predict(model, without(dev_data, names))))
        print(f"| {label} | " + " | ".join(f"{got[m]:.3f}" for m in got) + " |", flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, default=REPO / ".bench" / "statutes")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--depth", type=int, default=300, help="per-channel candidates K1 = K2")
    parser.add_argument("--ceiling", action="store_true", help="only measure union recall at 100/300/500")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--out", type=Path, default=STATUTE_MODEL.parent,
                        help="where statute_ranker.{txt,json} go (default: the shipped place)")
    parser.add_argument("--ablation", choices=sorted(CONFIGS), default=None,
                        help="only: dev figures of this config with each feature group left out")
    parser.add_argument("--pool-cache", type=Path, default=None,
                        help="keep the computed pools in this file (for repeated training runs)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)

    settings = Settings.load(args.home, secrets_file=None)
    engine = Engine(settings=settings)
    if not engine.docs().documents:
        print("building the statute index (once)…", file=sys.stderr)
        build_statute_index(engine, args.datasets / "statutes")
    train_file, dev_file = args.datasets / "stard" / "train.jsonl", args.datasets / "stard" / "dev.jsonl"
    train, dev = read_jsonl(train_file)[:args.limit], read_jsonl(dev_file)[:args.limit]

    if args.ceiling:
        for depth in (100, 300, 500):
            for name, qs in (("train", train), ("dev", dev)):
                started = time.perf_counter()
                data = pools(engine, qs, depth)
                ms = (time.perf_counter() - started) * 1000 / max(1, len(qs))
                union = mean(recall_at([i for i in set(d[2]) if i], d[3], 10 ** 6) for d in data)
                print(f"K={depth} {name}: union recall {union:.3f}, pool {mean(len(d[2]) for d in data):.0f}, "
                      f"{ms:.0f} ms/question (recall + features)")
        return 0

    print(f"pools at K={args.depth}…", file=sys.stderr)
    cache = args.pool_cache
    if cache and cache.is_file():
        train_data, dev_data = pickle.loads(cache.read_bytes())
    else:
        train_data, dev_data = pools(engine, train, args.depth), pools(engine, dev, args.depth)
        if cache:
            cache.write_bytes(pickle.dumps((train_data, dev_data)))
    fusion = {"train": metrics(ranked(train_data, [-np.arange(len(d[1])) for d in train_data])),
              "dev": metrics(ranked(dev_data, [-np.arange(len(d[1])) for d in dev_data]))}
    print(f"fusion order: {fusion}")
    if args.ablation:
        return ablation(train_data, dev_data, CONFIGS[args.ablation], fusion["dev"])
    folds = np.arange(len(train_data)) % FOLDS
    rng = np.random.default_rng(SEED)
    rng.shuffle(folds)
    results = {}
    for name, params in CONFIGS.items():
        cv_scores: list = [None] * len(train_data)
        for f in range(FOLDS):
            fold_model = fit([d for d, k in zip(train_data, folds) if k != f], params)
            test_idx = [i for i, k in enumerate(folds) if k == f]
            for i, s in zip(test_idx, predict(fold_model, [train_data[i] for i in test_idx])):
                cv_scores[i] = s
        model = fit(train_data, params)
        results[name] = {"params": params, "cv_train": metrics(ranked(train_data, cv_scores)),
                         "dev": metrics(ranked(dev_data, predict(model, dev_data))), "model": model}
        print(f"{name}: cv {results[name]['cv_train']} dev {results[name]['dev']}")
    best = max(results, key=lambda n: (results[n]["dev"]["hit@10"] + results[n]["dev"]["MRR@10"], n))
    chosen = results[best]
    model_file, card_file = args.out / STATUTE_MODEL.name, args.out / STATUTE_MODEL_CARD.name
    args.out.mkdir(parents=True, exist_ok=True)
    chosen["model"].save_model(str(model_file))
    card = {
        "name": f"statute-{best}", "features": list(FEATURES), "pool_depth": args.depth,
        "command": "python scripts/train_ranker.py --home .bench/statutes",
        "trained_on": {"file": "stard/train.jsonl", "sha256": file_hash(train_file), "questions": len(train)},
        "selected_on": {"file": "stard/dev.jsonl", "sha256": file_hash(dev_file), "questions": len(dev)},
        "params": chosen["params"], "seed": SEED, "folds": FOLDS,
        "cv_train": chosen["cv_train"], "dev": chosen["dev"], "fusion_baseline": fusion,
        "all_configs": {n: {k: v for k, v in r.items() if k != "model"} for n, r in results.items()},
        "model_sha256": file_hash(model_file),
    }
    card_file.write_text(json.dumps(card, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(f"saved {model_file} ({best})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
