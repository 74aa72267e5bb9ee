"""A bot that prints its game message and a traceback to stderr, then crashes at its
first move (exit code 1): with a log, what it printed is kept and the fault names it."""

import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"]}), flush=True)
    elif msg["type"] == "game":
        print("GAME " + json.dumps(msg), file=sys.stderr, flush=True)
    elif msg["type"] == "move":
        print("Traceback (most recent call last):\nZeroDivisionError: boom", file=sys.stderr, flush=True)
        sys.exit(1)
