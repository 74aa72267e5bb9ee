"""A bot that answers hello, then closes its stdout and stdin and keeps running,
deaf to SIGTERM (issue 23): the kit must say it closed its output, and end it."""

import json
import os
import signal
import sys
import time

signal.signal(signal.SIGTERM, signal.SIG_IGN)
msg = json.loads(sys.stdin.readline())
print(json.dumps({"type": "hello", "protocol": msg["protocol"]}), flush=True)
os.close(0)
os.close(1)
while True:
    time.sleep(1)
