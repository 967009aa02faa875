"""Statute structure beyond single articles: the reference graph between articles, law rank
(效力层级), versions in force on a date, and direct lookup of named articles."""
