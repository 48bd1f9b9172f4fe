"""Live rebuilds (``cardgen watch``): scan the deck folder, rebuild only the outputs a change affects."""

from cardgen.watch.watcher import Selection, WatchOptions, WatchReport, Watcher

__all__ = ["Selection", "WatchOptions", "WatchReport", "Watcher"]
