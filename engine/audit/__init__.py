"""The tamper-evident audit trail (see chain.py for the design).

chain.py    the hash chain in SQLite: append, signed checkpoint, verify, export, read back
head.py     the signed checkpoint kept outside the database, beside the key
postgres.py the same chain on the shared profile's server; ``audit_log_for`` picks one
record.py   one record as read back
replay.py   a record read back as the pipeline's stages (the Audit page's replay)
schema.py   the tables, written once for SQLite and PostgreSQL
"""

from engine.audit.chain import (AUDIT_FILE, GENESIS_HASH, RECALL_CAP, SECRETS_FILE, AuditLog,
                                AuditLogDamaged, ChainCheck, Checkpoint, canonical_json, chain_hash,
                                read_export, sign)
from engine.audit.record import ASK_KIND, AuditRecord
from engine.audit.replay import ReplayStep, Stage, replay_steps

__all__ = ["ASK_KIND", "AUDIT_FILE", "GENESIS_HASH", "RECALL_CAP", "SECRETS_FILE", "AuditLog",
           "AuditLogDamaged", "AuditRecord", "ChainCheck", "Checkpoint", "ReplayStep", "Stage",
           "canonical_json", "chain_hash", "read_export", "replay_steps", "sign"]
