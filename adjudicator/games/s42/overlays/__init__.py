"""Picture layers for ``adjudicator show``, one module per rule area.

Each module defines ``NAME`` (the layer's name on the command line), ``ORDER``
(drawing order) and ``layer(scenario, solver[, params]) -> Layer``. A layer that
answers a question (where may this stack retreat?) names the ``ShowParams``
field holding it in ``ASKS``; it is drawn by default only when that is given. ``show`` discovers
the modules, so a rule area adds its picture without touching the command.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def available() -> list[ModuleType]:
    mods = [
        importlib.import_module(f"{__name__}.{m.name}")
        for m in pkgutil.iter_modules(__path__)
    ]
    return sorted((m for m in mods if hasattr(m, "layer")), key=lambda m: getattr(m, "ORDER", 50))
