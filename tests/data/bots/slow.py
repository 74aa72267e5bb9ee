"""An outside bot that answers correctly, but each move only after 3 seconds."""

import json
import sys
import time

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"], "name": "slow"}), flush=True)
    elif msg["type"] == "move":
        time.sleep(3)
        print(json.dumps({"type": "move", "id": msg["id"], "move": msg["view"]["legal"][0]}), flush=True)
    elif msg["type"] == "quit":
        break
