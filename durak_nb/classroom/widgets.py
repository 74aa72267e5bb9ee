"""The class server's notebook widgets (docs/class-protocol.md): :class:`JoinClass` for a
student, :class:`TeacherBoard` for the teacher.

Both speak to the server through :class:`~durak_nb.classroom.client.ClassClient` (a
thread in a Jupyter kernel, the browser's WebSocket in the JupyterLite site) and change
the values of widgets made once: a frame of the game sets an HTML value and the words of
a pool of buttons, it builds no new widget (the pool grows only when a position has more
legal moves than ever before).  Everything a person typed (names, titles) and everything
the server says in words is escaped before it becomes HTML; the pictures are the kit's
own (:func:`durak_nb.views.cards_svg.position_svg`), drawn here from the seat's view,
and, on the teacher's board, each table as the replayer shows it (the server's
``table_html``: :func:`durak_nb.views.html.table_view_html`, every text escaped there),
which the teacher may see whole.

All words are the catalogue part ``classclient``, in English, Russian and Ukrainian.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..cards import Card, Suit, cards_text, deck, parse_card
from ..engine import Position
from ..i18n import _, get_language, language, ngettext, pgettext
from ..rules import preset_text
from ..unseen import Seen
from ..views.cards_svg import card_defs, position_svg
from ..views.html import STYLE as TABLE_STYLE
from .client import ClassClient, ClientError
from .pages import BOT_LEVELS, PRESETS, TEACHER, WORDS
from .referee import level_text

__all__ = [
    "BOT_LEVELS",
    "PRESETS",
    "JoinClass",
    "TeacherBoard",
    "move_label",
    "seat_picture",
    "view_position",
]

#: a shown widget's ``layout.display``: the empty value takes the style property away in the
#: page (None does not reach the page from a listener in Pyodide: seen on the site)
SHOWN = ""
#: seconds a student may take for a move before the board says they are stuck
STUCK = 60

STYLE = """<style>
.dnb-class {max-width: 1000px}
.dnb-class .dnb-class-code {font-size: 56px; font-weight: bold; letter-spacing: .04em; line-height: 1.15}
.dnb-class .dnb-class-status {font-size: 15px}
.dnb-class .dnb-class-refused {color: #a40000}
.dnb-class table.dnb-class-list {border-collapse: collapse; font-size: 14px}
.dnb-class table.dnb-class-list td, .dnb-class table.dnb-class-list th {padding: 2px 10px; text-align: left}
.dnb-class .dnb-class-moves button {height: auto; min-height: 30px; white-space: normal}
.dnb-class .dnb-class-pic svg {max-width: 100%; height: auto}
</style>"""


def esc(text: object) -> str:
    """``text`` as HTML text (``<``, ``&``, quotes escaped): nothing typed becomes markup."""
    return html.escape(str(text), quote=True)


def _cards(codes: Sequence[str]) -> list[Card]:
    return [parse_card(c) for c in codes]


def move_label(move: Mapping[str, Any]) -> str:
    """The words on a legal move's button, in the language in use, cards read as 10♥:
    «Ходить 7♠», «Побить 8♣ картой 10♣», «Взять» (INTERCHANGE's JSON move form; the
    actions of R9–R14, R17, R20, R5).

    Raises:
        ValueError: not a move of that form, or a card code that is no card (R1).
    """
    action = move.get("action")
    if action in ("attack", "throw", "transfer"):
        cards = _cards(move.get("cards") or [])
        words = cards_text(cards)
        if action == "attack":
            return pgettext("class move", "Lead {cards}").format(cards=words)
        if action == "throw":
            return pgettext("class move", "Throw in {cards}").format(cards=words)
        if move.get("show"):
            return pgettext("class move", "Transfer by showing {card}").format(card=words)
        return ngettext("Transfer with {cards}", "Transfer with {cards}", len(cards)).format(cards=words)
    if action == "defend":
        card = cards_text([parse_card(move["card"])])
        target = move.get("target")
        if target is None:
            return pgettext("class move", "Cover with {card}").format(card=card)
        return pgettext("class move", "Cover {target} with {card}").format(
            target=cards_text([parse_card(target)]), card=card
        )
    if action == "take":
        return pgettext("class move", "Take")
    if action == "pass":
        return pgettext("class move", "Pass")
    if action == "redeal":
        return pgettext("class move", "Claim a redeal")
    raise ValueError(f"not a move: {action!r}")


def view_position(message: Mapping[str, Any]) -> tuple[Position, Seen]:
    """The position a seat sees, from the server's ``view`` message (``players`` and
    ``view``, the bot protocol's seat view): the seat's own hand, what is known of the
    others (their other cards counted, never drawn: :class:`~durak_nb.unseen.Seen`), the
    table, the talon with the turned-up trump (R3), the discard.  The others' hands in
    the :class:`Position` are stand-ins of the right size; draw it with ``seen``.

    Raises:
        KeyError, ValueError: not a ``view`` message of docs/class-protocol.md.
    """
    v = message["view"]
    players = tuple(str(p) for p in message["players"])
    me = players.index(v["player"])
    taken: set[Card] = set()
    known: list[tuple[Card, ...]] = []
    hidden: list[int] = []
    for i, name in enumerate(players):
        if i == me:
            cards = tuple(sorted(_cards(v["hand"])))
            known.append(cards)
            hidden.append(0)
        else:
            other = v["others"][name]
            cards = tuple(sorted(_cards(other["known"])))
            known.append(cards)
            hidden.append(int(other["hidden"]))
        taken.update(cards)
    spare = iter(c for c in deck(52) if c not in taken)
    hands = tuple(k + tuple(next(spare) for _ in range(n)) for k, n in zip(known, hidden, strict=True))
    trump_card = parse_card(v["trump_card"]) if v.get("trump_card") else None
    talon_n = int(v["talon"])
    talon: tuple[Card, ...] = tuple(next(spare) for _ in range(max(talon_n - 1, 0)))
    if talon_n:
        talon += (trump_card if trump_card is not None else next(spare),)
    table = tuple((parse_card(a), parse_card(d) if d else None) for a, d in v["table"])

    def seat(name: object) -> int | None:
        return players.index(name) if name in players else None

    position = Position(
        players=players,
        hands=hands,
        talon=talon,
        trump=Suit.parse(v["trump"]),
        trump_card=trump_card,
        table=table,
        discard=tuple(_cards(v.get("discard") or [])),
        attacker=seat(v.get("attacker")),
        first_attacker=None,
        defender=seat(v.get("defender")),
        bout=int(v.get("bout") or 1),
        first_bito_done=bool(v.get("first_bito_done")),
        taking=bool(v.get("taking")),
        passed=frozenset(),
        attacker_passed=False,
        out_order=tuple(i for i in (seat(n) for n in v.get("out") or []) if i is not None),
        result=None,
    )
    seen_talon = tuple([None] * max(talon_n - 1, 0) + ([trump_card] if talon_n else []))
    return position, Seen(hands=tuple(known), unknown=tuple(hidden), talon=seen_talon)


def seat_picture(message: Mapping[str, Any], *, width: float = 44) -> str:
    """The SVG of a ``view`` message: the kit's position picture with the seat's own hand
    face up, what is known of the others and their other cards as backs (:func:`view_position`)."""
    position, seen = view_position(message)
    return position_svg(position, width=width, seen=seen)


class _Pool:
    """Buttons made as needed and kept: :meth:`show` sets the words of the first ``n``
    and hides the rest (a frame changes values, it makes no widget)."""

    def __init__(self, box: widgets.Box, clicked: Callable[[int], None]) -> None:
        self.box = box
        self.clicked = clicked
        self.buttons: list[widgets.Button] = []

    def show(self, labels: Sequence[str], *, disabled: bool = False) -> None:
        while len(self.buttons) < len(labels):
            i = len(self.buttons)
            b = widgets.Button(layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b, i=i: self.clicked(i))
            self.buttons.append(b)
            self.box.children = (*self.box.children, b)
        for i, b in enumerate(self.buttons):
            if i < len(labels):
                b.description = labels[i]
                b.tooltip = labels[i]
                b.disabled = disabled
                b.layout.display = SHOWN
            else:
                b.layout.display = "none"


class JoinClass(widgets.VBox):  # type: ignore[misc]
    """A student's window on a class: the server's address, the class code and a name;
    then the seat's table (the kit's picture of the seat's view, drawn here from the
    ``view``), the legal moves as buttons in words, the last move in words, the result;
    and the drills the teacher set, one question at a time with its position (the
    server's picture: the client asks for pictures), its options and the verdict.

    Args:
        server: the server's address (``host:port`` or a URL), pre-filled.
        code: the class code, pre-filled.
        name: the student's name, pre-filled.
        lang: the language of the widget and of the server's words (default: the kit's).
        token_file: where the token is kept; with a token there the widget comes back
            to its seat at once.
        autojoin: join (or resume) at once when the address, code and name are given.

    Attributes:
        client: the :class:`ClassClient` once joined, else ``None``.
        view: the last ``view`` message, or ``None``.
    """

    def __init__(
        self,
        server: str = "",
        code: str = "",
        name: str = "",
        *,
        lang: str | None = None,
        token_file: str | None = None,
        autojoin: bool = False,
    ) -> None:
        self.lang = lang or get_language()
        self.token_file = token_file
        self.address = server
        self.client: ClassClient | None = None
        self.view: dict[str, Any] | None = None
        self.drills: list[dict[str, Any]] = []
        self.drill_at: tuple[int, int] = (0, 0)
        self.drill_right: dict[str, int] = {}
        self.class_title = ""
        self.my_name = ""
        with language(self.lang):
            self.server = widgets.Text(value=server, description=_(WORDS["server"]), placeholder="127.0.0.1:8765")
            self.code = widgets.Text(value=code, description=_(WORDS["code"]), placeholder="ABC234")
            self.name = widgets.Text(value=name, description=_(WORDS["name"]))
            for t in (self.server, self.code, self.name):
                t.style.description_width = "11em"
                t.layout.width = "24em"
            self.join_button = widgets.Button(description=_(WORDS["join"]), button_style="primary")
            self.join_button.layout.width = "auto"
            self.join_button.on_click(lambda _b: self.join())
            self.status = widgets.HTML(f'<div class="dnb-class-status">{esc(_(WORDS["fill"]))}</div>')
            self.picture = widgets.HTML(layout=widgets.Layout(display="none"))
            self.picture.add_class("dnb-class-pic")
            self.last = widgets.HTML()
            self.moves = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
            self.moves.add_class("dnb-class-moves")
            self.pool = _Pool(self.moves, self._clicked)
            self.drill_text = widgets.HTML()
            self.drill_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
            self.drill_pool = _Pool(self.drill_box, self._answer)
            self.number = widgets.IntText(layout=widgets.Layout(width="8em", display="none"))
            self.number_button = widgets.Button(description=_(WORDS["send_answer"]))
            self.number_button.layout.display = "none"
            self.number_button.on_click(lambda _b: self._answer(int(self.number.value)))
            self.verdict = widgets.HTML()
        form = widgets.VBox([self.server, self.code, self.name, self.join_button])
        self.form = form
        super().__init__(
            [
                widgets.HTML(STYLE),
                form,
                self.status,
                self.picture,
                self.last,
                self.moves,
                self.drill_text,
                self.drill_box,
                widgets.HBox([self.number, self.number_button]),
                self.verdict,
            ]
        )
        self.add_class("dnb-class")
        if autojoin and server and code and name:
            self.join()

    # -- actions ------------------------------------------------------------------------
    def join(self) -> None:
        """Connect to the server in the address field and join with the code and name
        (or resume with the kept token)."""
        with language(self.lang):
            if not (self.server.value.strip() and self.code.value.strip() and self.name.value.strip()):
                self._say(_(WORDS["fill"]))
                return
            try:
                client = ClassClient(self.server.value, lang=self.lang, pictures=True, token_file=self.token_file)
            except ClientError as exc:
                self._say(str(exc), refused=True)
                return
        if self.client is not None:
            self.client.close()
        self.client = client
        client.listen(self.handle)
        if client.token is None:
            client.join(self.code.value, self.name.value.strip())
        self.join_button.disabled = True
        self._say(self._t("connecting"))
        client.connect()

    def play(self, i: int) -> None:
        """Play the ``i``-th legal move of the last view (as its button does)."""
        self._clicked(i)

    def _t(self, key: str) -> str:
        with language(self.lang):
            return str(_(WORDS[key]))

    def _say(self, text: str, *, refused: bool = False) -> None:
        cls = "dnb-class-status dnb-class-refused" if refused else "dnb-class-status"
        self.status.value = f'<div class="{cls}">{esc(text)}</div>'

    def _clicked(self, i: int) -> None:
        view = self.view
        if view is None or self.client is None:
            return
        legal = view["view"].get("legal") or []
        if not 0 <= i < len(legal):
            return
        self.pool.show([b.description for b in self.pool.buttons[: len(legal)]], disabled=True)
        self.client.move(view["table"], int(view["seq"]), legal[i])
        with language(self.lang):
            self._say(_(WORDS["sent"]).format(words=move_label(legal[i])))

    def _answer(self, answer: int) -> None:
        d, q = self.drill_at
        if self.client is None or d >= len(self.drills):
            return
        self.client.answer(self.drills[d]["drill"], q, answer)
        self.drill_pool.show(
            [b.description for b in self.drill_pool.buttons if b.layout.display != "none"], disabled=True
        )

    # -- messages -----------------------------------------------------------------------
    def handle(self, m: dict[str, Any]) -> None:
        """Show one message of the server (the client's listener)."""
        with language(self.lang):
            self._handle(m)

    def _handle(self, m: dict[str, Any]) -> None:
        kind = m.get("type")
        if kind == "connection":
            state = m.get("state")
            if state == "open":
                self._say(_(WORDS["joining"]))
            elif state in ("lost", "closed"):
                self._say(_(WORDS[str(state)]), refused=True)
                self.join_button.disabled = state != "closed"
        elif kind in ("joined", "welcome"):
            self.my_name = str(m.get("name", ""))
            klass = m.get("class") or {}
            self.class_title = str(klass.get("title") or klass.get("code") or "")
            self.form.layout.display = "none"
            self._say(_(WORDS["joined"]).format(title=self.class_title, name=self.my_name))
            if self.view is None:
                self.last.value = f"<p>{esc(_(WORDS['wait_table']))}</p>"
        elif kind == "view":
            self._show_view(m)
        elif kind == "refused":
            self._say(str(m.get("text", "")), refused=True)
            if m.get("code") == "auth":
                self.form.layout.display = SHOWN
                self.join_button.disabled = False
            if self.view is not None:
                self._show_view(self.view)
        elif kind == "game_over":
            if self.view is not None:  # the server's words of the result (Result.describe)
                self._show_view({**self.view, "result": m.get("result") or {}, "words": m.get("words")})
        elif kind == "drill":
            self.drills.append(m)
            if len(self.drills) == 1 or self.drill_at[0] >= len(self.drills) - 1:
                self.drill_at = (len(self.drills) - 1, 0)
                self._show_question()
        elif kind == "answered":
            self.verdict.value = f"<p>{esc(m.get('text', ''))}</p>"
            d, q = self.drill_at
            if m.get("right") and d < len(self.drills):
                key = str(self.drills[d]["drill"])
                self.drill_right[key] = self.drill_right.get(key, 0) + 1
            self.drill_at = (d, q + 1)
            self._show_question()

    def _show_view(self, m: dict[str, Any]) -> None:
        self.picture.value = seat_picture(m)
        self.picture.layout.display = SHOWN
        legal = m["view"].get("legal") or []
        self.pool.show([move_label(x) for x in legal])
        parts = []
        if m.get("last"):
            parts.append(esc(_(WORDS["last"]).format(words=m["last"])))
        if m.get("result") is not None:
            words = m.get("words") or _result_words(m["result"])
            parts.append("<b>" + esc(_(WORDS["over"]).format(words=words)) + "</b>")
        elif legal:
            parts.append(esc(_(WORDS["your_move"])))
        else:
            parts.append(esc(_(WORDS["wait_move"])))
        # the frame's count of moves on the element, for a page (or a test) to wait on
        self.last.value = f'<p class="dnb-class-last" data-seq="{int(m["seq"])}">' + "<br>".join(parts) + "</p>"
        self.view = m  # last: whoever reads it finds the frame shown

    def _show_question(self) -> None:
        d, q = self.drill_at
        if d >= len(self.drills):
            return
        drill = self.drills[d]
        questions = drill.get("questions") or []
        if q >= len(questions):
            right = self.drill_right.get(str(drill["drill"]), 0)
            self.drill_text.value = (
                f"<p><b>{esc(_(WORDS['drill_done']).format(right=right, count=len(questions)))}</b></p>"
            )
            self.drill_pool.show([])
            self.number.layout.display = self.number_button.layout.display = "none"
            return
        question = questions[q]
        head = _(WORDS["drill"]).format(n=q + 1, count=len(questions), title=question.get("title", ""))
        body = f"<p><b>{esc(head.rstrip(': '))}</b></p>"
        if question.get("context"):
            body += f"<p>{esc(question['context'])}</p>"
        body += f"<p>{esc(question.get('question', ''))}</p>"
        picture = question.get("picture")
        if isinstance(picture, str) and picture.lstrip().startswith("<svg"):  # the server's own drawing
            body += f'<div class="dnb-class-pic">{picture}</div>'
        self.drill_text.value = body
        if question.get("numeric"):
            self.drill_pool.show([])
            self.number.layout.display = self.number_button.layout.display = SHOWN
        else:
            self.number.layout.display = self.number_button.layout.display = "none"
            self.drill_pool.show([str(o) for o in question.get("options") or []])


class TeacherBoard(widgets.VBox):  # type: ignore[misc]
    """The teacher's board in a notebook: make a class (its code shown big, for the
    projector), the class list (connected, at which table, drills answered and right,
    who is stuck), open a table or pair the students, set a drill, and every table live
    as its moves come, each as the replayer shows it (every hand open: the server's
    ``table_html``).  :meth:`games` and :meth:`answers` give pandas tables.

    Args:
        server: the server's address (``host:port`` or a URL), pre-filled; empty: the
            teacher types it.
        key: the teacher key (``durak-nb class serve`` prints it): to make a new class.
        token: a teacher's token from before: to come back to that class.
        title: the class's title (pre-filled); teacher: the teacher's name (pre-filled).
        lang: the language (default: the kit's).
        token_file: where the teacher's token is kept.
        connect: connect at once when the address is given (default true).

    Raises:
        ClientError: ``server`` cannot be read.
    """

    def __init__(
        self,
        server: str = "",
        key: str | None = None,
        token: str | None = None,
        *,
        title: str = "",
        teacher: str = "",
        lang: str | None = None,
        token_file: str | None = None,
        connect: bool = True,
    ) -> None:
        self.lang = lang or get_language()
        self.token_file = token_file
        self.client: ClassClient | None = None
        self.code_value: str | None = None
        self.board: dict[str, Any] | None = None
        self.tables: dict[str, dict[str, Any]] = {}
        self.panels: dict[str, tuple[widgets.HTML, widgets.HTML]] = {}
        self.drills_set: list[dict[str, Any]] = []
        with language(self.lang):
            w = TEACHER
            self.server = widgets.Text(value=server, description=_(WORDS["server"]), placeholder="127.0.0.1:8765")
            self.key = widgets.Text(value=key or "", description=_(w["key"]))
            self.title = widgets.Text(value=title, description=_(w["title"]))
            self.teacher = widgets.Text(value=teacher, description=_(w["teacher"]))
            for t in (self.server, self.key, self.title, self.teacher):
                t.style.description_width = "11em"
                t.layout.width = "26em"
            self.make_button = widgets.Button(description=_(w["make"]), button_style="primary")
            self.make_button.on_click(lambda _b: self.make_class())
            self.make_button.layout.width = "auto"
            self.form = widgets.VBox([self.server, self.key, self.title, self.teacher, self.make_button])
            self.code = widgets.HTML()
            self.status = widgets.HTML()
            self.students = widgets.HTML()
            self.seats = widgets.Text(description=_(w["seats"]), placeholder=_(w["seats_hint"]))
            self.seats.style.description_width = "initial"
            self.seats.layout.width = "30em"
            self.preset = widgets.Dropdown(
                options=[(preset_text(p), p) for p in PRESETS], value="podkidnoy", description=_(w["preset"])
            )
            self.preset.style.description_width = "initial"
            self.preset.layout.width = "auto"
            self.open_button = widgets.Button(description=_(w["open"]))
            self.open_button.on_click(lambda _b: self.open_table_from_fields())
            self.size = widgets.BoundedIntText(value=2, min=2, max=6, description=_(w["size"]))
            self.size.style.description_width = "initial"
            self.size.layout.width = "auto"
            self.bot = widgets.Dropdown(options=[(_(w["no_bot"]), ""), *[(level_text(b), b) for b in BOT_LEVELS]])
            self.bot.description = _(w["bot"])
            self.bot.style.description_width = "initial"
            self.bot.layout.width = "auto"
            self.pair_button = widgets.Button(description=_(w["pair"]))
            self.pair_button.on_click(lambda _b: self.pair(self.size.value, bot=self.bot.value or None))
            from ..lessons.drills import KINDS
            from ..lessons.drills import text as drill_text

            self.kind = widgets.Dropdown(
                options=[(drill_text(f"title {k}"), k) for k in KINDS], description=_(w["kind"])
            )
            self.kind.style.description_width = "initial"
            self.kind.layout.width = "auto"
            self.seed = widgets.IntText(value=1, description=_(w["seed"]))
            self.seed.style.description_width = "initial"
            self.seed.layout.width = "12em"
            self.count = widgets.BoundedIntText(value=5, min=1, max=20, description=_(w["count"]))
            self.count.style.description_width = "initial"
            self.count.layout.width = "12em"
            self.drill_button = widgets.Button(description=_(w["set"]))
            self.drill_button.on_click(lambda _b: self.set_drill(self.kind.value, self.seed.value, self.count.value))
            self.drill_note = widgets.HTML()
            self.table_box = widgets.VBox()
        for b in (self.open_button, self.pair_button, self.drill_button):
            b.layout.width = "auto"
        self.controls = widgets.VBox(
            [
                widgets.HBox([self.seats, self.preset, self.open_button], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self.size, self.bot, self.pair_button], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox(
                    [self.kind, self.seed, self.count, self.drill_button], layout=widgets.Layout(flex_flow="row wrap")
                ),
                self.drill_note,
            ],
            layout=widgets.Layout(display="none"),
        )
        with language(self.lang):  # the replayer's style sheet and every card face once, in the widget's language
            header = widgets.HTML(STYLE + TABLE_STYLE + card_defs())
        super().__init__([header, self.form, self.code, self.status, self.students, self.controls, self.table_box])
        self.add_class("dnb-class")
        if server and connect:
            client = self._connect(token)
            if client.token:
                self.form.layout.display = "none"
            elif key and title and teacher:
                self.make_class()

    def _connect(self, token: str | None = None) -> ClassClient:
        """The client, connected to the address in the field (made at the first call)."""
        if self.client is None:
            self.client = ClassClient(
                self.server.value, lang=self.lang, pictures=True, token=token, token_file=self.token_file
            )
            self.address = self.server.value.strip()
            self.client.listen(self.handle)
            self.client.connect()
        return self.client

    # -- the teacher's requests ---------------------------------------------------------
    def make_class(self) -> None:
        """Make the class from the key, title and name fields (``create_class``)."""
        fields = (self.server, self.key, self.title, self.teacher)
        if not all(f.value.strip() for f in fields):
            with language(self.lang):
                self.status.value = f"<p>{esc(_(TEACHER['need_key']))}</p>"
            return
        try:
            client = self._connect()
        except ClientError as exc:
            self.status.value = f'<p class="dnb-class-refused">{esc(exc)}</p>'
            return
        client.create_class(self.key.value.strip(), self.title.value.strip(), self.teacher.value.strip())

    def open_table(self, seats: Sequence[str], preset: str = "podkidnoy", seed: int | None = None) -> int:
        """Open a table for ``seats`` (students' names; ``bot`` or ``bot:LEVEL`` for a bot),
        clockwise, playing ``preset``; returns the request's id."""
        out: list[dict[str, Any]] = []
        for s in seats:
            s = s.strip()
            if s.lower() == "bot" or s.lower().startswith("bot:"):
                out.append({"bot": s.partition(":")[2].strip() or "heuristic"})
            elif s:
                out.append({"student": s})
        return self._connected().open_table({"preset": preset}, out, seed=seed)

    def open_table_from_fields(self) -> None:
        """Open a table from the seats and variant fields."""
        self.open_table(self.seats.value.split(","), self.preset.value)

    def pair(self, size: int, *, preset: str | None = None, bot: str | None = None) -> int:
        """Seat the students not at a table at tables of ``size`` (``pair``)."""
        return self._connected().pair(size, {"preset": preset or self.preset.value}, bot=bot)

    def set_drill(self, kind: str, seed: int, count: int) -> int:
        """Set every student the drill ``kind`` (``set_drill``)."""
        return self._connected().set_drill(kind, int(seed), int(count))

    def _connected(self) -> ClassClient:
        if self.client is None:
            with language(self.lang):
                raise ClientError(_(TEACHER["need_key"]))
        return self.client

    # -- tables -------------------------------------------------------------------------
    def games(self) -> Any:
        """The games seen, one row each (pandas ``DataFrame``): ``table``, ``players``
        (comma-separated, clockwise), ``moves`` (the count), ``last`` (the last move in
        words), ``result`` (words, or empty while the game goes on)."""
        import pandas as pd

        with language(self.lang):
            return pd.DataFrame(self._game_rows(), columns=["table", "players", "moves", "last", "result"])

    def _game_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "table": t,
                "players": ", ".join(str(p) for p in m.get("players") or []),
                "moves": int(m.get("seq") or 0),
                "last": m.get("last") or "",
                "result": _result_words(m.get("result")),
            }
            for t, m in self.tables.items()
        ]

    def answers(self) -> Any:
        """Every student's drills (pandas ``DataFrame``): ``name``, ``connected``, ``table``,
        ``answered``, ``right`` (from the last ``board``)."""
        import pandas as pd

        rows = []
        for s in (self.board or {}).get("students") or []:
            answered, right = _score(s)
            rows.append(
                {
                    "name": s.get("name"),
                    "connected": bool(s.get("connected")),
                    "table": s.get("table"),
                    "answered": answered,
                    "right": right,
                }
            )
        return pd.DataFrame(rows, columns=["name", "connected", "table", "answered", "right"])

    # -- messages -----------------------------------------------------------------------
    def handle(self, m: dict[str, Any]) -> None:
        """Show one message of the server (the client's listener)."""
        with language(self.lang):
            self._handle(m)

    def _handle(self, m: dict[str, Any]) -> None:
        kind = m.get("type")
        if kind == "connection":
            state = m.get("state")
            if state in ("lost", "closed"):
                self.status.value = f'<p class="dnb-class-refused">{esc(_(WORDS[str(state)]))}</p>'
            else:
                self.status.value = ""
        elif kind == "class_created":
            self._show_code(str(m.get("code", "")))
            self.form.layout.display = "none"
            self.controls.layout.display = SHOWN
            self._connected().watch()
        elif kind == "welcome":
            klass = m.get("class") or {}
            if klass.get("code"):
                self._show_code(str(klass["code"]))
            self.form.layout.display = "none"
            self.controls.layout.display = SHOWN
            self._connected().watch()
        elif kind == "board":
            self.board = m
            klass = m.get("class") or {}
            if klass.get("code") and self.code_value is None:
                self._show_code(str(klass["code"]))
            self._show_students()
            drills = m.get("drills") or []
            if drills:
                self.drills_set = list(drills)
                self._show_drills()
        elif kind == "table":
            self.tables[str(m.get("table"))] = m
            self._show_table(m)
            self._show_students()
        elif kind == "table_opened":
            self._connected().watch()
        elif kind == "drill_set":
            drill = m.get("drill")
            self.drills_set.append(drill if isinstance(drill, dict) else {"drill": drill})
            self._show_drills()
        elif kind == "game_over":
            t = str(m.get("table"))
            if t in self.tables:
                self.tables[t] = {**self.tables[t], "result": m.get("result"), "words": m.get("words")}
                self._show_table(self.tables[t])
        elif kind == "refused":
            self.status.value = f'<p class="dnb-class-refused">{esc(m.get("text", ""))}</p>'
            if m.get("code") == "auth":
                self.form.layout.display = SHOWN

    def _show_code(self, code: str) -> None:
        self.code_value = code
        hint = _(TEACHER["code_hint"]).format(address=self.address)
        self.code.value = (
            f'<div class="dnb-class-code">{esc(_(TEACHER["code"]).format(code=code))}</div>'
            f'<div class="dnb-class-status">{esc(hint)}</div>'
        )

    def _show_students(self) -> None:
        students = (self.board or {}).get("students") or []
        if not students:
            self.students.value = f"<p>{esc(_(TEACHER['none']))}</p>"
            return
        w = TEACHER
        head = "".join(f"<th>{esc(_(w[k]))}</th>" for k in ("name", "online", "table", "drills", "stuck"))
        rows = []
        for s in students:
            answered, right = _score(s)
            stuck = self._stuck(s)
            online = _(w["yes"]) if s.get("connected") else _(w["no"])
            rows.append(
                f"<tr><td>{esc(s.get('name', ''))}</td><td>{esc(online)}</td><td>{esc(s.get('table') or '—')}</td>"
                f"<td>{answered} / {right}</td><td>{esc(stuck)}</td></tr>"
            )
        self.students.value = (
            f"<h3>{esc(_(w['students']))}</h3><table class='dnb-class-list'><tr>{head}</tr>{''.join(rows)}</table>"
        )

    def _stuck(self, student: Mapping[str, Any]) -> str:
        """How long the student's table has waited for them (their turn, a minute or more:
        the board's ``tables`` summary, ``to_act`` and ``stuck``), else ``''``."""
        for table in (self.board or {}).get("tables") or []:
            if table.get("name") != student.get("table") or table.get("to_act") != student.get("name"):
                continue
            seconds = table.get("stuck")
            if table.get("result") is None and isinstance(seconds, (int, float)) and seconds >= STUCK:
                return str(_(TEACHER["stuck_for"]).format(seconds=int(seconds)))
        return ""

    def _show_drills(self) -> None:
        from ..lessons.drills import KINDS
        from ..lessons.drills import text as drill_text

        def title(d: Mapping[str, Any]) -> str:  # the drill's title, as the choice of drills shows it
            kind = d.get("kind")
            return str(drill_text(f"title {kind}")) if kind in KINDS else str(d.get("kind", d.get("drill", "")))

        names = [f"{title(d)} ({d.get('seed', '')})" for d in self.drills_set]
        self.drill_note.value = f"<p>{esc(_(TEACHER['drills_set']).format(drills=', '.join(names)))}</p>"

    def _show_table(self, m: Mapping[str, Any]) -> None:
        t = str(m.get("table"))
        if t not in self.panels:
            head, body = widgets.HTML(), widgets.HTML()
            body.add_class("dnb-class-pic")
            self.panels[t] = (head, body)
            self.table_box.children = (*self.table_box.children, head, body)
        head, body = self.panels[t]
        players = ", ".join(str(p) for p in m.get("players") or [])
        moves = ngettext("{n} move", "{n} moves", int(m.get("seq") or 0)).format(n=int(m.get("seq") or 0))
        name = m.get("name") or t
        words = [esc(_(TEACHER["table_head"]).format(table=name, players=players)) + f" · {esc(moves)}"]
        if m.get("last"):
            words.append(esc(_(WORDS["last"]).format(words=m["last"])))
        if m.get("result") is not None:
            words.append(
                "<b>" + esc(_(WORDS["over"]).format(words=m.get("words") or _result_words(m["result"]))) + "</b>"
            )
        head.value = "<h3>" + "<br>".join(words) + "</h3>"
        view = m.get("table_html")
        if isinstance(view, str) and 'class="dnb-board"' in view:
            if body.value != view:  # the replayer's table view the server made (every hand: the teacher's)
                body.value = view
        else:
            hands = m.get("hands") or {}
            body.value = "".join(
                f"<p>{esc(name)}: {esc(cards_text(_cards(cards)))}</p>" for name, cards in hands.items()
            )


def _score(student: Mapping[str, Any]) -> tuple[int, int]:
    drills = student.get("drills")
    if isinstance(drills, dict):
        return int(drills.get("answered") or 0), int(drills.get("right") or 0)
    return int(student.get("answered") or 0), int(student.get("right") or 0)


def _result_words(result: object) -> str:
    if isinstance(result, dict):
        if result.get("words"):
            return str(result["words"])
        if result.get("durak"):
            return str(pgettext("class result", "{name} is the durak").format(name=result["durak"]))
        if result.get("draw"):
            return str(pgettext("class result", "a draw"))
    return ""
