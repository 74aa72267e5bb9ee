"""The plain pages of the class server (docs/class-protocol.md): the student's page
``/`` and the teacher's board ``/teacher``, in English, Russian or Ukrainian.

:func:`render` gives a page's HTML with every word in its language: the page's script
(``static/class.js``, vanilla JavaScript, no build step) and style sheet
(``static/class.css``) come from the server's ``/static/``, nothing from anywhere else,
so the pages work offline.  The words the script shows are in a JSON block of the page
(:func:`words`), the cards as a person reads them (10♥, В♦ in Russian) among them.  The
script puts everything a person typed into the page with ``textContent`` and the
server's SVG pictures into ``<img>`` elements (no script of theirs ever runs).  The
teacher's board shows each table as the replayer does (the server's ``table_html``:
:func:`durak_nb.views.html.table_view_html`, every text escaped there), with the
replayer's style sheet and every card face once (:func:`~durak_nb.views.cards_svg.card_defs`)
in the page.  Both pages carry a Content-Security-Policy (:data:`CSP`): scripts only from
the server's ``/static/``, no inline script or handler, nothing fetched from elsewhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..cards import card_text, deck
from ..i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, language, ngettext, pgettext
from ..lessons.drills import KINDS
from ..lessons.drills import text as drill_text
from ..rules import PRESETS as RULE_PRESETS
from ..rules import preset_text
from ..views.cards_svg import SVG_NS, card_defs, esc
from ..views.html import STYLE as TABLE_STYLE
from ..views.html import page_head, script_json
from .referee import LEVELS as BOT_LEVELS
from .referee import level_text

__all__ = ["BOT_LEVELS", "CSP", "PAGES", "PRESETS", "STATIC", "TEACHER", "WORDS", "render", "words"]

#: the folder of the pages' script and style sheet (served at ``/static/``)
STATIC = Path(__file__).resolve().parent / "static"
#: the pages :func:`render` knows
PAGES = ("student", "teacher")

#: the pages' Content-Security-Policy: the script and style sheet from the server, inline
#: styles (the SVG pictures and the replayer's table view carry them), pictures from the
#: server or ``data:`` (the server's SVG in ``<img>``), the WebSocket to the same server;
#: no inline script or event handler runs, whatever a page is given
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"
)

#: the presets a teacher chooses from on the board (RULES.md "Variants")
PRESETS = tuple(RULE_PRESETS)

WORDS = {
    "server": N_("Server"),
    "code": N_("Class code"),
    "name": N_("Your name"),
    "join": N_("Join the class"),
    "joining": N_("Joining…"),
    "connecting": N_("Connecting to the server…"),
    "lost": N_("The connection is lost; trying again…"),
    "closed": N_("Disconnected."),
    "fill": N_("Type the server's address, the class code and your name."),
    "joined": N_("You are in the class {title} as {name}."),
    "wait_table": N_("Wait until your teacher seats you at a table."),
    "your_move": N_("Your move: press one of the buttons."),
    "wait_move": N_("Wait for the others' moves."),
    "last": N_("Last move: {words}"),
    "over": N_("Game over: {words}"),
    "sent": N_("Move sent: {words}"),
    "drill": N_("Drill {n} of {count}: {title}"),
    "drill_done": N_("Drill done: {right} of {count} right."),
    "send_answer": N_("Answer"),
}

TEACHER = {
    "title": N_("Class title"),
    "teacher": N_("Your name"),
    "key": N_("Teacher key"),
    "make": N_("Make the class"),
    "code": N_("Class code: {code}"),
    "code_hint": N_("Students join with this code at {address}"),
    "students": N_("Students"),
    "name": N_("Name"),
    "online": N_("Connected"),
    "table": N_("Table"),
    "drills": N_("Drills (answered / right)"),
    "stuck": N_("Stuck"),
    "yes": N_("yes"),
    "no": N_("no"),
    "stuck_for": N_("waiting {seconds} s"),
    "none": N_("no students yet"),
    "seats": N_("Seats"),
    "seats_hint": N_("names, comma-separated; bot: a bot"),
    "open": N_("Open a table"),
    "size": N_("Players at a table"),
    "preset": N_("Variant"),
    "bot": N_("Bot"),
    "no_bot": N_("no bot"),
    "pair": N_("Pair the students"),
    "kind": N_("Drill"),
    "seed": N_("Seed"),
    "count": N_("Questions"),
    "set": N_("Set the drill"),
    "drills_set": N_("Drills set: {drills}"),
    "table_head": N_("Table {table}: {players}"),
    "need_key": N_(
        "Type the server's address, the teacher key (durak-nb class serve prints it), the class title and your name."
    ),
}

PAGE_WORDS = {
    "student_title": N_("Join the class"),
    "teacher_title": N_("The teacher's board"),
    "no_script": N_("This page needs JavaScript."),
    "talon": N_("Talon: {n}"),
    "trump": N_("Trump: {card}"),
    "hand": N_("Your hand"),
    "table_cards": N_("On the table"),
    "tables": N_("Tables"),
    "no_tables": N_("No table is open yet."),
    "leave": N_("Leave the class"),
}


def words(lang: str) -> dict[str, Any]:
    """Every word the pages' script shows, in ``lang``: the widgets' sentences
    (:data:`~durak_nb.classroom.widgets.WORDS`, :data:`~durak_nb.classroom.widgets.TEACHER`),
    the moves' button words as templates, the cards as a person reads them (``cards``:
    code → text) and the choices of the teacher's board.

    Raises:
        ValueError: ``lang`` is not one of en, ru, uk.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} is not one of {', '.join(LANGUAGES)}")
    with language(lang):
        out: dict[str, Any] = {k: str(_(v)) for k, v in {**WORDS, **TEACHER, **PAGE_WORDS}.items()}
        out["move"] = {
            "attack": str(pgettext("class move", "Lead {cards}")),
            "throw": str(pgettext("class move", "Throw in {cards}")),
            "show": str(pgettext("class move", "Transfer by showing {card}")),
            "transfer1": str(ngettext("Transfer with {cards}", "Transfer with {cards}", 1)),
            "transfer2": str(ngettext("Transfer with {cards}", "Transfer with {cards}", 2)),
            "defend": str(pgettext("class move", "Cover {target} with {card}")),
            "cover": str(pgettext("class move", "Cover with {card}")),
            "take": str(pgettext("class move", "Take")),
            "pass": str(pgettext("class move", "Pass")),
            "redeal": str(pgettext("class move", "Claim a redeal")),
        }
        # plural forms for the script, as gettext gives them for 1, 2 and 5 (class.js: plural())
        out["moves"] = [str(ngettext("{n} move", "{n} moves", n)) for n in (1, 2, 5)]
        out["others"] = [str(ngettext("{name}: {n} card", "{name}: {n} cards", n)) for n in (1, 2, 5)]
        out["durak_is"] = str(pgettext("class result", "{name} is the durak"))
        out["draw"] = str(pgettext("class result", "a draw"))
        out["cards"] = {c.code: card_text(c) for c in deck(52)}
        # the choices of the board: [value, words] (the variants as people call them, the drills by their titles)
        out["presets"] = [[p, preset_text(p)] for p in PRESETS]
        out["kinds"] = [[k, drill_text(f"title {k}")] for k in KINDS]
        # the bot levels: [code, words] (the code goes to the server, the words are read)
        out["bots"] = [[b, level_text(b)] for b in BOT_LEVELS]
    out["lang"] = lang
    return out


def _languages(name: str, lang: str) -> str:
    links = []
    for code in LANGUAGES:
        label = esc(LANGUAGE_NAMES.get(code, code))
        if code == lang:
            links.append(f"<b>{label}</b>")
        else:
            links.append(f'<a href="?lang={code}" data-lang="{code}">{label}</a>')
    return '<nav class="dnb-langs">' + " · ".join(links) + "</nav>"


def _field(ident: str, label: str, *, kind: str = "text", extra: str = "") -> str:
    return (
        f'<label class="dnb-field" for="{ident}"><span>{esc(label)}</span>'
        f'<input id="{ident}" type="{kind}" autocomplete="off" {extra}></label>'
    )


def _select(ident: str, label: str) -> str:
    return f'<label class="dnb-field" for="{ident}"><span>{esc(label)}</span><select id="{ident}"></select></label>'


def _student(lang: str) -> str:
    w = WORDS
    return (
        '<main class="dnb-page dnb-student">'
        f"<h1>{esc(_(PAGE_WORDS['student_title']))}</h1>"
        '<form id="join" class="dnb-form">'
        + _field("code", _(w["code"]), extra='maxlength="12" spellcheck="false" autocapitalize="characters"')
        + _field("name", _(w["name"]), extra='maxlength="40"')
        + f'<button id="join-button" type="submit">{esc(_(w["join"]))}</button>'
        "</form>"
        f'<p id="status" class="dnb-status">{esc(_(w["fill"]))}</p>'
        '<section id="game" hidden>'
        '<div id="picture" class="dnb-picture"></div>'
        '<p id="last" class="dnb-last"></p>'
        '<div id="moves" class="dnb-moves"></div>'
        "</section>"
        '<section id="drill" class="dnb-drill" hidden>'
        '<p id="drill-head" class="dnb-drill-head"></p><p id="drill-context"></p><p id="drill-question"></p>'
        '<div id="drill-picture" class="dnb-picture"></div>'
        '<div id="drill-options" class="dnb-moves"></div>'
        '<form id="drill-number" hidden><input id="drill-value" type="number" step="1">'
        f'<button type="submit">{esc(_(w["send_answer"]))}</button></form>'
        '<p id="verdict" class="dnb-verdict"></p>'
        "</section>"
        f'<p class="dnb-leave"><button id="leave" type="button" hidden>{esc(_(PAGE_WORDS["leave"]))}</button></p>'
        "</main>"
    )


def _teacher(lang: str) -> str:
    t = TEACHER
    return (
        '<main class="dnb-page dnb-teacher">'
        f"<h1>{esc(_(PAGE_WORDS['teacher_title']))}</h1>"
        '<form id="make" class="dnb-form">'
        + _field("key", _(t["key"]), kind="password")
        + _field("title", _(t["title"]), extra='maxlength="80"')
        + _field("teacher", _(t["teacher"]), extra='maxlength="40"')
        + f'<button id="make-button" type="submit">{esc(_(t["make"]))}</button>'
        "</form>"
        '<p id="status" class="dnb-status"></p>'
        '<div id="code" class="dnb-code" hidden></div><p id="code-hint" class="dnb-status" hidden></p>'
        '<section id="controls" hidden>'
        f'<h2>{esc(_(t["students"]))}</h2><div id="students" class="dnb-students"></div>'
        '<form id="open" class="dnb-form dnb-row">'
        + _field("seats", _(t["seats"]), extra=f'placeholder="{esc(_(t["seats_hint"]))}"')
        + _select("preset", _(t["preset"]))
        + f'<button type="submit">{esc(_(t["open"]))}</button></form>'
        '<form id="pair" class="dnb-form dnb-row">'
        + _field("size", _(t["size"]), kind="number", extra='min="2" max="6" value="2"')
        + _select("bot", _(t["bot"]))
        + f'<button type="submit">{esc(_(t["pair"]))}</button></form>'
        '<form id="set-drill" class="dnb-form dnb-row">'
        + _select("kind", _(t["kind"]))
        + _field("seed", _(t["seed"]), kind="number", extra='value="1"')
        + _field("count", _(t["count"]), kind="number", extra='min="1" max="20" value="5"')
        + f'<button type="submit">{esc(_(t["set"]))}</button></form>'
        '<p id="drills" class="dnb-status"></p>'
        f"<h2>{esc(_(PAGE_WORDS['tables']))}</h2>"
        f'<p id="no-tables">{esc(_(PAGE_WORDS["no_tables"]))}</p>'
        '<div id="tables" class="dnb-tables"></div>'
        "</section>"
        "</main>"
    )


def _faces_once() -> str:
    """Every card face once for the teacher's tables (:func:`~durak_nb.views.cards_svg.card_defs`),
    as HTML holds an inline ``<svg>`` (no namespace address: the page names no other place)."""
    return card_defs().replace(f' xmlns="{SVG_NS}"', "", 1)


def render(name: str, lang: str) -> str:
    """The HTML of the page ``name`` (``"student"``: the page at ``/``; ``"teacher"``:
    the board at ``/teacher``) with its words in ``lang``.

    Raises:
        ValueError: ``name`` is not one of :data:`PAGES`, or ``lang`` not en, ru, uk.
    """
    if name not in PAGES:
        raise ValueError(f"page {name!r} is not one of {', '.join(PAGES)}")
    data = words(lang)
    with language(lang):
        title = _(PAGE_WORDS["student_title" if name == "student" else "teacher_title"])
        body = _student(lang) if name == "student" else _teacher(lang)
        noscript = f"<noscript><p>{esc(_(PAGE_WORDS['no_script']))}</p></noscript>"
        teacher = name == "teacher"
        return (
            page_head(lang, str(title))
            + f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            + '<link rel="stylesheet" href="/static/class.css">\n'
            + (TABLE_STYLE + "\n" if teacher else "")
            + f'<script type="application/json" id="dnb-words">{script_json(data)}</script>\n'
            + f'<script src="/static/class.js" defer data-page="{name}"></script>\n'
            + "</head>\n<body>\n"
            + (_faces_once() + "\n" if teacher else "")
            + _languages(name, lang)
            + noscript
            + body
            + "\n</body>\n</html>\n"
        )
