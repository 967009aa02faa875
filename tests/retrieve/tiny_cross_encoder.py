"""A tiny ONNX cross-encoder in FlashRank's on-disk layout, built in code (no network, no weights).

The model's logit is ``SLOPE * (number of distinct vocabulary tokens shared by query and passage)
+ BIAS``. Query and passage tokens are told apart by ``token_type_ids`` (the pair template gives
the passage type 1) and padding by ``attention_mask``, so the graph really depends on everything
FlashRank feeds it. ``reference_score`` recomputes the score without tokenizers or onnxruntime.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

SLOPE, BIAS = 0.75, -1.5
SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]
# Character vocabulary for the Chinese test texts plus a few English words; anything else is [UNK].
CJK_CHARS = "被告人张某向刘某转账一万七千元借款合同约定利息还款日期法院判决诈骗罪非法占有目的证据笔录甲乙丙"
ENGLISH_WORDS = ["the", "buyer", "shall", "pay", "seller", "price", "contract", "within", "days", "delivery"]
VOCAB = {token: i for i, token in enumerate([*SPECIAL_TOKENS, *dict.fromkeys(CJK_CHARS), *ENGLISH_WORDS])}


def build_tokenizer() -> Tokenizer:
    tokenizer = Tokenizer(models.WordLevel(vocab=VOCAB, unk_token="[UNK]"))
    # BERT's recipe: the normaliser puts spaces around every CJK character, so each is a token.
    tokenizer.normalizer = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True,
                                                      strip_accents=False, lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", VOCAB["[CLS]"]), ("[SEP]", VOCAB["[SEP]"])])
    return tokenizer


def build_overlap_model() -> onnx.ModelProto:
    vocab_size = len(VOCAB)
    one_hot = np.eye(vocab_size, dtype=np.float32)
    for token in SPECIAL_TOKENS:  # [SEP] sits in both segments and [UNK] matches anything: never count them
        one_hot[VOCAB[token]] = 0.0
    initializers = [
        numpy_helper.from_array(one_hot, "token_features"),
        numpy_helper.from_array(np.full((vocab_size, 1), SLOPE, dtype=np.float32), "slope"),
        numpy_helper.from_array(np.array([BIAS], dtype=np.float32), "bias"),
        numpy_helper.from_array(np.array([1.0], dtype=np.float32), "one"),
        numpy_helper.from_array(np.array([1], dtype=np.int64), "seq_axis"),
        numpy_helper.from_array(np.array([2], dtype=np.int64), "feature_axis"),
    ]
    node = helper.make_node
    nodes = [
        node("Gather", ["token_features", "input_ids"], ["features"]),            # [B, L, V]
        node("Cast", ["attention_mask"], ["attended"], to=TensorProto.FLOAT),      # [B, L]
        node("Cast", ["token_type_ids"], ["segment"], to=TensorProto.FLOAT),
        node("Mul", ["attended", "segment"], ["passage_mask"]),
        node("Sub", ["attended", "passage_mask"], ["query_mask"]),
        node("Unsqueeze", ["query_mask", "feature_axis"], ["query_mask3"]),
        node("Unsqueeze", ["passage_mask", "feature_axis"], ["passage_mask3"]),
        node("Mul", ["features", "query_mask3"], ["query_features"]),
        node("Mul", ["features", "passage_mask3"], ["passage_features"]),
        node("ReduceSum", ["query_features", "seq_axis"], ["query_bag"], keepdims=0),      # [B, V]
        node("ReduceSum", ["passage_features", "seq_axis"], ["passage_bag"], keepdims=0),
        node("Min", ["query_bag", "one"], ["in_query"]),
        node("Min", ["passage_bag", "one"], ["in_passage"]),
        node("Mul", ["in_query", "in_passage"], ["shared"]),
        node("MatMul", ["shared", "slope"], ["weighted"]),                         # [B, 1]
        node("Add", ["weighted", "bias"], ["logits"]),
    ]
    batch_by_length = ["batch", "length"]
    graph = helper.make_graph(
        nodes, "token_overlap_cross_encoder",
        [helper.make_tensor_value_info(name, TensorProto.INT64, batch_by_length)
         for name in ("input_ids", "attention_mask", "token_type_ids")],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 1])],
        initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8  # readable by any onnxruntime of the last few years
    onnx.checker.check_model(model)
    return model


def write_flashrank_model(cache_dir: Path, model_name: str, onnx_file: str,
                          model_max_length: int = 512) -> Path:
    """Write ``<cache_dir>/<model_name>/`` with the ONNX file and the four files Ranker reads."""
    model_dir = cache_dir / model_name
    model_dir.mkdir(parents=True, exist_ok=True)
    onnx.save(build_overlap_model(), model_dir / onnx_file)
    build_tokenizer().save(str(model_dir / "tokenizer.json"))
    files = {
        "config.json": {"pad_token_id": VOCAB["[PAD]"]},
        "tokenizer_config.json": {"model_max_length": model_max_length, "pad_token": "[PAD]"},
        "special_tokens_map.json": {"pad_token": "[PAD]", "unk_token": "[UNK]",
                                    "cls_token": "[CLS]", "sep_token": "[SEP]"},
    }
    for name, content in files.items():
        (model_dir / name).write_text(json.dumps(content), encoding="utf-8")
    return model_dir


def content_tokens(text: str) -> set[str]:
    """Vocabulary tokens of ``text``: each CJK character and each lowercase latin word."""
    return {t for t in re.findall(r"[\u4e00-\u9fff]|[a-z0-9]+", text.lower()) if t in VOCAB}


def reference_score(query: str, passage: str) -> float:
    logit = SLOPE * len(content_tokens(query) & content_tokens(passage)) + BIAS
    return float(1.0 / (1.0 + np.exp(-np.float64(logit))))
