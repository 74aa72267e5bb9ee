"""Cards, suits, ranks, decks and the beating relation (RULES.md R1, R6–R8).

A :class:`Card` is a small immutable value.  There are exactly 52 of them: every
constructor returns one of the shared instances, so cards compare, hash and sort
as fast as integers (a card *is* an ``int``: ``rank * 4 + suit``).

>>> Card.parse("TS")
Card('TS')
>>> Card.parse("10♥").code
'TH'
>>> sorted(Card.parse_many("AS 6H 6S"))
[Card('6S'), Card('6H'), Card('AS')]
>>> deck(24)[:3]
(Card('9S'), Card('9H'), Card('9D'))
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import DurakError
from .i18n import Np_, _, ngettext, pgettext, translations

__all__ = [
    "CARD_AT",
    "RANK_CODES",
    "SUIT_CODES",
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "beat_clause",
    "card_text",
    "cards_text",
    "count_cards",
    "deck",
    "parse_card",
    "parse_cards",
    "rank_name",
    "rank_text",
    "suit_name",
    "typed_card",
    "typed_cards",
]


class CardError(DurakError):
    """A card code that cannot be read (R1).

    ``rule`` is ``'R1'``; the message names the offending text and the accepted forms.
    """


class Suit(IntEnum):
    """The four suits. Suits have no order among themselves (R1).

    Codes: ``S`` spades (пики), ``H`` hearts (черви), ``D`` diamonds (бубны),
    ``C`` clubs (трефы).
    """

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def code(self) -> str:
        """The one-letter code, e.g. ``'H'``."""
        return self.name

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``'♥'``."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.H, Suit.D)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (``S H D C``, any case) or symbol (``♠♥♦♣``).

        Raises:
            CardError: the text is not a suit.
        """
        t = text.strip()
        if t in _SUIT_BY_TEXT:
            return _SUIT_BY_TEXT[t]
        raise CardError("R1", _("{text} is not a suit: use one of S H D C or ♠ ♥ ♦ ♣").format(text=repr(text)))


_SUIT_BY_TEXT: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_BY_TEXT[_s.name] = _s
    _SUIT_BY_TEXT[_s.name.lower()] = _s
    _SUIT_BY_TEXT[_s.symbol] = _s
_SUIT_BY_TEXT.update({"♤": Suit.S, "♡": Suit.H, "♢": Suit.D, "♧": Suit.C})


class Rank(IntEnum):
    """Ranks 2..A, ordered by face value (R1)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        """The one-character code: ``2``–``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_CODES[self - 2]

    def __str__(self) -> str:
        return self.code

    def __format__(self, spec: str) -> str:
        return format(self.code, spec)


RANK_CODES = "23456789TJQKA"
SUIT_CODES = "SHDC"


class Card(int):
    """One playing card; an ``int`` equal to ``rank * 4 + suit`` (R1).

    Create cards with :meth:`parse` or :meth:`of`; both return shared instances.

    Attributes:
        rank: the :class:`Rank`.
        suit: the :class:`Suit`.
        code: the two-character code, e.g. ``'TS'``.
    """

    __slots__ = ()

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (2..14) and ``suit`` (a :class:`Suit` or 0..3).

        Raises:
            CardError: rank or suit out of range.
        """
        if not (2 <= int(rank) <= 14 and 0 <= int(suit) <= 3):
            raise CardError("R1", _("no card has rank {rank} and suit {suit}").format(rank=repr(rank), suit=repr(suit)))
        return CARD_AT[int(rank) * 4 + int(suit)]

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card code: rank ``2-9 T J Q K A`` (``10`` accepted) then suit
        ``S H D C`` (``♠ ♥ ♦ ♣`` accepted), case-insensitive, e.g. ``'TS'``, ``'10♥'``.

        Raises:
            CardError: the text is not a card code; the message quotes it.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError("R1", _("a card code must be a string, not {value}").format(value=repr(text)))
        found = _CARD_BY_TEXT.get(text)
        if found is not None:
            return found
        t = text.strip()
        found = _CARD_BY_TEXT.get(t) or _CARD_BY_TEXT.get(t.upper())
        if found is None and len(t) >= 2:
            rank_text, suit_text = t[:-1].upper(), t[-1]
            if rank_text == "10":
                rank_text = "T"
            if len(rank_text) == 1 and rank_text in RANK_CODES and suit_text.upper() in _SUIT_BY_TEXT:
                found = Card.of(RANK_CODES.index(rank_text) + 2, _SUIT_BY_TEXT[suit_text.upper()])
        if found is None:
            raise CardError(
                "R1",
                # TRANSLATORS: card codes are always written with these Latin letters, in every language
                _(
                    "{text} is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
                    "then a suit (S H D C or ♠ ♥ ♦ ♣), e.g. 'TS' or '7H'"
                ).format(text=repr(text)),
            )
        return found

    @classmethod
    def parse_many(cls, text: str | Iterable[str]) -> list[Card]:
        """Read several cards, from a space- or comma-separated string or an iterable.

        Raises:
            CardError: one of the codes is not a card.
        """
        return parse_cards(text)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANKS[int(self) >> 2]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUITS[int(self) & 3]

    @property
    def code(self) -> str:
        """The canonical two-character code, e.g. ``'TS'``."""
        return _CODES[int(self)]

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, e.g. ``'10♠'``: :func:`card_text`."""
        return card_text(self)

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_RANKS: list[Rank] = [Rank.TWO] * 2 + list(Rank)
_SUITS: list[Suit] = list(Suit)
_CODES: list[str] = ["??"] * 60
#: The card of each index ``rank * 4 + suit`` (the interned :class:`Card` values; indices no
#: card has hold ``Card(0)``): the engine's fast path from a bit index to its card.
CARD_AT: list[Card] = [Card(0)] * 60
_CARD_BY_TEXT: dict[str, Card] = {}
for _r in Rank:
    for _s in Suit:
        _c = int.__new__(Card, _r * 4 + _s)
        CARD_AT[int(_c)] = _c
        _CODES[int(_c)] = _r.code + _s.code
        for _rt in {_r.code, _r.code.lower()} | ({"10"} if _r == Rank.TEN else set()):
            for _st in (_s.name, _s.name.lower(), _s.symbol):
                _CARD_BY_TEXT[_rt + _st] = _c


#: The letters of the court cards and the ace as a person writes them; translated at use
#: (``pgettext("rank", ...)``): В, Д, К, Т in Russian and Ukrainian.
_RANK_LETTERS: dict[int, str] = {
    # TRANSLATORS: the letter of the jack on a card as players write it (J♠): В in ru and uk
    11: Np_("rank", "J"),
    # TRANSLATORS: the letter of the queen on a card as players write it (Q♦): Д in ru and uk
    12: Np_("rank", "Q"),
    # TRANSLATORS: the letter of the king on a card as players write it (K♣): К in ru and uk
    13: Np_("rank", "K"),
    # TRANSLATORS: the letter of the ace on a card as players write it (A♥): Т in ru and uk
    14: Np_("rank", "A"),
}

#: The suits' names in words (nominative plural, as in "hearts are trump").
_SUIT_NAMES: tuple[str, ...] = (
    Np_("suit", "spades"),
    Np_("suit", "hearts"),
    Np_("suit", "diamonds"),
    Np_("suit", "clubs"),
)

#: The ranks' names in words, 2..14 (as in "the six of spades").
_RANK_NAMES: dict[int, str] = {
    2: Np_("rank name", "two"),
    3: Np_("rank name", "three"),
    4: Np_("rank name", "four"),
    5: Np_("rank name", "five"),
    6: Np_("rank name", "six"),
    7: Np_("rank name", "seven"),
    8: Np_("rank name", "eight"),
    9: Np_("rank name", "nine"),
    10: Np_("rank name", "ten"),
    11: Np_("rank name", "jack"),
    12: Np_("rank name", "queen"),
    13: Np_("rank name", "king"),
    14: Np_("rank name", "ace"),
}

#: The words of each card (index ``int(card)``) in a catalogue: made once per catalogue
#: (a language, or the catalogue after :func:`durak_nb.i18n.reload`), so writing a card
#: costs one look-up.
_TEXTS: dict[int, tuple[object, list[str]]] = {}


def _card_texts() -> list[str]:
    """The words of every card in the language in use (see :data:`_TEXTS`)."""
    catalogue = translations()
    got = _TEXTS.get(id(catalogue))
    if got is not None and got[0] is catalogue:
        return got[1]
    ranks: dict[int, str] = {int(r): ("10" if r == Rank.TEN else r.code) for r in Rank}
    ranks.update({r: pgettext("rank", letter) for r, letter in _RANK_LETTERS.items()})
    table = ["??"] * 60
    for r in Rank:
        for s in Suit:
            table[r * 4 + s] = ranks[r] + s.symbol
    if len(_TEXTS) > 16:  # catalogues forgotten by reload(): keep the few in use
        _TEXTS.clear()
    _TEXTS[id(catalogue)] = (catalogue, table)
    return table


def rank_text(rank: int) -> str:
    """How a person reads a rank (2..14): ``'10'`` for ten, else its code (``'7'``), the
    court cards and the ace by the letters of the language in use: ``J Q K A`` in
    English, ``В Д К Т`` in Russian and Ukrainian (docs/glossary.md).

    >>> rank_text(Rank.TEN), rank_text(Rank.QUEEN)
    ('10', 'Q')
    >>> from durak_nb.i18n import language
    >>> with language("ru"):
    ...     rank_text(Rank.QUEEN), rank_text(Rank.ACE)
    ('Д', 'Т')
    """
    return _card_texts()[int(rank) * 4][:-1]


def card_text(card: Card) -> str:
    """How a person reads ``card``: rank then suit symbol, ``'10♥'``, ``'A♠'`` (codes
    such as ``TH`` stay in files; ``str(card)`` is the code).  The one home of a card's
    words: refusals, moves, events and views all write cards through it.  The ranks J,
    Q, K, A are written in the letters of the language in use (:func:`rank_text`):
    ``'В♠'``, ``'Д♦'``, ``'К♣'``, ``'Т♥'`` in Russian and Ukrainian; the suits are the
    same symbols everywhere.

    >>> card_text(Card.parse("TH")), card_text(Card.parse("QS"))
    ('10♥', 'Q♠')
    >>> from durak_nb.i18n import language
    >>> with language("uk"):
    ...     card_text(Card.parse("TH")), card_text(Card.parse("QS")), card_text(Card.parse("AH"))
    ('10♥', 'Д♠', 'Т♥')
    """
    return _card_texts()[int(card)]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a person reads them (:func:`card_text`), space-separated.

    >>> cards_text(parse_cards("TH 7S"))
    '10♥ 7♠'
    """
    table = _card_texts()
    return " ".join(table[int(c)] for c in cards)


def count_cards(n: int) -> str:
    """A number of cards in words, with the plural form of the language in use:
    ``'1 card'``, ``'2 cards'``; «1 карта, 2 карты, 5 карт, 21 карта»; «1 карта,
    2 карти, 5 карт».

    Args:
        n: the number of cards (0 or more).

    >>> count_cards(1), count_cards(5)
    ('1 card', '5 cards')
    >>> from durak_nb.i18n import language
    >>> with language("ru"):
    ...     [count_cards(n) for n in (1, 2, 5, 11, 21)]
    ['1 карта', '2 карты', '5 карт', '11 карт', '21 карта']
    """
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def rank_name(rank: int) -> str:
    """A rank's name in words in the language in use: ``'six'``, ``'queen'``; «шестёрка»,
    «дама»; «шістка», «дама» (docs/glossary.md).

    Args:
        rank: a :class:`Rank` (or 2..14).

    >>> rank_name(Rank.SIX), rank_name(Rank.ACE)
    ('six', 'ace')
    >>> from durak_nb.i18n import language
    >>> with language("ru"):
    ...     rank_name(Rank.SIX), rank_name(Rank.ACE)
    ('шестёрка', 'туз')
    """
    return pgettext("rank name", _RANK_NAMES[int(rank)])


def suit_name(suit: int) -> str:
    """A suit's name in words in the language in use, as in "hearts are trump":
    ``'spades'``, ``'hearts'``, ``'diamonds'``, ``'clubs'``; «пики, червы, бубны,
    трефы»; «піки, чирви, бубни, трефи» (docs/glossary.md).

    Args:
        suit: a :class:`Suit` (or 0..3).

    >>> suit_name(Suit.H)
    'hearts'
    >>> from durak_nb.i18n import language
    >>> with language("uk"):
    ...     suit_name(Suit.H)
    'чирви'
    """
    return pgettext("suit", _SUIT_NAMES[int(suit)])


def parse_card(text: str) -> Card:
    """Same as :meth:`Card.parse`."""
    return Card.parse(text)


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read cards from ``'7S KH, 10D'`` or ``['7S', 'KH']``.

    Raises:
        CardError: one of the codes is not a card.
    """
    parts: list[str | Card]
    if isinstance(text, str):
        parts = list(text.replace(",", " ").split())
    else:
        try:
            parts = list(text)
        except TypeError as exc:
            raise CardError(
                "R1", _("cards are codes such as '7S KH' or a list of them, not {value}").format(value=repr(text))
            ) from exc
    return [Card.parse(p) for p in parts]


_LOWEST_RANK = {24: 9, 36: 6, 52: 2}


def deck(size: int = 36) -> tuple[Card, ...]:
    """The deck of ``size`` cards (R1): 24 (9..A), 36 (6..A) or 52 (2..A), in
    ascending order (rank, then suit S H D C).

    Raises:
        ValueError: size is not 24, 36 or 52.
    """
    found = _DECKS.get(size)
    if found is None:
        if size not in _LOWEST_RANK:
            raise ValueError(f"[R1] a deck has 24, 36 or 52 cards, not {size!r}")
        found = _DECKS[size] = tuple(CARD_AT[r * 4 + s] for r in range(_LOWEST_RANK[size], 15) for s in range(4))
    return found


#: the decks made so far, by size
_DECKS: dict[object, tuple[Card, ...]] = {}


def lowest_rank(size: int) -> int:
    """The lowest rank in a deck of ``size`` cards (R1): 9, 6 or 2."""
    return _LOWEST_RANK[size]


def beats(
    cover: Card,
    attack: Card,
    trump: Suit | None,
    *,
    trump_six_beats_ace: bool = False,
    japanese: bool = False,
) -> bool:
    """Whether ``cover`` beats ``attack`` (R6, R7, R8).

    R6: a higher card of the same suit beats; a trump beats any non-trump; a trump is
    beaten only by a higher trump.  R7 (``trump_six_beats_ace``): the trump six also
    beats the trump ace.  R8 (``japanese``): spades are beaten only by higher spades,
    never by a trump.

    Args:
        cover: the defence card.
        attack: the attack card to be covered.
        trump: the trump suit (``None``: no trump).
        trump_six_beats_ace: option R7.
        japanese: rule R8.

    >>> beats(Card.parse("7H"), Card.parse("AS"), Suit.H)
    True
    >>> beats(Card.parse("7H"), Card.parse("AS"), Suit.H, japanese=True)
    False
    """
    c_suit, a_suit = int(cover) & 3, int(attack) & 3
    c_rank, a_rank = int(cover) >> 2, int(attack) >> 2
    if c_suit == a_suit:
        if c_rank > a_rank:
            return True
        return trump_six_beats_ace and c_suit == trump and c_rank == 6 and a_rank == 14
    if trump is not None and c_suit == trump:
        return not (japanese and a_suit == Suit.S)
    return False


def beat_clause(
    cover: Card,
    attack: Card,
    trump: Suit | None,
    *,
    trump_six_beats_ace: bool = False,
    japanese: bool = False,
) -> str | None:
    """Which clause of the beating rules lets ``cover`` beat ``attack``: the one home of
    that fact, asked by the engine's refusals, the replay's words, the tables and the
    exercises.

    Args:
        cover, attack, trump, trump_six_beats_ace, japanese: as for :func:`beats`.

    Returns:
        ``'R8'`` for a higher spade over a spade in japanese durak (spades only by higher
        spades); ``'R7'`` for the trump six over the trump ace (the option); ``'R6'`` for
        a higher card of the suit or a trump over another suit; ``None`` when ``cover``
        does not beat ``attack``.

    >>> beat_clause(Card.parse("9S"), Card.parse("7S"), Suit.H)
    'R6'
    >>> beat_clause(Card.parse("9S"), Card.parse("7S"), Suit.H, japanese=True)
    'R8'
    >>> beat_clause(Card.parse("6H"), Card.parse("AH"), Suit.H, trump_six_beats_ace=True)
    'R7'
    >>> beat_clause(Card.parse("6D"), Card.parse("AS"), Suit.D, japanese=True) is None
    True
    """
    if not beats(cover, attack, trump, trump_six_beats_ace=trump_six_beats_ace, japanese=japanese):
        return None
    c_suit, a_suit = int(cover) & 3, int(attack) & 3
    if c_suit == a_suit:
        if int(cover) >> 2 < int(attack) >> 2:
            return "R7"
        return "R8" if japanese and a_suit == Suit.S else "R6"
    return "R6"


def _typed_ranks() -> dict[str, int]:
    """The rank letters a person types in the language in use, upper case, to ranks: the
    letters the views print (:func:`rank_text`: ``В Д К Т`` in ru and uk) besides the codes."""
    got = {code: i + 2 for i, code in enumerate(RANK_CODES)}
    got["10"] = 10
    for r, letter in _RANK_LETTERS.items():
        got[pgettext("rank", letter).upper()] = r
    return got


def typed_card(text: str) -> Card:
    """Read one card as a person types it in a widget, in the language in use (R1): the
    rank as the views print it (``2``-``9``, ``10``, and ``J Q K A`` in English, the
    Cyrillic ``В Д К Т`` in Russian and Ukrainian, any case), then the suit as a symbol
    ``♠ ♥ ♦ ♣`` or a letter ``S H D C``.  The codes of R1 are read too (``TS`` is the ten
    of spades in every language: the Latin ``T``, not the Cyrillic ``Т`` of the ace).
    Files keep the codes (:meth:`Card.parse`); only human input is read this way.

    >>> from durak_nb.i18n import language
    >>> with language("ru"):
    ...     typed_card("Д♠").code, typed_card("т♦").code, typed_card("10H").code
    ('QS', 'AD', 'TH')

    Raises:
        CardError: the text is not a card; the message, in the language in use, quotes it
            and names the ranks and suits one may type in that language (R1).
    """
    t = text.strip() if isinstance(text, str) else text
    if isinstance(t, str) and len(t) >= 2 and (rank := _typed_ranks().get(t[:-1].upper())) is not None:
        suit = _SUIT_BY_TEXT.get(t[-1].upper())
        if suit is not None:
            return Card.of(rank, suit)
    try:
        return Card.parse(text)
    except CardError:
        if all(pgettext("rank", letter) == letter for letter in _RANK_LETTERS.values()):
            raise  # the language writes the codes' letters: Card.parse's refusal says it all
    letters = ", ".join(pgettext("rank", _RANK_LETTERS[r]) for r in sorted(_RANK_LETTERS))
    raise CardError(
        "R1",
        # TRANSLATORS: {ranks} the ranks one may type («2-9, 10, В, Д, К, Т»); {one}, {two} cards («Д♠», «10♥»)
        _("{text} is not a card: write a rank ({ranks}) then a suit (♠ ♥ ♦ ♣ or S H D C), e.g. {one} or {two}").format(
            text=repr(text),
            ranks="2-9, 10, " + letters,
            one=card_text(Card.parse("QS")),
            two=card_text(Card.parse("TH")),
        ),
    )


def typed_cards(text: str) -> list[Card]:
    """Read the cards a person typed in a widget, separated by spaces or commas, each as
    :func:`typed_card` reads it in the language in use (R1).

    >>> from durak_nb.i18n import language
    >>> with language("uk"):
    ...     [c.code for c in typed_cards("6♠ 9♠ Д♦, 10♣ Т♥ В♣")]
    ['6S', '9S', 'QD', 'TC', 'AH', 'JC']

    Raises:
        CardError: one of them is not a card (:func:`typed_card`).
    """
    return [typed_card(p) for p in text.replace(",", " ").split()]
