"""Two texts explained: the comparison, yardsticks, the word diff and the teaching pictures."""
