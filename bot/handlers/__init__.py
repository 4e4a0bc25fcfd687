"""What the bot does for one interaction, by concern; :class:`bot.controller.Controller` joins them.

``replies`` (the services, refusals, deferral, delivery after a commit) · ``lobby`` (lobbies and
whole matches) · ``play`` (moves, undo, resignation) · ``private`` (the hand, rules, board, pauses).
"""
