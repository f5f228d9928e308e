#!/usr/bin/env bash
# The screenshots in docs/ (README.md shows them): both pages in Chinese and English, made by `simcompare --screenshot`.
# The Folder page shows saved results (`--results`, no scan), so both languages show the same groups.
# Needs a CJK font (Debian: apt-get install -y fonts-noto-cjk) and ../shared/eval beside the repo.
set -euo pipefail
cd "$(dirname "$0")/.."
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
mkdir -p "$folder/docs/copies"
for base in en000 en003 zh150 zh153 zh301; do
  for variant in "" __html_00 __reflow_00 __word_rep_01 __word_rep_05 __sent_del_05 __word_ins_10; do
    file=../shared/eval/docs/"$base$variant".txt
    if [ -f "$file" ]; then
      if [ -n "$variant" ] && [ "${variant: -1}" = "5" ]; then cp "$file" "$folder/docs/copies/"; else cp "$file" "$folder/docs/"; fi
    fi
  done
done
python - "$folder/docs" "$folder/results.json" <<'PY'
import json, sys
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.results import results_json
from simcompare.core.folder.scan import ScanOptions, scan
from simcompare.core.defaults import default_k
from simcompare.core.fingerprint.simhash import Config

result = scan(sys.argv[1], Config(), ScanOptions(workers=1, in_process=True))  # a stdin script cannot fork workers
session = FolderSession(result)
k = default_k(64)
with open(sys.argv[2], "w", encoding="utf-8") as out:
    json.dump(results_json(session, session.groups(k), k), out, ensure_ascii=False)
PY
for lang in zh_CN en; do
  python -m simcompare --lang "$lang" --screenshot "docs/compare-$lang.png" --size 1400x900
  python -m simcompare --lang "$lang" --screenshot "docs/folder-$lang.png" --results "$folder/results.json" --size 1400x900
  python tools/teaching_screenshots.py "$lang"
  python tools/folder_screenshots.py "$lang"
done
echo "written: docs/{compare,folder,folder-roots,dupes,reprioritise,geometry,hyperplanes,index,steps,projector,handout,toy}-{zh_CN,en}.png"
