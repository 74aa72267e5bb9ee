"""A bot whose children leave its process group and session (setsid, issue 23): a
Popen(start_new_session=True), a double fork into a new session, and one that ignores
SIGTERM; their pids are in its hello (``kids``).  close() must end all of them."""

import json
import os
import signal
import subprocess
import sys
import time

kids = [
    subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(300)"],
        start_new_session=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    ).pid
]
r, w = os.pipe()
if os.fork() == 0:  # a double fork: the grandchild is orphaned in a session of its own
    os.setsid()
    if os.fork() == 0:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        os.write(w, f"{os.getpid()}\n".encode())
        time.sleep(300)
    os._exit(0)
kids.append(int(os.read(r, 64).split()[0]))
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"], "kids": kids}), flush=True)
    elif msg["type"] == "move":
        print(json.dumps({"type": "move", "id": msg["id"], "move": msg["view"]["legal"][0]}), flush=True)
    elif msg["type"] == "quit":
        break
if "--stay" in sys.argv[1:] and msg.get("type") != "quit":
    time.sleep(300)  # its input ended (the kit is gone) but it runs on: only its keeper ends it
