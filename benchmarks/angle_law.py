"""The θ/π law on the bundled example pairs: how far the Hamming distance is from f·θ/π on average.

``python benchmarks/angle_law.py`` prints, for a few widths, the mean of distance − f·θ/π and of its absolute
value over the 80 pairs the Geometry view plots (docs/compare.md quotes the 64-bit line).
"""

from __future__ import annotations

import simcompare
from simcompare.core.explain.teaching import angle_law, example_pairs


def main() -> None:
    pairs = example_pairs()
    for bits in (16, 64, 128):
        law = angle_law(pairs, simcompare.Config(bits=bits))
        print(
            f"{bits:>4} bits, {len(law.points)} pairs: mean distance − f·θ/π {law.mean_error:+.2f} bits, "
            f"mean |error| {law.mean_absolute_error:.2f} bits"
        )


if __name__ == "__main__":
    main()
