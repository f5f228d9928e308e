<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ActionRunner</name>
    <message>
        <location filename="../../simcompare/gui/folder/acting.py" line="+55"/>
        <location line="+16"/>
        <source>{0}: {1} of {2} files</source>
        <translation>{0}: {1} of {2} files</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>{0}: stopping after the file being acted on…</source>
        <translation>{0}: stopping after the file being acted on…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{0}: stopped by Cancel</source>
        <translation>{0}: stopped by Cancel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{0}: done</source>
        <translation>{0}: done</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0} stopped with an error: {1}. The action log lists what was done.</source>
        <translation>{0} stopped with an error: {1}. The action log lists what was done.</translation>
    </message>
</context>
<context>
    <name>AngleLawChart</name>
    <message>
        <location filename="../../simcompare/gui/compare/geometry_view.py" line="+109"/>
        <source>Distance against angle</source>
        <translation>Distance against angle</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Measuring the pairs…</source>
        <translation>Measuring the pairs…</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>θ between the weight vectors</source>
        <translation>θ between the weight vectors</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>dashed: f·θ/π · dots: {n} pairs · ring: A and B</source>
        <translation>dashed: f·θ/π · dots: {n} pairs · ring: A and B</translation>
    </message>
</context>
<context>
    <name>BinaryKind</name>
    <message>
        <location filename="../../simcompare/gui/folder/binary_kinds.py" line="+14"/>
        <source>PNG image</source>
        <translation>PNG image</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JPEG image</source>
        <translation>JPEG image</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GIF image</source>
        <translation>GIF image</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BMP image</source>
        <translation>BMP image</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIFF image</source>
        <translation>TIFF image</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>icon</source>
        <translation>icon</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RIFF media (WAV, AVI, WebP)</source>
        <translation>RIFF media (WAV, AVI, WebP)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MP4/QuickTime/HEIC media</source>
        <translation>MP4/QuickTime/HEIC media</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MP3 audio</source>
        <translation>MP3 audio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ogg media</source>
        <translation>Ogg media</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FLAC audio</source>
        <translation>FLAC audio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matroska/WebM video</source>
        <translation>Matroska/WebM video</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gzip archive</source>
        <translation>gzip archive</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bzip2 archive</source>
        <translation>bzip2 archive</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>xz archive</source>
        <translation>xz archive</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zstd archive</source>
        <translation>zstd archive</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>7-Zip archive</source>
        <translation>7-Zip archive</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RAR archive</source>
        <translation>RAR archive</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zip archive</source>
        <translation>zip archive</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tar archive</source>
        <translation>tar archive</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ar archive (.deb, .a)</source>
        <translation>ar archive (.deb, .a)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RPM package</source>
        <translation>RPM package</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cabinet archive</source>
        <translation>cabinet archive</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ELF executable</source>
        <translation>ELF executable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Windows executable</source>
        <translation>Windows executable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Java class or Mach-O executable</source>
        <translation>Java class or Mach-O executable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mach-O executable</source>
        <translation>Mach-O executable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WebAssembly</source>
        <translation>WebAssembly</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SQLite database</source>
        <translation>SQLite database</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>web font</source>
        <translation>web font</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TrueType font</source>
        <translation>TrueType font</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenType font</source>
        <translation>OpenType font</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NumPy array</source>
        <translation>NumPy array</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parquet table</source>
        <translation>Parquet table</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HDF5 data</source>
        <translation>HDF5 data</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Office compound file (not a document simcompare reads)</source>
        <translation>Office compound file (not a document simcompare reads)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>binary data (NUL bytes in its first block)</source>
        <translation>binary data (NUL bytes in its first block)</translation>
    </message>
</context>
<context>
    <name>BlocksStrip</name>
    <message>
        <location filename="../../simcompare/gui/compare/index_view.py" line="+125"/>
        <source>shared</source>
        <translation>shared</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{d} differing</source>
        <translation>{d} differing</translation>
    </message>
</context>
<context>
    <name>Clauses</name>
    <message>
        <location filename="../../simcompare/gui/common/plain.py" line="+39"/>
        <source>, </source>
        <translation>, </translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <location filename="../../simcompare/gui/compare/page.py" line="+153"/>
        <location line="+339"/>
        <source>Text A</source>
        <translation>Text A</translation>
    </message>
    <message>
        <location line="-338"/>
        <location line="+339"/>
        <source>Text B</source>
        <translation>Text B</translation>
    </message>
    <message>
        <location line="-336"/>
        <source>Swap texts A and B</source>
        <translation>Swap texts A and B</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Steps</source>
        <translation>Steps</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Differences</source>
        <translation>Differences</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Geometry</source>
        <translation>Geometry</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <location line="-117"/>
        <source>Example: {title} (A)</source>
        <translation>Example: {title} (A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Example: {title} (B)</source>
        <translation>Example: {title} (B)</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>Hyperplanes</source>
        <translation>Hyperplanes</translation>
    </message>
    <message>
        <location line="+162"/>
        <source>Open an example</source>
        <translation>Open an example</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The example replaces the text you typed. Replace it?</source>
        <translation>The example replaces the text you typed. Replace it?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear both texts</source>
        <translation>Clear both texts</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Throw away the text you typed?</source>
        <translation>Throw away the text you typed?</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>The toy example: the tokens, weights and codes typed in Examples → Edit the toy example…; every number below is computed from them as it is for a text&apos;s weighted tokens.</source>
        <translation>The toy example: the tokens, weights and codes typed in Examples → Edit the toy example…; every number below is computed from them as it is for a text&apos;s weighted tokens.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Opened {path}</source>
        <translation>Opened {path}</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Type or paste two texts above, open or drop two files, or choose an example from the Examples menu (the six-bit example shows every step with numbers small enough to check by hand).</source>
        <translation>Type or paste two texts above, open or drop two files, or choose an example from the Examples menu (the six-bit example shows every step with numbers small enough to check by hand).</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>%Ln token(s) · {kept} of {distinct} distinct kept</source>
        <translation>
            <numerusform>%Ln token · {kept} of {distinct} distinct kept</numerusform>
            <numerusform>%Ln tokens · {kept} of {distinct} distinct kept</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln token(s) · {distinct} distinct</source>
        <translation>
            <numerusform>%Ln token · {distinct} distinct</numerusform>
            <numerusform>%Ln tokens · {distinct} distinct</numerusform>
        </translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Tokens of {label}: {kept} of {distinct} distinct tokens kept, heaviest first</source>
        <translation>Tokens of {label}: {kept} of {distinct} distinct tokens kept, heaviest first</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tokens of {label}: {distinct} distinct, heaviest first</source>
        <translation>Tokens of {label}: {distinct} distinct, heaviest first</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Computing… the results shown are for the previous texts and settings</source>
        <translation>Computing… the results shown are for the previous texts and settings</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not compute the fingerprints: {reason}</source>
        <translation>Could not compute the fingerprints: {reason}</translation>
    </message>
</context>
<context>
    <name>DeltaValues</name>
    <message>
        <location filename="../../simcompare/gui/folder/delta.py" line="+26"/>
        <source>{0} words</source>
        <translation>{0} words</translation>
    </message>
</context>
<context>
    <name>DifferencesView</name>
    <message>
        <location filename="../../simcompare/gui/common/diff_view.py" line="+101"/>
        <source>▲ Previous</source>
        <translation>▲ Previous</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous difference (Shift+F7)</source>
        <translation>Previous difference (Shift+F7)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop comparing the words (the fingerprints are not affected)</source>
        <translation>Stop comparing the words (the fingerprints are not affected)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>▼ Next</source>
        <translation>▼ Next</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next difference (F7)</source>
        <translation>Next difference (F7)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>struck through: only in A · underlined: only in B · dotted underline: replaced</source>
        <translation>struck through: only in A · underlined: only in B · dotted underline: replaced</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Text A</source>
        <translation>Text A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Text B</source>
        <translation>Text B</translation>
    </message>
    <message>
        <location line="+135"/>
        <source>Could not compare the words: {reason}</source>
        <translation>Could not compare the words: {reason}</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Too long to mark the changed words here: {n} characters together, the limit is {limit}. The fingerprints above are complete.</source>
        <translation>Too long to mark the changed words here: {n} characters together, the limit is {limit}. The fingerprints above are complete.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stopped: the changed words are not marked.</source>
        <translation>Stopped: the changed words are not marked.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Comparing words…</source>
        <translation>Comparing words…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No differences in the words</source>
        <translation>No differences in the words</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 difference</source>
        <translation>1 difference</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} differences</source>
        <translation>{n} differences</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Difference {i} of {n}</source>
        <translation>Difference {i} of {n}</translation>
    </message>
</context>
<context>
    <name>DistanceHistogramView</name>
    <message>
        <location filename="../../simcompare/gui/folder/histogram_view.py" line="+42"/>
        <source>Distances between every two files appear here after a scan</source>
        <translation>Distances between every two files appear here after a scan</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>a random sample of %Ln pair(s)</source>
        <translation>
            <numerusform>a random sample of %Ln pair</numerusform>
            <numerusform>a random sample of %Ln pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>all %Ln pair(s)</source>
        <translation>
            <numerusform>%Ln pair in all</numerusform>
            <numerusform>all %Ln pairs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How many pairs of files lie at each distance ({0}, log scale).</source>
        <translation>How many pairs of files lie at each distance ({0}, log scale).</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln pair(s) within k = {0}.</source>
        <translation>
            <numerusform>%Ln pair within k = {0}.</numerusform>
            <numerusform>%Ln pairs within k = {0}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>k = {0}: ≈ {1:.2%} of all pairs (sampled)</source>
        <translation>k = {0}: ≈ {1:.2%} of all pairs (sampled)</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>k = {0}: %Ln pair(s) within k</source>
        <translation>
            <numerusform>k = {0}: %Ln pair within k</numerusform>
            <numerusform>k = {0}: %Ln pairs within k</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No scan yet</source>
        <translation>No scan yet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No pairs: fewer than two files with text</source>
        <translation>No pairs: fewer than two files with text</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>pairs (log)</source>
        <translation>pairs (log)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>distance (bits)</source>
        <translation>distance (bits)</translation>
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
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder</source>
        <translation>Folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words</source>
        <translation>Words</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distance</source>
        <translation>Distance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verified</source>
        <translation>Verified</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reference</source>
        <translation>Reference</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>{0:.0%} shared</source>
        <translation>{0:.0%} shared</translation>
    </message>
</context>
<context>
    <name>Examples</name>
    <message>
        <location filename="../../simcompare/gui/compare/examples.py" line="+68"/>
        <source>Identical texts: every sum and every bit agree, distance 0.</source>
        <translation>Identical texts: every sum and every bit agree, distance 0.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Three words changed: a few sums cross zero, so a few bits differ — still near-duplicates.</source>
        <translation>Three words changed: a few sums cross zero, so a few bits differ — still near-duplicates.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The same paragraphs in another order: SimHash weighs a bag of words, so the distance stays 0 while edit similarity drops.</source>
        <translation>The same paragraphs in another order: SimHash weighs a bag of words, so the distance stays 0 while edit similarity drops.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Unrelated texts: about half of the bits differ, as chance predicts.</source>
        <translation>Unrelated texts: about half of the bits differ, as chance predicts.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>English: identical</source>
        <translation>English: identical</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>English: a small edit</source>
        <translation>English: a small edit</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>English: reordered paragraphs</source>
        <translation>English: reordered paragraphs</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>English: unrelated</source>
        <translation>English: unrelated</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chinese: identical</source>
        <translation>Chinese: identical</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chinese: a small edit</source>
        <translation>Chinese: a small edit</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chinese: reordered paragraphs</source>
        <translation>Chinese: reordered paragraphs</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chinese: unrelated</source>
        <translation>Chinese: unrelated</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Six-bit worked example (table hasher)</source>
        <translation>Six-bit worked example (table hasher)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The six-bit worked example: each token occurs as often as its weight and the table hasher gives its code.</source>
        <translation>The six-bit worked example: each token occurs as often as its weight and the table hasher gives its code.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>no bit differs</source>
        <translation>no bit differs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only bit {j} differs</source>
        <translation>only bit {j} differs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bits {list} differ</source>
        <translation>bits {list} differ</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Text A: weights {wa}, sums {sa} → fingerprint {fa}. Text B: weights {wb}, sums {sb} → {fb}; {flips}.</source>
        <translation>Text A: weights {wa}, sums {sa} → fingerprint {fa}. Text B: weights {wb}, sums {sb} → {fb}; {flips}.</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <location filename="../../simcompare/gui/compare/explain.py" line="+34"/>
        <source>has no features: every sum is 0, so every bit is 0.</source>
        <translation>has no features: every sum is 0, so every bit is 0.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>bit {j}: sum {total} → bit {bit}</source>
        <translation>bit {j}: sum {total} → bit {bit}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(a sum of 0 gives 0)</source>
        <translation>(a sum of 0 gives 0)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>pushed up (code bit 1, adds its weight):</source>
        <translation>pushed up (code bit 1, adds its weight):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>pushed down (code bit 0, subtracts it):</source>
        <translation>pushed down (code bit 0, subtracts it):</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>heaviest tokens shown; {n} tokens in all</source>
        <translation>heaviest tokens shown; {n} tokens in all</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>code bit {j} of “{token}” is 1: adds its weight {w} to sum {j}</source>
        <translation>code bit {j} of “{token}” is 1: adds its weight {w} to sum {j}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>code bit {j} of “{token}” is 0: subtracts its weight {w} from sum {j}</source>
        <translation>code bit {j} of “{token}” is 0: subtracts its weight {w} from sum {j}</translation>
    </message>
</context>
<context>
    <name>ExportButton</name>
    <message>
        <location filename="../../simcompare/gui/compare/exports.py" line="+54"/>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save a view or chart as PNG or SVG, or the trace as CSV or JSON</source>
        <translation>Save a view or chart as PNG or SVG, or the trace as CSV or JSON</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This view as PNG or SVG…</source>
        <translation>This view as PNG or SVG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sums chart of A…</source>
        <translation>Sums chart of A…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sums chart of B…</source>
        <translation>Sums chart of B…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bit grids…</source>
        <translation>Bit grids…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distance against angle chart…</source>
        <translation>Distance against angle chart…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token table of A…</source>
        <translation>Token table of A…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token table of B…</source>
        <translation>Token table of B…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Trace as CSV or JSON…</source>
        <translation>Trace as CSV or JSON…</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+20"/>
        <source>Could not save {path}: {reason}</source>
        <translation>Could not save {path}: {reason}</translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+20"/>
        <source>Saved {path}</source>
        <translation>Saved {path}</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Text A</source>
        <translation>Text A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Text B</source>
        <translation>Text B</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG image (*.png);;SVG drawing (*.svg)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export the trace</source>
        <translation>Export the trace</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV table (*.csv);;JSON, as simcompare compare --json (*.json)</source>
        <translation>CSV table (*.csv);;JSON, as simcompare compare --json (*.json)</translation>
    </message>
</context>
<context>
    <name>FileCommands</name>
    <message>
        <location filename="../../simcompare/gui/folder/file_commands.py" line="+102"/>
        <source>Not duplicates</source>
        <translation>Not duplicates</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Every file of %Ln group(s) is chosen: no copy of them would be left in the folder. Go on anyway?</source>
        <translation>
            <numerusform>Every file of %Ln group is chosen: no copy of it would be left in the folder. Go on anyway?</numerusform>
            <numerusform>Every file of %Ln groups is chosen: no copy of them would be left in the folder. Go on anyway?</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Groups: {0}</source>
        <translation>Groups: {0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move every copy?</source>
        <translation>Move every copy?</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The action log could not be written: {0}</source>
        <translation>The action log could not be written: {0}</translation>
    </message>
    <message numerus="yes">
        <location line="-9"/>
        <source>%Ln file(s) moved</source>
        <translation>
            <numerusform>%Ln file moved</numerusform>
            <numerusform>%Ln files moved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>%Ln empty folder(s) removed</source>
        <translation>
            <numerusform>%Ln empty folder removed</numerusform>
            <numerusform>%Ln empty folders removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%Ln file(s) were left where they were:</source>
        <translation>
            <numerusform>%Ln file was left where it was:</numerusform>
            <numerusform>%Ln files were left where they were:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-37"/>
        <source>The list shows what was done: %Ln file(s) moved.</source>
        <translation>
            <numerusform>The list shows what was done: %Ln file moved.</numerusform>
            <numerusform>The list shows what was done: %Ln files moved.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>%Ln file(s) not reached (cancelled)</source>
        <translation>
            <numerusform>%Ln file not reached (cancelled)</numerusform>
            <numerusform>%Ln files not reached (cancelled)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{0}. {1}</source>
        <translation>{0}. {1}</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln file(s) were not moved:</source>
        <translation>
            <numerusform>%Ln file was not moved:</numerusform>
            <numerusform>%Ln files were not moved:</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0}; it was kept as {1}, beside the file that took its name</source>
        <translation>{0}; it was kept as {1}, beside the file that took its name</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its path does not lead into the scanned folder</source>
        <translation>its path does not lead into the scanned folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a folder on its path is a symbolic link now; links are not followed</source>
        <translation>a folder on its path is a symbolic link now; links are not followed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a folder on its path is no longer a folder</source>
        <translation>a folder on its path is no longer a folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a folder; folders are never moved</source>
        <translation>it is a folder; folders are never moved</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a symbolic link now; links are not followed</source>
        <translation>it is a symbolic link now; links are not followed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not a regular file</source>
        <translation>it is not a regular file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it changed since the scan</source>
        <translation>it changed since the scan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>another name of a file moved already (a hard link)</source>
        <translation>another name of a file moved already (a hard link)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its group&apos;s reference changed or vanished since the scan; this copy is kept</source>
        <translation>its group&apos;s reference changed or vanished since the scan; this copy is kept</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a symbolic link in the scanned folder points at it and would lead nowhere; remove or change the link first</source>
        <translation>a symbolic link in the scanned folder points at it and would lead nowhere; remove or change the link first</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{0} (the trash folder: {1})</source>
        <translation>{0} (the trash folder: {1})</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Move to trash</source>
        <translation>Move to trash</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Move %Ln file(s) to the trash?</source>
        <translation>
            <numerusform>Move %Ln file to the trash?</numerusform>
            <numerusform>Move %Ln files to the trash?</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Move to folder</source>
        <translation>Move to folder</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the files into this folder</source>
        <translation>Move the files into this folder</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+68"/>
        <source>Choose a folder outside the scanned folder.</source>
        <translation>Choose a folder outside the scanned folder.</translation>
    </message>
    <message numerus="yes">
        <location line="-51"/>
        <source>Move %Ln file(s) into {0}, keeping their paths?</source>
        <translation>
            <numerusform>Move %Ln file into {0}, keeping its path?</numerusform>
            <numerusform>Move %Ln files into {0}, keeping their paths?</numerusform>
        </translation>
    </message>
    <message>
        <location line="-135"/>
        <location line="+199"/>
        <source>Action log</source>
        <translation>Action log</translation>
    </message>
    <message>
        <location line="-130"/>
        <source>it is another name of a file its group keeps (a hard link, or a folder mounted twice)</source>
        <translation>it is another name of a file its group keeps (a hard link, or a folder mounted twice)</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>Another simcompare is cleaning this folder ({0}); try again when it has finished.</source>
        <translation>Another simcompare is cleaning this folder ({0}); try again when it has finished.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0}: nothing was done</source>
        <translation>{0}: nothing was done</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Nothing has been moved yet.</source>
        <translation>Nothing has been moved yet.</translation>
    </message>
</context>
<context>
    <name>FingerprintPanel</name>
    <message>
        <location filename="../../simcompare/gui/compare/fingerprint_panel.py" line="+22"/>
        <source>Fingerprints</source>
        <translation>Fingerprints</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>hex A</source>
        <translation>hex A</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hex B</source>
        <translation>hex B</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A: per-bit sums</source>
        <translation>A: per-bit sums</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bar up: bit 1, down: bit 0</source>
        <translation>bar up: bit 1, down: bit 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B: per-bit sums</source>
        <translation>B: per-bit sums</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>A ⊕ B (XOR): %Ln one(s) = distance %Ln</source>
        <translation>
            <numerusform>A ⊕ B (XOR): %Ln one = distance %Ln</numerusform>
            <numerusform>A ⊕ B (XOR): %Ln ones = distance %Ln</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>1 bit differs (outlined): {bits}</source>
        <translation>1 bit differs (outlined): {bits}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} bits differ (outlined): {bits}</source>
        <translation>{n} bits differ (outlined): {bits}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No bit differs.</source>
        <translation>No bit differs.</translation>
    </message>
</context>
<context>
    <name>FolderActions</name>
    <message>
        <location filename="../../simcompare/gui/folder/actions.py" line="+33"/>
        <source>Re-prioritise…</source>
        <translation>Re-prioritise…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose each group&apos;s reference by ordered criteria</source>
        <translation>Choose each group&apos;s reference by ordered criteria</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+20"/>
        <source>Mark all but the reference</source>
        <translation>Mark all but the reference</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>In every group, mark every file except its reference</source>
        <translation>In every group, mark every file except its reference</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mark all but the reference in the selected groups</source>
        <translation>Mark all but the reference in the selected groups</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Mark all but the oldest</source>
        <translation>Mark all but the oldest</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the newest</source>
        <translation>Mark all but the newest</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the smallest</source>
        <translation>Mark all but the smallest</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the largest</source>
        <translation>Mark all but the largest</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the shortest path</source>
        <translation>Mark all but the shortest path</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark all but the longest path</source>
        <translation>Mark all but the longest path</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+7"/>
        <source>Mark the files inside a folder…</source>
        <translation>Mark the files inside a folder…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mark all</source>
        <translation>Mark all</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mark every file but the references</source>
        <translation>Mark every file but the references</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mark the selected files</source>
        <translation>Mark the selected files</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unmark the selected files</source>
        <translation>Unmark the selected files</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Invert the marks</source>
        <translation>Invert the marks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the marks</source>
        <translation>Clear the marks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last marking</source>
        <translation>Undo the last marking</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo the marking</source>
        <translation>Redo the marking</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Make this the reference</source>
        <translation>Make this the reference</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measure the group&apos;s distances to this file, and keep it when marking</source>
        <translation>Measure the group&apos;s distances to this file, and keep it when marking</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reference folders…</source>
        <translation>Reference folders…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files in these folders are always references and never marked</source>
        <translation>Files in these folders are always references and never marked</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show in folder</source>
        <translation>Show in folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy paths</source>
        <translation>Copy paths</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Side by side</source>
        <translation>Side by side</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not duplicates</source>
        <translation>Not duplicates</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not-duplicates list…</source>
        <translation>Not-duplicates list…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to folder…</source>
        <translation>Move to folder…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to trash…</source>
        <translation>Move to trash…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the action log</source>
        <translation>Open the action log</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save results…</source>
        <translation>Save results…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open results…</source>
        <translation>Open results…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export CSV…</source>
        <translation>Export CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export JSON…</source>
        <translation>Export JSON…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Mark</source>
        <translation>&amp;Mark</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Add to the marks</source>
        <translation>Add to the marks</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Duplicates</source>
        <translation>&amp;Duplicates</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Mark by rule</source>
        <translation>Mark by rule</translation>
    </message>
</context>
<context>
    <name>FolderDialogs</name>
    <message>
        <location filename="../../simcompare/gui/folder/dialogs.py" line="+144"/>
        <source>Choose a folder to scan</source>
        <translation>Choose a folder to scan</translation>
    </message>
    <message>
        <location line="+31"/>
        <location line="+6"/>
        <location line="+3"/>
        <source>Save results</source>
        <translation>Save results</translation>
    </message>
    <message>
        <location line="-9"/>
        <location line="+17"/>
        <location line="+27"/>
        <source>JSON files (*.json)</source>
        <translation>JSON files (*.json)</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Open results</source>
        <translation>Open results</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <location line="+3"/>
        <source>Export groups</source>
        <translation>Export groups</translation>
    </message>
</context>
<context>
    <name>FolderPage</name>
    <message>
        <location filename="../../simcompare/gui/folder/page.py" line="+168"/>
        <source>Filter by path</source>
        <translation>Filter by path</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Marked only</source>
        <translation>Marked only</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show only the marked files</source>
        <translation>Show only the marked files</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Mark</source>
        <translation>Mark</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show in folder</source>
        <translation>Show in folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+59"/>
        <source>Side by side</source>
        <translation>Side by side</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>Not duplicates</source>
        <translation>Not duplicates</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remember that these two files are not duplicates</source>
        <translation>Remember that these two files are not duplicates</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Move to trash…</source>
        <translation>Move to trash…</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Two selected files, or a file and its group&apos;s reference (Enter)</source>
        <translation>Two selected files, or a file and its group&apos;s reference (Enter)</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>Preferences reset to their defaults (the file is left as it is): {0}</source>
        <translation>Preferences reset to their defaults (the file is left as it is): {0}</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Move to folder…</source>
        <translation>Move to folder…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Moves the marked files (or the selected ones), keeping their paths</source>
        <translation>Moves the marked files (or the selected ones), keeping their paths</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Moves the marked files (or the selected ones) after asking (Delete)</source>
        <translation>Moves the marked files (or the selected ones) after asking (Delete)</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Groups</source>
        <translation>Groups</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Problems</source>
        <translation>Problems</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty files</source>
        <translation>Empty files</translation>
    </message>
    <message>
        <location line="+115"/>
        <source>Choose a folder that exists.</source>
        <translation>Choose a folder that exists.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Starting…</source>
        <translation>Starting…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cancelling…</source>
        <translation>Cancelling…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Opening the results…</source>
        <translation>Opening the results…</translation>
    </message>
    <message numerus="yes">
        <location line="+88"/>
        <source>Problems (%Ln)</source>
        <translation>
            <numerusform>Problems (%Ln)</numerusform>
            <numerusform>Problems (%Ln)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Empty files (%Ln)</source>
        <translation>
            <numerusform>Empty files (%Ln)</numerusform>
            <numerusform>Empty files (%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../simcompare/gui/folder/dialogs.py" line="+17"/>
        <source>The files are listed under Details.</source>
        <translation>The files are listed under Details.</translation>
    </message>
</context>
<context>
    <name>FolderViews</name>
    <message>
        <location filename="../../simcompare/gui/folder/dupes_view.py" line="+66"/>
        <source>Dupes only</source>
        <translation>Dupes only</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The files that are not references, as one list</source>
        <translation>The files that are not references, as one list</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delta values</source>
        <translation>Delta values</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each file&apos;s size and words against its group&apos;s reference</source>
        <translation>Each file&apos;s size and words against its group&apos;s reference</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove from results</source>
        <translation>Remove from results</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop the selected files from this result; the files are not touched</source>
        <translation>Drop the selected files from this result; the files are not touched</translation>
    </message>
    <message numerus="yes">
        <location line="+63"/>
        <source>%Ln files removed from the results (Undo brings them back)</source>
        <translation>
            <numerusform>%Ln files removed from the results (Undo brings them back)</numerusform>
            <numerusform>%Ln files removed from the results (Undo brings them back)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GeometryView</name>
    <message>
        <location filename="../../simcompare/gui/compare/geometry_view.py" line="+24"/>
        <source>The articles&apos; example: three hyperplanes</source>
        <translation>The articles&apos; example: three hyperplanes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Two dimensions</source>
        <translation>Two dimensions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text A</source>
        <translation>Text A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text B</source>
        <translation>Text B</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Show:</source>
        <translation>Show:</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A text without features has no direction, so no angle.</source>
        <translation>A text without features has no direction, so no angle.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A and B: θ = {deg}° between their weight vectors, so f·θ/π = {predicted} bits are expected to differ; {actual} do.</source>
        <translation>A and B: θ = {deg}° between their weight vectors, so f·θ/π = {predicted} bits are expected to differ; {actual} do.</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>d (weight)</source>
        <translation>d (weight)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>d · r</source>
        <translation>d · r</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bit</source>
        <translation>bit</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Σ d_i × r{j}_i: the per-bit sum {j}</source>
        <translation>Σ d_i × r{j}_i: the per-bit sum {j}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Shown: the {rows} heaviest of {n} coordinates, the first {planes} of {f} hyperplanes.</source>
        <translation>Shown: the {rows} heaviest of {n} coordinates, the first {planes} of {f} hyperplanes.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each column r_j is a hyperplane&apos;s normal: every token&apos;s code bit j as ±1. Bit j is the side of hyperplane j the document d lies on: 1 when d · r_j &gt; 0. Signature: {binary}.</source>
        <translation>Each column r_j is a hyperplane&apos;s normal: every token&apos;s code bit j as ±1. Bit j is the side of hyperplane j the document d lies on: 1 when d · r_j &gt; 0. Signature: {binary}.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Measuring {n} pairs of the bundled examples…</source>
        <translation>Measuring {n} pairs of the bundled examples…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{n} pairs of the bundled examples (a share of 0–100 % of the words replaced), {f} bits: on average the distance is f·θ/π {sign}{error} bits (mean |error| {abs_error}): a bit differs with probability θ/π.</source>
        <translation>{n} pairs of the bundled examples (a share of 0–100 % of the words replaced), {f} bits: on average the distance is f·θ/π {sign}{error} bits (mean |error| {abs_error}): a bit differs with probability θ/π.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Measuring the pairs of the bundled examples: {done} of {total}…</source>
        <translation>Measuring the pairs of the bundled examples: {done} of {total}…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not measure the pairs: {reason}</source>
        <translation>Could not measure the pairs: {reason}</translation>
    </message>
</context>
<context>
    <name>GroupTreeModel</name>
    <message>
        <location filename="../../simcompare/gui/folder/models.py" line="+446"/>
        <source>Group / file</source>
        <translation>Group / file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>Files</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Modified</source>
        <translation>Modified</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distance</source>
        <translation>Distance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verified</source>
        <translation>Verified</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Identical</source>
        <translation>Identical</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Groups, and the files in them; the group&apos;s reference comes first</source>
        <translation>Groups, and the files in them; the group&apos;s reference comes first</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How many files the group holds</source>
        <translation>How many files the group holds</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file&apos;s size; for a group, what removing every file but the reference frees</source>
        <translation>A file&apos;s size; for a group, what removing every file but the reference frees</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When the file was last changed</source>
        <translation>When the file was last changed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Differing fingerprint bits to the group&apos;s reference; for a group, the largest</source>
        <translation>Differing fingerprint bits to the group&apos;s reference; for a group, the largest</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How much of the text is shared with the reference (the check behind every group)</source>
        <translation>How much of the text is shared with the reference (the check behind every group)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The cleaned text equals the reference&apos;s</source>
        <translation>The cleaned text equals the reference&apos;s</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>{0:.0%} shared</source>
        <translation>{0:.0%} shared</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>hard link of {0}</source>
        <translation>hard link of {0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>identical</source>
        <translation>identical</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>The group&apos;s reference: distances are measured to it</source>
        <translation>The group&apos;s reference: distances are measured to it</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In a reference folder: always kept, never marked</source>
        <translation>In a reference folder: always kept, never marked</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Also close to: {0}</source>
        <translation>Also close to: {0}</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> and %Ln more</source>
        <translation>
            <numerusform> and %Ln more</numerusform>
            <numerusform> and %Ln more</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0} of {1} bits differ: {2:.1%} alike</source>
        <translation>{0} of {1} bits differ: {2:.1%} alike</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Grouped on its shared word pairs alone (farther than k)</source>
        <translation>Grouped on its shared word pairs alone (farther than k)</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>Group {0}: {1}</source>
        <translation>Group {0}: {1}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{0} wasted</source>
        <translation>{0} wasted</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>≤ {0}</source>
        <translation>≤ {0}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Removing every file of the group but the reference frees this much</source>
        <translation>Removing every file of the group but the reference frees this much</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Largest distance between any two members of the group</source>
        <translation>Largest distance between any two members of the group</translation>
    </message>
    <message>
        <location line="-174"/>
        <source>{0} (gone since)</source>
        <translation>{0} (gone since)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0} (changed since)</source>
        <translation>{0} (changed since)</translation>
    </message>
    <message>
        <location line="+193"/>
        <source>reference</source>
        <translation>reference</translation>
    </message>
</context>
<context>
    <name>GroupsSummary</name>
    <message numerus="yes">
        <location filename="../../simcompare/gui/folder/progress.py" line="+187"/>
        <source>%Ln group(s)</source>
        <translation>
            <numerusform>%Ln group</numerusform>
            <numerusform>%Ln groups</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln file(s) in groups</source>
        <translation>
            <numerusform>%Ln file in groups</numerusform>
            <numerusform>%Ln files in groups</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>of %Ln scanned</source>
        <translation>
            <numerusform>of %Ln scanned</numerusform>
            <numerusform>of %Ln scanned</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0} wasted</source>
        <translation>{0} wasted</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PARTIAL (scan cancelled): </source>
        <translation>PARTIAL (scan cancelled): </translation>
    </message>
    <message>
        <location line="+20"/>
        <source>≈ {0:.2%} of all pairs of files within k (sampled)</source>
        <translation>≈ {0:.2%} of all pairs of files within k (sampled)</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln pair(s) of files within k</source>
        <translation>
            <numerusform>%Ln pair of files within k</numerusform>
            <numerusform>%Ln pairs of files within k</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the groups as saved: each member is being checked again, then you can act…</source>
        <translation>the groups as saved: each member is being checked again, then you can act…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the groups as saved, not checked: change k to check them and act</source>
        <translation>the groups as saved, not checked: change k to check them and act</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the groups as saved, each member checked again (a change of k searches anew)</source>
        <translation>the groups as saved, each member checked again (a change of k searches anew)</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln verified near-duplicate pair(s) of distinct texts (copies counted once)</source>
        <translation>
            <numerusform>%Ln verified near-duplicate pair of distinct texts (copies counted once)</numerusform>
            <numerusform>%Ln verified near-duplicate pairs of distinct texts (copies counted once)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no index: every pair compared</source>
        <translation>no index: every pair compared</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>index: {0} covering masks over {1} parts</source>
        <translation>index: {0} covering masks over {1} parts</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>index: {0} blocks</source>
        <translation>index: {0} blocks</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (the search at k = {0}, kept for smaller k)</source>
        <translation> (the search at k = {0}, kept for smaller k)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, {0} candidate checks where brute force compares {1} pairs</source>
        <translation>, {0} candidate checks where brute force compares {1} pairs</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>grouping at k = {0}…</source>
        <translation>grouping at k = {0}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · the fingerprint settings changed: scan again to apply them</source>
        <translation> · the fingerprint settings changed: scan again to apply them</translation>
    </message>
</context>
<context>
    <name>Handout</name>
    <message>
        <location filename="../../simcompare/gui/compare/handout.py" line="+39"/>
        <source>Clean</source>
        <translation>Clean</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weights</source>
        <translation>Weights</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Codes</source>
        <translation>Codes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>±w</source>
        <translation>±w</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sums</source>
        <translation>Sums</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Signs</source>
        <translation>Signs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>XOR</source>
        <translation>XOR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distance</source>
        <translation>Distance</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The {rows} heaviest of {n} tokens.</source>
        <translation>The {rows} heaviest of {n} tokens.</translation>
    </message>
    <message>
        <location line="+30"/>
        <location line="+13"/>
        <location line="+6"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Count</source>
        <translation>Count</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight</source>
        <translation>Weight</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The first {n} of {f} bits.</source>
        <translation>The first {n} of {f} bits.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{ones} ones: the Hamming distance is {d} of {f} bits.</source>
        <translation>{ones} ones: the Hamming distance is {d} of {f} bits.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{a} and {b}: f = {f} bits, k = {k}, weighting {weighting}</source>
        <translation>{a} and {b}: f = {f} bits, k = {k}, weighting {weighting}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>typed (a toy example)</source>
        <translation>typed (a toy example)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step {i} of {n}: {name}</source>
        <translation>Step {i} of {n}: {name}</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>SimHash step by step</source>
        <translation>SimHash step by step</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Text A</source>
        <translation>Text A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text B</source>
        <translation>Text B</translation>
    </message>
</context>
<context>
    <name>IndexView</name>
    <message>
        <location filename="../../simcompare/gui/compare/index_view.py" line="+33"/>
        <source>How many fingerprints the index holds</source>
        <translation>How many fingerprints the index holds</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Fingerprints in the index:</source>
        <translation>Fingerprints in the index:</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>With k = {k} of {f} bits there is nothing for an index to cut.</source>
        <translation>With k = {k} of {f} bits there is nothing for an index to cut.</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%Ln differing bit(s) can touch at most {d} of the {blocks} blocks, so at least one block is the same in both: here {shared}. The index sorts the fingerprints by each block, so it meets this pair in that block&apos;s table and then checks its distance.</source>
        <translation>
            <numerusform>%Ln differing bit can touch at most {d} of the {blocks} blocks, so at least one block is the same in both: here {shared}. The index sorts the fingerprints by each block, so it meets this pair in that block&apos;s table and then checks its distance.</numerusform>
            <numerusform>%Ln differing bits can touch at most {d} of the {blocks} blocks, so at least one block is the same in both: here {shared}. The index sorts the fingerprints by each block, so it meets this pair in that block&apos;s table and then checks its distance.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%Ln differing bit(s) are more than k = {k}: they may touch every block, and the index need not meet this pair (shared blocks here: {shared}). It is not a near-duplicate anyway.</source>
        <translation>
            <numerusform>%Ln differing bit is more than k = {k}: it may touch every block, and the index need not meet this pair (shared blocks here: {shared}). It is not a near-duplicate anyway.</numerusform>
            <numerusform>%Ln differing bits are more than k = {k}: they may touch every block, and the index need not meet this pair (shared blocks here: {shared}). It is not a near-duplicate anyway.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>block {i} (bits {start}–{stop})</source>
        <translation>block {i} (bits {start}–{stop})</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>k = {k}: the {f} bits are cut into k + 1 = {blocks} blocks.</source>
        <translation>k = {k}: the {f} bits are cut into k + 1 = {blocks} blocks.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The last folder scan: {n} fingerprints of {f} bits, k = {k}: every pair compared, no index (cheaper for this few fingerprints at this k, where blocks of a few bits make most pairs candidates many times over); {candidates} pairs checked of {possible} possible, {found} pairs within k.</source>
        <translation>The last folder scan: {n} fingerprints of {f} bits, k = {k}: every pair compared, no index (cheaper for this few fingerprints at this k, where blocks of a few bits make most pairs candidates many times over); {candidates} pairs checked of {possible} possible, {found} pairs within k.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The last folder scan: {n} fingerprints of {f} bits, k = {k}: {keys} covering masks over {blocks} parts of the bits instead of blocks (cheaper for this many fingerprints at this k; exact all the same: a pair within k agrees on every bit of at least one mask); {candidates} candidate pairs checked of {possible} possible, {found} pairs within k.</source>
        <translation>The last folder scan: {n} fingerprints of {f} bits, k = {k}: {keys} covering masks over {blocks} parts of the bits instead of blocks (cheaper for this many fingerprints at this k; exact all the same: a pair within k agrees on every bit of at least one mask); {candidates} candidate pairs checked of {possible} possible, {found} pairs within k.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The last folder scan: {n} fingerprints of {f} bits, k = {k}: {blocks} blocks, {keys} tables; {candidates} candidate pairs checked of {possible} possible, {found} pairs within k.</source>
        <translation>The last folder scan: {n} fingerprints of {f} bits, k = {k}: {blocks} blocks, {keys} tables; {candidates} candidate pairs checked of {possible} possible, {found} pairs within k.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The pigeonhole: k + 1 blocks, one table per block</source>
        <translation>The pigeonhole: k + 1 blocks, one table per block</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>What a scan of n = 2^{e} fingerprints uses: {blocks} blocks, each table keyed on {per_key} of them</source>
        <translation>What a scan of n = 2^{e} fingerprints uses: {blocks} blocks, each table keyed on {per_key} of them</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{agree} of the {blocks} blocks agree; a table&apos;s key is any {per_key} blocks, so {meeting} of its {tables} tables meet this pair. Within k = {k}, at least {per_key} blocks always agree.</source>
        <translation>{agree} of the {blocks} blocks agree; a table&apos;s key is any {per_key} blocks, so {meeting} of its {tables} tables meet this pair. Within k = {k}, at least {per_key} blocks always agree.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Manku, Jain and Das Sarma (2007) cut the fingerprint into more blocks than k + 1 and key each table on several of them: more tables to sort and search, but wider keys, so far fewer chance candidates. For n = 2^{e}: {naive_tables} tables with keys of at least {naive_bits} bits meet about {naive} candidates per query; {scan_tables} tables with keys of at least {scan_bits} bits meet about {scan}. The scan weighs the two with its cost model and uses the cheaper layout.</source>
        <translation>Manku, Jain and Das Sarma (2007) cut the fingerprint into more blocks than k + 1 and key each table on several of them: more tables to sort and search, but wider keys, so far fewer chance candidates. For n = 2^{e}: {naive_tables} tables with keys of at least {naive_bits} bits meet about {naive} candidates per query; {scan_tables} tables with keys of at least {scan_bits} bits meet about {scan}. The scan weighs the two with its cost model and uses the cheaper layout.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Blocks (count × bits)</source>
        <translation>Blocks (count × bits)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Blocks in a key</source>
        <translation>Blocks in a key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tables: C(blocks, k)</source>
        <translation>Tables: C(blocks, k)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Narrowest key</source>
        <translation>Narrowest key</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{bits} bits</source>
        <translation>{bits} bits</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Candidates per query</source>
        <translation>Candidates per query</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Candidates in a whole scan</source>
        <translation>Candidates in a whole scan</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>k + 1 blocks</source>
        <translation>k + 1 blocks</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The scan&apos;s layout</source>
        <translation>The scan&apos;s layout</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Chance candidates for random fingerprints: two agree on a b-bit key with chance 2^−b, so a query meets (n − 1) × Σ 2^−(key bits) over the tables, a whole scan n(n − 1)/2 × Σ 2^−(key bits).</source>
        <translation>Chance candidates for random fingerprints: two agree on a b-bit key with chance 2^−b, so a query meets (n − 1) × Σ 2^−(key bits) over the tables, a whole scan n(n − 1)/2 × Σ 2^−(key bits).</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>n = 2^{e} fingerprints, f = {f}, k = {k}: {blocks} blocks of {widths} bits, one sorted table per block. A query looks up its key in each table and meets about n / 2^(block bits) random fingerprints there: {per_table}; about {total} candidates per query instead of n.</source>
        <translation>n = 2^{e} fingerprints, f = {f}, k = {k}: {blocks} blocks of {widths} bits, one sorted table per block. A query looks up its key in each table and meets about n / 2^(block bits) random fingerprints there: {per_table}; about {total} candidates per query instead of n.</translation>
    </message>
</context>
<context>
    <name>LessonExporter</name>
    <message>
        <location filename="../../simcompare/gui/compare/handout.py" line="-26"/>
        <source>Export lesson…</source>
        <translation>Export lesson…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save every step for the two texts on screen as a PDF, one page per step</source>
        <translation>Save every step for the two texts on screen as a PDF, one page per step</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not save {path}: {reason}</source>
        <translation>Could not save {path}: {reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved {path}</source>
        <translation>Saved {path}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Export lesson</source>
        <translation>Export lesson</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF document (*.pdf)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../simcompare/gui/main_window.py" line="+91"/>
        <source>How alike are these texts?</source>
        <translation>How alike are these texts?</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Compare two texts</source>
        <translation>Compare two texts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder</source>
        <translation>Folder</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Preferences neither read nor saved this time: {0}</source>
        <translation>Preferences neither read nor saved this time: {0}</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Open Text &amp;A…</source>
        <translation>Open Text &amp;A…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Text &amp;B…</source>
        <translation>Open Text &amp;B…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Swap A and B</source>
        <translation>&amp;Swap A and B</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Exchange the two texts</source>
        <translation>Exchange the two texts</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear both texts</source>
        <translation>&amp;Clear both texts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Restore default settings</source>
        <translation>&amp;Restore default settings</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Compare page</source>
        <translation>&amp;Compare page</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Folder page</source>
        <translation>&amp;Folder page</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;teps</source>
        <translation>S&amp;teps</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Differences</source>
        <translation>&amp;Differences</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings panel</source>
        <translation>&amp;Settings panel</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;How SimHash works</source>
        <translation>&amp;How SimHash works</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About simcompare</source>
        <translation>&amp;About simcompare</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>About &amp;Qt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follow the system</source>
        <translation>Follow the system</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show the window in this language (the window is rebuilt at once)</source>
        <translation>Show the window in this language (the window is rebuilt at once)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Edit</source>
        <translation>&amp;Edit</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E&amp;xamples</source>
        <translation>E&amp;xamples</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Computing…</source>
        <translation>Computing…</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>&lt;h3&gt;simcompare {version}&lt;/h3&gt;&lt;p&gt;How alike are these texts? SimHash fingerprints, near-duplicate search, and a window that shows every step.&lt;/p&gt;&lt;p&gt;&lt;b&gt;References&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Moses S. Charikar. Similarity estimation techniques from rounding algorithms. &lt;i&gt;Proceedings of the 34th ACM Symposium on Theory of Computing (STOC)&lt;/i&gt;, 2002.&lt;/p&gt;&lt;p&gt;Gurmeet Singh Manku, Arvind Jain and Anish Das Sarma. Detecting near-duplicates for web crawling. &lt;i&gt;Proceedings of the 16th International World Wide Web Conference (WWW)&lt;/i&gt;, 2007.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;simcompare {version}&lt;/h3&gt;&lt;p&gt;How alike are these texts? SimHash fingerprints, near-duplicate search, and a window that shows every step.&lt;/p&gt;&lt;p&gt;&lt;b&gt;References&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Moses S. Charikar. Similarity estimation techniques from rounding algorithms. &lt;i&gt;Proceedings of the 34th ACM Symposium on Theory of Computing (STOC)&lt;/i&gt;, 2002.&lt;/p&gt;&lt;p&gt;Gurmeet Singh Manku, Arvind Jain and Anish Das Sarma. Detecting near-duplicates for web crawling. &lt;i&gt;Proceedings of the 16th International World Wide Web Conference (WWW)&lt;/i&gt;, 2007.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>About simcompare</source>
        <translation>About simcompare</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>How SimHash works</source>
        <translation>How SimHash works</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Open on the Compare page</source>
        <translation>Open on the Compare page</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The Compare page holds text you typed. Replace it with these two files?</source>
        <translation>The Compare page holds text you typed. Replace it with these two files?</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Something went wrong inside simcompare: {error}

What you asked for may not have finished; the window is still usable. The details are in {log}.</source>
        <translation>Something went wrong inside simcompare: {error}

What you asked for may not have finished; the window is still usable. The details are in {log}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Internal error: {error}</source>
        <translation>Internal error: {error}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Internal error</source>
        <translation>Internal error</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>computed in {ms} ms</source>
        <translation>computed in {ms} ms</translation>
    </message>
</context>
<context>
    <name>Marking</name>
    <message>
        <location filename="../../simcompare/gui/folder/marking.py" line="+80"/>
        <source>Mark the files inside this folder</source>
        <translation>Mark the files inside this folder</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>none marked</source>
        <translation>none marked</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln marked</source>
        <translation>
            <numerusform>%Ln marked</numerusform>
            <numerusform>%Ln marked</numerusform>
        </translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, {0} in all</source>
        <translation>, {0} in all</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../../simcompare/gui/common/workers.py" line="+54"/>
        <source>the teaching table has no code for &apos;{0}&apos;: it knows only the tokens a–e</source>
        <translation>the teaching table has no code for &apos;{0}&apos;: it knows only the tokens a–e</translation>
    </message>
    <message>
        <location filename="../../simcompare/gui/common/messages.py" line="+30"/>
        <source>the file does not exist</source>
        <translation>the file does not exist</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a folder, not a file</source>
        <translation>it is a folder, not a file</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it is a pipe, socket or device, not a file</source>
        <translation>it is a pipe, socket or device, not a file</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+2"/>
        <location line="+107"/>
        <source>permission denied</source>
        <translation>permission denied</translation>
    </message>
    <message>
        <location line="-102"/>
        <source>the file is too large</source>
        <translation>the file is too large</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it looks like a binary file, not text</source>
        <translation>it looks like a binary file, not text</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it is not text in any encoding simcompare knows</source>
        <translation>it is not text in any encoding simcompare knows</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it is password-protected</source>
        <translation>it is password-protected</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the PDF has no text layer — a scanned image?</source>
        <translation>the PDF has no text layer — a scanned image?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the document is damaged</source>
        <translation>the document is damaged</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the document unpacks to more than the size limit</source>
        <translation>the document unpacks to more than the size limit</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>reading the document took too long</source>
        <translation>reading the document took too long</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>the file cannot be read</source>
        <translation>the file cannot be read</translation>
    </message>
    <message>
        <location line="-73"/>
        <source>binary file</source>
        <translation>binary file</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot be decoded</source>
        <translation>cannot be decoded</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>too large</source>
        <translation>too large</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>vanished during the scan</source>
        <translation>vanished during the scan</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>changed during the scan</source>
        <translation>changed during the scan</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>broken link</source>
        <translation>broken link</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>not a regular file</source>
        <translation>not a regular file</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>unreadable</source>
        <translation>unreadable</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>internal error</source>
        <translation>internal error</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>password-protected</source>
        <translation>password-protected</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no text layer</source>
        <translation>no text layer</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>damaged document</source>
        <translation>damaged document</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unpacks too large</source>
        <translation>unpacks too large</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>took too long</source>
        <translation>took too long</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>The file holds bytes that text never has; it looks like a program or an image.</source>
        <translation>The file holds bytes that text never has; it looks like a program or an image.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No known encoding (UTF-8, GB18030, Big5) reads the file as text.</source>
        <translation>No known encoding (UTF-8, GB18030, Big5) reads the file as text.</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>The file is larger than the limit set under Largest file.</source>
        <translation>The file is larger than the limit set under Largest file.</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>The system does not allow reading it.</source>
        <translation>The system does not allow reading it.</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The file was deleted or moved while the scan ran.</source>
        <translation>The file was deleted or moved while the scan ran.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The file changed while it was being read; scan again.</source>
        <translation>The file changed while it was being read; scan again.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A link that points nowhere or to itself; links are not followed.</source>
        <translation>A link that points nowhere or to itself; links are not followed.</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>A pipe, socket or device, not a file: it is never opened, as reading it could never end.</source>
        <translation>A pipe, socket or device, not a file: it is never opened, as reading it could never end.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The document is encrypted: it opens only with its password.</source>
        <translation>The document is encrypted: it opens only with its password.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The PDF&apos;s pages are pictures with no text on them — a scanned image? Run OCR on it first.</source>
        <translation>The PDF&apos;s pages are pictures with no text on them — a scanned image? Run OCR on it first.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The document is damaged and cannot be parsed.</source>
        <translation>The document is damaged and cannot be parsed.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The archive would unpack to more than the size limit (a zip bomb?); reading stopped there.</source>
        <translation>The archive would unpack to more than the size limit (a zip bomb?); reading stopped there.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reading the document took longer than the time limit; it was left out.</source>
        <translation>Reading the document took longer than the time limit; it was left out.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A bug in simcompare kept it from being read; its details are in internal-errors.log.</source>
        <translation>A bug in simcompare kept it from being read; its details are in internal-errors.log.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The file could not be read.</source>
        <translation>The file could not be read.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no such file or folder</source>
        <translation>no such file or folder</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>operation not permitted</source>
        <translation>operation not permitted</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is a folder</source>
        <translation>it is a folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a folder</source>
        <translation>not a folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too many levels of symbolic links</source>
        <translation>too many levels of symbolic links</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input/output error</source>
        <translation>input/output error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the name is too long</source>
        <translation>the name is too long</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read-only file system</source>
        <translation>read-only file system</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no space left on the device</source>
        <translation>no space left on the device</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file is in use</source>
        <translation>the file is in use</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file exists already</source>
        <translation>the file exists already</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot move across devices</source>
        <translation>cannot move across devices</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>system error {0}</source>
        <translation>system error {0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the operation failed</source>
        <translation>the operation failed</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: {reason}</source>
        <translation>{path}: {reason}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unexpected error ({0})</source>
        <translation>unexpected error ({0})</translation>
    </message>
</context>
<context>
    <name>NotDuplicatesDialog</name>
    <message>
        <location filename="../../simcompare/gui/folder/dialogs.py" line="-192"/>
        <location line="+27"/>
        <source>Not duplicates</source>
        <translation>Not duplicates</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forget the selected pairs: they may be grouped again</source>
        <translation>Forget the selected pairs: they may be grouped again</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Pairs you said are not duplicates (%Ln)</source>
        <translation>
            <numerusform>Pairs you said are not duplicates (%Ln)</numerusform>
            <numerusform>Pairs you said are not duplicates (%Ln)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PlaneDrawing</name>
    <message>
        <location filename="../../simcompare/gui/compare/plane_view.py" line="+63"/>
        <source>A text without features has no direction.</source>
        <translation>A text without features has no direction.</translation>
    </message>
</context>
<context>
    <name>PlaneView</name>
    <message>
        <location line="+77"/>
        <source>Texts A and B</source>
        <translation>Texts A and B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The articles&apos; example: three hyperplanes</source>
        <translation>The articles&apos; example: three hyperplanes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The articles&apos; example: two dimensions</source>
        <translation>The articles&apos; example: two dimensions</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One more hyperplane</source>
        <translation>One more hyperplane</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+86"/>
        <source>Play</source>
        <translation>Play</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>{n} lines a second</source>
        <translation>{n} lines a second</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only the fingerprint&apos;s</source>
        <translation>Only the fingerprint&apos;s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the f hyperplanes of the fingerprint again, without random ones</source>
        <translation>Show the f hyperplanes of the fingerprint again, without random ones</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Show:</source>
        <translation>Show:</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A text without features has no direction, so no picture.</source>
        <translation>A text without features has no direction, so no picture.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{n} lines: {bits} of the fingerprint&apos;s {f} hyperplanes and {random} random ones. {s} separate {a} and {b}: {share} %. θ = {deg}°, so θ/π = {expected} %.</source>
        <translation>{n} lines: {bits} of the fingerprint&apos;s {f} hyperplanes and {random} random ones. {s} separate {a} and {b}: {share} %. θ = {deg}°, so θ/π = {expected} %.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Each hyperplane of the fingerprint meets the plane of {a} and {b} in a line through the origin; bit j is the side of line j a document lies on. Lit: the lines that separate them; of the fingerprint&apos;s lines shown, bits {list} ({d}) — exactly the bits where the fingerprints differ. A random hyperplane separates them with probability θ/π, so f bits differ in about f·θ/π of them.</source>
        <translation>Each hyperplane of the fingerprint meets the plane of {a} and {b} in a line through the origin; bit j is the side of line j a document lies on. Lit: the lines that separate them; of the fingerprint&apos;s lines shown, bits {list} ({d}) — exactly the bits where the fingerprints differ. A random hyperplane separates them with probability θ/π, so f bits differ in about f·θ/π of them.</translation>
    </message>
</context>
<context>
    <name>ProblemsModel</name>
    <message>
        <location filename="../../simcompare/gui/folder/problems_model.py" line="+39"/>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>ReferenceFoldersDialog</name>
    <message>
        <location filename="../../simcompare/gui/folder/dialogs.py" line="+30"/>
        <source>Reference folders</source>
        <translation>Reference folders</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add…</source>
        <translation>Add…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Files in these folders are always references and never marked.</source>
        <translation>Files in these folders are always references and never marked.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Add a reference folder</source>
        <translation>Add a reference folder</translation>
    </message>
</context>
<context>
    <name>ReplaceCommands</name>
    <message>
        <location filename="../../simcompare/gui/folder/replace_commands.py" line="+50"/>
        <location line="+103"/>
        <source>Replace with hard link</source>
        <translation>Replace with hard link</translation>
    </message>
    <message>
        <location line="-101"/>
        <source>Replace each chosen file with a hard link to its group&apos;s reference (identical files only)</source>
        <translation>Replace each chosen file with a hard link to its group&apos;s reference (identical files only)</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+98"/>
        <source>Replace with symbolic link</source>
        <translation>Replace with symbolic link</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>Replace each chosen file with a symbolic link to its group&apos;s reference (identical files only)</source>
        <translation>Replace each chosen file with a symbolic link to its group&apos;s reference (identical files only)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete permanently…</source>
        <translation>Delete permanently…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the chosen files without the trash, after asking twice</source>
        <translation>Delete the chosen files without the trash, after asking twice</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy to folder…</source>
        <translation>Copy to folder…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the chosen files into a folder, keeping their paths; the files stay</source>
        <translation>Copy the chosen files into a folder, keeping their paths; the files stay</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove folders left empty</source>
        <translation>Remove folders left empty</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After a move or a delete, remove the folders it left empty (never the scanned folder)</source>
        <translation>After a move or a delete, remove the folders it left empty (never the scanned folder)</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Choose copies, not their group&apos;s reference.</source>
        <translation>Choose copies, not their group&apos;s reference.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Replace %Ln file(s) with a hard link to their group&apos;s reference?</source>
        <translation>
            <numerusform>Replace %Ln file with a hard link to its group&apos;s reference?</numerusform>
            <numerusform>Replace %Ln files with a hard link to their group&apos;s reference?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Replace %Ln file(s) with a symbolic link to their group&apos;s reference?</source>
        <translation>
            <numerusform>Replace %Ln file with a symbolic link to its group&apos;s reference?</numerusform>
            <numerusform>Replace %Ln files with a symbolic link to their group&apos;s reference?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln of them differ from their reference and will be left as they are.</source>
        <translation>
            <numerusform>%Ln of them differs from its reference and will be left as it is.</numerusform>
            <numerusform>%Ln of them differ from their reference and will be left as they are.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Delete permanently</source>
        <translation>Delete permanently</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Delete %Ln file(s) ({0}) permanently? They do not go to the trash.</source>
        <translation>
            <numerusform>Delete %Ln file ({0}) permanently? It does not go to the trash.</numerusform>
            <numerusform>Delete %Ln files ({0}) permanently? They do not go to the trash.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete every copy?</source>
        <translation>Delete every copy?</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Really delete %Ln file(s) ({0})? This cannot be undone.</source>
        <translation>
            <numerusform>Really delete %Ln file ({0})? This cannot be undone.</numerusform>
            <numerusform>Really delete %Ln files ({0})? This cannot be undone.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Copy to folder</source>
        <translation>Copy to folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the files into this folder</source>
        <translation>Copy the files into this folder</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Copy %Ln file(s) into {0}, keeping their paths?</source>
        <translation>
            <numerusform>Copy %Ln file into {0}, keeping its path?</numerusform>
            <numerusform>Copy %Ln files into {0}, keeping their paths?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+52"/>
        <source>%Ln file(s) were left as they were:</source>
        <translation>
            <numerusform>%Ln file was left as it was:</numerusform>
            <numerusform>%Ln files were left as they were:</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>it is on another disk or mount than its reference; a hard link cannot join them</source>
        <translation>it is on another disk or mount than its reference; a hard link cannot join them</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>Action log</source>
        <translation>Action log</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The action log could not be written: {0}</source>
        <translation>The action log could not be written: {0}</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%Ln file(s) were not deleted:</source>
        <translation>
            <numerusform>%Ln file was not deleted:</numerusform>
            <numerusform>%Ln files were not deleted:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln file(s) were not replaced with a link:</source>
        <translation>
            <numerusform>%Ln file was not replaced with a link:</numerusform>
            <numerusform>%Ln files were not replaced with a link:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln file(s) deleted</source>
        <translation>
            <numerusform>%Ln file deleted</numerusform>
            <numerusform>%Ln files deleted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln file(s) copied</source>
        <translation>
            <numerusform>%Ln file copied</numerusform>
            <numerusform>%Ln files copied</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln file(s) replaced with a link</source>
        <translation>
            <numerusform>%Ln file replaced with a link</numerusform>
            <numerusform>%Ln files replaced with a link</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its group&apos;s reference changed or vanished since the scan</source>
        <translation>its group&apos;s reference changed or vanished since the scan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it already is a hard link of its group&apos;s reference</source>
        <translation>it already is a hard link of its group&apos;s reference</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>its bytes differ from its reference&apos;s; a link would lose them</source>
        <translation>its bytes differ from its reference&apos;s; a link would lose them</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its results hold no device and inode to tell it from another file; scan again before deleting it</source>
        <translation>its results hold no device and inode to tell it from another file; scan again before deleting it</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>there is not enough free space at the destination</source>
        <translation>there is not enough free space at the destination</translation>
    </message>
</context>
<context>
    <name>ReprioritiseDialog</name>
    <message>
        <location filename="../../simcompare/gui/folder/reprioritise.py" line="+73"/>
        <source>Re-prioritise</source>
        <translation>Re-prioritise</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move up</source>
        <translation>Move up</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move down</source>
        <translation>Move down</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Every group</source>
        <translation>Every group</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>The selected groups (%Ln)</source>
        <translation>
            <numerusform>The selected groups (%Ln)</numerusform>
            <numerusform>The selected groups (%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Each group keeps as its reference the member first by these criteria, the first compared first (ties: the path). Only a member that every other member is close to and verified against can be the reference; a file in a reference folder stays the reference.</source>
        <translation>Each group keeps as its reference the member first by these criteria, the first compared first (ties: the path). Only a member that every other member is close to and verified against can be the reference; a file in a reference folder stays the reference.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Most words</source>
        <translation>Most words</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest file</source>
        <translation>Largest file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Newest</source>
        <translation>Newest</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Oldest</source>
        <translation>Oldest</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inside a folder</source>
        <translation>Inside a folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shortest path</source>
        <translation>Shortest path</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+37"/>
        <source>Preferred formats</source>
        <translation>Preferred formats</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Not named as a copy</source>
        <translation>Not named as a copy</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+2"/>
        <source>{0}: {1}</source>
        <translation>{0}: {1}</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Files inside this folder come first</source>
        <translation>Files inside this folder come first</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>File endings, the preferred first:</source>
        <translation>File endings, the preferred first:</translation>
    </message>
</context>
<context>
    <name>Reprioritising</name>
    <message>
        <location line="+112"/>
        <source>Choosing the references…</source>
        <translation>Choosing the references…</translation>
    </message>
    <message numerus="yes">
        <location line="+31"/>
        <source>New references in %Ln groups</source>
        <translation>
            <numerusform>New references in %Ln groups</numerusform>
            <numerusform>New references in %Ln groups</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>; in %Ln groups the first member by the rule is not close to every other member</source>
        <translation>
            <numerusform>; in %Ln groups the first member by the rule is not close to every other member</numerusform>
            <numerusform>; in %Ln groups the first member by the rule is not close to every other member</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResultRoots</name>
    <message>
        <location filename="../../simcompare/gui/folder/roots_view.py" line="+117"/>
        <source>Not read</source>
        <translation>Not read</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Not read (%Ln)</source>
        <translation>
            <numerusform>Not read (%Ln)</numerusform>
            <numerusform>Not read (%Ln)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RootsList</name>
    <message>
        <location filename="../../simcompare/gui/folder/roots_list.py" line="+44"/>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reference (never marked)</source>
        <translation>Reference (never marked)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Excluded (not read)</source>
        <translation>Excluded (not read)</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Folder</source>
        <translation>Folder</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Role</source>
        <translation>Role</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Add folder…</source>
        <translation>Add folder…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan another folder with this one: normal, reference (never marked) or excluded</source>
        <translation>Scan another folder with this one: normal, reference (never marked) or excluded</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan without the selected folders</source>
        <translation>Scan without the selected folders</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Also:</source>
        <translation>Also:</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Add a folder to scan</source>
        <translation>Add a folder to scan</translation>
    </message>
</context>
<context>
    <name>ScanControls</name>
    <message>
        <location filename="../../simcompare/gui/folder/scan_controls.py" line="+57"/>
        <source>Files within this many differing bits are near-duplicates</source>
        <translation>Files within this many differing bits are near-duplicates</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Folder to scan (or drop one here)</source>
        <translation>Folder to scan (or drop one here)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The folder whose text files are fingerprinted and grouped</source>
        <translation>The folder whose text files are fingerprinted and grouped</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan</source>
        <translation>Scan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Include sub-folders</source>
        <translation>Include sub-folders</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also read the files in every folder below the chosen one</source>
        <translation>Also read the files in every folder below the chosen one</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File endings to read, separated by spaces; empty reads every file that holds text, by its content</source>
        <translation>File endings to read, separated by spaces; empty reads every file that holds text, by its content</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>every file that holds text</source>
        <translation>every file that holds text</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder and file names to skip (globs), separated by spaces</source>
        <translation>Folder and file names to skip (globs), separated by spaces</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no limit</source>
        <translation>no limit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Larger files are listed under Problems</source>
        <translation>Larger files are listed under Problems</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>every file of the types above</source>
        <translation>every file of the types above</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only files whose name or path matches one of these globs, separated by spaces (e.g. report*)</source>
        <translation>Only files whose name or path matches one of these globs, separated by spaces (e.g. report*)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> KB</source>
        <translation> KB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no minimum</source>
        <translation>no minimum</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Smaller files are passed over (very short texts make fragile fingerprints)</source>
        <translation>Smaller files are passed over (very short texts make fragile fingerprints)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Folder:</source>
        <translation>Folder:</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Smallest file:</source>
        <translation>Smallest file:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Largest file:</source>
        <translation>Largest file:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Only:</source>
        <translation>Only:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File types:</source>
        <translation>File types:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip:</source>
        <translation>Skip:</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Threshold k:</source>
        <translation>Threshold k:</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The folder {0} does not exist; remove it from the list</source>
        <translation>The folder {0} does not exist; remove it from the list</translation>
    </message>
</context>
<context>
    <name>ScanProgress</name>
    <message>
        <location filename="../../simcompare/gui/folder/progress.py" line="-185"/>
        <source>Listing files…</source>
        <translation>Listing files…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reading</source>
        <translation>Reading</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: {1} / {2} files · {3:.0f} files/s · {4} left</source>
        <translation>{0}: {1} / {2} files · {3:.0f} files/s · {4} left</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>Opened saved results: %Ln file(s), no scan</source>
        <translation>
            <numerusform>Opened saved results: %Ln file, no scan</numerusform>
            <numerusform>Opened saved results: %Ln files, no scan</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+40"/>
        <source> · {0} changed and {1} gone since</source>
        <translation> · {0} changed and {1} gone since</translation>
    </message>
    <message>
        <location line="-36"/>
        <source> · looking at the files on disk…</source>
        <translation> · looking at the files on disk…</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Cancelled: partial result, %Ln file(s) read</source>
        <translation>
            <numerusform>Cancelled: partial result, %Ln file read</numerusform>
            <numerusform>Cancelled: partial result, %Ln files read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Scanned %Ln file(s) in {0:.1f} s ({1} from the cache)</source>
        <translation>
            <numerusform>Scanned %Ln file in {0:.1f} s ({1} from the cache)</numerusform>
            <numerusform>Scanned %Ln files in {0:.1f} s ({1} from the cache)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cache: {0}</source>
        <translation>Cache: {0}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source> · looking at the files on disk: {0} / {1}</source>
        <translation> · looking at the files on disk: {0} / {1}</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The files could not be looked at: {0}</source>
        <translation>The files could not be looked at: {0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cancelled before any file was read.</source>
        <translation>Cancelled before any file was read.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed: {0}</source>
        <translation>Failed: {0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The results could not be opened: {0}</source>
        <translation>The results could not be opened: {0}</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <location filename="../../simcompare/gui/compare/settings_panel.py" line="+78"/>
        <source>jieba words (Chinese)</source>
        <translation>jieba words (Chinese)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>words (Latin script)</source>
        <translation>words (Latin script)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>character n-grams</source>
        <translation>character n-grams</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>How the text is cut into tokens. Each token adds its weight to the per-bit sums, so this decides which words two texts can share.</source>
        <translation>How the text is cut into tokens. Each token adds its weight to the per-bit sums, so this decides which words two texts can share.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>n = </source>
        <translation>n = </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Length of the character n-grams: longer ones are rarer, so a small edit changes more bits</source>
        <translation>Length of the character n-grams: longer ones are rarer, so a small edit changes more bits</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drop stop words</source>
        <translation>Drop stop words</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leave out common words (的, 了, the, of …): they occur in every text and would pull every fingerprint towards the same bits</source>
        <translation>Leave out common words (的, 了, the, of …): they occur in every text and would pull every fingerprint towards the same bits</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fold Traditional Chinese</source>
        <translation>Fold Traditional Chinese</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Turn Traditional Chinese into Simplified before cutting it into words (OpenCC), so the two scripts of one text give the same tokens</source>
        <translation>Turn Traditional Chinese into Simplified before cutting it into words (OpenCC), so the two scripts of one text give the same tokens</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>tf — count in the text</source>
        <translation>tf — count in the text</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tf·idf — count × rarity</source>
        <translation>tf·idf — count × rarity</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TextRank</source>
        <translation>TextRank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>uniform — 1 per token</source>
        <translation>uniform — 1 per token</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A token weighs as often as it occurs in the text</source>
        <translation>A token weighs as often as it occurs in the text</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occurrences times rarity in a reference corpus: rare words pull harder on the bits. The corpus (jieba&apos;s) is Chinese: every English word gets the same median rarity, so English text is weighed as by tf</source>
        <translation>Occurrences times rarity in a reference corpus: rare words pull harder on the bits. The corpus (jieba&apos;s) is Chinese: every English word gets the same median rarity, so English text is weighed as by tf</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Weight by centrality in a word graph: words linked to many others count more</source>
        <translation>Weight by centrality in a word graph: words linked to many others count more</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every distinct token weighs 1: only which tokens occur matters, not how often</source>
        <translation>Every distinct token weighs 1: only which tokens occur matters, not how often</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>How much each token pulls on the bits: its code counts this many times in the per-bit sums</source>
        <translation>How much each token pulls on the bits: its code counts this many times in the per-bit sums</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>all tokens</source>
        <translation>all tokens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep only the K heaviest tokens (0 keeps all); the lighter ones then move no bit at all</source>
        <translation>Keep only the K heaviest tokens (0 keeps all); the lighter ones then move no bit at all</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{name} ({bits} bits)</source>
        <translation>{name} ({bits} bits)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>table a–e (teaching, 6 bits)</source>
        <translation>table a–e (teaching, 6 bits)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The hash that gives each token its code; its digest&apos;s leading bits are used. Another hasher gives other fingerprints, so compare only fingerprints made with the same one</source>
        <translation>The hash that gives each token its code; its digest&apos;s leading bits are used. Another hasher gives other fingerprints, so compare only fingerprints made with the same one</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fingerprint width f: more bits measure similarity (1 − d/f) more finely. A preset or any width from 1 to {max}</source>
        <translation>Fingerprint width f: more bits measure similarity (1 − d/f) more finely. A preset or any width from 1 to {max}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Near-duplicates: at most k differing bits. k leaves the fingerprints as they are; it only decides the verdict</source>
        <translation>Near-duplicates: at most k differing bits. k leaves the fingerprints as they are; it only decides the verdict</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SimHash only</source>
        <translation>SimHash only</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No word-pair check: the verdict from the distance alone: near-duplicates when at most k bits differ, however few word pairs the texts share. Off, the verdict also needs enough shared word pairs, as the command line and the Folder page do</source>
        <translation>No word-pair check: the verdict from the distance alone: near-duplicates when at most k bits differ, however few word pairs the texts share. Off, the verdict also needs enough shared word pairs, as the command line and the Folder page do</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Restore defaults</source>
        <translation>Restore defaults</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>jieba words, stop words dropped, Traditional Chinese folded, default weighting, {hasher}, {bits} bits and k = {k}</source>
        <translation>jieba words, stop words dropped, Traditional Chinese folded, default weighting, {hasher}, {bits} bits and k = {k}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Segmenter</source>
        <translation>Segmenter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Weighting</source>
        <translation>Weighting</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Top-K</source>
        <translation>Top-K</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hasher</source>
        <translation>Hasher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bits</source>
        <translation>Bits</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <location line="+248"/>
        <source>{name} gives only {width} bits, fewer than {bits}</source>
        <translation>{name} gives only {width} bits, fewer than {bits}</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>{old} cannot give {bits} bits, so the hasher is now {new}.</source>
        <translation>{old} cannot give {bits} bits, so the hasher is now {new}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The toy example sets the width and every token&apos;s weight and code (codes left empty come from {name}): edit them in Examples → Edit the toy example…</source>
        <translation>The toy example sets the width and every token&apos;s weight and code (codes left empty come from {name}): edit them in Examples → Edit the toy example…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The teaching table has codes for the tokens a–e only, six bits each.</source>
        <translation>The teaching table has codes for the tokens a–e only, six bits each.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} gives {width} bits: widths 1–{width}.</source>
        <translation>{name} gives {width} bits: widths 1–{width}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wider: {names}.</source>
        <translation>Wider: {names}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Default k for {bits} bits: {k}.</source>
        <translation>Default k for {bits} bits: {k}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the teaching table</source>
        <translation>the teaching table</translation>
    </message>
</context>
<context>
    <name>SideBySide</name>
    <message>
        <location filename="../../simcompare/gui/folder/side_by_side.py" line="+34"/>
        <source>Select a member in Groups and press Enter (or Side by side) to see it beside its reference.</source>
        <translation>Select a member in Groups and press Enter (or Side by side) to see it beside its reference.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>◀ Previous member</source>
        <translation>◀ Previous member</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next member ▶</source>
        <translation>Next member ▶</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open on the Compare page</source>
        <translation>Open on the Compare page</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare the pair step by step on the Compare page</source>
        <translation>Compare the pair step by step on the Compare page</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cannot read {0}: {1}</source>
        <translation>Cannot read {0}: {1}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>near-duplicates</source>
        <translation>near-duplicates</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not near-duplicates at this k</source>
        <translation>not near-duplicates at this k</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln bit(s) apart · {0:.0%} of the text shared · {1}</source>
        <translation>
            <numerusform>%Ln bit apart · {0:.0%} of the text shared · {1}</numerusform>
            <numerusform>%Ln bits apart · {0:.0%} of the text shared · {1}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Identical cleaned texts</source>
        <translation>Identical cleaned texts</translation>
    </message>
</context>
<context>
    <name>SkippedModel</name>
    <message>
        <location filename="../../simcompare/gui/folder/roots_view.py" line="-100"/>
        <source>type not chosen</source>
        <translation>type not chosen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>binary</source>
        <translation>binary</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>symbolic link</source>
        <translation>symbolic link</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hard link of a file read</source>
        <translation>hard link of a file read</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too large</source>
        <translation>too large</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too small</source>
        <translation>too small</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>excluded</source>
        <translation>excluded</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>{0} not read ({1})</source>
        <translation>{0} not read ({1})</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>hard link of {0}</source>
        <translation>hard link of {0}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an excluded folder: not entered</source>
        <translation>an excluded folder: not entered</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its name matches a pattern under Skip</source>
        <translation>its name matches a pattern under Skip</translation>
    </message>
</context>
<context>
    <name>StepGuide</name>
    <message>
        <location filename="../../simcompare/gui/compare/steps.py" line="+278"/>
        <source>Step by step</source>
        <translation>Step by step</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Walk through the ten steps of SimHash, one at a time</source>
        <translation>Walk through the ten steps of SimHash, one at a time</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>◀ Previous</source>
        <translation>◀ Previous</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next ▶</source>
        <translation>Next ▶</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+128"/>
        <source>Play</source>
        <translation>Play</translation>
    </message>
    <message>
        <location line="-126"/>
        <source>Go on to the next step by itself, at the pace chosen beside</source>
        <translation>Go on to the next step by itself, at the pace chosen beside</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{n} s a step</source>
        <translation>{n} s a step</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Add tokens one at a time</source>
        <translation>Add tokens one at a time</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Count only the first tokens (heaviest first) and add the others one by one, to watch the sums build up and the signs flip; Play adds them at its pace</source>
        <translation>Count only the first tokens (heaviest first) and add the others one by one, to watch the sums build up and the signs flip; Play adds them at its pace</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>− Token</source>
        <translation>− Token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the last added token out of the sums</source>
        <translation>Take the last added token out of the sums</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+ Token</source>
        <translation>+ Token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the next token&apos;s ±w to the sums</source>
        <translation>Add the next token&apos;s ±w to the sums</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Step by step shows one stage of the computation at a time.</source>
        <translation>Step by step shows one stage of the computation at a time.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Step {i} of {n}.</source>
        <translation>Step {i} of {n}.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>… (the first {n} of {total} characters)</source>
        <translation>… (the first {n} of {total} characters)</translation>
    </message>
</context>
<context>
    <name>Steps</name>
    <message>
        <location line="-411"/>
        <source>Clean: HTML is reduced to its text, then NFKC, case folding (“A” → “a”) and one space for each run of whitespace; the cleaned text of A is below.</source>
        <translation>Clean: HTML is reduced to its text, then NFKC, case folding (“A” → “a”) and one space for each run of whitespace; the cleaned text of A is below.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tokens: once punctuation is dropped (stop words are kept), A is cut into tokens: {total} in all, {distinct} distinct; the Token column lists them.</source>
        <translation>Tokens: once punctuation is dropped (stop words are kept), A is cut into tokens: {total} in all, {distinct} distinct; the Token column lists them.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tokens: A is cut into 1 token once stop words and punctuation are dropped; the Token column lists it.</source>
        <translation>Tokens: A is cut into 1 token once stop words and punctuation are dropped; the Token column lists it.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tokens: A is cut into {total} tokens ({distinct} distinct) once stop words and punctuation are dropped; the Token column lists them.</source>
        <translation>Tokens: A is cut into {total} tokens ({distinct} distinct) once stop words and punctuation are dropped; the Token column lists them.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Text A has no features: every sum is 0 and its fingerprint is 0; nothing to show in this step.</source>
        <translation>Text A has no features: every sum is 0 and its fingerprint is 0; nothing to show in this step.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Clean: a toy example is not cleaned: text A&apos;s tokens are below as they were typed.</source>
        <translation>Clean: a toy example is not cleaned: text A&apos;s tokens are below as they were typed.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Tokens: A has 1 token, typed in the toy editor; the Token column lists it.</source>
        <translation>Tokens: A has 1 token, typed in the toy editor; the Token column lists it.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tokens: A has {n} tokens, typed in the toy editor; the Token column lists them.</source>
        <translation>Tokens: A has {n} tokens, typed in the toy editor; the Token column lists them.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Weights (typed): each token has the weight typed for it, “{token}” the largest, {weight}.</source>
        <translation>Weights (typed): each token has the weight typed for it, “{token}” the largest, {weight}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Codes: each token&apos;s code is the one typed for it, or else its hash cut to the first f = {f} bits: “{token}” → {code}.</source>
        <translation>Codes: each token&apos;s code is the one typed for it, or else its hash cut to the first f = {f} bits: “{token}” → {code}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Weights ({scheme}): each distinct token gets a weight, “{token}” the largest, {weight}; {kept} of {distinct} are kept.</source>
        <translation>Weights ({scheme}): each distinct token gets a weight, “{token}” the largest, {weight}; {kept} of {distinct} are kept.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Codes: the token&apos;s hash, cut to its first f = {f} bits, is its code: “{token}” → {code}.</source>
        <translation>Codes: the token&apos;s hash, cut to its first f = {f} bits, is its code: “{token}” → {code}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>±w: where a code bit is 1 the token adds its weight, where it is 0 it subtracts it: “{token}” gives {cells}.</source>
        <translation>±w: where a code bit is 1 the token adds its weight, where it is 0 it subtracts it: “{token}” gives {cells}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sums: each bit&apos;s column of ±w is added up: V = {sums}.</source>
        <translation>Sums: each bit&apos;s column of ±w is added up: V = {sums}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Signs: bit j is 1 where V[j] &gt; 0 and 0 otherwise (a sum of 0 gives 0): {bits}.</source>
        <translation>Signs: bit j is 1 where V[j] &gt; 0 and 0 otherwise (a sum of 0 gives 0): {bits}.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Fingerprint: the bits read from left to right: A = {a} (hex {ha}), B = {b} (hex {hb}).</source>
        <translation>Fingerprint: the bits read from left to right: A = {a} (hex {ha}), B = {b} (hex {hb}).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>XOR: A ⊕ B has a 1 wherever the two fingerprints differ: {xor}.</source>
        <translation>XOR: A ⊕ B has a 1 wherever the two fingerprints differ: {xor}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Distance: a text without features makes no similarity claim, so no distance is given.</source>
        <translation>Distance: a text without features makes no similarity claim, so no distance is given.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>near-duplicates</source>
        <translation>near-duplicates</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not near-duplicates</source>
        <translation>not near-duplicates</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Distance: the XOR has one 1, so the Hamming distance is 1 of {f} bits (similarity {s}): {verdict} at k = {k}.</source>
        <translation>Distance: the XOR has one 1, so the Hamming distance is 1 of {f} bits (similarity {s}): {verdict} at k = {k}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Distance: the XOR has {d} ones, so the Hamming distance is {d} of {f} bits (similarity {s}): {verdict} at k = {k}.</source>
        <translation>Distance: the XOR has {d} ones, so the Hamming distance is {d} of {f} bits (similarity {s}): {verdict} at k = {k}.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Within k, but too few word pairs to judge: the shorter text has {pairs}, at least {needed} are needed.</source>
        <translation>Within k, but too few word pairs to judge: the shorter text has {pairs}, at least {needed} are needed.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Within k, but only {shared} % of the word pairs are shared, and at least {needed} % are needed.</source>
        <translation>Within k, but only {shared} % of the word pairs are shared, and at least {needed} % are needed.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tokens one at a time: none of the {total} tokens of A is added yet, so every sum is 0.</source>
        <translation>Tokens one at a time: none of the {total} tokens of A is added yet, so every sum is 0.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no bit flips</source>
        <translation>no bit flips</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bit {j} flips to {bit}</source>
        <translation>bit {j} flips to {bit}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bits {list} flip</source>
        <translation>bits {list} flip</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens one at a time: {n} of {total} tokens of A added; “{token}” adds {cells}, so V = {sums} and the bits so far are {bits}: {flips}.</source>
        <translation>Tokens one at a time: {n} of {total} tokens of A added; “{token}” adds {cells}, so V = {sums} and the bits so far are {bits}: {flips}.</translation>
    </message>
</context>
<context>
    <name>StepsTab</name>
    <message>
        <location filename="../../simcompare/gui/compare/steps_tab.py" line="+35"/>
        <source>Tokens of A</source>
        <translation>Tokens of A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens of B</source>
        <translation>Tokens of B</translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <location filename="../../simcompare/gui/compare/summary.py" line="+61"/>
        <source>Hamming distance</source>
        <translation>Hamming distance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>similarity 1 − d/f</source>
        <translation>similarity 1 − d/f</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verdict</source>
        <translation>verdict</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Verification: the share of word pairs (two consecutive words) the texts have in common. Close fingerprints are near-duplicates only when enough word pairs are shared. SimHash only turns the check off: the distance alone decides.</source>
        <translation>Verification: the share of word pairs (two consecutive words) the texts have in common. Close fingerprints are near-duplicates only when enough word pairs are shared. SimHash only turns the check off: the distance alone decides.</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>cosine</source>
        <translation>cosine</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cosine of the two weight vectors</source>
        <translation>Cosine of the two weight vectors</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jaccard</source>
        <translation>Jaccard</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Jaccard index of the two token sets</source>
        <translation>Jaccard index of the two token sets</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>edit sim.</source>
        <translation>edit sim.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Edit similarity: 1 − token edit distance / longer length</source>
        <translation>Edit similarity: 1 − token edit distance / longer length</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f·θ/π</source>
        <translation>f·θ/π</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The Hamming distance the cosine predicts, f·θ/π with θ = arccos(cosine), beside the actual one</source>
        <translation>The Hamming distance the cosine predicts, f·θ/π with θ = arccos(cosine), beside the actual one</translation>
    </message>
    <message>
        <location line="-39"/>
        <location line="+96"/>
        <source>Notes ▸</source>
        <translation>Notes ▸</translation>
    </message>
    <message>
        <location line="-94"/>
        <source>Step by step folds the notes under the verdict away, so the token tables have room: show them</source>
        <translation>Step by step folds the notes under the verdict away, so the token tables have room: show them</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Yardsticks</source>
        <translation>Yardsticks</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The measures SimHash stands in for. Random hyperplanes make bits differ with probability θ/π, where θ is the angle between the two weight vectors.</source>
        <translation>The measures SimHash stands in for. Random hyperplanes make bits differ with probability θ/π, where θ is the angle between the two weight vectors.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Notes ▾</source>
        <translation>Notes ▾</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>verdict at k = {k}</source>
        <translation>verdict at k = {k}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✔ near-duplicates</source>
        <translation>✔ near-duplicates</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>✘ not near-duplicates</source>
        <translation>✘ not near-duplicates</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no features</source>
        <translation>no features</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>An empty text is nobody&apos;s near-duplicate: no similarity is claimed.</source>
        <translation>An empty text is nobody&apos;s near-duplicate: no similarity is claimed.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{d} of {f} bits</source>
        <translation>{d} of {f} bits</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>n/a (too long)</source>
        <translation>n/a (too long)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{predicted} (actual {actual})</source>
        <translation>{predicted} (actual {actual})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>k = {k} · SimHash only</source>
        <translation>k = {k} · SimHash only</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>k = {k} · too few word pairs ({pairs} &lt; {needed})</source>
        <translation>k = {k} · too few word pairs ({pairs} &lt; {needed})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>k = {k} · word pairs {shared} % (need {needed} %)</source>
        <translation>k = {k} · word pairs {shared} % (need {needed} %)</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>Too few word pairs to judge: the shorter text has %Ln distinct word pair(s), at least {needed} are needed, so it is nobody&apos;s near-duplicate however few bits differ.</source>
        <translation>
            <numerusform>Too few word pairs to judge: the shorter text has %Ln distinct word pair, at least {needed} are needed, so it is nobody&apos;s near-duplicate however few bits differ.</numerusform>
            <numerusform>Too few word pairs to judge: the shorter text has %Ln distinct word pairs, at least {needed} are needed, so it is nobody&apos;s near-duplicate however few bits differ.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln bit(s) apart, but only {shared} % of the word pairs are shared (at least {needed} % are needed): not a near-duplicate.</source>
        <translation>
            <numerusform>%Ln bit apart, but only {shared} % of the word pairs are shared (at least {needed} % are needed): not a near-duplicate.</numerusform>
            <numerusform>%Ln bits apart, but only {shared} % of the word pairs are shared (at least {needed} % are needed): not a near-duplicate.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>⚠ Text {label} has no features (empty, or only stop words and punctuation): every sum is 0 and its fingerprint is 0.</source>
        <translation>⚠ Text {label} has no features (empty, or only stop words and punctuation): every sum is 0 and its fingerprint is 0.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚠ Text {label} has only {n} distinct tokens: one changed word moves many bits, so its fingerprint is not trustworthy.</source>
        <translation>⚠ Text {label} has only {n} distinct tokens: one changed word moves many bits, so its fingerprint is not trustworthy.</translation>
    </message>
</context>
<context>
    <name>SumsChart</name>
    <message>
        <location filename="../../simcompare/gui/compare/charts.py" line="+273"/>
        <source>No features: every sum is 0</source>
        <translation>No features: every sum is 0</translation>
    </message>
</context>
<context>
    <name>TextPane</name>
    <message>
        <location filename="../../simcompare/gui/compare/text_pane.py" line="+176"/>
        <source>Read as HTML</source>
        <translation>Read as HTML</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reduce the text to what a browser shows before segmenting. Set for .html files and for text that starts like an HTML page.</source>
        <translation>Reduce the text to what a browser shows before segmenting. Set for .html files and for text that starts like an HTML page.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open…</source>
        <translation>Open…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Clear</source>
        <translation>Clear</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>Type or paste a text here, drop a file on it, or choose an example from the Examples menu.</source>
        <translation>Type or paste a text here, drop a file on it, or choose an example from the Examples menu.</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>Open {title}</source>
        <translation>Open {title}</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>Open a text file or a document: PDF, Word, OpenDocument, EPUB, RTF, Markdown (or drop one)</source>
        <translation>Open a text file or a document: PDF, Word, OpenDocument, EPUB, RTF, Markdown (or drop one)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Folded</source>
        <translation>Folded</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show the text as it is compared: Traditional Chinese folded to Simplified before it is cut into words, so both scripts of one text give the same tokens</source>
        <translation>Show the text as it is compared: Traditional Chinese folded to Simplified before it is cut into words, so both scripts of one text give the same tokens</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Texts and documents (*.txt *.md *.markdown *.html *.htm *.xhtml *.csv *.json *.xml *.pdf *.docx *.odt *.epub *.rtf);;All files (*)</source>
        <translation>Texts and documents (*.txt *.md *.markdown *.html *.htm *.xhtml *.csv *.json *.xml *.pdf *.docx *.odt *.epub *.rtf);;All files (*)</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Clear {title}</source>
        <translation>Clear {title}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Throw away the text you typed?</source>
        <translation>Throw away the text you typed?</translation>
    </message>
    <message>
        <location line="+124"/>
        <location line="+2"/>
        <source>(guessed)</source>
        <translation>(guessed)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>read-only</source>
        <translation>read-only</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTML</source>
        <translation>HTML</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} bytes</source>
        <translation>{size} bytes</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>edited</source>
        <translation>edited</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The text extracted from the document, as it is compared; Clear to type instead.</source>
        <translation>The text extracted from the document, as it is compared; Clear to type instead.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>typed or pasted</source>
        <translation>typed or pasted</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Word document</source>
        <translation>Word document</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenDocument text</source>
        <translation>OpenDocument text</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EPUB book</source>
        <translation>EPUB book</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RTF document</source>
        <translation>RTF document</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Could not open “{name}”: {reason}</source>
        <translation>Could not open “{name}”: {reason}</translation>
    </message>
</context>
<context>
    <name>TokenTableModel</name>
    <message>
        <location filename="../../simcompare/gui/compare/models.py" line="+223"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Count</source>
        <translation>Count</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weight</source>
        <translation>Weight</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bit {j} of each token&apos;s code (0 is the leftmost, most significant)</source>
        <translation>Bit {j} of each token&apos;s code (0 is the leftmost, most significant)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The token&apos;s f-bit code: the hash&apos;s most significant f bits</source>
        <translation>The token&apos;s f-bit code: the hash&apos;s most significant f bits</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>sum</source>
        <translation>sum</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bit</source>
        <translation>bit</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Per-bit sums: each column&apos;s ±weights added up</source>
        <translation>Per-bit sums: each column&apos;s ±weights added up</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The fingerprint: 1 where the sum is above 0, else 0</source>
        <translation>The fingerprint: 1 where the sum is above 0, else 0</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>sum V</source>
        <translation>sum V</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bit: V &gt; 0</source>
        <translation>bit: V &gt; 0</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Sum {j} = {value}: the bit is {bit}</source>
        <translation>Sum {j} = {value}: the bit is {bit}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Bit {j} of the fingerprint</source>
        <translation>Bit {j} of the fingerprint</translation>
    </message>
</context>
<context>
    <name>ToyEditor</name>
    <message>
        <location filename="../../simcompare/gui/compare/toy_editor.py" line="+216"/>
        <source>Toy example</source>
        <translation>Toy example</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type each token&apos;s weight and code (f digits 0 or 1), or leave the code empty for the code the hasher gives it. The Compare page follows every change: ±w, sums, bits, XOR, distance.</source>
        <translation>Type each token&apos;s weight and code (f digits 0 or 1), or leave the code empty for the code the hasher gives it. The Compare page follows every change: ±w, sums, bits, XOR, distance.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The width f: every typed code has exactly f digits</source>
        <translation>The width f: every typed code has exactly f digits</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} ({bits} bits)</source>
        <translation>{name} ({bits} bits)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gives the codes left empty: the first f bits of the token&apos;s hash</source>
        <translation>Gives the codes left empty: the first f bits of the token&apos;s hash</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text A</source>
        <translation>Text A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text B</source>
        <translation>Text B</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Six-bit worked example</source>
        <translation>Six-bit worked example</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start again from the six-bit worked example (A=5 100101 …)</source>
        <translation>Start again from the six-bit worked example (A=5 100101 …)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open…</source>
        <translation>Open…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save…</source>
        <translation>Save…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Bits f</source>
        <translation>Bits f</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Codes left empty from</source>
        <translation>Codes left empty from</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>{name} was not opened: {reason}</source>
        <translation>{name} was not opened: {reason}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Opened the toy example {name}</source>
        <translation>Opened the toy example {name}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{name} was not saved: {reason}</source>
        <translation>{name} was not saved: {reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the toy example as {name}</source>
        <translation>Saved the toy example as {name}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Not applied (the Compare page shows the last valid toy example): {reason}</source>
        <translation>Not applied (the Compare page shows the last valid toy example): {reason}</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Open a toy example</source>
        <translation>Open a toy example</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Toy examples (*.json);;All files (*)</source>
        <translation>Toy examples (*.json);;All files (*)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save the toy example</source>
        <translation>Save the toy example</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Toy examples (*.json)</source>
        <translation>Toy examples (*.json)</translation>
    </message>
</context>
<context>
    <name>ToyLesson</name>
    <message>
        <location filename="../../simcompare/gui/compare/toy_mode.py" line="+26"/>
        <source>Toy example (A)</source>
        <translation>Toy example (A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Toy example (B)</source>
        <translation>Toy example (B)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Edit the toy example…</source>
        <translation>Edit the toy example…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type tokens with their weights and codes, and watch every step follow (saved as JSON)</source>
        <translation>Type tokens with their weights and codes, and watch every step follow (saved as JSON)</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Toy example</source>
        <translation>Toy example</translation>
    </message>
</context>
<context>
    <name>ToyMessages</name>
    <message>
        <location filename="../../simcompare/gui/compare/toy_messages.py" line="+26"/>
        <source>a toy example file is at most {kb} KB; this one has {size} bytes</source>
        <translation>a toy example file is at most {kb} KB; this one has {size} bytes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example: not UTF-8 text (byte {byte})</source>
        <translation>not a toy example: not UTF-8 text (byte {byte})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example: not JSON</source>
        <translation>not a toy example: not JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example: its JSON is nested too deeply</source>
        <translation>not a toy example: its JSON is nested too deeply</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example: {name} is not a number JSON allows</source>
        <translation>not a toy example: {name} is not a number JSON allows</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a toy example (its “format” is not “simcompare-toy”)</source>
        <translation>not a toy example (its “format” is not “simcompare-toy”)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a toy example of version {got}; this simcompare reads version 1</source>
        <translation>a toy example of version {got}; this simcompare reads version 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the width f must be a whole number from 1 to {max_bits}, got {got}</source>
        <translation>the width f must be a whole number from 1 to {max_bits}, got {got}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown hasher {got}</source>
        <translation>unknown hasher {got}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the hasher {hasher} gives {width} bits, fewer than {bits}; choose {able}</source>
        <translation>the hasher {hasher} gives {width} bits, fewer than {bits}; choose {able}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>text {side} must be a list of rows</source>
        <translation>text {side} must be a list of rows</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>text {side} has {rows} rows; a toy text has at most {max_rows}</source>
        <translation>text {side} has {rows} rows; a toy text has at most {max_rows}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a row is a token, a weight and a code</source>
        <translation>a row is a token, a weight and a code</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the token must be some text</source>
        <translation>the token must be some text</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the token is longer than {max_token} characters</source>
        <translation>the token is longer than {max_token} characters</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the token {got} holds a space or a control character; use one word</source>
        <translation>the token {got} holds a space or a control character; use one word</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“{token}” is already row {other_row}; give each token one row</source>
        <translation>“{token}” is already row {other_row}; give each token one row</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the weight of “{token}” must be a number, got {got}</source>
        <translation>the weight of “{token}” must be a number, got {got}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the weight of “{token}” must be from 0 to {max_weight}, got {got}</source>
        <translation>the weight of “{token}” must be from 0 to {max_weight}, got {got}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the code of “{token}” must be {bits} digits 0 or 1 (or empty for the hasher&apos;s), got {got}</source>
        <translation>the code of “{token}” must be {bits} digits 0 or 1 (or empty for the hasher&apos;s), got {got}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>“{token}” has the code {first_code} in text {first_side} and {code} in text {side}; one token has one code: type the same code, or leave one empty</source>
        <translation>“{token}” has the code {first_code} in text {first_side} and {code} in text {side}; one token has one code: type the same code, or leave one empty</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>text {side}, row {row}: {problem}</source>
        <translation>text {side}, row {row}: {problem}</translation>
    </message>
</context>
<context>
    <name>ToyTable</name>
    <message>
        <location filename="../../simcompare/gui/compare/toy_editor.py" line="-315"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Weight</source>
        <translation>Weight</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code used</source>
        <translation>Code used</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One word, as it is shown and hashed (“A” stays “A”)</source>
        <translation>One word, as it is shown and hashed (“A” stays “A”)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A number, 0 or more: how hard the token pulls on every bit</source>
        <translation>A number, 0 or more: how hard the token pulls on every bit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>f digits 0 or 1; left empty, the token gets the code the hasher gives it</source>
        <translation>f digits 0 or 1; left empty, the token gets the code the hasher gives it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The code the sums use: the typed one, or in italics the hasher&apos;s</source>
        <translation>The code the sums use: the typed one, or in italics the hasher&apos;s</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add row</source>
        <translation>Add row</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove row</source>
        <translation>Remove row</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected row (or the last one)</source>
        <translation>Remove the selected row (or the last one)</translation>
    </message>
</context>
<context>
    <name>Zoom</name>
    <message>
        <location filename="../../simcompare/gui/compare/zoom.py" line="+63"/>
        <source>L&amp;arger</source>
        <translation>L&amp;arger</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make everything larger, for a projector</source>
        <translation>Make everything larger, for a projector</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;maller</source>
        <translation>S&amp;maller</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Normal size</source>
        <translation>&amp;Normal size</translation>
    </message>
</context>
</TS>
