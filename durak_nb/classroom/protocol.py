"""The class server's messages (docs/class-protocol.md, ``durak-nb-class/1``): their
bounds, their exact members, and the refusals with their words.

Every client message is one JSON object in one text frame, read as strict JSON
(:func:`durak_nb.strictjson.strict_json`), at most :data:`MAX_MESSAGE` bytes, with a
``type`` of :data:`SCHEMA`, an ``id`` and exactly the members its type takes.
:func:`parse` reads one or raises :class:`Refused` with the refusal's code; nothing here
touches a store or a game, so a refused message changes nothing.

>>> parse('{"type": "hello", "id": 1, "protocol": "durak-nb-class/1", "lang": "uk"}')["lang"]
'uk'
>>> try:
...     parse('{"type": "hello", "id": 1, "id": 2}')
... except Refused as exc:
...     exc.code
'malformed'
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ..i18n import LANGUAGES, N_, _, whole
from ..strictjson import StrictJSONError, strict_json

__all__ = [
    "BURST",
    "CODES",
    "HARD_RATE",
    "HELLO_TIMEOUT",
    "MAX_BAD_IN_ROW",
    "MAX_CONNECTIONS_PER_ADDRESS",
    "MAX_ID",
    "MAX_MESSAGE",
    "PROTOCOL",
    "RATE",
    "SCHEMA",
    "WINDOW",
    "Refused",
    "name_problem",
    "parse",
    "refusal",
]

#: The protocol's name and version (``hello``'s ``protocol``).
PROTOCOL = "durak-nb-class/1"
#: The longest frame a client may send, in bytes (UTF-8).
MAX_MESSAGE = 16_384
#: Messages a second a connection may send, over :data:`WINDOW` seconds, with a burst of
#: :data:`BURST`; beyond :data:`HARD_RATE` times that the socket is closed (1008).
RATE = 20
WINDOW = 2.0
BURST = 40
HARD_RATE = 4
#: Refusals for size or strict JSON in a row after which the socket is closed (1008).
MAX_BAD_IN_ROW = 10
#: The most sockets open from one address.
MAX_CONNECTIONS_PER_ADDRESS = 64
#: Seconds a socket has to send a valid ``hello``.
HELLO_TIMEOUT = 10.0
#: ``id`` is a whole number 0 <= id < MAX_ID (a JavaScript number holds it exactly).
MAX_ID = 2**53
#: The longest class title and the longest name, in characters.
MAX_TITLE = 80
MAX_NAME = 40
#: The most questions of one drill set.
MAX_QUESTIONS = 20

#: The refusal codes (docs/class-protocol.md "Refusal codes").
CODES = ("malformed", "too_big", "rate", "auth", "not_yours", "stale", "illegal", "over", "bound")

#: Each client message type: its members (beside ``type`` and ``id``) as
#: ``{member: (kind, required)}``; kinds: ``str``, ``int`` (whole, not bool), ``bool``,
#: ``rules`` (a preset name or an object), ``seats`` (a list of objects), ``object``.
SCHEMA: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"protocol": ("str", True), "lang": ("str", True), "pictures": ("bool", False)},
    "create_class": {"key": ("str", True), "title": ("str", True), "teacher": ("str", True)},
    "join": {"code": ("str", True), "name": ("str", True)},
    "resume": {"token": ("str", True)},
    "open_table": {"rules": ("rules", True), "seats": ("seats", True), "seed": ("int", False)},
    "pair": {"size": ("int", True), "rules": ("rules", True), "bot": ("str", False)},
    "move": {"table": ("int", True), "seq": ("int", True), "move": ("object", True)},
    "set_drill": {"kind": ("str", True), "seed": ("int", True), "count": ("int", True)},
    "answer": {"drill": ("int", True), "question": ("int", True), "answer": ("int", True)},
    "watch": {"table": ("int", False)},
    "bye": {},
}

#: The words of each refusal (the text of ``refused``), translated at use.
WORDS = {
    "not_json": N_("This message is not a JSON object in strict JSON (no member twice, no NaN or Infinity)."),
    "text_frame": N_("A message is one text frame of JSON, not binary data."),
    "type": N_("The message type {type} is not one the class server knows."),
    "unknown_member": N_("The member {member} is not one this message takes."),
    "missing": N_("The member {member} is missing."),
    "kind": N_("The member {member} has the wrong kind of value."),
    "id": N_("The member id must be a whole number from 0 to 2^53 - 1."),
    "hello_first": N_("Say hello first: the first message is hello."),
    "protocol": N_("This server speaks the protocol {want}, not {got}."),
    "lang": N_("The language must be en, ru or uk."),
    "too_big": N_("The message is longer than {most} bytes."),
    "rate": N_("Too many messages: at most {rate} a second. Wait a moment."),
    "auth": N_("This code, name or token is not accepted."),
    "not_yours": N_("This is not your seat or not your table."),
    "teacher_only": N_("Only the class's teacher may do this."),
    "student_only": N_("Only a student of the class may do this."),
    "stale": N_("The table has moved on: {count} moves have been played, not {seq}. Here is the table now."),
    "over": N_("The game at this table is over."),
    "name": N_("A name is 1 to {most} characters, with no control characters."),
    "title": N_("A title is 1 to {most} characters, with no control characters."),
    "name_taken": N_("The name {name} is taken in this class: choose another."),
    "seated": N_("{name} is already playing at an open table."),
    "no_student": N_("{name} is not a student of this class."),
    "seats": N_("A table has 2 to 6 seats, each a student of the class or a bot."),
    "bot": N_("{level} is not a bot level here; the levels are {levels}."),
    "size": N_("A table has 2 to 6 seats."),
    "count": N_("A drill set has 1 to {most} questions."),
    "drill_kind": N_("{kind} is not a kind of drill; the kinds are {kinds}."),
    "no_drill": N_("There is no such drill in this class."),
    "no_question": N_("There is no question {question} in this drill."),
    "option": N_("There is no option {answer} in this question."),
    "answered": N_("This question is answered already."),
    "no_table": N_("There is no such table in this class."),
    "rules": N_("These rules cannot be played: {why}"),
    "not_move": N_("This is not a move: {why}"),
    "redeal_deck": N_("A redeal is claimed without a deck: the server shuffles (R5)."),
    "too_few": N_("Fewer than {size} students are free to play: no table opened."),
}


class Refused(Exception):
    """A client message refused: ``code`` (:data:`CODES`), the rule id (``rule``) or
    ``None``, the member at fault (``member``) or ``None``, and the words' key in
    :data:`WORDS` with their values, or ``text`` already in the reader's language (an
    engine refusal).  :meth:`message` makes the ``refused`` message in the language in use."""

    def __init__(
        self,
        code: str,
        key: str | None = None,
        *,
        rule: str | None = None,
        member: str | None = None,
        text: str | None = None,
        **values: object,
    ) -> None:
        super().__init__(code)
        assert code in CODES, code
        self.code, self.key, self.rule, self.member, self.text, self.values = code, key, rule, member, text, values

    def words(self) -> str:
        """The refusal's sentence in the language in use."""
        if self.text is not None:
            return self.text
        # counts as the language writes them: «65 536 байт», "65,536 bytes" (i18n.whole)
        values = {k: whole(v) if type(v) is int else v for k, v in self.values.items()}
        return _(WORDS[self.key or self.code]).format(member=self.member, **values)

    def message(self, re: int | None) -> dict[str, Any]:
        """The ``refused`` message answering the message ``re`` (``None``: it had no id)."""
        return refusal(re, self.code, self.words(), rule=self.rule, member=self.member)


def refusal(
    re: int | None, code: str, text: str, *, rule: str | None = None, member: str | None = None
) -> dict[str, Any]:
    """A ``refused`` message: ``{"type": "refused", "re", "code", "rule", "text", "member"}``."""
    return {"type": "refused", "re": re, "code": code, "rule": rule, "text": text, "member": member}


def _kind_ok(kind: str, value: object) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return type(value) is int
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "rules":
        return isinstance(value, (str, dict))
    if kind == "seats":
        return isinstance(value, list) and all(isinstance(s, dict) for s in value)
    return isinstance(value, dict)


def parse(frame: str | bytes) -> dict[str, Any]:
    """One client frame read as a message of :data:`SCHEMA`.

    Args:
        frame: the frame's text (a ``bytes`` frame is refused: messages are text).

    Returns:
        the message object (``type``, ``id`` and its members, each of its kind).

    Raises:
        Refused: ``too_big`` (over :data:`MAX_MESSAGE` bytes), ``malformed`` (binary, not
            strict JSON, not an object, an unknown type or member, a member missing or
            of the wrong kind, a bad ``id``); ``member`` names the member at fault.
    """
    if isinstance(frame, bytes):
        raise Refused("malformed", "text_frame")
    if len(frame) > MAX_MESSAGE or len(frame.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise Refused("too_big", most=MAX_MESSAGE)
    try:
        msg = strict_json(frame)
    except (StrictJSONError, ValueError, RecursionError):
        raise Refused("malformed", "not_json") from None
    if not isinstance(msg, dict):
        raise Refused("malformed", "not_json")
    kind = msg.get("type")
    mid = msg.get("id")
    if type(mid) is not int or not 0 <= mid < MAX_ID:
        raise Refused("malformed", "id", member="id")
    if not isinstance(kind, str) or kind not in SCHEMA:
        raise Refused("malformed", "type", member="type", type=_shown(kind))
    schema = SCHEMA[kind]
    for member in msg:
        if member not in schema and member not in ("type", "id"):
            raise Refused("malformed", "unknown_member", member=_shown(member))
    for member, (want, required) in schema.items():
        if member not in msg:
            if required:
                raise Refused("malformed", "missing", member=member)
            continue
        if not _kind_ok(want, msg[member]):
            raise Refused("malformed", "kind", member=member)
    return msg


def message_id(frame: str | bytes) -> int | None:
    """The ``id`` of a frame that :func:`parse` refused, when one can be read, else ``None``
    (the refusal's ``re``)."""
    if isinstance(frame, bytes) or len(frame) > MAX_MESSAGE:
        return None
    try:
        msg = strict_json(frame)
    except (StrictJSONError, ValueError, RecursionError):
        return None
    mid = msg.get("id") if isinstance(msg, dict) else None
    return mid if type(mid) is int and 0 <= mid < MAX_ID else None


def _shown(value: object) -> str:
    """A value a client sent, for a refusal: JSON-like, at most 40 characters, control and
    format characters escaped (never raw, never markup: clients show text as text)."""
    from ..text import visible

    text = repr(value) if not isinstance(value, str) else value
    return visible(text[:40] + ("…" if len(text) > 40 else ""), json_string=True)


def name_problem(text: str, most: int = MAX_NAME, key: str = "name") -> Refused | None:
    """The ``bound`` refusal of a name (or, ``key="title"``, a title): 1 to ``most``
    characters after trimming white space, no control, format, surrogate or unassigned
    character (Unicode categories Cc, Cf, Cs, Co, Cn); ``None`` when it is fine.  A name
    is kept as typed (never rendered as markup: ``<b>`` stays ``<b>``)."""
    stripped = text.strip()
    if not 1 <= len(stripped) <= most or len(text) > most:
        return Refused("bound", key, member=key if key == "title" else "name", most=most)
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        return Refused("bound", key, member=key if key == "title" else "name", most=most)
    return None


def check_hello(msg: dict[str, Any]) -> str:
    """The language of a ``hello`` message.

    Raises:
        Refused: ``malformed``: another protocol (member ``protocol``) or language (``lang``).
    """
    if msg["protocol"] != PROTOCOL:
        raise Refused("malformed", "protocol", member="protocol", want=PROTOCOL, got=_shown(msg["protocol"]))
    if msg["lang"] not in LANGUAGES:
        raise Refused("malformed", "lang", member="lang")
    return str(msg["lang"])
