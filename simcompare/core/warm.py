"""Imported by the scan's forkserver before it forks workers: loads jieba's dictionary once for all."""

from simcompare.core.tokens import jieba_tokenizer

jieba_tokenizer()
