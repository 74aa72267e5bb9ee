"""Recordings: the ``durak-nb/1`` JSON form (INTERCHANGE.md) and the notation (docs/notation.md).

One record core: :mod:`.jsonio` (the one strict JSON decoder and encoder),
:mod:`.annotations` (the one schema of annotations and move objects), :mod:`.json_form`
(the JSON form, the bounds, bounded reads and atomic writes), :mod:`.tree` (the game
tree), the notation's :mod:`.lexer`, :mod:`.reader` (a visitor) and :mod:`.writer`
(with :mod:`.notation` as their facade), :mod:`.io` (files by suffix) and
:mod:`.recorder` (journals).  Nothing here imports above the engine.
"""

from .json_form import (
    FORMAT,
    Deal,
    Recording,
    RecordingError,
    Start,
    ValidationReport,
    move_to_json,
    validate_file,
    validate_recording,
)

__all__ = [
    "FORMAT",
    "Deal",
    "Recording",
    "RecordingError",
    "Start",
    "ValidationReport",
    "move_to_json",
    "validate_file",
    "validate_recording",
]
