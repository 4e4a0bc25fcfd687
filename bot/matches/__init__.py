"""The match service by concern; :class:`bot.service.MatchService` is its facade.

``live`` (a match in memory, results, refusals) · ``cache`` (loading and keeping live matches) ·
``lobby`` (seats and start) · ``entries`` (act, undo, resign: check, commit, settle) ·
``timebanks`` (timeouts, reminders, pauses) · ``transfer`` (export and import) · ``queries``
(finding matches) · ``legality`` (what a player may do now).
"""
