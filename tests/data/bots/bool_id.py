"""A bot that answers every move request with the JSON ``true`` as its ``id``: the
protocol's ids are whole numbers, and a boolean is not one (docs/bot-protocol.md)."""

import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"], "name": "bool_id"}), flush=True)
    elif msg["type"] == "move":
        print(json.dumps({"type": "move", "id": True, "move": msg["view"]["legal"][0]}), flush=True)
    elif msg["type"] == "quit":
        break
