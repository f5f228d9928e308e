"""Traditional and Simplified Chinese compare as one script (OpenCC t2s before segmentation)."""

from __future__ import annotations

import simcompare
from simcompare import Config
from simcompare.core.fingerprint.simhash import extract_features
from simcompare.core.text.chinese import fold_chinese

SIMPLIFIED = (
    "近年来，随着互联网技术的发展，越来越多的人开始在网上购物。电子商务平台不仅为消费者提供了丰富的商品选择，"
    "也为中小企业创造了新的发展机会。然而，网络购物也带来了一些问题，例如商品质量难以保证、个人信息容易泄露、"
    "售后服务不够完善等。为了解决这些问题，政府部门加强了对电子商务的监管，出台了一系列法律法规，"
    "要求平台严格审核商家资质，保护消费者的合法权益。与此同时，许多企业也开始重视用户体验，"
    "通过改进物流系统和客户服务来提高消费者的满意度。专家认为，未来电子商务将朝着更加规范、更加智能的方向发展。"
)
# The same text as a Taiwanese editor writes it: Traditional characters and Taiwanese words
# (網際網路, 資訊, 使用者, 智慧 for 互联网, 信息, 用户, 智能).
TRADITIONAL = (
    "近年來，隨著網際網路技術的發展，越來越多的人開始在網上購物。電子商務平臺不僅為消費者提供了豐富的商品選擇，"
    "也為中小企業創造了新的發展機會。然而，網路購物也帶來了一些問題，例如商品質量難以保證、個人資訊容易洩露、"
    "售後服務不夠完善等。為了解決這些問題，政府部門加強了對電子商務的監管，出臺了一系列法律法規，"
    "要求平臺嚴格稽核商家資質，保護消費者的合法權益。與此同時，許多企業也開始重視使用者體驗，"
    "通過改進物流系統和客戶服務來提高消費者的滿意度。專家認為，未來電子商務將朝著更加規範、更加智慧的方向發展。"
)


def test_traditional_copy_within_three_bits_at_the_defaults() -> None:
    distance = simcompare.hamming(simcompare.fingerprint(SIMPLIFIED), simcompare.fingerprint(TRADITIONAL))
    assert distance <= 3


def test_without_folding_the_scripts_are_far_apart() -> None:
    config = Config(fold_chinese=False)
    simplified, traditional = simcompare.fingerprint(SIMPLIFIED, config), simcompare.fingerprint(TRADITIONAL, config)
    distance = simcompare.hamming(simplified, traditional)
    assert distance > simcompare.default_k(config.bits)


def test_folded_tokens_are_jiebas_simplified_words() -> None:
    tokens = set(extract_features("後來我們討論了電子商務與資訊安全。").counts)
    assert {"后来", "讨论", "电子商务", "安全"} <= tokens
    assert not any(t in tokens for t in ("後來", "討論", "電子商務"))


def test_simplified_and_other_scripts_pass_unchanged() -> None:
    assert fold_chinese(SIMPLIFIED) == SIMPLIFIED
    latin = "Café, Jürg Müller, São Paulo — no ideograph here."
    assert fold_chinese(latin) is latin


def test_folding_is_a_setting_in_the_description() -> None:
    assert Config().describe()["fold_chinese"] is True
    assert Config(fold_chinese=False).describe()["fold_chinese"] is False
    assert Config(fold_chinese=False) != Config()


def test_the_setting_reaches_worker_processes() -> None:
    import pickle

    assert pickle.loads(pickle.dumps(Config(fold_chinese=False))).fold_chinese is False
