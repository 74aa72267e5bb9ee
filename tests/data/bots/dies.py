"""An outside bot that shakes hands and dies (exit code 3) when asked for a move."""

import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"], "name": "dies"}), flush=True)
    elif msg["type"] == "move":
        sys.exit(3)
