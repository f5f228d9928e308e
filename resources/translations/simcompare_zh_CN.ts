<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ComparePage</name>
    <message>
        <location filename="../../simcompare/gui/compare_page.py" line="+70"/>
        <location line="+269"/>
        <source>Text A</source>
        <translation>文本 A</translation>
    </message>
    <message>
        <location line="-268"/>
        <location line="+269"/>
        <source>Text B</source>
        <translation>文本 B</translation>
    </message>
    <message>
        <location line="-266"/>
        <source>Swap texts A and B</source>
        <translation>交换文本 A 和 B</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tokens of A</source>
        <translation>A 的词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens of B</source>
        <translation>B 的词元</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Steps</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>Example: {title} (A)</source>
        <translation>示例：{title}（A）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Example: {title} (B)</source>
        <translation>示例：{title}（B）</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Opened {path}</source>
        <translation>已打开 {path}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Type or paste two texts above, open or drop two files, or choose an example from the Examples menu (the six-bit example shows every step with numbers small enough to check by hand).</source>
        <translation>在上方输入或粘贴两段文本，打开或拖入两个文件，或从“示例”菜单中选一个示例（六位示例展示每一步，数字小到可以手算核对）。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{kept} tokens · {distinct} distinct</source>
        <translation>{kept} 个词元 · {distinct} 个不同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens of {label}: {distinct} distinct, heaviest first</source>
        <translation>{label} 的词元：{distinct} 个不同，按权重从大到小</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Could not compute the fingerprints: {reason}</source>
        <translation>无法计算指纹：{reason}</translation>
    </message>
</context>
<context>
    <name>DifferencesView</name>
    <message>
        <location filename="../../simcompare/gui/diff_view.py" line="+89"/>
        <source>▲ Previous</source>
        <translation>▲ 上一处</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous difference (Shift+F7)</source>
        <translation>上一处差异（Shift+F7）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>▼ Next</source>
        <translation>▼ 下一处</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next difference (F7)</source>
        <translation>下一处差异（F7）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>struck through: only in A · underlined: only in B · wavy: replaced</source>
        <translation>删除线：仅在 A 中 · 下划线：仅在 B 中 · 波浪线：被替换</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Text A</source>
        <translation>文本 A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Text B</source>
        <translation>文本 B</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Could not compare the words: {reason}</source>
        <translation>无法比较词语：{reason}</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Comparing words…</source>
        <translation>正在比较词语…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No differences in the words</source>
        <translation>词语没有差异</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 difference</source>
        <translation>1 处差异</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} differences</source>
        <translation>{n} 处差异</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Difference {i} of {n}</source>
        <translation>第 {i} 处差异，共 {n} 处</translation>
    </message>
</context>
<context>
    <name>DistanceHistogramView</name>
    <message>
        <location filename="../../simcompare/gui/histogram_view.py" line="+42"/>
        <source>Distances between every two files appear here after a scan</source>
        <translation>扫描后，这里显示每两个文件之间的距离</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a random sample of {0} pairs</source>
        <translation>随机抽取的 {0} 对</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>all {0} pairs</source>
        <translation>全部 {0} 对</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How many pairs of files lie at each distance ({0}, log scale). {1} pairs are within k = {2}.</source>
        <translation>各个距离上有多少对文件（{0}，对数刻度）。有 {1} 对在 k = {2} 以内。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No scan yet</source>
        <translation>尚未扫描</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>k = {0}</source>
        <translation>k = {0}</translation>
    </message>
</context>
<context>
    <name>Examples</name>
    <message>
        <location filename="../../simcompare/gui/examples.py" line="+63"/>
        <source>Identical texts: every sum and every bit agree, distance 0.</source>
        <translation>相同的文本：每个和、每一位都相同，距离为 0。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Three words changed: a few sums cross zero, so a few bits differ — still near-duplicates.</source>
        <translation>改了三个词：少数几个和越过零点，于是少数几位不同——仍是近似重复。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The same paragraphs in another order: SimHash weighs a bag of words, so the distance stays 0 while edit similarity drops.</source>
        <translation>同样的段落换了顺序：SimHash 只看词袋及其权重，所以距离仍为 0，而编辑相似度下降。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Unrelated texts: about half of the bits differ, as chance predicts.</source>
        <translation>无关的文本：大约一半的位不同，正如随机情况所预期。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>English: identical</source>
        <translation>英文：相同</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>English: a small edit</source>
        <translation>英文：小改动</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>English: reordered paragraphs</source>
        <translation>英文：段落换序</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>English: unrelated</source>
        <translation>英文：无关</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chinese: identical</source>
        <translation>中文：相同</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chinese: a small edit</source>
        <translation>中文：小改动</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chinese: reordered paragraphs</source>
        <translation>中文：段落换序</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chinese: unrelated</source>
        <translation>中文：无关</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Six-bit worked example (table hasher)</source>
        <translation>六位演算示例（查表哈希函数）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>DESIGN.md&apos;s worked example: each token occurs as often as its weight (A=5, B=2, C=3, D=1, E=4) and the table hasher gives its code. Text A sums to 15, −7, −1, 3, 5, 15: fingerprint 100111. In text B, D weighs 6: only bit 2 flips.</source>
        <translation>DESIGN.md 中的演算示例：每个词元出现的次数等于它的权重（A=5、B=2、C=3、D=1、E=4），查表哈希函数给出它的编码。文本 A 逐位求和得 15、−7、−1、3、5、15：指纹 100111。文本 B 中 D 的权重为 6：只有第 2 位翻转。</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <location filename="../../simcompare/gui/explain.py" line="+37"/>
        <source>has no features: every sum is 0, so every bit is 0.</source>
        <translation>没有特征：每个和都是 0，所以每一位都是 0。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>bit {j}: sum {total} → bit {bit}</source>
        <translation>第 {j} 位：和 {total} → 位 {bit}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(a sum of 0 gives 0)</source>
        <translation>（和为 0 时取 0）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>pushed up (code bit 1, adds its weight):</source>
        <translation>向上推（编码位为 1，加上其权重）：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>pushed down (code bit 0, subtracts it):</source>
        <translation>向下推（编码位为 0，减去其权重）：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>heaviest tokens shown; {n} tokens in all</source>
        <translation>仅显示权重最大的词元；共 {n} 个词元</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>code bit {j} of “{token}” is 1: adds its weight {w} to sum {j}</source>
        <translation>“{token}”的编码第 {j} 位是 1：把权重 {w} 加到第 {j} 个和上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>code bit {j} of “{token}” is 0: subtracts its weight {w} from sum {j}</source>
        <translation>“{token}”的编码第 {j} 位是 0：从第 {j} 个和中减去权重 {w}</translation>
    </message>
</context>
<context>
    <name>FingerprintPanel</name>
    <message>
        <location filename="../../simcompare/gui/fingerprint_panel.py" line="+22"/>
        <source>Fingerprints</source>
        <translation>指纹</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>hex A</source>
        <translation>十六进制 A</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hex B</source>
        <translation>十六进制 B</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A: per-bit sums (bar up: bit 1, down: bit 0)</source>
        <translation>A：逐位求和（柱向上：位为 1，向下：位为 0）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B: per-bit sums</source>
        <translation>B：逐位求和</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>1 bit differs (outlined): {bits}</source>
        <translation>有 1 位不同（已描边）：{bits}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} bits differ (outlined): {bits}</source>
        <translation>有 {n} 位不同（已描边）：{bits}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No bit differs.</source>
        <translation>没有不同的位。</translation>
    </message>
</context>
<context>
    <name>FolderPage</name>
    <message>
        <location filename="../../simcompare/gui/folder_page.py" line="+145"/>
        <source>Folder to scan (or drop one here)</source>
        <translation>要扫描的文件夹（或拖到这里）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The folder whose text files are fingerprinted and grouped</source>
        <translation>对这个文件夹中的文本文件计算指纹并分组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Include sub-folders</source>
        <translation>包括子文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also read the files in every folder below the chosen one</source>
        <translation>同时读取所选文件夹下每一层子文件夹中的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File endings to read, separated by spaces; empty reads every file</source>
        <translation>要读取的文件扩展名，用空格分隔；留空则读取所有文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder and file names to skip (globs), separated by spaces</source>
        <translation>要跳过的文件夹和文件名（通配符），用空格分隔</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Larger files are listed under Problems</source>
        <translation>更大的文件会列在“问题”中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>every file of the types above</source>
        <translation>以上类型的所有文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only files whose name or path matches one of these globs, separated by spaces (e.g. report*)</source>
        <translation>只读取文件名或路径与其中某个通配符匹配的文件，用空格分隔（例如 报告*）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> KB</source>
        <translation> KB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no minimum</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Smaller files are passed over (very short texts make fragile fingerprints)</source>
        <translation>更小的文件会被跳过（很短的文本得到的指纹不可靠）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Files within this many differing bits are near-duplicates</source>
        <translation>不同的位数不超过这个值的文件即为近似重复</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Filter by path</source>
        <translation>按路径筛选</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show in folder</source>
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+86"/>
        <source>Side by side</source>
        <translation>并排对比</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>Two selected files, or a file and its group&apos;s reference</source>
        <translation>选中的两个文件，或一个文件与其所在组的参照文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not duplicates</source>
        <translation>不是重复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remember that these two files are not duplicates</source>
        <translation>记住这两个文件不是重复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export JSON…</source>
        <translation>导出 JSON…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move to trash…</source>
        <translation>移到回收站…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Moves the ticked files (or the selected ones) after asking</source>
        <translation>询问后移走勾选的文件（或选中的文件）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Folder:</source>
        <translation>文件夹：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Smallest file:</source>
        <translation>最小文件：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Largest file:</source>
        <translation>最大文件：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File types:</source>
        <translation>文件类型：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only:</source>
        <translation>仅限：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip:</source>
        <translation>跳过：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Threshold k:</source>
        <translation>阈值 k：</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty files</source>
        <translation>空文件</translation>
    </message>
    <message>
        <location line="+120"/>
        <source>Choose a folder to scan</source>
        <translation>选择要扫描的文件夹</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Choose a folder that exists.</source>
        <translation>请选择一个存在的文件夹。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Problems ({0})</source>
        <translation>问题（{0}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty files ({0})</source>
        <translation>空文件（{0}）</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>Cannot read {0}: {1}</source>
        <translation>无法读取 {0}：{1}</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Move {0} file(s) to the trash?</source>
        <translation>把 {0} 个文件移到回收站？</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>Move to trash</source>
        <translation>移到回收站</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Every file of group(s) {0} is marked: no copy of them would be left in the folder. Move them all to the trash anyway?</source>
        <translation>第 {0} 组的所有文件都已勾选：文件夹中将不再留有任何一份。仍要全部移到回收站吗？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Move every copy?</source>
        <translation>移走所有副本？</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Some files were not moved:</source>
        <translation>有些文件没有移走：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0} moved to the trash</source>
        <translation>已将 {0} 个文件移到回收站</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+5"/>
        <source>Export groups</source>
        <translation>导出分组</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The files are listed under Details.</source>
        <translation>文件列在“详细信息”中。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Listing files…</source>
        <translation>正在列出文件…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reading</source>
        <translation>正在读取</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: {1} / {2} files · {3:.0f} files/s · {4} left</source>
        <translation>{0}：{1} / {2} 个文件 · 每秒 {3:.0f} 个 · 剩余 {4}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cancelled: partial result, {0} files read</source>
        <translation>已取消：部分结果，已读取 {0} 个文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Scanned {0} files in {1:.1f} s ({2} from the cache)</source>
        <translation>扫描了 {0} 个文件，用时 {1:.1f} 秒（{2} 个来自缓存）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The scan failed: {0}</source>
        <translation>扫描失败：{0}</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>{0} groups, {1} files in groups, of {2} scanned</source>
        <translation>{0} 组，组内共 {1} 个文件，共扫描 {2} 个</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PARTIAL (scan cancelled): </source>
        <translation>部分结果（扫描已取消）：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0} pairs within k · index: {1} blocks, {2} candidate checks where brute force compares {3} pairs</source>
        <translation>{0} 对在 k 以内 · 索引：{1} 个分块，{2} 次候选检查，而穷举需比较 {3} 对</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> · the fingerprint settings changed: scan again to apply them</source>
        <translation> · 指纹设置已更改：重新扫描后生效</translation>
    </message>
</context>
<context>
    <name>GroupTreeModel</name>
    <message>
        <location filename="../../simcompare/gui/folder_models.py" line="+152"/>
        <source>Group / file</source>
        <translation>组 / 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>文件数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Group {0}: {1}</source>
        <translation>第 {0} 组：{1}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>≤ {0}</source>
        <translation>≤ {0}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Largest distance between any two members of the group</source>
        <translation>组内任意两个成员之间的最大距离</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>reference</source>
        <translation>参照</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{0}
The group&apos;s reference: distances are measured to it</source>
        <translation>{0}
本组的参照文件：距离都以它为准计算</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../simcompare/gui/main_window.py" line="+75"/>
        <source>simcompare — how alike are these texts?</source>
        <translation>simcompare — 这些文本有多相似？</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare two texts</source>
        <translation>比较两段文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Open Text &amp;A…</source>
        <translation>打开文本 A(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Text &amp;B…</source>
        <translation>打开文本 B(&amp;B)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Swap A and B</source>
        <translation>交换 A 和 B(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Exchange the two texts</source>
        <translation>交换两段文本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear both texts</source>
        <translation>清空两段文本(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Restore default settings</source>
        <translation>恢复默认设置(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Compare page</source>
        <translation>比较页(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Folder page</source>
        <translation>文件夹页(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;teps</source>
        <translation>步骤(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Differences</source>
        <translation>差异(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings panel</source>
        <translation>设置面板(&amp;S)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;How SimHash works</source>
        <translation>SimHash 原理(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About simcompare</source>
        <translation>关于 simcompare(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show the window in this language (the window is rebuilt at once)</source>
        <translation>用这种语言显示窗口（窗口会立即重建）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E&amp;xamples</source>
        <translation>示例(&amp;X)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>&lt;h3&gt;simcompare {version}&lt;/h3&gt;&lt;p&gt;How alike are these texts? SimHash fingerprints, near-duplicate search, and a window that shows every step.&lt;/p&gt;&lt;p&gt;&lt;b&gt;References&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Moses S. Charikar. Similarity estimation techniques from rounding algorithms. &lt;i&gt;Proceedings of the 34th ACM Symposium on Theory of Computing (STOC)&lt;/i&gt;, 2002.&lt;/p&gt;&lt;p&gt;Gurmeet Singh Manku, Arvind Jain and Anish Das Sarma. Detecting near-duplicates for web crawling. &lt;i&gt;Proceedings of the 16th International World Wide Web Conference (WWW)&lt;/i&gt;, 2007.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;simcompare {version}&lt;/h3&gt;&lt;p&gt;这些文本有多相似？SimHash 指纹、近似重复查找，以及一个展示每一步的窗口。&lt;/p&gt;&lt;p&gt;&lt;b&gt;参考文献&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Moses S. Charikar：基于舍入算法的相似度估计技术（Similarity estimation techniques from rounding algorithms）。&lt;i&gt;第 34 届 ACM 计算理论研讨会（STOC）论文集&lt;/i&gt;，2002。&lt;/p&gt;&lt;p&gt;Gurmeet Singh Manku、Arvind Jain、Anish Das Sarma：面向网页爬取的近似重复检测（Detecting near-duplicates for web crawling）。&lt;i&gt;第 16 届国际万维网大会（WWW）论文集&lt;/i&gt;，2007。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>About simcompare</source>
        <translation>关于 simcompare</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>How SimHash works</source>
        <translation>SimHash 原理</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>computed in {ms} ms</source>
        <translation>用时 {ms} 毫秒</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../../simcompare/gui/workers.py" line="+33"/>
        <source>the teaching table has no code for &apos;{0}&apos;: it knows only the tokens a–e</source>
        <translation>教学用编码表中没有 &apos;{0}&apos; 的编码：它只认识词元 a–e</translation>
    </message>
    <message>
        <location filename="../../simcompare/gui/messages.py" line="+21"/>
        <source>the file does not exist</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a folder, not a file</source>
        <translation>这是一个文件夹，不是文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <location line="+43"/>
        <source>permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>the file is too large</source>
        <translation>文件太大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it looks like a binary file, not text</source>
        <translation>它看起来是二进制文件，不是文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not text in any encoding simcompare knows</source>
        <translation>它不是 simcompare 认识的任何编码的文本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file cannot be read</source>
        <translation>无法读取该文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>binary file</source>
        <translation>二进制文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot be decoded</source>
        <translation>无法解码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too large</source>
        <translation>太大</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vanished during the scan</source>
        <translation>扫描期间消失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed during the scan</source>
        <translation>扫描期间被修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>broken link</source>
        <translation>失效的链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The file holds bytes that text never has; it looks like a program or an image.</source>
        <translation>文件中含有文本中不会出现的字节；它看起来是程序或图片。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No known encoding (UTF-8, GB18030, Big5) reads the file as text.</source>
        <translation>已知的编码（UTF-8、GB18030、Big5）都无法把它读成文本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file is larger than the limit set under Largest file.</source>
        <translation>文件超过了“最大文件”中设定的上限。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The system does not allow reading it.</source>
        <translation>系统不允许读取它。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file was deleted or moved while the scan ran.</source>
        <translation>扫描进行期间，文件被删除或移走了。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file changed while it was being read; scan again.</source>
        <translation>读取期间文件发生了变化；请重新扫描。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A link that points nowhere or to itself; links are not followed.</source>
        <translation>链接指向不存在的目标或指向自身；不会跟随链接。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The file could not be read.</source>
        <translation>无法读取该文件。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no such file or folder</source>
        <translation>没有这个文件或文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>operation not permitted</source>
        <translation>不允许该操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a folder</source>
        <translation>这是一个文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a folder</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too many levels of symbolic links</source>
        <translation>符号链接层级过多</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the name is too long</source>
        <translation>名称太长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only file system</source>
        <translation>只读文件系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no space left on the device</source>
        <translation>设备上没有剩余空间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file is in use</source>
        <translation>文件正被占用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file exists already</source>
        <translation>文件已存在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot move across devices</source>
        <translation>无法跨设备移动</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>system error {0}</source>
        <translation>系统错误 {0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the operation failed</source>
        <translation>操作失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: {reason}</source>
        <translation>{path}：{reason}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unexpected error ({0})</source>
        <translation>意外错误（{0}）</translation>
    </message>
</context>
<context>
    <name>ProblemsModel</name>
    <message>
        <location filename="../../simcompare/gui/folder_models.py" line="+58"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <location filename="../../simcompare/gui/settings_panel.py" line="+55"/>
        <source>jieba words (Chinese)</source>
        <translation>jieba 分词（中文）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>words (Latin script)</source>
        <translation>单词（拉丁字母）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>character n-grams</source>
        <translation>字符 n 元组</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>How the text is cut into tokens. Each token adds its weight to the per-bit sums, so this decides which words two texts can share.</source>
        <translation>文本如何切分为词元。每个词元都把权重计入逐位求和，所以分词器决定了两段文本能共有哪些词。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>n = </source>
        <translation>n = </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Length of the character n-grams: longer ones are rarer, so a small edit changes more bits</source>
        <translation>字符 n 元组的长度：越长越少见，小改动就会改变更多的位</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drop stop words</source>
        <translation>去掉停用词</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leave out common words (的, 了, the, of …): they occur in every text and would pull every fingerprint towards the same bits</source>
        <translation>略去常用词（的、了、是 …）：它们出现在每段文本中，会把所有指纹都拉向相同的位</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>tf — count in the text</source>
        <translation>tf — 文本中的出现次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tf·idf — count × rarity</source>
        <translation>tf·idf — 次数 × 稀有度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TextRank</source>
        <translation>TextRank 关键词排序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>uniform — 1 per token</source>
        <translation>均匀 — 每个词元为 1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A token weighs as often as it occurs in the text</source>
        <translation>词元的权重等于它在文本中出现的次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Occurrences times rarity in a reference corpus: rare words pull harder on the bits</source>
        <translation>出现次数乘以在参考语料中的稀有度：少见的词对各位的影响更大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight by centrality in a word graph: words linked to many others count more</source>
        <translation>按词图中的中心度加权：与许多词相连的词分量更重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every distinct token weighs 1: only which tokens occur matters, not how often</source>
        <translation>每个不同的词元权重都为 1：只看出现了哪些词元，不看出现几次</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>How much each token pulls on the bits: its code counts this many times in the per-bit sums</source>
        <translation>每个词元对各位的影响有多大：它的编码在逐位求和中按这个权重计入</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>all tokens</source>
        <translation>全部词元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep only the K heaviest tokens (0 keeps all); the lighter ones then move no bit at all</source>
        <translation>只保留权重最大的 K 个词元（0 表示全部保留）；其余较轻的词元不再影响任何一位</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{name} ({bits} bits)</source>
        <translation>{name}（{bits} 位）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>table a–e (teaching, 6 bits)</source>
        <translation>编码表 a–e（教学用，6 位）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The hash that gives each token its code; its digest&apos;s leading bits are used. Another hasher gives other fingerprints, so compare only fingerprints made with the same one</source>
        <translation>为每个词元生成编码的哈希函数，取其摘要的前若干位。换一个哈希函数，指纹就不同，所以只比较用同一个哈希函数得到的指纹</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fingerprint width f: more bits measure similarity (1 − d/f) more finely. A preset or any width from 1 to {max}</source>
        <translation>指纹位数 f：位数越多，相似度（1 − d/f）测得越精细。可选预设值，或 1 到 {max} 之间的任意位数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Near-duplicates: at most k differing bits. k leaves the fingerprints as they are; it only decides the verdict</source>
        <translation>近似重复：最多有 k 位不同。k 不改变指纹，只决定判定结果</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Restore defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>jieba words, stop words dropped, default weighting, md5, 64 bits and the default k</source>
        <translation>jieba 分词、去掉停用词、默认权重方式、md5、64 位以及默认的 k</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Segmenter</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weighting</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Top-K</source>
        <translation>前 K 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fingerprint</source>
        <translation>指纹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hasher</source>
        <translation>哈希函数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bits</source>
        <translation>位数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <location line="+158"/>
        <source>{name} gives only {width} bits, fewer than {bits}</source>
        <translation>{name} 只能给出 {width} 位，少于 {bits} 位</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>{old} cannot give {bits} bits, so the hasher is now {new}.</source>
        <translation>{old} 给不出 {bits} 位，所以哈希函数已改为 {new}。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The teaching table has codes for the tokens a–e only, six bits each.</source>
        <translation>教学用编码表只有词元 a–e 的编码，每个六位。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name} gives {width} bits: widths 1–{width}.</source>
        <translation>{name} 给出 {width} 位：可用位数 1–{width}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wider: {names}.</source>
        <translation>更宽的：{names}。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Default k for {bits} bits: {k}.</source>
        <translation>{bits} 位的默认 k：{k}。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the teaching table</source>
        <translation>教学用编码表</translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <location filename="../../simcompare/gui/summary.py" line="+42"/>
        <source>Hamming distance</source>
        <translation>海明距离</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>similarity 1 − d/f</source>
        <translation>相似度 1 − d/f</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cosine of the two weight vectors</source>
        <translation>两个权重向量的余弦</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jaccard</source>
        <translation>Jaccard 系数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Jaccard index of the two token sets</source>
        <translation>两个词元集合的 Jaccard 系数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>edit similarity</source>
        <translation>编辑相似度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>1 − token edit distance / longer length</source>
        <translation>1 − 词元编辑距离 / 较长一方的长度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>predicted f·θ/π</source>
        <translation>预测值 f·θ/π</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The Hamming distance the cosine predicts: θ = arccos(cosine)</source>
        <translation>由余弦预测的海明距离：θ = arccos(余弦)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Yardsticks</source>
        <translation>参照度量</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The measures SimHash stands in for. Random hyperplanes make bits differ with probability θ/π, where θ is the angle between the two weight vectors.</source>
        <translation>SimHash 所近似的度量。随机超平面使每一位以 θ/π 的概率不同，θ 是两个权重向量之间的夹角。</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>{d} of {f} bits</source>
        <translation>{f} 位中有 {d} 位</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>✔ near-duplicates (k = {k})</source>
        <translation>✔ 近似重复（k = {k}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>✘ not near-duplicates (k = {k})</source>
        <translation>✘ 不是近似重复（k = {k}）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>n/a (too long)</source>
        <translation>不适用（太长）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{predicted} (actual {actual})</source>
        <translation>{predicted}（实际 {actual}）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>An empty text is nobody&apos;s near-duplicate.</source>
        <translation>空文本不与任何文本近似重复。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>⚠ Text {label} has no features (empty, or only stop words and punctuation): every sum is 0 and its fingerprint is 0.</source>
        <translation>⚠ 文本 {label} 没有特征（为空，或只有停用词和标点）：每个和都是 0，指纹也是 0。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚠ Text {label} has only {n} distinct tokens: one changed word moves many bits, so its fingerprint is not trustworthy.</source>
        <translation>⚠ 文本 {label} 只有 {n} 个不同的词元：改动一个词就会影响很多位，所以它的指纹不可靠。</translation>
    </message>
</context>
<context>
    <name>SumsChart</name>
    <message>
        <location filename="../../simcompare/gui/charts.py" line="+129"/>
        <source>No features: every sum is 0</source>
        <translation>没有特征：每个和都是 0</translation>
    </message>
</context>
<context>
    <name>TextPane</name>
    <message>
        <location filename="../../simcompare/gui/text_pane.py" line="+110"/>
        <source>Read as HTML</source>
        <translation>按 HTML 读取</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reduce the text to what a browser shows before segmenting. Set for .html files and for text that starts like an HTML page.</source>
        <translation>分词前先把文本还原为浏览器显示的内容。对 .html 文件以及开头像 HTML 页面的文本会自动勾选。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a text file (or drop one on the pane)</source>
        <translation>打开一个文本文件（或把文件拖到此窗格）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Type or paste a text here, drop a file on it, or choose an example from the Examples menu.</source>
        <translation>在这里输入或粘贴文本，拖入文件，或从“示例”菜单中选一个示例。</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Open {title}</source>
        <translation>打开{title}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Text files (*.txt *.md *.html *.htm *.xhtml *.csv *.json *.xml);;All files (*)</source>
        <translation>文本文件 (*.txt *.md *.html *.htm *.xhtml *.csv *.json *.xml);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>(guessed)</source>
        <translation>（推测）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTML</source>
        <translation>HTML</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} bytes</source>
        <translation>{size} 字节</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>edited</source>
        <translation>已编辑</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>typed or pasted</source>
        <translation>输入或粘贴</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Could not open “{name}”: {reason}</source>
        <translation>无法打开“{name}”：{reason}</translation>
    </message>
</context>
<context>
    <name>TokenTableModel</name>
    <message>
        <location filename="../../simcompare/gui/models.py" line="+127"/>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bit {j} of each token&apos;s code (0 is the leftmost, most significant)</source>
        <translation>每个词元编码的第 {j} 位（0 是最左边、最高的一位）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>sum</source>
        <translation>和</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bit</source>
        <translation>位</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Per-bit sums: each column&apos;s ±weights added up</source>
        <translation>逐位求和：每一列的 ±权重相加</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The fingerprint: 1 where the sum is above 0, else 0</source>
        <translation>指纹：和大于 0 处为 1，否则为 0</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>sum V</source>
        <translation>和 V</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bit: V &gt; 0</source>
        <translation>位：V &gt; 0</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Sum {j} = {value}: the bit is {bit}</source>
        <translation>第 {j} 个和 = {value}：该位为 {bit}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bit {j} of the fingerprint</source>
        <translation>指纹的第 {j} 位</translation>
    </message>
</context>
</TS>
