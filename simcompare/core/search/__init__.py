"""Fingerprints to near-duplicates: the exact block index and its cost model, verification, groups, histogram."""
