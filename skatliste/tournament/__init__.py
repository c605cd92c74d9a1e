"""A tournament across tables: players, the draw, table lists, ranking, teams, prizes.

``core`` is pure (draw, Seeger-Fabian of paper results, ranking, teams, prizes: no files);
``store`` reads and writes the tournament folder; ``render`` turns results into text, HTML,
CSV and JSON. What a user does with them lives in ``skatliste.app.tournament``.
"""
