#!/usr/bin/env bash
# The README's screenshots: both pages in Chinese and English, made by `simcompare --screenshot`.
# Needs a CJK font (Debian: apt-get install -y fonts-noto-cjk) and ../shared/eval beside the repo.
set -euo pipefail
cd "$(dirname "$0")/.."
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
for base in en000 en003 zh150 zh153 zh301; do
  for file in ../shared/eval/docs/"$base".txt ../shared/eval/docs/"$base"__word_rep_01.txt; do
    [ -f "$file" ] && cp "$file" "$folder/"
  done
done
for lang in zh_CN en; do
  python -m simcompare --lang "$lang" --screenshot "docs/compare-$lang.png" --size 1400x900
  python -m simcompare --lang "$lang" --screenshot "docs/folder-$lang.png" --folder "$folder" --size 1400x900
  python tools/teaching_screenshots.py "$lang"
done
echo "written: docs/{compare,folder,geometry,index,steps}-{zh_CN,en}.png"
