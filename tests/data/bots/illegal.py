"""An outside bot that answers every request by passing (R12), legal or not."""

import json
import sys

seat = None
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"], "name": "illegal"}), flush=True)
    elif msg["type"] == "game":
        seat = msg["seat"]
    elif msg["type"] == "move":
        print(json.dumps({"type": "move", "id": msg["id"], "move": {"player": seat, "action": "pass"}}), flush=True)
    elif msg["type"] == "quit":
        break
