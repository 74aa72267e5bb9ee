"""A bot that writes its cards as RULES.md R1 accepts them on input, not as the codes
the kit sends (its move: the first defence, else the first legal move): ``--ten``
(10C for TC), ``--symbol`` (T♣, 7♥), ``--lower`` (tc, 7h);
``--bad`` a card that is no card (XX), ``--extra`` a member the move does not take;
``--type`` a message type with a control character."""

import json
import sys

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
mode = sys.argv[1]


def write(code: str) -> str:
    rank, suit = code[:-1], code[-1]
    if mode == "--ten":
        return ("10" if rank == "T" else rank) + suit
    if mode == "--symbol":
        return rank + SUITS[suit]
    if mode == "--lower":
        return code.lower()
    return code


for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"]}), flush=True)
    elif msg["type"] == "move":
        legal = msg["view"]["legal"]
        move = dict(next((m for m in legal if m["action"] == "defend"), legal[0]))
        for key in ("card", "target"):
            if key in move:
                move[key] = write(move[key])
        if "cards" in move:
            move["cards"] = [write(c) for c in move["cards"]]
            if mode == "--bad":
                move["cards"][-1] = "XX"
        if mode == "--extra":
            move["comment"] = "\u202eoops"
        kind = "mo\x1bve" if mode == "--type" else "move"
        print(json.dumps({"type": kind, "id": msg["id"], "move": move}, ensure_ascii=False), flush=True)
    elif msg["type"] == "quit":
        break
