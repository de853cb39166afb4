"""Streets of Stalingrad's questions: each turns the position into facts, grounds the
encodings the game registers for it (``adjudicator.games.sos.engine``) and reads back a
typed answer carrying the rule ids that decided it."""
