"""Weighted tokens to a fingerprint: Config, hashers, the SimHash trace (codes, ±w, sums, bits), bit helpers."""
