"""Streets of Stalingrad's picture layers for ``adjudicator show`` (``zoc``, ``retreat``)."""
