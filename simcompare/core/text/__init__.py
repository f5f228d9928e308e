"""Bytes to clean text: decoding, HTML, documents and their readers, safe reading, normalisation, Chinese folding."""
