"""The board in a browser (``adjudicator serve``): see :mod:`adjudicator.web.app`."""
