"""Streamlit glue shared by pages (the engine itself never imports streamlit)."""
