"""A bot that starts a sleeping child (which inherits nothing to read), then plays the
lowest legal move; used to check that ProcessBot.close() ends the child too."""

import json
import subprocess
import sys

child = subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(300)"],
    stdin=subprocess.DEVNULL,
    stdout=subprocess.DEVNULL,
    stderr=subprocess.DEVNULL,
)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        hello = {"type": "hello", "protocol": msg["protocol"], "name": "forks", "child": child.pid}
        print(json.dumps(hello), flush=True)
    elif msg["type"] == "move":
        print(json.dumps({"type": "move", "id": msg["id"], "move": msg["view"]["legal"][0]}), flush=True)
    elif msg["type"] == "quit":
        break
