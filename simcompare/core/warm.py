"""Imported by the scan's forkserver before it forks workers: loads the segmenter's dictionary once for all."""

from simcompare.core.tokens import jieba_segmenter

jieba_segmenter()
