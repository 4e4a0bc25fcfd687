"""PNG encoding tuned for speed: board images are mostly flat colour and compress well anyway."""

from __future__ import annotations

import io

from PIL import Image

#: zlib level 1-3 is several times faster than the default 6 for a few percent more bytes.
COMPRESS_LEVEL = 2


def encode_png(image: Image.Image, *, compress_level: int = COMPRESS_LEVEL) -> bytes:
    """``image`` as PNG bytes (no slow ``optimize`` pass)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=compress_level)
    return buffer.getvalue()
