"""An outside bot that shakes hands and then never answers, and ignores quit: it has
to be terminated."""

import json
import signal
import sys
import time

if "--stubborn" in sys.argv:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # only a kill ends it
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello" and "--no-hello" not in sys.argv:
        print(json.dumps({"type": "hello", "protocol": msg["protocol"], "name": "silent"}), flush=True)
while True:
    time.sleep(1)
