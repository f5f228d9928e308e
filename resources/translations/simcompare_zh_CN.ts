<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ActionRunner</name>
    <message>
        <location filename="../../simcompare/gui/folder/acting.py" line="+55"/>
        <location line="+16"/>
        <source>{0}: {1} of {2} files</source>
        <translation>{0}：{2} 个文件中已完成 {1} 个</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>{0}: stopping after the file being acted on…</source>
        <translation>{0}：处理完当前文件后停止…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{0}: stopped by Cancel</source>
        <translation>{0}：已按“取消”停止</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{0}: done</source>
        <translation>{0}：已完成</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0} stopped with an error: {1}. The action log lists what was done.</source>
        <translation>{0} 因错误而停止：{1}。操作日志列出了已完成的操作。</translation>
    </message>
</context>
<context>
    <name>AngleLawChart</name>
    <message>
        <location filename="../../simcompare/gui/compare/geometry_view.py" line="+109"/>
        <source>Distance against angle</source>
        <translation>距离与夹角</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Measuring the pairs…</source>
        <translation>正在测量文本对……</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>θ between the weight vectors</source>
        <translation>权重向量之间的夹角 θ</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>dashed: f·θ/π · dots: {n} pairs · ring: A and B</source>
        <translation>虚线：f·θ/π · 圆点：{n} 对文本 · 圆圈：A 与 B</translation>
    </message>
</context>
<context>
    <name>BinaryKind</name>
    <message>
        <location filename="../../simcompare/gui/folder/binary_kinds.py" line="+14"/>
        <source>PNG image</source>
        <translation>PNG 图片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JPEG image</source>
        <translation>JPEG 图片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GIF image</source>
        <translation>GIF 图片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BMP image</source>
        <translation>BMP 图片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIFF image</source>
        <translation>TIFF 图片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>icon</source>
        <translation>图标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RIFF media (WAV, AVI, WebP)</source>
        <translation>RIFF 媒体（WAV、AVI、WebP）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MP4/QuickTime/HEIC media</source>
        <translation>MP4/QuickTime/HEIC 媒体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MP3 audio</source>
        <translation>MP3 音频</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ogg media</source>
        <translation>Ogg 媒体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FLAC audio</source>
        <translation>FLAC 音频</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matroska/WebM video</source>
        <translation>Matroska/WebM 视频</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gzip archive</source>
        <translation>gzip 压缩包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bzip2 archive</source>
        <translation>bzip2 压缩包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>xz archive</source>
        <translation>xz 压缩包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zstd archive</source>
        <translation>zstd 压缩包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>7-Zip archive</source>
        <translation>7-Zip 压缩包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RAR archive</source>
        <translation>RAR 压缩包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zip archive</source>
        <translation>zip 压缩包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tar archive</source>
        <translation>tar 归档</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ar archive (.deb, .a)</source>
        <translation>ar 归档（.deb、.a）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RPM package</source>
        <translation>RPM 软件包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cabinet archive</source>
        <translation>cabinet 压缩包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ELF executable</source>
        <translation>ELF 可执行文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Windows executable</source>
        <translation>Windows 可执行文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Java class or Mach-O executable</source>
        <translation>Java 类文件或 Mach-O 可执行文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mach-O executable</source>
        <translation>Mach-O 可执行文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WebAssembly</source>
        <translation>WebAssembly 模块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SQLite database</source>
        <translation>SQLite 数据库</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>web font</source>
        <translation>网页字体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TrueType font</source>
        <translation>TrueType 字体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenType font</source>
        <translation>OpenType 字体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NumPy array</source>
        <translation>NumPy 数组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parquet table</source>
        <translation>Parquet 数据表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HDF5 data</source>
        <translation>HDF5 数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Office compound file (not a document simcompare reads)</source>
        <translation>Office 复合文件（simcompare 不读取的文档格式）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>binary data (NUL bytes in its first block)</source>
        <translation>二进制数据（开头一块中有 NUL 字节）</translation>
    </message>
</context>
<context>
    <name>BlocksStrip</name>
    <message>
        <location filename="../../simcompare/gui/compare/index_view.py" line="+125"/>
        <source>shared</source>
        <translation>相同</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{d} differing</source>
        <translation>{d} 位不同</translation>
    </message>
</context>
<context>
    <name>Clauses</name>
    <message>
        <location filename="../../simcompare/gui/common/plain.py" line="+39"/>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <location filename="../../simcompare/gui/compare/page.py" line="+153"/>
        <location line="+339"/>
        <source>Text A</source>
        <translation>文本 A</translation>
    </message>
    <message>
        <location line="-338"/>
        <location line="+339"/>
        <source>Text B</source>
        <translation>文本 B</translation>
    </message>
    <message>
        <location line="-336"/>
        <source>Swap texts A and B</source>
        <translation>交换文本 A 和 B</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Steps</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Geometry</source>
        <translation>几何</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <location line="-117"/>
        <source>Example: {title} (A)</source>
        <translation>示例：{title}（A）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Example: {title} (B)</source>
        <translation>示例：{title}（B）</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>Hyperplanes</source>
        <translation>超平面</translation>
    </message>
    <message>
        <location line="+162"/>
        <source>Open an example</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The example replaces the text you typed. Replace it?</source>
        <translation>示例会替换你输入的文本。要替换吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear both texts</source>
        <translation>清空两段文本</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Throw away the text you typed?</source>
        <translation>要丢弃你输入的文本吗？</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>The toy example: the tokens, weights and codes typed in Examples → Edit the toy example…; every number below is computed from them as it is for a text&apos;s weighted tokens.</source>
        <translation>玩具示例：词元、权重和编码都在“示例 → 编辑玩具示例…”中输入；下面的每个数都由它们算出，和文本的带权词元的算法相同。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Opened {path}</source>
        <translation>已打开 {path}</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Type or paste two texts above, open or drop two files, or choose an example from the Examples menu (the six-bit example shows every step with numbers small enough to check by hand).</source>
        <translation>在上方输入或粘贴两段文本，打开或拖入两个文件，或从“示例”菜单中选一个示例（六位示例展示每一步，数字小到可以手算核对）。</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>%Ln token(s) · {kept} of {distinct} distinct kept</source>
        <translation>
            <numerusform>%Ln 个词元 · {distinct} 个不同中保留 {kept} 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln token(s) · {distinct} distinct</source>
        <translation>
            <numerusform>%Ln 个词元 · {distinct} 个不同</numerusform>
        </translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Tokens of {label}: {kept} of {distinct} distinct tokens kept, heaviest first</source>
        <translation>{label} 的词元：{distinct} 个不同中保留 {kept} 个，按权重从大到小</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tokens of {label}: {distinct} distinct, heaviest first</source>
        <translation>{label} 的词元：{distinct} 个不同，按权重从大到小</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Computing… the results shown are for the previous texts and settings</source>
        <translation>正在计算……显示的结果属于之前的文本和设置</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not compute the fingerprints: {reason}</source>
        <translation>无法计算指纹：{reason}</translation>
    </message>
</context>
<context>
    <name>DeltaValues</name>
    <message>
        <location filename="../../simcompare/gui/folder/delta.py" line="+26"/>
        <source>{0} words</source>
        <translation>{0} 词</translation>
    </message>
</context>
<context>
    <name>DifferencesView</name>
    <message>
        <location filename="../../simcompare/gui/common/diff_view.py" line="+101"/>
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
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop comparing the words (the fingerprints are not affected)</source>
        <translation>停止比较词语（不影响指纹）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>▼ Next</source>
        <translation>▼ 下一处</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next difference (F7)</source>
        <translation>下一处差异（F7）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>struck through: only in A · underlined: only in B · dotted underline: replaced</source>
        <translation>删除线：仅在 A 中 · 下划线：仅在 B 中 · 点状下划线：被替换</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Text A</source>
        <translation>文本 A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Text B</source>
        <translation>文本 B</translation>
    </message>
    <message>
        <location line="+135"/>
        <source>Could not compare the words: {reason}</source>
        <translation>无法比较词语：{reason}</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Too long to mark the changed words here: {n} characters together, the limit is {limit}. The fingerprints above are complete.</source>
        <translation>文本太长，无法在此标出改动的词：两段共 {n} 个字符，上限为 {limit}。上面的指纹是完整的。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stopped: the changed words are not marked.</source>
        <translation>已停止：没有标出改动的词。</translation>
    </message>
    <message>
        <location line="+2"/>
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
        <translation>差异 {i}/{n}</translation>
    </message>
</context>
<context>
    <name>DistanceHistogramView</name>
    <message>
        <location filename="../../simcompare/gui/folder/histogram_view.py" line="+42"/>
        <source>Distances between every two files appear here after a scan</source>
        <translation>扫描后，这里显示每两个文件之间的距离</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>a random sample of %Ln pair(s)</source>
        <translation>
            <numerusform>随机抽取的 %Ln 对</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>all %Ln pair(s)</source>
        <translation>
            <numerusform>全部 %Ln 对</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How many pairs of files lie at each distance ({0}, log scale).</source>
        <translation>各个距离上有多少对文件（{0}，对数刻度）。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln pair(s) within k = {0}.</source>
        <translation>
            <numerusform>有 %Ln 对在 k = {0} 以内。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>k = {0}: ≈ {1:.2%} of all pairs (sampled)</source>
        <translation>k = {0}：约占全部文件对的 {1:.2%}（抽样）</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>k = {0}: %Ln pair(s) within k</source>
        <translation>
            <numerusform>k = {0}：%Ln 对在 k 以内</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No scan yet</source>
        <translation>尚未扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No pairs: fewer than two files with text</source>
        <translation>没有文件对：有文本的文件不到两个</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>pairs (log)</source>
        <translation>文件对（对数）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>distance (bits)</source>
        <translation>距离（位）</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>k = {0}</source>
        <translation>k = {0}</translation>
    </message>
</context>
<context>
    <name>DupesModel</name>
    <message>
        <location filename="../../simcompare/gui/folder/dupes_view.py" line="+146"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words</source>
        <translation>词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verified</source>
        <translation>核实</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reference</source>
        <translation>参照</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>{0:.0%} shared</source>
        <translation>共有 {0:.0%}</translation>
    </message>
</context>
<context>
    <name>Examples</name>
    <message>
        <location filename="../../simcompare/gui/compare/examples.py" line="+68"/>
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
        <location line="+4"/>
        <source>The six-bit worked example: each token occurs as often as its weight and the table hasher gives its code.</source>
        <translation>六位演算示例：每个词元出现的次数等于它的权重，查表哈希函数给出它的编码。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>no bit differs</source>
        <translation>没有位不同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only bit {j} differs</source>
        <translation>只有第 {j} 位不同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bits {list} differ</source>
        <translation>第 {list} 位不同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Text A: weights {wa}, sums {sa} → fingerprint {fa}. Text B: weights {wb}, sums {sb} → {fb}; {flips}.</source>
        <translation>文本 A：权重 {wa}，逐位和 {sa} → 指纹 {fa}。文本 B：权重 {wb}，逐位和 {sb} → {fb}；{flips}。</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <location filename="../../simcompare/gui/compare/explain.py" line="+34"/>
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
        <location line="+16"/>
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
    <name>ExportButton</name>
    <message>
        <location filename="../../simcompare/gui/compare/exports.py" line="+54"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save a view or chart as PNG or SVG, or the trace as CSV or JSON</source>
        <translation>把视图或图表存为 PNG 或 SVG，或把计算过程存为 CSV 或 JSON</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This view as PNG or SVG…</source>
        <translation>当前视图（PNG 或 SVG）…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sums chart of A…</source>
        <translation>A 的逐位求和图…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sums chart of B…</source>
        <translation>B 的逐位求和图…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bit grids…</source>
        <translation>位网格…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distance against angle chart…</source>
        <translation>距离与夹角图…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token table of A…</source>
        <translation>A 的词元表…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token table of B…</source>
        <translation>B 的词元表…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Trace as CSV or JSON…</source>
        <translation>计算过程（CSV 或 JSON）…</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+20"/>
        <source>Could not save {path}: {reason}</source>
        <translation>无法保存 {path}：{reason}</translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+20"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Text A</source>
        <translation>文本 A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Text B</source>
        <translation>文本 B</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export the trace</source>
        <translation>导出计算过程</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV table (*.csv);;JSON, as simcompare compare --json (*.json)</source>
        <translation>CSV 表格 (*.csv);;JSON，与 simcompare compare --json 相同 (*.json)</translation>
    </message>
</context>
<context>
    <name>FileCommands</name>
    <message>
        <location filename="../../simcompare/gui/folder/file_commands.py" line="+102"/>
        <source>Not duplicates</source>
        <translation>不是重复</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Every file of %Ln group(s) is chosen: no copy of them would be left in the folder. Go on anyway?</source>
        <translation>
            <numerusform>%Ln 个组的全部文件都被选中：文件夹中将不留任何副本。仍要继续吗？</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Groups: {0}</source>
        <translation>组：{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move every copy?</source>
        <translation>移走所有副本？</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The action log could not be written: {0}</source>
        <translation>无法写入操作日志：{0}</translation>
    </message>
    <message numerus="yes">
        <location line="-9"/>
        <source>%Ln file(s) moved</source>
        <translation>
            <numerusform>已移动 %Ln 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>%Ln empty folder(s) removed</source>
        <translation>
            <numerusform>已删除 %Ln 个空文件夹</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%Ln file(s) were left where they were:</source>
        <translation>
            <numerusform>%Ln 个文件留在原处：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-37"/>
        <source>The list shows what was done: %Ln file(s) moved.</source>
        <translation>
            <numerusform>列表显示的是实际结果：已移动 %Ln 个文件。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>%Ln file(s) not reached (cancelled)</source>
        <translation>
            <numerusform>%Ln 个文件未处理（已取消）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{0}. {1}</source>
        <translation>{0}。{1}</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln file(s) were not moved:</source>
        <translation>
            <numerusform>%Ln 个文件未被移动：</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0}; it was kept as {1}, beside the file that took its name</source>
        <translation>{0}；它的名字已被另一个文件占用，它以 {1} 为名保留在旁边</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its path does not lead into the scanned folder</source>
        <translation>其路径不在扫描的文件夹内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a folder on its path is a symbolic link now; links are not followed</source>
        <translation>其路径上的某个文件夹现在是符号链接；不跟随链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a folder on its path is no longer a folder</source>
        <translation>其路径上的某个文件夹已不再是文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a folder; folders are never moved</source>
        <translation>它是文件夹；文件夹从不移动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a symbolic link now; links are not followed</source>
        <translation>它现在是符号链接；不跟随链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not a regular file</source>
        <translation>它不是普通文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it changed since the scan</source>
        <translation>扫描后已被修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>another name of a file moved already (a hard link)</source>
        <translation>已移动文件的另一个名字（硬链接）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its group&apos;s reference changed or vanished since the scan; this copy is kept</source>
        <translation>扫描之后，它所在组的参照文件已改动或不见了；这份副本保留</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a symbolic link in the scanned folder points at it and would lead nowhere; remove or change the link first</source>
        <translation>扫描的文件夹里有符号链接指向它，移走后链接将无处可指；请先删除或修改该链接</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{0} (the trash folder: {1})</source>
        <translation>{0}（回收站文件夹：{1}）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Move to trash</source>
        <translation>移到回收站</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Move %Ln file(s) to the trash?</source>
        <translation>
            <numerusform>把 %Ln 个文件移到回收站？</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Move to folder</source>
        <translation>移动到文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the files into this folder</source>
        <translation>把文件移动到此文件夹</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+68"/>
        <source>Choose a folder outside the scanned folder.</source>
        <translation>请选择扫描文件夹之外的文件夹。</translation>
    </message>
    <message numerus="yes">
        <location line="-51"/>
        <source>Move %Ln file(s) into {0}, keeping their paths?</source>
        <translation>
            <numerusform>把 %Ln 个文件移动到 {0}，并保留其相对路径？</numerusform>
        </translation>
    </message>
    <message>
        <location line="-135"/>
        <location line="+199"/>
        <source>Action log</source>
        <translation>操作日志</translation>
    </message>
    <message>
        <location line="-130"/>
        <source>it is another name of a file its group keeps (a hard link, or a folder mounted twice)</source>
        <translation>它是组内保留的某个文件的另一个名字（硬链接，或挂载了两次的文件夹）</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>Another simcompare is cleaning this folder ({0}); try again when it has finished.</source>
        <translation>另一个 simcompare 正在清理此文件夹（{0}）；请在它完成后再试。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0}: nothing was done</source>
        <translation>{0}：未做任何操作</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Nothing has been moved yet.</source>
        <translation>尚未移动任何文件。</translation>
    </message>
</context>
<context>
    <name>FingerprintPanel</name>
    <message>
        <location filename="../../simcompare/gui/compare/fingerprint_panel.py" line="+22"/>
        <source>Fingerprints</source>
        <translation>指纹</translation>
    </message>
    <message>
        <location line="+17"/>
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
        <source>A: per-bit sums</source>
        <translation>A：逐位求和</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bar up: bit 1, down: bit 0</source>
        <translation>柱向上：位为 1，向下：位为 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B: per-bit sums</source>
        <translation>B：逐位求和</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>A ⊕ B (XOR): %Ln one(s) = distance %Ln</source>
        <translation>
            <numerusform>A ⊕ B（异或）：%Ln 个 1 = 距离 %Ln</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
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
    <name>FolderActions</name>
    <message>
        <location filename="../../simcompare/gui/folder/actions.py" line="+33"/>
        <source>Re-prioritise…</source>
        <translation>重新排定优先级…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose each group&apos;s reference by ordered criteria</source>
        <translation>按排好顺序的准则选出每组的参照文件</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+20"/>
        <source>Mark all but the reference</source>
        <translation>标记参照以外的全部文件</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>In every group, mark every file except its reference</source>
        <translation>在每个组中标记除参照外的所有文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mark all but the reference in the selected groups</source>
        <translation>在选中的组中标记参照以外的文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Mark all but the oldest</source>
        <translation>保留最旧的，标记其余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the newest</source>
        <translation>保留最新的，标记其余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the smallest</source>
        <translation>保留最小的，标记其余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the largest</source>
        <translation>保留最大的，标记其余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the shortest path</source>
        <translation>保留路径最短的，标记其余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the longest path</source>
        <translation>保留路径最长的，标记其余</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+7"/>
        <source>Mark the files inside a folder…</source>
        <translation>标记某文件夹内的文件…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mark all</source>
        <translation>全部标记</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mark every file but the references</source>
        <translation>标记参照以外的每个文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mark the selected files</source>
        <translation>标记选中的文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unmark the selected files</source>
        <translation>取消标记选中的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Invert the marks</source>
        <translation>反转标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the marks</source>
        <translation>清除标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last marking</source>
        <translation>撤销上一次标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo the marking</source>
        <translation>重做标记</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Make this the reference</source>
        <translation>设为参照</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measure the group&apos;s distances to this file, and keep it when marking</source>
        <translation>以此文件计算组内距离，并在标记时保留它</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reference folders…</source>
        <translation>参照文件夹…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files in these folders are always references and never marked</source>
        <translation>这些文件夹中的文件始终作为参照，从不被标记</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show in folder</source>
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy paths</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Side by side</source>
        <translation>并排对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not duplicates</source>
        <translation>不是重复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not-duplicates list…</source>
        <translation>“非重复”列表…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to folder…</source>
        <translation>移动到文件夹…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to trash…</source>
        <translation>移到回收站…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the action log</source>
        <translation>打开操作日志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save results…</source>
        <translation>保存结果…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open results…</source>
        <translation>打开结果…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export JSON…</source>
        <translation>导出 JSON…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Mark</source>
        <translation>标记(&amp;M)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Add to the marks</source>
        <translation>添加到标记</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Duplicates</source>
        <translation>重复文件(&amp;D)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Mark by rule</source>
        <translation>按规则标记</translation>
    </message>
</context>
<context>
    <name>FolderDialogs</name>
    <message>
        <location filename="../../simcompare/gui/folder/dialogs.py" line="+144"/>
        <source>Choose a folder to scan</source>
        <translation>选择要扫描的文件夹</translation>
    </message>
    <message>
        <location line="+31"/>
        <location line="+6"/>
        <location line="+3"/>
        <source>Save results</source>
        <translation>保存结果</translation>
    </message>
    <message>
        <location line="-9"/>
        <location line="+17"/>
        <location line="+27"/>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Open results</source>
        <translation>打开结果</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <location line="+3"/>
        <source>Export groups</source>
        <translation>导出分组</translation>
    </message>
</context>
<context>
    <name>FolderPage</name>
    <message>
        <location filename="../../simcompare/gui/folder/page.py" line="+168"/>
        <source>Filter by path</source>
        <translation>按路径筛选</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Marked only</source>
        <translation>只看已标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show only the marked files</source>
        <translation>只显示已标记的文件</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Mark</source>
        <translation>标记</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show in folder</source>
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+59"/>
        <source>Side by side</source>
        <translation>并排对比</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>Not duplicates</source>
        <translation>不是重复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remember that these two files are not duplicates</source>
        <translation>记住这两个文件不是重复</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Move to trash…</source>
        <translation>移到回收站…</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Two selected files, or a file and its group&apos;s reference (Enter)</source>
        <translation>选中的两个文件，或一个文件与其组的参照（回车）</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>Preferences reset to their defaults (the file is left as it is): {0}</source>
        <translation>以下偏好设置无法使用，已恢复默认值（设置文件保持原样）：{0}</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Move to folder…</source>
        <translation>移动到文件夹…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Moves the marked files (or the selected ones), keeping their paths</source>
        <translation>移动已标记（或选中）的文件，保留其相对路径</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Moves the marked files (or the selected ones) after asking (Delete)</source>
        <translation>询问后把已标记（或选中）的文件移到回收站（删除键）</translation>
    </message>
    <message>
        <location line="+51"/>
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
        <location line="+115"/>
        <source>Choose a folder that exists.</source>
        <translation>请选择一个存在的文件夹。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Opening the results…</source>
        <translation>正在打开结果…</translation>
    </message>
    <message numerus="yes">
        <location line="+88"/>
        <source>Problems (%Ln)</source>
        <translation>
            <numerusform>问题（%Ln）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Empty files (%Ln)</source>
        <translation>
            <numerusform>空文件（%Ln）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../simcompare/gui/folder/dialogs.py" line="+17"/>
        <source>The files are listed under Details.</source>
        <translation>文件列在“详细信息”中。</translation>
    </message>
</context>
<context>
    <name>FolderViews</name>
    <message>
        <location filename="../../simcompare/gui/folder/dupes_view.py" line="+66"/>
        <source>Dupes only</source>
        <translation>仅显示重复项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The files that are not references, as one list</source>
        <translation>不是参照的文件，列成一张表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delta values</source>
        <translation>差值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each file&apos;s size and words against its group&apos;s reference</source>
        <translation>每个文件的大小和词数与本组参照之差</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove from results</source>
        <translation>从结果中移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop the selected files from this result; the files are not touched</source>
        <translation>把选中的文件从本次结果中去掉；文件本身不动</translation>
    </message>
    <message numerus="yes">
        <location line="+63"/>
        <source>%Ln files removed from the results (Undo brings them back)</source>
        <translation>
            <numerusform>已从结果中移除 %Ln 个文件（撤销可恢复）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GeometryView</name>
    <message>
        <location filename="../../simcompare/gui/compare/geometry_view.py" line="+24"/>
        <source>The articles&apos; example: three hyperplanes</source>
        <translation>论文中的示例：三个超平面</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Two dimensions</source>
        <translation>二维示例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text A</source>
        <translation>文本 A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text B</source>
        <translation>文本 B</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A text without features has no direction, so no angle.</source>
        <translation>没有特征的文本没有方向，因此没有夹角。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A and B: θ = {deg}° between their weight vectors, so f·θ/π = {predicted} bits are expected to differ; {actual} do.</source>
        <translation>A 与 B：权重向量之间的夹角 θ = {deg}°，因此预计有 f·θ/π = {predicted} 位不同；实际有 {actual} 位。</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>d (weight)</source>
        <translation>d（权重）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>d · r</source>
        <translation>d · r</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bit</source>
        <translation>位</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Σ d_i × r{j}_i: the per-bit sum {j}</source>
        <translation>Σ d_i × r{j}_i：第 {j} 位的和</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Shown: the {rows} heaviest of {n} coordinates, the first {planes} of {f} hyperplanes.</source>
        <translation>显示：{n} 个坐标中权重最大的 {rows} 个，{f} 个超平面中的前 {planes} 个。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each column r_j is a hyperplane&apos;s normal: every token&apos;s code bit j as ±1. Bit j is the side of hyperplane j the document d lies on: 1 when d · r_j &gt; 0. Signature: {binary}.</source>
        <translation>每一列 r_j 是一个超平面的法向量：每个词元编码的第 j 位记作 ±1。第 j 位表示文档 d 位于超平面 j 的哪一侧：d · r_j &gt; 0 时为 1。签名：{binary}。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Measuring {n} pairs of the bundled examples…</source>
        <translation>正在测量内置示例的 {n} 对文本……</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{n} pairs of the bundled examples (a share of 0–100 % of the words replaced), {f} bits: on average the distance is f·θ/π {sign}{error} bits (mean |error| {abs_error}): a bit differs with probability θ/π.</source>
        <translation>内置示例的 {n} 对文本（替换了 0–100 % 的词），{f} 位：平均而言距离等于 f·θ/π {sign}{error} 位（平均绝对误差 {abs_error}）：每一位以 θ/π 的概率不同。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Measuring the pairs of the bundled examples: {done} of {total}…</source>
        <translation>正在测量内置示例的文本对：{done} / {total}……</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not measure the pairs: {reason}</source>
        <translation>无法测量文本对：{reason}</translation>
    </message>
</context>
<context>
    <name>GroupTreeModel</name>
    <message>
        <location filename="../../simcompare/gui/folder/models.py" line="+446"/>
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
        <source>Verified</source>
        <translation>核实</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Identical</source>
        <translation>相同</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Groups, and the files in them; the group&apos;s reference comes first</source>
        <translation>各组及其中的文件；组的参照排在最前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How many files the group holds</source>
        <translation>组内的文件数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file&apos;s size; for a group, what removing every file but the reference frees</source>
        <translation>文件大小；对组而言，是删除参照以外所有文件可释放的空间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When the file was last changed</source>
        <translation>文件最后修改的时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Differing fingerprint bits to the group&apos;s reference; for a group, the largest</source>
        <translation>与组参照相差的指纹位数；对组而言，是最大值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How much of the text is shared with the reference (the check behind every group)</source>
        <translation>与参照共有的文本比例（每个组背后的核实）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The cleaned text equals the reference&apos;s</source>
        <translation>清洗后的文本与参照完全相同</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>{0:.0%} shared</source>
        <translation>共有 {0:.0%}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>hard link of {0}</source>
        <translation>{0} 的硬链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>identical</source>
        <translation>相同</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>The group&apos;s reference: distances are measured to it</source>
        <translation>组的参照：距离都以它为准</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In a reference folder: always kept, never marked</source>
        <translation>在参照文件夹中：始终保留，从不标记</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Also close to: {0}</source>
        <translation>也接近：{0}</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> and %Ln more</source>
        <translation>
            <numerusform> 等另外 %Ln 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0} of {1} bits differ: {2:.1%} alike</source>
        <translation>{1} 位中有 {0} 位不同：相似度 {2:.1%}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Grouped on its shared word pairs alone (farther than k)</source>
        <translation>仅凭共有的词对归入此组（距离超过 k）</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>Group {0}: {1}</source>
        <translation>第 {0} 组：{1}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{0} wasted</source>
        <translation>浪费 {0}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>≤ {0}</source>
        <translation>≤ {0}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Removing every file of the group but the reference frees this much</source>
        <translation>删除组内参照以外的所有文件可释放这么多空间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Largest distance between any two members of the group</source>
        <translation>组内任意两个成员之间的最大距离</translation>
    </message>
    <message>
        <location line="-174"/>
        <source>{0} (gone since)</source>
        <translation>{0}（此后已不存在）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0} (changed since)</source>
        <translation>{0}（此后已更改）</translation>
    </message>
    <message>
        <location line="+193"/>
        <source>reference</source>
        <translation>参照</translation>
    </message>
</context>
<context>
    <name>GroupsSummary</name>
    <message numerus="yes">
        <location filename="../../simcompare/gui/folder/progress.py" line="+187"/>
        <source>%Ln group(s)</source>
        <translation>
            <numerusform>%Ln 个组</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln file(s) in groups</source>
        <translation>
            <numerusform>组内共 %Ln 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>of %Ln scanned</source>
        <translation>
            <numerusform>共扫描 %Ln 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0} wasted</source>
        <translation>浪费 {0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PARTIAL (scan cancelled): </source>
        <translation>部分结果（扫描已取消）：</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>≈ {0:.2%} of all pairs of files within k (sampled)</source>
        <translation>约 {0:.2%} 的文件对在 k 以内（抽样）</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln pair(s) of files within k</source>
        <translation>
            <numerusform>%Ln 对文件在 k 以内</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the groups as saved: each member is being checked again, then you can act…</source>
        <translation>按保存时的分组显示：正在逐一重新核对每个成员，核对完成后才能操作…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the groups as saved, not checked: change k to check them and act</source>
        <translation>按保存时的分组显示，尚未核对：改变 k 即可重新核对并操作</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the groups as saved, each member checked again (a change of k searches anew)</source>
        <translation>按保存时的分组显示，每个成员已重新核对（改变 k 时重新搜索）</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln verified near-duplicate pair(s) of distinct texts (copies counted once)</source>
        <translation>
            <numerusform>%Ln 对不同文本经核实为近似重复（副本只算一次）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no index: every pair compared</source>
        <translation>不用索引：逐对比较</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>index: {0} covering masks over {1} parts</source>
        <translation>索引：{0} 个覆盖掩码，分 {1} 段</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>index: {0} blocks</source>
        <translation>索引：{0} 块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (the search at k = {0}, kept for smaller k)</source>
        <translation>（k = {0} 时的检索，留给更小的 k 用）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, {0} candidate checks where brute force compares {1} pairs</source>
        <translation>，核对了 {0} 个候选对（穷举要比较 {1} 对）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>grouping at k = {0}…</source>
        <translation>正在按 k = {0} 分组…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · the fingerprint settings changed: scan again to apply them</source>
        <translation> · 指纹设置已更改：重新扫描后生效</translation>
    </message>
</context>
<context>
    <name>Handout</name>
    <message>
        <location filename="../../simcompare/gui/compare/handout.py" line="+39"/>
        <source>Clean</source>
        <translation>清理</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Codes</source>
        <translation>编码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>±w</source>
        <translation>±w</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sums</source>
        <translation>求和</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Signs</source>
        <translation>取符号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fingerprint</source>
        <translation>指纹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>XOR</source>
        <translation>异或</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The {rows} heaviest of {n} tokens.</source>
        <translation>{n} 个词元中权重最大的 {rows} 个。</translation>
    </message>
    <message>
        <location line="+30"/>
        <location line="+13"/>
        <location line="+6"/>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Code</source>
        <translation>编码</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The first {n} of {f} bits.</source>
        <translation>{f} 位中的前 {n} 位。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{ones} ones: the Hamming distance is {d} of {f} bits.</source>
        <translation>{ones} 个 1：海明距离是 {f} 位中的 {d} 位。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{a} and {b}: f = {f} bits, k = {k}, weighting {weighting}</source>
        <translation>{a} 和 {b}：f = {f} 位，k = {k}，权重 {weighting}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>typed (a toy example)</source>
        <translation>手动输入（玩具示例）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step {i} of {n}: {name}</source>
        <translation>第 {i} 步（共 {n} 步）：{name}</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>SimHash step by step</source>
        <translation>SimHash 分步讲解</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Text A</source>
        <translation>文本 A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text B</source>
        <translation>文本 B</translation>
    </message>
</context>
<context>
    <name>IndexView</name>
    <message>
        <location filename="../../simcompare/gui/compare/index_view.py" line="+33"/>
        <source>How many fingerprints the index holds</source>
        <translation>索引中的指纹数量</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Fingerprints in the index:</source>
        <translation>索引中的指纹：</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>With k = {k} of {f} bits there is nothing for an index to cut.</source>
        <translation>k = {k}、共 {f} 位时，索引无从切分。</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%Ln differing bit(s) can touch at most {d} of the {blocks} blocks, so at least one block is the same in both: here {shared}. The index sorts the fingerprints by each block, so it meets this pair in that block&apos;s table and then checks its distance.</source>
        <translation>
            <numerusform>%Ln 个不同的位最多只能落在 {blocks} 个块中的 {d} 个里，所以至少有一个块在两者中完全相同：这里是 {shared}。索引按每个块对指纹排序，因此会在该块的表中遇到这一对，再核对它们的距离。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%Ln differing bit(s) are more than k = {k}: they may touch every block, and the index need not meet this pair (shared blocks here: {shared}). It is not a near-duplicate anyway.</source>
        <translation>
            <numerusform>%Ln 个不同的位多于 k = {k}：它们可能落在每一个块里，索引不一定会遇到这一对（这里相同的块：{shared}）。反正它也不是近似重复。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>block {i} (bits {start}–{stop})</source>
        <translation>第 {i} 块（第 {start}–{stop} 位）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>k = {k}: the {f} bits are cut into k + 1 = {blocks} blocks.</source>
        <translation>k = {k}：{f} 位被切成 k + 1 = {blocks} 块。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The last folder scan: {n} fingerprints of {f} bits, k = {k}: every pair compared, no index (cheaper for this few fingerprints at this k, where blocks of a few bits make most pairs candidates many times over); {candidates} pairs checked of {possible} possible, {found} pairs within k.</source>
        <translation>上次扫描文件夹：{n} 个 {f} 位指纹，k = {k}：不用索引，逐对比较（指纹这么少、k 这么大时更省：每块只有几位，大多数对会重复成为候选）；共 {possible} 对，检查了 {candidates} 对，{found} 对在 k 以内。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The last folder scan: {n} fingerprints of {f} bits, k = {k}: {keys} covering masks over {blocks} parts of the bits instead of blocks (cheaper for this many fingerprints at this k; exact all the same: a pair within k agrees on every bit of at least one mask); {candidates} candidate pairs checked of {possible} possible, {found} pairs within k.</source>
        <translation>上次文件夹扫描：{n} 个 {f} 位指纹，k = {k}：用 {keys} 个覆盖掩码（把各位分成 {blocks} 段）代替分块（指纹这么多、k 这么大时更省；同样精确：k 以内的一对指纹至少在一个掩码的每一位上都相同）；在 {possible} 个可能的对中核对了 {candidates} 个候选对，{found} 对在 k 以内。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The last folder scan: {n} fingerprints of {f} bits, k = {k}: {blocks} blocks, {keys} tables; {candidates} candidate pairs checked of {possible} possible, {found} pairs within k.</source>
        <translation>上次文件夹扫描：{n} 个 {f} 位指纹，k = {k}：{blocks} 块，{keys} 张表；在 {possible} 个可能的对中核对了 {candidates} 个候选对，{found} 对在 k 以内。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The pigeonhole: k + 1 blocks, one table per block</source>
        <translation>鸽巢原理：k + 1 块，每块一张表</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>What a scan of n = 2^{e} fingerprints uses: {blocks} blocks, each table keyed on {per_key} of them</source>
        <translation>扫描 n = 2^{e} 个指纹时实际使用的布局：{blocks} 块，每张表以其中 {per_key} 块为键</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{agree} of the {blocks} blocks agree; a table&apos;s key is any {per_key} blocks, so {meeting} of its {tables} tables meet this pair. Within k = {k}, at least {per_key} blocks always agree.</source>
        <translation>{blocks} 块中有 {agree} 块相同；每张表的键是任意 {per_key} 块，所以 {tables} 张表中有 {meeting} 张能找到这一对。距离不超过 k = {k} 时，总有至少 {per_key} 块相同。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Manku, Jain and Das Sarma (2007) cut the fingerprint into more blocks than k + 1 and key each table on several of them: more tables to sort and search, but wider keys, so far fewer chance candidates. For n = 2^{e}: {naive_tables} tables with keys of at least {naive_bits} bits meet about {naive} candidates per query; {scan_tables} tables with keys of at least {scan_bits} bits meet about {scan}. The scan weighs the two with its cost model and uses the cheaper layout.</source>
        <translation>Manku、Jain 和 Das Sarma（2007）把指纹切成多于 k + 1 块，每张表以其中几块组合为键：要排序和查找的表更多，但键更宽，偶然碰上的候选少得多。n = 2^{e} 时：{naive_tables} 张键至少 {naive_bits} 位的表，每次查询约遇到 {naive} 个候选；{scan_tables} 张键至少 {scan_bits} 位的表约遇到 {scan} 个。扫描用代价模型权衡两者，选用更省的布局。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Blocks (count × bits)</source>
        <translation>块（个数 × 位数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Blocks in a key</source>
        <translation>每个键的块数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tables: C(blocks, k)</source>
        <translation>表数：C(块数, k)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Narrowest key</source>
        <translation>最窄的键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{bits} bits</source>
        <translation>{bits} 位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Candidates per query</source>
        <translation>每次查询的候选数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Candidates in a whole scan</source>
        <translation>整次扫描的候选数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>k + 1 blocks</source>
        <translation>k + 1 块</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The scan&apos;s layout</source>
        <translation>扫描实际的布局</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Chance candidates for random fingerprints: two agree on a b-bit key with chance 2^−b, so a query meets (n − 1) × Σ 2^−(key bits) over the tables, a whole scan n(n − 1)/2 × Σ 2^−(key bits).</source>
        <translation>随机指纹偶然成为候选的数目：两个指纹在 b 位的键上相同的概率是 2^−b，所以一次查询在各表中共遇到 (n − 1) × Σ 2^−(键的位数) 个，整次扫描 n(n − 1)/2 × Σ 2^−(键的位数) 个。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>n = 2^{e} fingerprints, f = {f}, k = {k}: {blocks} blocks of {widths} bits, one sorted table per block. A query looks up its key in each table and meets about n / 2^(block bits) random fingerprints there: {per_table}; about {total} candidates per query instead of n.</source>
        <translation>n = 2^{e} 个指纹，f = {f}，k = {k}：{blocks} 块，每块 {widths} 位，每块一张排序表。一次查询在每张表中查找自己的键，在那里大约遇到 n / 2^(块的位数) 个随机指纹：{per_table}；每次查询约 {total} 个候选，而不是 n 个。</translation>
    </message>
</context>
<context>
    <name>LessonExporter</name>
    <message>
        <location filename="../../simcompare/gui/compare/handout.py" line="-26"/>
        <source>Export lesson…</source>
        <translation>导出讲义…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save every step for the two texts on screen as a PDF, one page per step</source>
        <translation>把屏幕上两段文本的每一步保存为 PDF，每步一页</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not save {path}: {reason}</source>
        <translation>无法保存 {path}：{reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Export lesson</source>
        <translation>导出讲义</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../simcompare/gui/main_window.py" line="+91"/>
        <source>How alike are these texts?</source>
        <translation>这些文本有多相似？</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Compare two texts</source>
        <translation>比较两段文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Preferences neither read nor saved this time: {0}</source>
        <translation>本次既未读取也未保存偏好设置：{0}</translation>
    </message>
    <message>
        <location line="+19"/>
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
        <location line="+11"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E&amp;xamples</source>
        <translation>示例(&amp;X)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <location line="+38"/>
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
        <location line="+47"/>
        <source>Open on the Compare page</source>
        <translation>在比较页打开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The Compare page holds text you typed. Replace it with these two files?</source>
        <translation>比较页中有您输入的文本。要用这两个文件替换吗？</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Something went wrong inside simcompare: {error}

What you asked for may not have finished; the window is still usable. The details are in {log}.</source>
        <translation>simcompare 内部出错：{error}

您要求的操作可能没有完成；窗口仍可继续使用。详细信息在 {log}。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Internal error: {error}</source>
        <translation>内部错误：{error}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>computed in {ms} ms</source>
        <translation>用时 {ms} 毫秒</translation>
    </message>
</context>
<context>
    <name>Marking</name>
    <message>
        <location filename="../../simcompare/gui/folder/marking.py" line="+80"/>
        <source>Mark the files inside this folder</source>
        <translation>标记此文件夹内的文件</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>none marked</source>
        <translation>未标记任何文件</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln marked</source>
        <translation>
            <numerusform>已标记 %Ln 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, {0} in all</source>
        <translation>，共 {0}</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../../simcompare/gui/common/workers.py" line="+54"/>
        <source>the teaching table has no code for &apos;{0}&apos;: it knows only the tokens a–e</source>
        <translation>教学用编码表中没有 &apos;{0}&apos; 的编码：它只认识词元 a–e</translation>
    </message>
    <message>
        <location filename="../../simcompare/gui/common/messages.py" line="+30"/>
        <source>the file does not exist</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a folder, not a file</source>
        <translation>这是一个文件夹，不是文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it is a pipe, socket or device, not a file</source>
        <translation>这是管道、套接字或设备，不是文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+2"/>
        <location line="+107"/>
        <source>permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <location line="-102"/>
        <source>the file is too large</source>
        <translation>文件太大</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it looks like a binary file, not text</source>
        <translation>它看起来是二进制文件，不是文本</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it is not text in any encoding simcompare knows</source>
        <translation>它不是 simcompare 认识的任何编码的文本</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it is password-protected</source>
        <translation>它受密码保护</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the PDF has no text layer — a scanned image?</source>
        <translation>该 PDF 没有文字层——是扫描的图片吗？</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the document is damaged</source>
        <translation>文档已损坏</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the document unpacks to more than the size limit</source>
        <translation>文档解压后超过大小上限</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>reading the document took too long</source>
        <translation>读取文档耗时过长</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>the file cannot be read</source>
        <translation>无法读取该文件</translation>
    </message>
    <message>
        <location line="-73"/>
        <source>binary file</source>
        <translation>二进制文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot be decoded</source>
        <translation>无法解码</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>too large</source>
        <translation>太大</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>vanished during the scan</source>
        <translation>扫描期间消失</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>changed during the scan</source>
        <translation>扫描期间被修改</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>broken link</source>
        <translation>失效的链接</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>password-protected</source>
        <translation>受密码保护</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no text layer</source>
        <translation>没有文字层</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>damaged document</source>
        <translation>文档已损坏</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unpacks too large</source>
        <translation>解压后过大</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>took too long</source>
        <translation>耗时过长</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>The file holds bytes that text never has; it looks like a program or an image.</source>
        <translation>文件中含有文本中不会出现的字节；它看起来是程序或图片。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No known encoding (UTF-8, GB18030, Big5) reads the file as text.</source>
        <translation>已知的编码（UTF-8、GB18030、Big5）都无法把它读成文本。</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>The file is larger than the limit set under Largest file.</source>
        <translation>文件超过了“最大文件”中设定的上限。</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>The system does not allow reading it.</source>
        <translation>系统不允许读取它。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The file was deleted or moved while the scan ran.</source>
        <translation>扫描进行期间，文件被删除或移走了。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The file changed while it was being read; scan again.</source>
        <translation>读取期间文件发生了变化；请重新扫描。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A link that points nowhere or to itself; links are not followed.</source>
        <translation>链接指向不存在的目标或指向自身；不会跟随链接。</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>A pipe, socket or device, not a file: it is never opened, as reading it could never end.</source>
        <translation>这是管道、套接字或设备，不是文件：读取它可能永远不会结束，所以从不打开它。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The document is encrypted: it opens only with its password.</source>
        <translation>文档已加密：只有输入密码才能打开。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The PDF&apos;s pages are pictures with no text on them — a scanned image? Run OCR on it first.</source>
        <translation>该 PDF 的页面是没有文字的图片——是扫描件吗？请先对它做文字识别（OCR）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The document is damaged and cannot be parsed.</source>
        <translation>文档已损坏，无法解析。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The archive would unpack to more than the size limit (a zip bomb?); reading stopped there.</source>
        <translation>压缩包解压后会超过大小上限（压缩炸弹？），读取已在上限处停止。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reading the document took longer than the time limit; it was left out.</source>
        <translation>读取文档超过了时间上限，已略过。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A bug in simcompare kept it from being read; its details are in internal-errors.log.</source>
        <translation>simcompare 的程序错误使它无法读取；详情见缓存文件夹中的 internal-errors.log。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The file could not be read.</source>
        <translation>无法读取该文件。</translation>
    </message>
    <message>
        <location line="+6"/>
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
    <name>NotDuplicatesDialog</name>
    <message>
        <location filename="../../simcompare/gui/folder/dialogs.py" line="-192"/>
        <location line="+27"/>
        <source>Not duplicates</source>
        <translation>不是重复</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forget the selected pairs: they may be grouped again</source>
        <translation>忘掉选中的文件对：它们可以再次被分到一组</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Pairs you said are not duplicates (%Ln)</source>
        <translation>
            <numerusform>您标为“非重复”的文件对（%Ln）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PlaneDrawing</name>
    <message>
        <location filename="../../simcompare/gui/compare/plane_view.py" line="+63"/>
        <source>A text without features has no direction.</source>
        <translation>没有特征的文本没有方向。</translation>
    </message>
</context>
<context>
    <name>PlaneView</name>
    <message>
        <location line="+77"/>
        <source>Texts A and B</source>
        <translation>文本 A 和 B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The articles&apos; example: three hyperplanes</source>
        <translation>论文中的示例：三个超平面</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The articles&apos; example: two dimensions</source>
        <translation>论文中的示例：二维</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One more hyperplane</source>
        <translation>再加一个超平面</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+86"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>{n} lines a second</source>
        <translation>每秒 {n} 条线</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only the fingerprint&apos;s</source>
        <translation>只看指纹的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the f hyperplanes of the fingerprint again, without random ones</source>
        <translation>重新只显示指纹的 f 个超平面，不含随机超平面</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A text without features has no direction, so no picture.</source>
        <translation>没有特征的文本没有方向，所以无法作图。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{n} lines: {bits} of the fingerprint&apos;s {f} hyperplanes and {random} random ones. {s} separate {a} and {b}: {share} %. θ = {deg}°, so θ/π = {expected} %.</source>
        <translation>{n} 条线：指纹 {f} 个超平面中的 {bits} 个，另加 {random} 个随机超平面。其中 {s} 条把 {a} 和 {b} 分开：{share} %。θ = {deg}°，所以 θ/π = {expected} %。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Each hyperplane of the fingerprint meets the plane of {a} and {b} in a line through the origin; bit j is the side of line j a document lies on. Lit: the lines that separate them; of the fingerprint&apos;s lines shown, bits {list} ({d}) — exactly the bits where the fingerprints differ. A random hyperplane separates them with probability θ/π, so f bits differ in about f·θ/π of them.</source>
        <translation>指纹的每个超平面与 {a}、{b} 所在的平面相交于一条过原点的直线；第 j 位就是文档落在第 j 条直线的哪一侧。高亮的是把两者分开的直线；在已显示的指纹直线中，是第 {list} 位（共 {d} 位）——恰好就是两个指纹不同的位。随机超平面把两者分开的概率是 θ/π，所以 f 位中约有 f·θ/π 位不同。</translation>
    </message>
</context>
<context>
    <name>ProblemsModel</name>
    <message>
        <location filename="../../simcompare/gui/folder/problems_model.py" line="+39"/>
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
    <name>ReferenceFoldersDialog</name>
    <message>
        <location filename="../../simcompare/gui/folder/dialogs.py" line="+30"/>
        <source>Reference folders</source>
        <translation>参照文件夹</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Files in these folders are always references and never marked.</source>
        <translation>这些文件夹中的文件始终作为参照，从不被标记。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Add a reference folder</source>
        <translation>添加参照文件夹</translation>
    </message>
</context>
<context>
    <name>ReplaceCommands</name>
    <message>
        <location filename="../../simcompare/gui/folder/replace_commands.py" line="+50"/>
        <location line="+103"/>
        <source>Replace with hard link</source>
        <translation>替换为硬链接</translation>
    </message>
    <message>
        <location line="-101"/>
        <source>Replace each chosen file with a hard link to its group&apos;s reference (identical files only)</source>
        <translation>把每个选中的文件替换为指向本组参照文件的硬链接（仅限完全相同的文件）</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+98"/>
        <source>Replace with symbolic link</source>
        <translation>替换为符号链接</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>Replace each chosen file with a symbolic link to its group&apos;s reference (identical files only)</source>
        <translation>把每个选中的文件替换为指向本组参照文件的符号链接（仅限完全相同的文件）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete permanently…</source>
        <translation>永久删除…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the chosen files without the trash, after asking twice</source>
        <translation>不经回收站删除选中的文件（会询问两次）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy to folder…</source>
        <translation>复制到文件夹…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the chosen files into a folder, keeping their paths; the files stay</source>
        <translation>把选中的文件复制到一个文件夹，保留其路径；原文件不动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove folders left empty</source>
        <translation>删除留下的空文件夹</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After a move or a delete, remove the folders it left empty (never the scanned folder)</source>
        <translation>移动或删除之后，删除因此变空的文件夹（绝不删除扫描的文件夹）</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Choose copies, not their group&apos;s reference.</source>
        <translation>请选择副本，而不是本组的参照文件。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Replace %Ln file(s) with a hard link to their group&apos;s reference?</source>
        <translation>
            <numerusform>把 %Ln 个文件替换为指向本组参照文件的硬链接？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Replace %Ln file(s) with a symbolic link to their group&apos;s reference?</source>
        <translation>
            <numerusform>把 %Ln 个文件替换为指向本组参照文件的符号链接？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln of them differ from their reference and will be left as they are.</source>
        <translation>
            <numerusform>其中 %Ln 个与参照文件不同，将保持原样。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Delete permanently</source>
        <translation>永久删除</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Delete %Ln file(s) ({0}) permanently? They do not go to the trash.</source>
        <translation>
            <numerusform>永久删除 %Ln 个文件（{0}）？它们不会进入回收站。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete every copy?</source>
        <translation>删除所有副本？</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Really delete %Ln file(s) ({0})? This cannot be undone.</source>
        <translation>
            <numerusform>确定删除 %Ln 个文件（{0}）？此操作无法撤销。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Copy to folder</source>
        <translation>复制到文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the files into this folder</source>
        <translation>把文件复制到此文件夹</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Copy %Ln file(s) into {0}, keeping their paths?</source>
        <translation>
            <numerusform>把 %Ln 个文件复制到 {0}，保留其路径？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+52"/>
        <source>%Ln file(s) were left as they were:</source>
        <translation>
            <numerusform>%Ln 个文件保持原样：</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>it is on another disk or mount than its reference; a hard link cannot join them</source>
        <translation>它与参照文件位于不同的磁盘或挂载点，硬链接无法连接二者</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>Action log</source>
        <translation>操作日志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The action log could not be written: {0}</source>
        <translation>无法写入操作日志：{0}</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%Ln file(s) were not deleted:</source>
        <translation>
            <numerusform>%Ln 个文件未被删除：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln file(s) were not replaced with a link:</source>
        <translation>
            <numerusform>%Ln 个文件未被替换为链接：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln file(s) deleted</source>
        <translation>
            <numerusform>已删除 %Ln 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln file(s) copied</source>
        <translation>
            <numerusform>已复制 %Ln 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln file(s) replaced with a link</source>
        <translation>
            <numerusform>已将 %Ln 个文件替换为链接</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its group&apos;s reference changed or vanished since the scan</source>
        <translation>扫描之后本组的参照文件已更改或消失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it already is a hard link of its group&apos;s reference</source>
        <translation>它已经是本组参照文件的硬链接</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>its bytes differ from its reference&apos;s; a link would lose them</source>
        <translation>它的内容与参照文件不同；替换为链接会丢失这些内容</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its results hold no device and inode to tell it from another file; scan again before deleting it</source>
        <translation>结果里没有记录它的设备号和 inode，无法把它与别的文件区分开；删除之前请重新扫描</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>there is not enough free space at the destination</source>
        <translation>目标位置的可用空间不足</translation>
    </message>
</context>
<context>
    <name>ReprioritiseDialog</name>
    <message>
        <location filename="../../simcompare/gui/folder/reprioritise.py" line="+73"/>
        <source>Re-prioritise</source>
        <translation>重新排定优先级</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move down</source>
        <translation>下移</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Every group</source>
        <translation>所有组</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>The selected groups (%Ln)</source>
        <translation>
            <numerusform>选中的组（%Ln）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Each group keeps as its reference the member first by these criteria, the first compared first (ties: the path). Only a member that every other member is close to and verified against can be the reference; a file in a reference folder stays the reference.</source>
        <translation>每组按这些准则（先比第一条；相同时比路径）选出排在最前的成员作为参照。只有其他每个成员都与之相近并通过核验的成员才能作参照；参照文件夹中的文件始终是参照。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Most words</source>
        <translation>词数最多</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest file</source>
        <translation>文件最大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Newest</source>
        <translation>最新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Oldest</source>
        <translation>最旧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inside a folder</source>
        <translation>位于某文件夹内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shortest path</source>
        <translation>路径最短</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+37"/>
        <source>Preferred formats</source>
        <translation>偏好的格式</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Not named as a copy</source>
        <translation>文件名不像副本</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+2"/>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Files inside this folder come first</source>
        <translation>此文件夹中的文件优先</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>File endings, the preferred first:</source>
        <translation>文件扩展名，偏好的在前：</translation>
    </message>
</context>
<context>
    <name>Reprioritising</name>
    <message>
        <location line="+112"/>
        <source>Choosing the references…</source>
        <translation>正在选择参照文件…</translation>
    </message>
    <message numerus="yes">
        <location line="+31"/>
        <source>New references in %Ln groups</source>
        <translation>
            <numerusform>%Ln 个组换了参照</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>; in %Ln groups the first member by the rule is not close to every other member</source>
        <translation>
            <numerusform>；有 %Ln 个组中按规则排第一的成员与其他成员不都相近</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResultRoots</name>
    <message>
        <location filename="../../simcompare/gui/folder/roots_view.py" line="+117"/>
        <source>Not read</source>
        <translation>未读取</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Not read (%Ln)</source>
        <translation>
            <numerusform>未读取（%Ln）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RootsList</name>
    <message>
        <location filename="../../simcompare/gui/folder/roots_list.py" line="+44"/>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reference (never marked)</source>
        <translation>参照（从不标记）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Excluded (not read)</source>
        <translation>排除（不读取）</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan another folder with this one: normal, reference (never marked) or excluded</source>
        <translation>与此文件夹一同扫描另一个文件夹：普通、参照（从不标记）或排除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan without the selected folders</source>
        <translation>扫描时不包括所选文件夹</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Also:</source>
        <translation>另加：</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Add a folder to scan</source>
        <translation>添加要扫描的文件夹</translation>
    </message>
</context>
<context>
    <name>ScanControls</name>
    <message>
        <location filename="../../simcompare/gui/folder/scan_controls.py" line="+57"/>
        <source>Files within this many differing bits are near-duplicates</source>
        <translation>不同的位数不超过这个值的文件即为近似重复</translation>
    </message>
    <message>
        <location line="+18"/>
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
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Include sub-folders</source>
        <translation>包括子文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also read the files in every folder below the chosen one</source>
        <translation>同时读取所选文件夹下每一层子文件夹中的文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File endings to read, separated by spaces; empty reads every file that holds text, by its content</source>
        <translation>要读取的文件后缀，以空格分隔；留空则按内容读取所有含文本的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>every file that holds text</source>
        <translation>所有含文本的文件</translation>
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
        <location line="+5"/>
        <source>Folder:</source>
        <translation>文件夹：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Smallest file:</source>
        <translation>最小文件：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Largest file:</source>
        <translation>最大文件：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Only:</source>
        <translation>仅限：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File types:</source>
        <translation>文件类型：</translation>
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
        <location line="+20"/>
        <source>The folder {0} does not exist; remove it from the list</source>
        <translation>文件夹 {0} 不存在；请将其从列表中移除</translation>
    </message>
</context>
<context>
    <name>ScanProgress</name>
    <message>
        <location filename="../../simcompare/gui/folder/progress.py" line="-185"/>
        <source>Listing files…</source>
        <translation>正在列出文件…</translation>
    </message>
    <message>
        <location line="+9"/>
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
    <message numerus="yes">
        <location line="+12"/>
        <source>Opened saved results: %Ln file(s), no scan</source>
        <translation>
            <numerusform>已打开保存的结果：%Ln 个文件，未重新扫描</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+40"/>
        <source> · {0} changed and {1} gone since</source>
        <translation> · 此后有 {0} 个已更改、{1} 个已不存在</translation>
    </message>
    <message>
        <location line="-36"/>
        <source> · looking at the files on disk…</source>
        <translation> · 正在检查磁盘上的文件…</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Cancelled: partial result, %Ln file(s) read</source>
        <translation>
            <numerusform>已取消：部分结果，已读取 %Ln 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Scanned %Ln file(s) in {0:.1f} s ({1} from the cache)</source>
        <translation>
            <numerusform>已扫描 %Ln 个文件，用时 {0:.1f} 秒（{1} 个来自缓存）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cache: {0}</source>
        <translation>缓存：{0}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source> · looking at the files on disk: {0} / {1}</source>
        <translation> · 正在检查磁盘上的文件：{0} / {1}</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The files could not be looked at: {0}</source>
        <translation>无法检查这些文件：{0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cancelled before any file was read.</source>
        <translation>在读取任何文件之前已取消。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed: {0}</source>
        <translation>失败：{0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The results could not be opened: {0}</source>
        <translation>无法打开结果：{0}</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <location filename="../../simcompare/gui/compare/settings_panel.py" line="+78"/>
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
        <location line="+6"/>
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
        <location line="+4"/>
        <source>Fold Traditional Chinese</source>
        <translation>繁体转为简体</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Turn Traditional Chinese into Simplified before cutting it into words (OpenCC), so the two scripts of one text give the same tokens</source>
        <translation>分词前把繁体中文转换为简体（OpenCC），同一文本的繁简两种写法得到相同的词元</translation>
    </message>
    <message>
        <location line="+7"/>
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
        <location line="+2"/>
        <source>Occurrences times rarity in a reference corpus: rare words pull harder on the bits. The corpus (jieba&apos;s) is Chinese: every English word gets the same median rarity, so English text is weighed as by tf</source>
        <translation>出现次数乘以在参考语料中的稀有度：越少见的词对各位的影响越大。该语料（结巴的）是中文的：每个英文词都得到同一个中位稀有度，所以英文文本的权重与 tf 相同</translation>
    </message>
    <message>
        <location line="+4"/>
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
        <location line="+8"/>
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
        <location line="+5"/>
        <source>SimHash only</source>
        <translation>仅用 SimHash</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No word-pair check: the verdict from the distance alone: near-duplicates when at most k bits differ, however few word pairs the texts share. Off, the verdict also needs enough shared word pairs, as the command line and the Folder page do</source>
        <translation>不核验词对：只凭距离下结论，不同的位数不超过 k 即为近似重复，无论两段文本共有的词对多么少。关闭时，结论还要求共有足够多的词对，与命令行和“文件夹”页面一致</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Restore defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>jieba words, stop words dropped, Traditional Chinese folded, default weighting, {hasher}, {bits} bits and k = {k}</source>
        <translation>jieba 分词、去掉停用词、繁体转为简体、默认权重方式、{hasher}、{bits} 位以及 k = {k}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Segmenter</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location line="+3"/>
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
        <location line="+248"/>
        <source>{name} gives only {width} bits, fewer than {bits}</source>
        <translation>{name} 只能给出 {width} 位，少于 {bits} 位</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>{old} cannot give {bits} bits, so the hasher is now {new}.</source>
        <translation>{old} 给不出 {bits} 位，所以哈希函数已改为 {new}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The toy example sets the width and every token&apos;s weight and code (codes left empty come from {name}): edit them in Examples → Edit the toy example…</source>
        <translation>玩具示例决定位数以及每个词元的权重和编码（留空的编码由 {name} 给出）：请在“示例 → 编辑玩具示例…”中修改。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The teaching table has codes for the tokens a–e only, six bits each.</source>
        <translation>教学用编码表只有词元 a–e 的编码，每个六位。</translation>
    </message>
    <message>
        <location line="+3"/>
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
    <name>SideBySide</name>
    <message>
        <location filename="../../simcompare/gui/folder/side_by_side.py" line="+34"/>
        <source>Select a member in Groups and press Enter (or Side by side) to see it beside its reference.</source>
        <translation>在“分组”中选中一个成员，按回车（或点“并排对比”），即可把它和参照文件并排查看。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>◀ Previous member</source>
        <translation>◀ 上一个成员</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next member ▶</source>
        <translation>下一个成员 ▶</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open on the Compare page</source>
        <translation>在比较页打开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare the pair step by step on the Compare page</source>
        <translation>在比较页逐步比较这两个文件</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cannot read {0}: {1}</source>
        <translation>无法读取 {0}：{1}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>near-duplicates</source>
        <translation>近似重复</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not near-duplicates at this k</source>
        <translation>在此 k 下不算近似重复</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln bit(s) apart · {0:.0%} of the text shared · {1}</source>
        <translation>
            <numerusform>相差 %Ln 位 · 共有 {0:.0%} 的文本 · {1}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Identical cleaned texts</source>
        <translation>清洗后文本完全相同</translation>
    </message>
</context>
<context>
    <name>SkippedModel</name>
    <message>
        <location filename="../../simcompare/gui/folder/roots_view.py" line="-100"/>
        <source>type not chosen</source>
        <translation>类型未选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>binary</source>
        <translation>二进制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>symbolic link</source>
        <translation>符号链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hard link of a file read</source>
        <translation>已读文件的硬链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too large</source>
        <translation>过大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too small</source>
        <translation>过小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>excluded</source>
        <translation>已排除</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>{0} not read ({1})</source>
        <translation>{0} 个未读取（{1}）</translation>
    </message>
    <message>
        <location line="+24"/>
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
    <message>
        <location line="+13"/>
        <source>hard link of {0}</source>
        <translation>{0} 的硬链接</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an excluded folder: not entered</source>
        <translation>排除的文件夹：未进入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its name matches a pattern under Skip</source>
        <translation>名称匹配“跳过”中的模式</translation>
    </message>
</context>
<context>
    <name>StepGuide</name>
    <message>
        <location filename="../../simcompare/gui/compare/steps.py" line="+278"/>
        <source>Step by step</source>
        <translation>逐步演示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Walk through the ten steps of SimHash, one at a time</source>
        <translation>一次一步，走过 SimHash 的十个步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+128"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="-126"/>
        <source>Go on to the next step by itself, at the pace chosen beside</source>
        <translation>按旁边选定的节奏自动进入下一步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{n} s a step</source>
        <translation>每步 {n} 秒</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Add tokens one at a time</source>
        <translation>逐个加入词元</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Count only the first tokens (heaviest first) and add the others one by one, to watch the sums build up and the signs flip; Play adds them at its pace</source>
        <translation>只计入前几个词元（按权重从大到小），其余的逐个加入，看逐位和如何累积、符号如何翻转；播放时按它的节奏逐个加入</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>− Token</source>
        <translation>− 词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the last added token out of the sums</source>
        <translation>把最后加入的词元从和中去掉</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+ Token</source>
        <translation>+ 词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the next token&apos;s ±w to the sums</source>
        <translation>把下一个词元的 ±w 加到和中</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Step by step shows one stage of the computation at a time.</source>
        <translation>逐步演示一次只展示计算的一个阶段。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Step {i} of {n}.</source>
        <translation>第 {i} 步，共 {n} 步。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>… (the first {n} of {total} characters)</source>
        <translation>……（共 {total} 个字符中的前 {n} 个）</translation>
    </message>
</context>
<context>
    <name>Steps</name>
    <message>
        <location line="-411"/>
        <source>Clean: HTML is reduced to its text, then NFKC, case folding (“A” → “a”) and one space for each run of whitespace; the cleaned text of A is below.</source>
        <translation>清理：HTML 只保留文字，然后做 NFKC 规范化、大小写折叠（“A” → “a”），每段连续空白变为一个空格；A 清理后的文本见下方。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tokens: once punctuation is dropped (stop words are kept), A is cut into tokens: {total} in all, {distinct} distinct; the Token column lists them.</source>
        <translation>词元：去掉标点后（停用词保留），A 被切成词元：共 {total} 个，{distinct} 个不同；“词元”一列列出了它们。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tokens: A is cut into 1 token once stop words and punctuation are dropped; the Token column lists it.</source>
        <translation>词元：去掉停用词和标点后，A 被切成 1 个词元；“词元”一列列出了它。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tokens: A is cut into {total} tokens ({distinct} distinct) once stop words and punctuation are dropped; the Token column lists them.</source>
        <translation>词元：去掉停用词和标点后，A 被切成 {total} 个词元（{distinct} 个不同）；“词元”一列列出了它们。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Text A has no features: every sum is 0 and its fingerprint is 0; nothing to show in this step.</source>
        <translation>文本 A 没有特征：每个和都是 0，指纹为 0；这一步没有可展示的内容。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Clean: a toy example is not cleaned: text A&apos;s tokens are below as they were typed.</source>
        <translation>清洗：玩具示例不做清洗：下面是文本 A 按输入原样列出的词元。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Tokens: A has 1 token, typed in the toy editor; the Token column lists it.</source>
        <translation>词元：A 有 1 个词元，在玩具示例编辑器中输入；“词元”一列列出了它。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tokens: A has {n} tokens, typed in the toy editor; the Token column lists them.</source>
        <translation>词元：A 有 {n} 个词元，在玩具示例编辑器中输入；“词元”一列列出了它们。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Weights (typed): each token has the weight typed for it, “{token}” the largest, {weight}.</source>
        <translation>权重（手动输入）：每个词元的权重就是为它输入的值，“{token}”最大，为 {weight}。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Codes: each token&apos;s code is the one typed for it, or else its hash cut to the first f = {f} bits: “{token}” → {code}.</source>
        <translation>编码：每个词元的编码是为它输入的编码，否则取它的哈希值的前 f = {f} 位：“{token}” → {code}。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Weights ({scheme}): each distinct token gets a weight, “{token}” the largest, {weight}; {kept} of {distinct} are kept.</source>
        <translation>权重（{scheme}）：每个不同的词元得到一个权重，“{token}”最大，为 {weight}；{distinct} 个中保留 {kept} 个。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Codes: the token&apos;s hash, cut to its first f = {f} bits, is its code: “{token}” → {code}.</source>
        <translation>编码：词元的哈希值取前 f = {f} 位即为它的编码：“{token}” → {code}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>±w: where a code bit is 1 the token adds its weight, where it is 0 it subtracts it: “{token}” gives {cells}.</source>
        <translation>±w：编码位为 1 处词元加上它的权重，为 0 处减去它：“{token}”给出 {cells}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sums: each bit&apos;s column of ±w is added up: V = {sums}.</source>
        <translation>求和：每一位那一列的 ±w 相加：V = {sums}。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Signs: bit j is 1 where V[j] &gt; 0 and 0 otherwise (a sum of 0 gives 0): {bits}.</source>
        <translation>取符号：V[j] &gt; 0 时第 j 位为 1，否则为 0（和为 0 时得 0）：{bits}。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Fingerprint: the bits read from left to right: A = {a} (hex {ha}), B = {b} (hex {hb}).</source>
        <translation>指纹：各位从左到右读出：A = {a}（十六进制 {ha}），B = {b}（十六进制 {hb}）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>XOR: A ⊕ B has a 1 wherever the two fingerprints differ: {xor}.</source>
        <translation>异或：两个指纹不同的位置上，A ⊕ B 为 1：{xor}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Distance: a text without features makes no similarity claim, so no distance is given.</source>
        <translation>距离：没有特征的文本不给出相似度，因此也不给出距离。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>near-duplicates</source>
        <translation>近似重复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not near-duplicates</source>
        <translation>不是近似重复</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Distance: the XOR has one 1, so the Hamming distance is 1 of {f} bits (similarity {s}): {verdict} at k = {k}.</source>
        <translation>距离：异或结果中有 1 个 1，所以海明距离是 {f} 位中的 1 位（相似度 {s}）：k = {k} 时{verdict}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Distance: the XOR has {d} ones, so the Hamming distance is {d} of {f} bits (similarity {s}): {verdict} at k = {k}.</source>
        <translation>距离：异或结果中有 {d} 个 1，所以海明距离是 {f} 位中的 {d} 位（相似度 {s}）：k = {k} 时{verdict}。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Within k, but too few word pairs to judge: the shorter text has {pairs}, at least {needed} are needed.</source>
        <translation>距离在 k 以内，但词对太少，无法判断：较短的文本只有 {pairs} 个不同的词对，至少需要 {needed} 个。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Within k, but only {shared} % of the word pairs are shared, and at least {needed} % are needed.</source>
        <translation>距离在 k 以内，但只有 {shared} % 的词对相同，至少需要 {needed} %。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tokens one at a time: none of the {total} tokens of A is added yet, so every sum is 0.</source>
        <translation>逐个加入词元：A 的 {total} 个词元还一个都没加入，所以每一位的和都是 0。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no bit flips</source>
        <translation>没有位翻转</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bit {j} flips to {bit}</source>
        <translation>第 {j} 位翻转为 {bit}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bits {list} flip</source>
        <translation>第 {list} 位翻转</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens one at a time: {n} of {total} tokens of A added; “{token}” adds {cells}, so V = {sums} and the bits so far are {bits}: {flips}.</source>
        <translation>逐个加入词元：已加入 A 的 {total} 个词元中的 {n} 个；“{token}”加上 {cells}，于是 V = {sums}，目前的位是 {bits}：{flips}。</translation>
    </message>
</context>
<context>
    <name>StepsTab</name>
    <message>
        <location filename="../../simcompare/gui/compare/steps_tab.py" line="+35"/>
        <source>Tokens of A</source>
        <translation>A 的词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens of B</source>
        <translation>B 的词元</translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <location filename="../../simcompare/gui/compare/summary.py" line="+61"/>
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
        <location line="+4"/>
        <source>Verification: the share of word pairs (two consecutive words) the texts have in common. Close fingerprints are near-duplicates only when enough word pairs are shared. SimHash only turns the check off: the distance alone decides.</source>
        <translation>验证：两段文本共有的词对（相邻两个词）所占的比例。指纹接近、且共有的词对足够多，才算近似重复。“仅用 SimHash”会关掉这项核验：只看距离。</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+96"/>
        <source>Notes ▸</source>
        <translation>说明 ▸</translation>
    </message>
    <message>
        <location line="-94"/>
        <source>Step by step folds the notes under the verdict away, so the token tables have room: show them</source>
        <translation>逐步演示时，结论下的说明会收起，好让词元表有地方显示：点此展开</translation>
    </message>
    <message>
        <location line="+30"/>
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
        <source>edit sim.</source>
        <translation>编辑相似度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Edit similarity: 1 − token edit distance / longer length</source>
        <translation>编辑相似度：1 − 词元编辑距离 / 较长文本的长度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f·θ/π</source>
        <translation>f·θ/π</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The Hamming distance the cosine predicts, f·θ/π with θ = arccos(cosine), beside the actual one</source>
        <translation>由余弦预测的海明距离 f·θ/π（θ = arccos(余弦)），括号里是实际距离</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Notes ▾</source>
        <translation>说明 ▾</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>k = {k} · SimHash only</source>
        <translation>k = {k} · 仅用 SimHash</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>k = {k} · too few word pairs ({pairs} &lt; {needed})</source>
        <translation>k = {k} · 词对太少（{pairs} &lt; {needed}）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>k = {k} · word pairs {shared} % (need {needed} %)</source>
        <translation>k = {k} · 词对 {shared} %（需 {needed} %）</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>Too few word pairs to judge: the shorter text has %Ln distinct word pair(s), at least {needed} are needed, so it is nobody&apos;s near-duplicate however few bits differ.</source>
        <translation>
            <numerusform>词对太少，无法判断：较短的文本只有 %Ln 个不同的词对，至少需要 {needed} 个，所以无论相差几位，它都不算谁的近似重复。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln bit(s) apart, but only {shared} % of the word pairs are shared (at least {needed} % are needed): not a near-duplicate.</source>
        <translation>
            <numerusform>相差 %Ln 位，但只有 {shared} % 的词对相同（至少需要 {needed} %）：不是近似重复。</numerusform>
        </translation>
    </message>
    <message>
        <location line="-128"/>
        <source>Yardsticks</source>
        <translation>参照度量</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The measures SimHash stands in for. Random hyperplanes make bits differ with probability θ/π, where θ is the angle between the two weight vectors.</source>
        <translation>SimHash 所近似的度量。随机超平面使每一位以 θ/π 的概率不同，θ 是两个权重向量之间的夹角。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>verdict at k = {k}</source>
        <translation>k = {k} 时的判定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✔ near-duplicates</source>
        <translation>✔ 近似重复</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>✘ not near-duplicates</source>
        <translation>✘ 不是近似重复</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no features</source>
        <translation>没有特征</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>An empty text is nobody&apos;s near-duplicate: no similarity is claimed.</source>
        <translation>空文本不是任何文本的近似重复：不给出相似度。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{d} of {f} bits</source>
        <translation>{f} 位中有 {d} 位</translation>
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
        <location line="+45"/>
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
        <location filename="../../simcompare/gui/compare/charts.py" line="+273"/>
        <source>No features: every sum is 0</source>
        <translation>没有特征：每个和都是 0</translation>
    </message>
</context>
<context>
    <name>TextPane</name>
    <message>
        <location filename="../../simcompare/gui/compare/text_pane.py" line="+176"/>
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
        <location line="+15"/>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>Type or paste a text here, drop a file on it, or choose an example from the Examples menu.</source>
        <translation>在这里输入或粘贴文本，拖入文件，或从“示例”菜单中选一个示例。</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>Open {title}</source>
        <translation>打开{title}</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>Open a text file or a document: PDF, Word, OpenDocument, EPUB, RTF, Markdown (or drop one)</source>
        <translation>打开文本文件或文档：PDF、Word、OpenDocument、EPUB、RTF、Markdown（也可以拖放到此处）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Folded</source>
        <translation>繁→简</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show the text as it is compared: Traditional Chinese folded to Simplified before it is cut into words, so both scripts of one text give the same tokens</source>
        <translation>显示参与比较的文本：繁体中文在分词前转换为简体，同一文本的繁简两种写法得到相同的词</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Texts and documents (*.txt *.md *.markdown *.html *.htm *.xhtml *.csv *.json *.xml *.pdf *.docx *.odt *.epub *.rtf);;All files (*)</source>
        <translation>文本和文档 (*.txt *.md *.markdown *.html *.htm *.xhtml *.csv *.json *.xml *.pdf *.docx *.odt *.epub *.rtf);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Clear {title}</source>
        <translation>清空{title}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Throw away the text you typed?</source>
        <translation>要丢弃你输入的文本吗？</translation>
    </message>
    <message>
        <location line="+124"/>
        <location line="+2"/>
        <source>(guessed)</source>
        <translation>（推测）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>read-only</source>
        <translation>只读</translation>
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
        <location line="+3"/>
        <source>The text extracted from the document, as it is compared; Clear to type instead.</source>
        <translation>从文档中提取的文本，即参与比较的文本；要自己输入，请先清空。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>typed or pasted</source>
        <translation>输入或粘贴</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Word document</source>
        <translation>Word 文档</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenDocument text</source>
        <translation>OpenDocument 文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EPUB book</source>
        <translation>EPUB 电子书</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RTF document</source>
        <translation>RTF 文档</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Could not open “{name}”: {reason}</source>
        <translation>无法打开“{name}”：{reason}</translation>
    </message>
</context>
<context>
    <name>TokenTableModel</name>
    <message>
        <location filename="../../simcompare/gui/compare/models.py" line="+223"/>
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
        <location line="+2"/>
        <source>Code</source>
        <translation>编码</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bit {j} of each token&apos;s code (0 is the leftmost, most significant)</source>
        <translation>每个词元编码的第 {j} 位（0 是最左边、最高的一位）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The token&apos;s f-bit code: the hash&apos;s most significant f bits</source>
        <translation>词元的 f 位编码：哈希值最高的 f 位</translation>
    </message>
    <message>
        <location line="+9"/>
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
        <location line="+73"/>
        <source>sum V</source>
        <translation>和 V</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bit: V &gt; 0</source>
        <translation>位：V &gt; 0</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Sum {j} = {value}: the bit is {bit}</source>
        <translation>第 {j} 个和 = {value}：该位为 {bit}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Bit {j} of the fingerprint</source>
        <translation>指纹的第 {j} 位</translation>
    </message>
</context>
<context>
    <name>ToyEditor</name>
    <message>
        <location filename="../../simcompare/gui/compare/toy_editor.py" line="+216"/>
        <source>Toy example</source>
        <translation>玩具示例</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type each token&apos;s weight and code (f digits 0 or 1), or leave the code empty for the code the hasher gives it. The Compare page follows every change: ±w, sums, bits, XOR, distance.</source>
        <translation>输入每个词元的权重和编码（f 个 0 或 1），编码留空则用哈希函数给它的编码。比较页随每次修改更新：±w、逐位和、位、异或、距离。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The width f: every typed code has exactly f digits</source>
        <translation>位数 f：每个输入的编码恰好有 f 位数字</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} ({bits} bits)</source>
        <translation>{name}（{bits} 位）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gives the codes left empty: the first f bits of the token&apos;s hash</source>
        <translation>给出留空的编码：词元哈希值的前 f 位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text A</source>
        <translation>文本 A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text B</source>
        <translation>文本 B</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Six-bit worked example</source>
        <translation>六位演算示例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start again from the six-bit worked example (A=5 100101 …)</source>
        <translation>从六位演算示例重新开始（A=5 100101 …）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Bits f</source>
        <translation>位数 f</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Codes left empty from</source>
        <translation>留空的编码来自</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>{name} was not opened: {reason}</source>
        <translation>未能打开 {name}：{reason}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Opened the toy example {name}</source>
        <translation>已打开玩具示例 {name}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{name} was not saved: {reason}</source>
        <translation>未能保存 {name}：{reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the toy example as {name}</source>
        <translation>已将玩具示例保存为 {name}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Not applied (the Compare page shows the last valid toy example): {reason}</source>
        <translation>未应用（比较页显示最后一个有效的玩具示例）：{reason}</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Open a toy example</source>
        <translation>打开玩具示例</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Toy examples (*.json);;All files (*)</source>
        <translation>玩具示例 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save the toy example</source>
        <translation>保存玩具示例</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Toy examples (*.json)</source>
        <translation>玩具示例 (*.json)</translation>
    </message>
</context>
<context>
    <name>ToyLesson</name>
    <message>
        <location filename="../../simcompare/gui/compare/toy_mode.py" line="+26"/>
        <source>Toy example (A)</source>
        <translation>玩具示例（A）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Toy example (B)</source>
        <translation>玩具示例（B）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Edit the toy example…</source>
        <translation>编辑玩具示例…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type tokens with their weights and codes, and watch every step follow (saved as JSON)</source>
        <translation>输入词元及其权重和编码，看每一步随之变化（可保存为 JSON）</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Toy example</source>
        <translation>玩具示例</translation>
    </message>
</context>
<context>
    <name>ToyMessages</name>
    <message>
        <location filename="../../simcompare/gui/compare/toy_messages.py" line="+26"/>
        <source>a toy example file is at most {kb} KB; this one has {size} bytes</source>
        <translation>玩具示例文件最多 {kb} KB；这个文件有 {size} 字节</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example: not UTF-8 text (byte {byte})</source>
        <translation>不是玩具示例：不是 UTF-8 文本（第 {byte} 字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example: not JSON</source>
        <translation>不是玩具示例：不是 JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example: its JSON is nested too deeply</source>
        <translation>不是玩具示例：它的 JSON 嵌套太深</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example: {name} is not a number JSON allows</source>
        <translation>不是玩具示例：{name} 不是 JSON 允许的数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example (its “format” is not “simcompare-toy”)</source>
        <translation>不是玩具示例（它的“format”不是“simcompare-toy”）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a toy example of version {got}; this simcompare reads version 1</source>
        <translation>版本为 {got} 的玩具示例；这个 simcompare 只读取版本 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the width f must be a whole number from 1 to {max_bits}, got {got}</source>
        <translation>位数 f 必须是 1 到 {max_bits} 之间的整数，实际是 {got}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown hasher {got}</source>
        <translation>未知的哈希函数 {got}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the hasher {hasher} gives {width} bits, fewer than {bits}; choose {able}</source>
        <translation>哈希函数 {hasher} 只给出 {width} 位，少于 {bits} 位；请选择 {able}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>text {side} must be a list of rows</source>
        <translation>文本 {side} 必须是若干行的列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>text {side} has {rows} rows; a toy text has at most {max_rows}</source>
        <translation>文本 {side} 有 {rows} 行；玩具文本最多 {max_rows} 行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a row is a token, a weight and a code</source>
        <translation>一行由词元、权重和编码组成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the token must be some text</source>
        <translation>词元不能为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the token is longer than {max_token} characters</source>
        <translation>词元超过 {max_token} 个字符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the token {got} holds a space or a control character; use one word</source>
        <translation>词元 {got} 含有空格或控制字符；请只用一个词</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“{token}” is already row {other_row}; give each token one row</source>
        <translation>“{token}”已在第 {other_row} 行；每个词元只占一行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the weight of “{token}” must be a number, got {got}</source>
        <translation>“{token}”的权重必须是数，实际是 {got}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the weight of “{token}” must be from 0 to {max_weight}, got {got}</source>
        <translation>“{token}”的权重必须在 0 到 {max_weight} 之间，实际是 {got}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the code of “{token}” must be {bits} digits 0 or 1 (or empty for the hasher&apos;s), got {got}</source>
        <translation>“{token}”的编码必须是 {bits} 个 0 或 1（留空则用哈希函数的编码），实际是 {got}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“{token}” has the code {first_code} in text {first_side} and {code} in text {side}; one token has one code: type the same code, or leave one empty</source>
        <translation>“{token}”在文本 {first_side} 中的编码是 {first_code}，在文本 {side} 中是 {code}；一个词元只有一个编码：请输入相同的编码，或把其中一个留空</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>text {side}, row {row}: {problem}</source>
        <translation>文本 {side} 第 {row} 行：{problem}</translation>
    </message>
</context>
<context>
    <name>ToyTable</name>
    <message>
        <location filename="../../simcompare/gui/compare/toy_editor.py" line="-315"/>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code</source>
        <translation>编码</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code used</source>
        <translation>所用编码</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One word, as it is shown and hashed (“A” stays “A”)</source>
        <translation>一个词，按显示的样子哈希（“A”仍是“A”）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A number, 0 or more: how hard the token pulls on every bit</source>
        <translation>一个不小于 0 的数：词元对每一位的拉力有多大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>f digits 0 or 1; left empty, the token gets the code the hasher gives it</source>
        <translation>f 个 0 或 1；留空则词元使用哈希函数给它的编码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The code the sums use: the typed one, or in italics the hasher&apos;s</source>
        <translation>求和所用的编码：输入的编码，或以斜体显示的哈希函数的编码</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add row</source>
        <translation>添加一行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove row</source>
        <translation>删除一行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected row (or the last one)</source>
        <translation>删除选中的行（或最后一行）</translation>
    </message>
</context>
<context>
    <name>Zoom</name>
    <message>
        <location filename="../../simcompare/gui/compare/zoom.py" line="+63"/>
        <source>L&amp;arger</source>
        <translation>放大(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make everything larger, for a projector</source>
        <translation>把所有内容放大，便于投影</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;maller</source>
        <translation>缩小(&amp;M)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Normal size</source>
        <translation>正常大小(&amp;N)</translation>
    </message>
</context>
</TS>
