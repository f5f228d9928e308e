"""The sample texts every test shares: a Chinese pair one word apart, an English pair one word apart, and an
unrelated Chinese text. Small, real, and long enough that jieba cuts them into a few dozen words; and ``edited``,
which makes an edited version of a text."""

import random
from pathlib import Path

ZH_A = (
    "今天天气很好，我们去公园散步吧。明天我们去上海看望朋友，顺便参观博物馆和美术馆。"
    "晚上我们一起在餐厅吃饭，然后回家看电影，度过一个愉快的周末。下周还要继续努力工作学习。"
)
ZH_B = ZH_A.replace("上海", "北京")  # one word changed
EN_A = (
    "The quick brown fox jumps over the lazy dog near the river bank while the farmer watches "
    "his cattle graze in the green meadow under a bright summer sky full of white clouds."
)
EN_B = EN_A.replace("farmer", "shepherd")
OTHER = (
    "人工智能技术正在改变医疗行业，医生利用深度学习模型分析影像资料，提高诊断的准确率和效率。"
    "与此同时，数据隐私和伦理问题也引起了社会各界的广泛关注和讨论。"
)


def edited(text: str, rng: random.Random, share: float) -> str:
    """``text`` with ``share`` of its words replaced by random ones (an edited version of it)."""
    words = text.split()
    for _ in range(int(len(words) * share)):
        words[rng.randrange(len(words))] = f"x{rng.randrange(10_000)}"
    return " ".join(words)


def family(folder: str, base: str, rng: random.Random, versions: int) -> dict[str, str]:
    """``base`` under ``folder``, an identical copy and ``versions`` edited versions (1 %, 2 %, … of its words
    replaced), by relative path."""
    texts = {f"{folder}/base.txt": base, f"{folder}/copy.txt": base}
    for version in range(versions):
        texts[f"{folder}/v{version}.txt"] = edited(base, rng, 0.01 * (version + 1))
    return texts


def chain(folder: str, base: str, rng: random.Random, steps: int) -> dict[str, str]:
    """A chain of edits in ``folder`` (``0.txt``, ``1.txt``…): each text close to the last (8 % of its words
    replaced), the ends far apart (also-close files, when grouped around one of them)."""
    texts = {}
    for step in range(steps):
        texts[f"{folder}/{step}.txt"] = base
        base = edited(base, rng, 0.08)
    return texts


def written(root: Path, texts: dict[str, str]) -> Path:
    """The folder ``root`` holding ``texts`` by relative name (UTF-8), its sub-folders made."""
    for name, text in texts.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root
