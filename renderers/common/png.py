"""PNG encoding tuned for speed: board images are mostly flat colour and compress well anyway.

Pillow chooses a PNG filter for every row (trying them all), which costs more than the
compression itself; on our flat-coloured boards no filter at all compresses better, and zlib
at a low level does the rest: :func:`encode_png` writes the file itself (``IHDR``, one
``IDAT``, ``IEND``), about twice as fast as Pillow and smaller. The pixels are exactly the
image's (PNG is lossless); modes other than RGB, RGBA, L and LA go through Pillow.

Successive boards are mostly the same pixels (the same map, the same panels; a move changes a
few places), so the rows are compressed in bands of :data:`BAND_ROWS`, each on its own (a
zlib full flush: a band never refers to the bytes before it), and a process keeps the bands it
compressed (:class:`BandCache`), found by the SHA-256 of their pixels: a band whose pixels were
compressed before, for any picture, is not compressed again. The cached bytes decode to exactly
the pixels they were found by, so a picture is the same whether its bands came from the cache
or not, and a band can only ever be served for its own pixels.

>>> from PIL import Image
>>> import io
>>> image = Image.new("RGB", (3, 2), (10, 20, 30))
>>> Image.open(io.BytesIO(encode_png(image))).tobytes() == image.tobytes()
True
"""

from __future__ import annotations

import hashlib
import io
import struct
import threading
import zlib
from collections import OrderedDict

from PIL import Image

#: zlib level 1-3 is several times faster than the default 6 for a few percent more bytes.
COMPRESS_LEVEL = 2
SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Pillow mode -> (PNG colour type, bytes per pixel), 8 bits per sample.
COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "LA": (4, 2), "RGBA": (6, 4)}
#: Rows compressed together: small enough that most bands of a board are unchanged by a
#: move, large enough that the compression hardly suffers (a band holds ~20-26 KB).
BAND_ROWS = 16
#: Compressed bytes of bands kept per process (:data:`BANDS`): the bands of a few hundred boards.
CACHE_BYTES = 32 * 1024 * 1024
#: A zlib stream's header (deflate, 32 KB window), and its last block (empty, stored, final).
ZLIB_HEADER = b"\x78\x01"
LAST_BLOCK = b"\x01\x00\x00\xff\xff"
ADLER_BASE = 65521


class BandCache:
    """Compressed bands of rows, by the SHA-256 of their pixels and their row length (the
    least recently used go first beyond ``max_bytes``). Safe to use from several threads."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.hits = 0
        self.misses = 0
        self._bands: OrderedDict[bytes, tuple[bytes, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._bands)

    def get(self, key: bytes) -> tuple[bytes, int] | None:
        """The compressed band and its Adler-32 checksum, or ``None``."""
        with self._lock:
            found = self._bands.get(key)
            if found is None:
                self.misses += 1
            else:
                self.hits += 1
                self._bands.move_to_end(key)
            return found

    def put(self, key: bytes, deflated: bytes, adler: int) -> None:
        with self._lock:
            if key in self._bands or len(deflated) > self.max_bytes:
                return
            self._bands[key] = (deflated, adler)
            self.size += len(deflated)
            while self.size > self.max_bytes:
                _, (old, _) = self._bands.popitem(last=False)
                self.size -= len(old)

    def clear(self) -> None:
        with self._lock:
            self._bands.clear()
            self.size = self.hits = self.misses = 0


#: This process's bands (each render worker has its own).
BANDS = BandCache()


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from the checksum of each and the
    length of the second (zlib's ``adler32_combine``, which Python does not offer).

    >>> adler32_combine(zlib.adler32(b"board "), zlib.adler32(b"image"), 5) == zlib.adler32(b"board image")
    True
    """
    rem = second_length % ADLER_BASE
    low = first & 0xFFFF
    high = (rem * low) % ADLER_BASE
    low = (low + (second & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE
    high = (high + (first >> 16) + (second >> 16) + ADLER_BASE - rem) % ADLER_BASE
    return low | (high << 16)


def _scanlines(pixels: memoryview, stride: int) -> bytearray:
    """``pixels`` as PNG scanlines: each row after its filter type 0 ("None")."""
    height = len(pixels) // stride
    rows = bytearray(height * (stride + 1))
    view = memoryview(rows)
    for y in range(height):
        start = y * (stride + 1) + 1
        view[start : start + stride] = pixels[y * stride : (y + 1) * stride]
    return rows


def _deflate(raw: bytes, stride: int, compress_level: int, cache: BandCache | None) -> list[bytes]:
    """The zlib stream of ``raw``'s scanlines, in pieces: band by band (each band from
    ``cache`` when its pixels were compressed before)."""
    pixels = memoryview(raw)
    band = stride * BAND_ROWS
    # The row length decides where the filter bytes go: same pixels, another width, other bytes.
    seed = hashlib.sha256(struct.pack(">IB", stride, compress_level))
    compressor = None
    pieces = [ZLIB_HEADER]
    adler = 1
    for start in range(0, len(raw), band):
        chunk = pixels[start : start + band]
        digest = seed.copy()
        digest.update(chunk)
        key = digest.digest()
        found = cache.get(key) if cache is not None else None
        if found is None:
            rows = _scanlines(chunk, stride)
            if compressor is None:
                compressor = zlib.compressobj(compress_level, zlib.DEFLATED, -zlib.MAX_WBITS)
            # A full flush ends the band on a byte and forgets it: the next refers to nothing before.
            found = compressor.compress(rows) + compressor.flush(zlib.Z_FULL_FLUSH), zlib.adler32(rows)
            if cache is not None:
                cache.put(key, *found)
        pieces.append(found[0])
        adler = adler32_combine(adler, found[1], len(chunk) // stride * (stride + 1))
    pieces.append(LAST_BLOCK)
    pieces.append(struct.pack(">I", adler))
    return pieces


def _chunk(kind: bytes, pieces: list[bytes]) -> list[bytes]:
    """A PNG chunk holding ``pieces`` one after the other (as pieces: joined once, at the end)."""
    crc = zlib.crc32(kind)
    for piece in pieces:
        crc = zlib.crc32(piece, crc)
    return [struct.pack(">I", sum(map(len, pieces))), kind, *pieces, struct.pack(">I", crc)]


def encode_png(
    image: Image.Image, *, compress_level: int = COMPRESS_LEVEL, cache: BandCache | None = BANDS
) -> bytes:
    """``image`` as PNG bytes: every row unfiltered, zlib at ``compress_level``, the bands of
    rows met before taken from ``cache`` (``None``: compress every band)."""
    found = COLOUR_TYPES.get(image.mode)
    if found is None:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=False, compress_level=compress_level)
        return buffer.getvalue()
    colour_type, depth = found
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            *_chunk(b"IHDR", [header]),
            *_chunk(b"IDAT", _deflate(image.tobytes(), width * depth, compress_level, cache)),
            *_chunk(b"IEND", []),
        )
    )
