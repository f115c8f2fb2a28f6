"""Event cards (placeholder until written)."""
