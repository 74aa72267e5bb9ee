"""A bot that throws in whenever it may (the first throw among its legal moves), else
plays the first legal move; each request's table goes to stderr (its log)."""

import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"]}), flush=True)
    elif msg["type"] == "move":
        legal = msg["view"]["legal"]
        throws = [m for m in legal if m["action"] == "throw"]
        print(json.dumps(msg["view"]["table"]), file=sys.stderr, flush=True)
        print(json.dumps({"type": "move", "id": msg["id"], "move": (throws or legal)[0]}), flush=True)
    elif msg["type"] == "quit":
        break
