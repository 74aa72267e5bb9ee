"""Recordings: the ``durak-nb/1`` JSON form (INTERCHANGE.md)."""

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
