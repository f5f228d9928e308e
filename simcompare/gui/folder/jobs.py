"""The Folder page's long jobs, each a function run by the window's one worker pattern (BackgroundJob).

- :class:`ScanJob`: scan a folder (the SQLite cache opened in the worker thread, where its connection
  belongs), then make the :class:`FolderSession` and the distance histogram. A cancelled scan returns
  its partial result at once (the histogram is then left for later), so Cancel lands quickly.
- :func:`regroup`: the session's groups at k, with reference folders and the user's chosen references
  applied, and each group's wasted bytes. Newest request wins, so rapid slider ticks coalesce.
- :func:`load_saved`: reopen saved results without scanning.
- :func:`check_saved`: look at a reopened result's files on disk (changed or gone since), once its groups are
  on screen (a million files take seconds: the groups do not wait for them).
- :func:`choose_references`: a re-prioritise's references and the groups' wasted bytes.
- :func:`~simcompare.core.folder.plan.run_plan`: an action on files (trash, move, copy, link, delete).

:class:`FolderJobs` runs them for the page.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, QTimer

from simcompare.core.errors import Cancelled
from simcompare.core.fingerprint.simhash import Config
from simcompare.core.folder.cache import default_cache_path, open_cache
from simcompare.core.folder.cleaner import apply_reference_folders, protected_members, set_reference
from simcompare.core.folder.cleaner_state import CleanerState
from simcompare.core.folder.laid import SavedGroups
from simcompare.core.folder.plan import run_plan
from simcompare.core.folder.reprioritise import DEFAULT_REFERENCE_RULE, ReferenceRule, reprioritise
from simcompare.core.folder.roots import RootRole, with_reference_roots
from simcompare.core.folder.scan import FileRecord, ScanOptions, ScanResult, scan
from simcompare.core.folder.session import FolderSession, NotDuplicates, session_of
from simcompare.core.formats.results import LoadedResults, changes_since, read_results
from simcompare.core.progress import Progress, Stage
from simcompare.core.search.groups import Group, GroupRule, Laid
from simcompare.core.search.histogram import DistanceHistogram
from simcompare.gui.common.workers import BackgroundJob
from simcompare.gui.folder.group_filter import lowercase_names

ScanFunction = Callable[..., ScanResult]


@dataclass(frozen=True, slots=True)
class ScanRequest:
    """One scan: the folder (or the folders with their roles), the fingerprint settings, which files, and where
    the cache lives (None: none)."""

    root: str | tuple[tuple[str, RootRole], ...]
    config: Config
    options: ScanOptions
    cache_path: Path | None = None


@dataclass(frozen=True, slots=True)
class ScanOutcome:
    """A scan's result with its session; the histogram (None after a cancel) is computed in the worker."""

    result: ScanResult
    session: FolderSession
    histogram: DistanceHistogram | None
    loaded: LoadedResults | None = None
    notes: tuple[str, ...] = ()  # the cache's warnings (damaged and set aside, not readable, not written)


class ScanJob:
    """``ScanJob(scan_function)(request, cancel, progress)`` → :class:`ScanOutcome`."""

    def __init__(self, scan_function: ScanFunction = scan) -> None:
        self.scan_function = scan_function

    def __call__(self, request: object, cancel: threading.Event, progress: Progress) -> ScanOutcome:
        assert isinstance(request, ScanRequest)
        cache = None
        notes: list[str] = []
        try:
            if request.cache_path is not None:
                # The default location: what cannot be used there is a warning, and the scan goes on.
                cache = open_cache(request.cache_path, named=False, warn=notes.append)
            result = self.scan_function(
                request.root, request.config, request.options, cache=cache, progress=progress, cancel=cancel
            )
        finally:
            if cache is not None:
                cache.close()
        session = session_of(result)
        histogram = None if result.cancelled else session.histogram()
        return ScanOutcome(result, session, histogram, notes=tuple(dict.fromkeys(notes)))


def load_saved(path: object, cancel: threading.Event, progress: Progress) -> ScanOutcome:
    """Reopen saved results (``path`` to the JSON) as a session; which files changed since is found next
    (:func:`check_saved`), while the groups are on screen."""
    progress(0, 0, Stage.LOADING)
    loaded = read_results(str(path), check_files=False)  # bounded in size, strict UTF-8; the parsed file not kept
    kept = {"min_resemblance": loaded.min_verified} if loaded.min_verified >= 0 else {}
    session = FolderSession(loaded.result, not_duplicates=NotDuplicates(), boilerplate=loaded.boilerplate, **kept)
    if loaded.marked or loaded.references:  # the window looks their paths up: the paths' index made here, not there
        session.index_of("")
    return ScanOutcome(loaded.result, session, None, loaded)  # the histogram beside the first groups: measure_histogram


@dataclass(frozen=True, slots=True)
class Measured:
    """The distance histogram of a session's fingerprints."""

    session: FolderSession
    histogram: DistanceHistogram


def measure_histogram(session: object, cancel: threading.Event) -> Measured:
    """The distance histogram of reopened results, measured while their first groups are laid out: numpy's work,
    mostly on the other core (a million files: 0.6 s the groups no longer wait for)."""
    assert isinstance(session, FolderSession)
    return Measured(session, session.histogram())


@dataclass(frozen=True, slots=True)
class OnDisk:
    """A reopened session's files that changed and that vanished since the results were saved (relative paths)."""

    session: FolderSession
    changed: tuple[str, ...]
    gone: tuple[str, ...]


def check_saved(session: object, cancel: threading.Event, progress: Progress) -> OnDisk:
    """Each of ``session``'s files reached as an action would reach it and compared with its record."""
    assert isinstance(session, FolderSession)
    changed, gone = changes_since(session.result, progress=progress, cancel=cancel)
    return OnDisk(session, changed, gone)


@dataclass(frozen=True, slots=True)
class RegroupRequest:
    """Groups of ``session`` at ``k`` without the ``left_out`` files; each group's reference chosen by
    ``reference_rule`` (None: the file it was found around), files in ``reference_folders`` and ``preferred``
    files lead their group."""

    session: FolderSession
    k: int
    rule: GroupRule = GroupRule.REFERENCE
    reference_folders: tuple[str, ...] = ()
    preferred: frozenset[int] = frozenset()
    left_out: frozenset[int] = frozenset()
    reference_rule: ReferenceRule | None = DEFAULT_REFERENCE_RULE
    layout: SavedLayout | None = None
    """Reopened results' groups: at their saved k they are shown (each member decided again) instead of searching
    the folder; a million files' groups without the index, which another k builds."""
    decided: bool = True
    """False: ``layout``'s groups as saved, nothing measured from the sketches and no reference chosen again, to
    show while the groups are decided (a million files': 2 s instead of 10). The window allows no action on them."""

    @classmethod
    def of(
        cls,
        session: FolderSession,
        k: int,
        cleaner: CleanerState,
        reference_rule: ReferenceRule | None,
        layout: SavedLayout | None = None,
    ) -> RegroupRequest:
        """The request for the groups the cleaner's state asks for: its reference folders, chosen references and
        files left out (at reopened results' saved k, laid out as they say: ``layout``)."""
        return cls(
            session,
            k,
            GroupRule.REFERENCE,
            cleaner.reference_folders,
            cleaner.preferred,
            cleaner.left_out,
            reference_rule,
            layout,
        )


@dataclass(slots=True)
class SavedLayout:
    """Reopened results' groups as saved (``laid``), the k they were saved at, and the session and files they
    index: the window's groups at that k are laid out from them (each member decided again,
    :meth:`FolderSession.laid_out`) rather than searched, when the results are opened and whenever k comes back to
    it or the groups are made again at it (a file left out, a reference folder, a threshold). A million files'
    search at k = 12 takes minutes, their layout seconds; another k, or another session, searches.

    Files the session forgets (moved, trashed) leave the layout too: :meth:`at` follows the remaining files to
    their new numbers, in the worker."""

    session: FolderSession
    files: Sequence[FileRecord]
    k: int
    laid: Sequence[Laid]

    @classmethod
    def of(cls, outcome: ScanOutcome) -> SavedLayout | None:
        """The layout of reopened results grouped around references (None for a scan, or results grouped as
        components or without a k)."""
        loaded = outcome.loaded
        if loaded is None or loaded.k < 0 or loaded.rule is not GroupRule.REFERENCE:
            return None
        return cls(outcome.session, outcome.session.files, loaded.k, loaded.laid)

    def at(self, session: FolderSession, k: int) -> Sequence[Laid] | None:
        """The groups to lay out for ``session`` at ``k``; None when they are to be searched (another k, another
        session)."""
        if session is not self.session:
            return None
        files = session.files  # one moment's files: the window's thread may forget more meanwhile
        if files is not self.files:  # files forgotten since: the others' new numbers, by their paths
            self.laid, self.files = _followed(self.laid, self.files, files), files
        return self.laid if k == self.k else None


def _followed(laid: Sequence[Laid], old: Sequence[FileRecord], new: Sequence[FileRecord]) -> SavedGroups:
    """``laid``, whose numbers index ``old``, with the numbers of the same files in ``new`` (files it no longer
    holds left out; a group left with one file dropped). Numbered by ``new`` itself, not by the session's index,
    which a forget on another thread may have moved on from ``new``."""
    index = {record.path: i for i, record in enumerate(new)}.get

    def moved(numbers: Iterable[int]) -> tuple[int, ...]:
        return tuple(j for i in numbers if (j := index(old[i].path)) is not None)

    out = []
    for saved in laid:
        close = list(saved.also_close) + [()] * (len(saved.files) - len(saved.also_close))
        kept = [
            (j, moved(near))
            for i, near in zip(saved.files, close, strict=False)
            if (j := index(old[i].path)) is not None
        ]
        if len(kept) > 1:
            out.append(Laid(tuple(j for j, _ in kept), tuple(near for _, near in kept)))
    return SavedGroups.of(out)


@dataclass(frozen=True, slots=True)
class Regrouped:
    """The groups of a request, each group's wasted bytes, the number of verified pairs behind them, the
    members inside a reference folder (never marked), every member group after group and each file's name as
    the filter matches it: all found here, off the window's thread."""

    request: RegroupRequest
    groups: list[Group]
    wasted: list[int]
    verified_pairs: int | None
    protected: frozenset[int] = frozenset()
    members: list[int] | None = None
    names: Sequence[str] | None = None
    member_set: frozenset[int] | None = None
    references: frozenset[int] | None = None
    """The members as a set and the groups' references: the cleaner's sets, made here, not on the window's thread."""
    member_names: list[str] | None = None
    """The name of each of ``members`` (from ``names``), for the filter."""
    decided: bool = True
    """False: reopened results' groups as saved, shown while they are decided (``RegroupRequest.decided``)."""


def regroup(request: object, cancel: threading.Event, progress: Progress) -> Regrouped:
    """The groups of a :class:`RegroupRequest` (raises Cancelled when a newer request arrives)."""
    assert isinstance(request, RegroupRequest)
    session = request.session
    left_out = request.left_out
    laid = request.layout.at(session, request.k) if request.layout is not None else None
    if not request.decided and laid is None:  # no layout at this k: nothing to show as saved (no search here)
        raise Cancelled
    decided = request.decided
    if laid is not None:
        groups = session.laid_out(laid, request.k, leave_out=left_out, decided=decided)
    else:
        groups = session.groups(request.k, rule=request.rule, progress=progress, cancel=cancel, leave_out=left_out)
    folders = with_reference_roots(request.reference_folders, session.result.roots)  # and the reference roots'
    if decided:  # references chosen by resemblance: measured from the sketches
        if request.reference_rule is not None:
            groups = reprioritise(session, groups, request.reference_rule, request.k, reference_folders=folders).groups
        groups = apply_reference_folders(session, groups, folders)
        if request.preferred:
            groups = [_preferred(session, g, request.preferred) for g in groups]
    pairs = None if laid is not None else len(session.pairs(request.k))  # the laid out groups search none
    protected = frozenset(protected_members(session, groups, folders))
    members = [m.index for g in groups for m in g.members]
    wasted = session.wasted_bytes_of(groups)
    session.file_sizes()  # what the marked files' sizes are added up from, made here
    # the filter's names: for the decided groups (a million files: 1 s the groups as saved are shown sooner)
    names = _names(session) if decided else None
    member_names = list(map(names.__getitem__, members)) if names is not None else None
    # the cleaner's sets, only for groups it may act on (a million files' groups as saved: 24 MB kept to the peak)
    member_set = frozenset(members) if decided else None
    references = frozenset(map(attrgetter("reference"), groups)) if decided else None
    return Regrouped(
        request,
        groups,
        wasted,
        pairs,
        protected,
        members,
        names,
        member_set,
        references,
        member_names,
        decided,
    )


_NAMES: weakref.WeakKeyDictionary[FolderSession, tuple[Sequence[FileRecord], list[str]]] = weakref.WeakKeyDictionary()
_NAMES_LOCK = threading.Lock()


def _names(session: FolderSession) -> list[str]:
    """The session's files' names as the filter matches them, made once per session and files (kept while the
    session lives)."""
    files = session.files
    with _NAMES_LOCK:
        made = _NAMES.get(session)
    if made is not None and made[0] is files:
        return made[1]
    names = lowercase_names(files)
    with _NAMES_LOCK:
        _NAMES[session] = (files, names)
    return names


def _preferred(session: FolderSession, group: Group, preferred: frozenset[int]) -> Group:
    if group.reference in preferred:
        return group
    chosen = next((m.index for m in group.members if m.index in preferred), None)
    return group if chosen is None else set_reference(session, group, chosen)


@dataclass(frozen=True, slots=True)
class ReprioritiseRequest:
    """Choose the references of ``groups`` (a snapshot of those on screen) of ``session`` by ``rule`` at ``k``."""

    session: FolderSession
    groups: tuple[Group, ...]
    rule: ReferenceRule
    k: int
    reference_folders: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Reprioritised:
    """The groups of a request with their chosen references, each group's wasted bytes, and how many groups got
    another reference or kept theirs because the first member by the rule may not lead."""

    request: ReprioritiseRequest
    groups: tuple[Group, ...]
    wasted: tuple[int, ...]
    changed: int
    held_back: int


def choose_references(request: object, cancel: threading.Event) -> Reprioritised:
    """The references a :class:`ReprioritiseRequest` asks for, off the window's thread (13,000 groups: 0.2 s)."""
    assert isinstance(request, ReprioritiseRequest)
    session = request.session
    done = reprioritise(session, request.groups, request.rule, request.k, reference_folders=request.reference_folders)
    wasted = tuple(session.wasted_bytes_of(done.groups))
    return Reprioritised(request, tuple(done.groups), wasted, done.changed, done.held_back)


def default_cache() -> Path | None:
    """The cache the window's scans use, or None without a home folder (scans then run without one)."""
    try:
        return default_cache_path()
    except RuntimeError:
        return None


class FolderJobs(QObject):
    """The page's jobs, each on a thread of its own, and the timer that coalesces threshold changes.

    Attributes:
        scan: Scans a folder (:class:`ScanJob`), reporting progress.
        load: Reopens saved results (:func:`load_saved`).
        check: Looks at a reopened result's files on disk (:func:`check_saved`), reporting progress.
        histogram: Measures a reopened result's distance histogram (:func:`measure_histogram`) beside its first
            groups.
        group: Regroups a session (:func:`regroup`); newest request wins.
        preview: Reopened results' groups as saved (:func:`regroup` of a request not ``decided``), shown beside
            ``group`` deciding them, until it has.
        choose: Chooses references by a rule (:func:`choose_references`), for Re-prioritise.
        act: Acts on files by a confirmed plan (:func:`~simcompare.core.folder.plan.run_plan`), reporting
            progress; stopped between two files.
        regroup_timer: A slider drag sends a tick per step: they become one request once the events settle.
    """

    def __init__(self, scan_function: ScanFunction = scan, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scan = BackgroundJob(ScanJob(scan_function), "folder-scan", self, reports_progress=True)
        self.load = BackgroundJob(load_saved, "folder-load", self, reports_progress=True)
        self.check = BackgroundJob(check_saved, "folder-check", self, reports_progress=True)
        self.histogram = BackgroundJob(measure_histogram, "folder-histogram", self)
        self.group = BackgroundJob(regroup, "folder-groups", self, reports_progress=True)
        self.preview = BackgroundJob(regroup, "folder-preview", self, reports_progress=True)
        self.choose = BackgroundJob(choose_references, "folder-references", self)
        self.act = BackgroundJob(run_plan, "folder-actions", self, reports_progress=True)
        self.regroup_timer = QTimer(self)
        self.regroup_timer.setSingleShot(True)
        self.regroup_timer.setInterval(0)

    @property
    def scanning(self) -> bool:
        """A scan runs, or saved results are being reopened."""
        return self.scan.busy or self.load.busy

    @property
    def editing(self) -> bool:
        """References are being chosen or files acted on: the user's edits of marks and groups wait."""
        return self.choose.busy or self.act.busy

    @property
    def busy(self) -> bool:
        """A scan, a reopening or an edit runs: no other scan, reopening or action may start."""
        return self.scanning or self.editing

    @property
    def regrouping(self) -> bool:
        """Groups are being made (decided, or reopened results' as saved), or a threshold change waits to be."""
        return self.group.busy or self.preview.busy or self.regroup_timer.isActive()

    def wait_until_idle(self, timeout_ms: int) -> bool:
        """Run the event loop until no job runs (for ``--screenshot``); False when ``timeout_ms`` passed first."""
        loop = QEventLoop()
        timer = QTimer()
        timer.setSingleShot(True)
        timer.timeout.connect(loop.quit)
        poll = QTimer()
        poll.timeout.connect(loop.quit)  # busy states end through several signals; look again now and then
        poll.start(50)
        timer.start(timeout_ms)
        while self._working() and timer.isActive():
            loop.exec()
        poll.stop()
        return not self._working()

    def _working(self) -> bool:
        return self.regrouping or any(job.busy for job in self._jobs())

    def _jobs(self) -> tuple[BackgroundJob, ...]:
        return (self.scan, self.load, self.check, self.histogram, self.group, self.preview, self.choose, self.act)

    def shutdown(self) -> None:
        """Stop the workers; call before the page goes away."""
        for job in self._jobs():
            job.shutdown()
