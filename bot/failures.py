"""Logging unexpected failures without their messages.

An exception's message may quote game data (a hidden piece, a card in hand, an action's
arguments), and logs at INFO and above are read by server admins. So at ERROR we log what
failed, the exception type and the stack; the message itself only at DEBUG.
"""

from __future__ import annotations

import logging
import traceback


def log_failure(logger: logging.Logger, what: str, exc: BaseException) -> None:
    """Log ``exc`` at ERROR as type + stack (no message), and in full at DEBUG.

    >>> import io
    >>> out = io.StringIO(); demo = logging.getLogger("demo"); demo.propagate = False
    >>> demo.addHandler(logging.StreamHandler(out)); demo.setLevel(logging.INFO)
    >>> hidden = "fro" + "do"
    >>> try:
    ...     raise KeyError(hidden)
    ... except KeyError as exc:
    ...     log_failure(demo, "a move failed", exc)
    >>> text = out.getvalue(); ("KeyError" in text, "frodo" in text)
    (True, False)
    """
    stack = "".join(traceback.format_tb(exc.__traceback__)).rstrip()
    logger.error("%s: %s\n%s", what, type(exc).__name__, stack)
    logger.debug("%s: %s", what, exc, exc_info=exc)
