"""The Compare page: two texts, every step of their fingerprints, and the teaching views."""
