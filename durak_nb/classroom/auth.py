"""Who is who on the class server (docs/class-protocol.md "Who is who"): tokens, the
teacher key and class codes.

A token is 32 random bytes in URL-safe base64 (43 characters, :func:`new_token`); the store
keeps only its SHA-256 (:func:`token_hash`); every comparison of a secret is
:func:`hmac.compare_digest` (:func:`same`), so its time tells nothing of where it differs.

>>> len(new_token()), token_hash("abc")[:12]
(43, 'ba7816bf8f01')
>>> normal_code(" ab-c2 3d ")
'ABC23D'
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["CODE_ALPHABET", "new_token", "normal_code", "same", "teacher_key", "token_hash"]

#: The characters of a class code: no 0/O, no 1/I (read aloud, written on a board).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: The longest text taken as a token or key (a longer one cannot be one).
MAX_SECRET = 128


def new_token() -> str:
    """A fresh token: 32 bytes of :mod:`secrets`, URL-safe base64 without padding (43 characters)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` (its UTF-8), as 64 hex digits: what the store keeps."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same(given: str, kept: str) -> bool:
    """Whether the secret ``given`` is ``kept``, compared in constant time (hmac)."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), kept.encode("utf-8", "surrogatepass"))


def normal_code(text: str) -> str:
    """A class code as typed, made canonical: upper case, spaces and dashes left out."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def teacher_key(store: object, override: str | None = None) -> str:
    """The teacher key: ``override`` (``--teacher-key``, then kept in the store), else the
    store's, made (a :func:`new_token`) and kept on the store's first start.

    ``store``: a :class:`durak_nb.classroom.store.Store`.
    """
    if override:
        store.set_teacher_key(override)  # type: ignore[attr-defined]
        return override
    kept: str | None = store.teacher_key()  # type: ignore[attr-defined]
    if kept:
        return kept
    key = new_token()
    store.set_teacher_key(key)  # type: ignore[attr-defined]
    return key
