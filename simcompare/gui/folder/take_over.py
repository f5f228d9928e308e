"""A change of language rebuilds the window: the new Folder page takes over what the old one showed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simcompare.core.formats.names import display_name

if TYPE_CHECKING:
    from simcompare.gui.folder.page import FolderPage


def take_over(page: FolderPage, old: FolderPage) -> None:
    """Show on ``page`` what ``old`` showed: the session, k, its cleaner's state, the groups as shown (groups
    being made, or shown as saved while they are decided, are made again)."""
    page.set_folder(old.folder())
    page.fields.set_k(old.k_box.value())
    page.histogram.set_k(page.k_box.value())
    if old.session is None:
        return
    page.session, page.cleaner, page.saved_layout = old.session, old.cleaner, old.saved_layout
    page.model.set_cleaner(page.cleaner)
    page.views.dupes.set_cleaner(page.cleaner)  # the Dupes only list shows and ticks the same marks
    page.distance_histogram = old.distance_histogram
    page.histogram.set_histogram(old.distance_histogram)
    result = old.session.result
    page.problems_model.set_problems(result.problems)
    page.empty_model.setStringList([display_name(p) for p in old.session.empty_paths()])
    page.retitle_tabs()
    if old.shown is not None and not old.regrouping and not old.deciding:  # the groups as shown and decided
        page.shown = old.shown
        model = old.model
        wasted = [model.wasted(r) for r in range(len(model.groups))]
        page.model.set_groups(
            result.files,
            model.groups,
            result.config.bits,
            wasted=wasted,
            protected=model.protected,
            hardlink_of=page.session.hardlink_of if page.session is not None else None,
        )
        page.selection.expand()
        page.summary.show()
        page.menus.refresh()
    else:
        page.cleaner.hold_marks()
        page.regroup()
