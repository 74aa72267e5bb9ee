"""An outside bot that shakes hands and then answers with lines that are not JSON
(``--long``: one line longer than the protocol's bound, no newline)."""

import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"], "name": "garbage"}), flush=True)
    elif msg["type"] == "move":
        if "--long" in sys.argv:
            sys.stdout.write("x" * 200_000)
        else:
            sys.stdout.write("attack \x1b[31m7S please {\n")
        sys.stdout.flush()
    elif msg["type"] == "quit":
        break
