"""An outside bot that shakes hands and then never reads its input again (nor answers)."""

import json
import sys
import time

line = sys.stdin.readline()
print(json.dumps({"type": "hello", "protocol": json.loads(line)["protocol"], "name": "deaf"}), flush=True)
while True:
    time.sleep(1)
