"""The text a chunk is embedded and reranked as: the same at ingest (engine/ingest/pipeline.py) and
at question time (retrieval's reranker, the judged answer path, summaries), so a passage's vector and
its rerank score always speak of the same text."""

from __future__ import annotations

from engine.types import Chunk, DocKind


def article_body(chunk: Chunk) -> str:
    """A statute article without its label, one line per paragraph: the form of ``text`` in
    ../shared/datasets/statutes/articles_latest.jsonl.gz, whose precomputed vectors then serve
    as cache hits instead of 45 minutes of embedding."""
    text = chunk.text
    label = chunk.meta.get("article_label") or ""
    if label and text.startswith(label):
        text = text[len(label):]
    return "\n".join(line.strip(" \t\u3000") for line in text.split("\n") if line.strip(" \t\u3000"))


def statute_context_text(chunk: Chunk) -> str:
    """An article with the context a reader has: 法律：…；层级：…；章节：…；条文：第X条 ……"""
    meta = chunk.meta
    where = [p for p in (meta.get("part"), *(meta.get("path") or [])) if p]
    fields = [("法律", meta.get("law_title")), ("层级", meta.get("rank")), ("章节", " ".join(where)),
              ("条文", f"{meta.get('article_label')} {article_body(chunk)}")]
    return "；".join(f"{name}：{value}" for name, value in fields if value)


def embedding_text(chunk: Chunk, statute_context: bool = False) -> str:
    """Text the embedder sees. A later part of a long answer keeps its question, which carries
    what the answer is about; statute articles are embedded bare (see article_body) unless
    ``statute_context`` (EmbeddingSettings) asks for their law, rank and chapter."""
    if chunk.kind == DocKind.STATUTE.value and chunk.meta.get("article_label"):
        return statute_context_text(chunk) if statute_context else article_body(chunk)
    question = chunk.meta.get("question")
    if chunk.chunk_type == "qa_part" and question and not chunk.text.startswith(question):
        return f"{question}\n{chunk.text}"
    return chunk.text
