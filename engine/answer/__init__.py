"""Verifiable answers: a fixed structure, grounded numbers and dates, conflicts and gaps stated."""
