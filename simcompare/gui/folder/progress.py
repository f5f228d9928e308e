"""What the Folder page says about its work: the scan's progress line, and the summary of the groups on screen.

:class:`ScanProgress` keeps the progress bar and the line beside it (listing, reading with rate and time
left, how the scan or the reopening ended); :class:`GroupsSummary` words the groups, the wasted bytes and the
search behind them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QLabel, QProgressBar

from simcompare.core.folder.scan import ScanResult
from simcompare.core.folder.session import FolderSession
from simcompare.core.formats.names import display_name
from simcompare.core.progress import Stage
from simcompare.core.search.histogram import DistanceHistogram
from simcompare.core.search.index import EVERY_PAIR
from simcompare.gui.common.plain import join_clauses
from simcompare.gui.folder.cells import human_size
from simcompare.gui.folder.jobs import Regrouped, ScanOutcome
from simcompare.gui.folder.parts import SummaryPage
from simcompare.gui.folder.roots_view import skipped_summary


def duration(seconds: float) -> str:
    """Seconds as minutes:seconds (1:05)."""
    seconds = max(0, round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


class ScanProgress(QObject):
    """The progress bar (shown only while something runs) and the line beside it.

    Args:
        bar: The progress bar.
        label: The line for the stage, the rate and the outcome.
        running: Whether the scan still runs (progress reported after it ended is ignored).
    """

    def __init__(self, bar: QProgressBar, label: QLabel, running: Callable[[], bool], parent: QObject) -> None:
        super().__init__(parent)
        self._bar, self._label, self._running = bar, label, running
        self._started = 0.0
        self._done = 0
        self._opened: str | None = None  # what the line says of reopened results whose files are being looked at

    def start(self, text: str) -> None:
        """A job starts: the bar runs without a total, ``text`` says what it does."""
        self._started = time.monotonic()
        self._done = 0
        self._opened = None
        self._bar.setRange(0, 0)
        self._bar.show()
        self._label.setText(text)

    def say(self, text: str) -> None:
        self._label.setText(text)

    @Slot(int, int, str)
    def on_progress(self, done: int, total: int, stage: str) -> None:
        if not self._running():
            return
        if stage == Stage.LISTING:
            self._bar.setRange(0, 0)
            self._label.setText(self.tr("Listing files…"))
            return
        done = max(done, self._done)  # never backwards
        self._done = done
        self._bar.setRange(0, max(total, 1))
        self._bar.setValue(done)
        elapsed = max(time.monotonic() - self._started, 1e-6)
        rate = done / elapsed
        left = (total - done) / rate if rate > 0 else 0.0
        stage_text = self.tr("Reading") if stage == Stage.READING else self.tr("Done")
        self._label.setText(
            self.tr("{0}: {1} / {2} files · {3:.0f} files/s · {4} left").format(
                stage_text, f"{done:,}", f"{total:,}", rate, duration(left)
            )
        )

    def finished(self, outcome: ScanOutcome) -> None:
        """A scan ended or saved results were opened: how many files, how long, what changed since."""
        elapsed = time.monotonic() - self._started
        result = outcome.result
        self._bar.hide()
        if outcome.loaded is not None:
            loaded = outcome.loaded
            text = self.tr("Opened saved results: %Ln file(s), no scan", "", len(result.files))
            if loaded.changed or loaded.gone:
                text += self.tr(" · {0} changed and {1} gone since").format(
                    f"{len(loaded.changed):,}", f"{len(loaded.gone):,}"
                )
            self._opened = None if loaded.checked else text
            self._label.setText(text if loaded.checked else text + self.tr(" · looking at the files on disk…"))
        elif result.cancelled:
            self._label.setText(self.tr("Cancelled: partial result, %Ln file(s) read", "", len(result.files)))
        else:
            stats = result.stats
            self._label.setText(
                self.tr("Scanned %Ln file(s) in {0:.1f} s ({1} from the cache)", "", len(result.files)).format(
                    elapsed, f"{stats.fingerprints_from_cache + stats.features_from_cache:,}"
                )
            )
        if outcome.notes:  # the cache's warnings: the scan went on, but the user should know why it was slow
            notes = [display_name(note) for note in outcome.notes]
            self._label.setText(self._label.text() + " · " + self.tr("Cache: {0}").format(notes[0]))
            self._label.setToolTip("\n".join(notes))
        else:
            self._label.setToolTip("")

    @Slot(int, int, str)
    def checking(self, done: int, total: int, _stage: str) -> None:
        """Reopened results' files are being looked at on disk (after their groups are on screen)."""
        if self._opened is None:
            return
        self._bar.setRange(0, max(total, 1))
        self._bar.setValue(done)
        self._bar.show()
        self._label.setText(self._opened + self.tr(" · looking at the files on disk: {0} / {1}").format(done, total))

    def checked(self, changed: tuple[str, ...], gone: tuple[str, ...], *, say: bool = True) -> None:
        """Reopened results' files were looked at: how many changed or vanished since (``say`` False: an action
        holds the line; the rows say it)."""
        opened, self._opened = self._opened, None
        if opened is None or not say:
            return
        self._bar.hide()
        text = opened
        if changed or gone:
            text += self.tr(" · {0} changed and {1} gone since").format(f"{len(changed):,}", f"{len(gone):,}")
        self._label.setText(text)

    def check_failed(self, _request: int, message: str, *, say: bool = True) -> None:
        opened, self._opened = self._opened, None
        if opened is None or not say:
            return
        self._bar.hide()
        self._label.setText(opened + " · " + self.tr("The files could not be looked at: {0}").format(message))

    @Slot(int)
    def on_cancelled(self, _request: int) -> None:
        self._bar.hide()
        self._label.setText(self.tr("Cancelled before any file was read."))

    @Slot(int, str)
    def on_failed(self, _request: int, message: str) -> None:
        self._bar.hide()
        self._label.setText(self.tr("Failed: {0}").format(message))

    @Slot(int, str)
    def on_load_failed(self, _request: int, message: str) -> None:
        self._bar.hide()
        self._label.setText(self.tr("The results could not be opened: {0}").format(message))


class GroupsSummary(QObject):
    """Words the groups on screen (the line above the tree) and the search behind them (beside k)."""

    def __init__(self, page: SummaryPage, parent: QObject) -> None:
        super().__init__(parent)
        self._page = page
        self._status = ""

    def show(self, status: str | None = None) -> None:
        """Word the page's groups and the search behind them; ``status`` says what the last action did."""
        if status is not None:
            self._status = status
        page = self._page
        session = page.session
        if session is None:
            return
        members, wasted = page.model.totals()
        page.summary_label.setText(self.groups_text(session.result, len(page.groups), members, wasted, self._status))
        differ = page.config.describe() != session.result.config.describe()
        search = self.search_text(
            session, page.k_box.value(), page.distance_histogram, page.shown, page.regrouping, differ
        )
        page.stats_label.setText(search)

    def groups_text(self, result: ScanResult, groups: int, members: int, wasted: int, status: str) -> str:
        """Groups, files in groups, files scanned, bytes wasted; a partial result says so."""
        text = join_clauses(
            self.tr("%Ln group(s)", "", groups),
            self.tr("%Ln file(s) in groups", "", members),
            self.tr("of %Ln scanned", "", len(result.files)),
        )
        text += " · " + self.tr("{0} wasted").format(human_size(wasted))
        if result.skipped:
            text += " · " + skipped_summary(result.skipped)
        if result.cancelled:
            text = self.tr("PARTIAL (scan cancelled): ") + text
        if status:
            text += " · " + status
        return text

    def search_text(
        self,
        session: FolderSession,
        k: int,
        histogram: DistanceHistogram | None,
        regrouped: Regrouped | None,
        regrouping: bool,
        settings_differ: bool,
    ) -> str:
        """Pairs within k, the verified pairs and the index's work at k (or that grouping runs)."""
        parts = []
        if histogram is not None and histogram.pairs:
            within = histogram.within(k)
            if histogram.sampled:
                parts.append(
                    self.tr("≈ {0:.2%} of all pairs of files within k (sampled)").format(within / histogram.pairs)
                )
            else:
                parts.append(self.tr("%Ln pair(s) of files within k", "", within))
        if regrouped is not None and regrouped.request.k == k:
            if not regrouped.decided and regrouping:
                parts.append(self.tr("the groups as saved: each member is being checked again, then you can act…"))
            elif not regrouped.decided:  # the check failed (said on the line above): another k makes them anew
                parts.append(self.tr("the groups as saved, not checked: change k to check them and act"))
            elif regrouped.verified_pairs is None:
                parts.append(self.tr("the groups as saved, each member checked again (a change of k searches anew)"))
            else:
                parts.append(
                    self.tr(
                        "%Ln verified near-duplicate pair(s) of distinct texts (copies counted once)",
                        "",
                        regrouped.verified_pairs,
                    )
                )
            stats = session.search_statistics
            if stats is not None and stats.possible_pairs:  # fewer than two texts: no index was worth naming
                if stats.method == EVERY_PAIR:
                    index = self.tr("no index: every pair compared")
                elif stats.method == "covering":
                    index = self.tr("index: {0} covering masks over {1} parts").format(stats.keys, stats.blocks)
                else:
                    index = self.tr("index: {0} blocks").format(stats.blocks)
                if stats.k != k:  # a search at a larger k serves every smaller one: its own figures, said so
                    index += self.tr(" (the search at k = {0}, kept for smaller k)").format(stats.k)
                parts.append(
                    index
                    + self.tr(", {0} candidate checks where brute force compares {1} pairs").format(
                        f"{stats.candidates:,}", f"{stats.possible_pairs:,}"
                    )
                )
        elif regrouping:
            parts.append(self.tr("grouping at k = {0}…").format(k))
        text = " · ".join(parts)
        if settings_differ:
            text += self.tr(" · the fingerprint settings changed: scan again to apply them")
        return text
