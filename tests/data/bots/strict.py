"""A bot whose move line JSON's grammar reads but strict JSON refuses (issue 23):
``--twice`` a repeated "id", ``--nan`` NaN, ``--inf`` Infinity, ``--big`` 1e400,
``--surrogate`` a lone surrogate, ``--digits`` a whole number of 4,400 digits (past
Python's own bound); each must be refused naming its own cause."""

import json
import sys

BAD = {
    "--twice": '{"type":"move","id":%d,"move":%s,"id":3}',
    "--nan": '{"type":"move","id":%d,"move":%s,"x":NaN}',
    "--inf": '{"type":"move","id":%d,"move":%s,"x":-Infinity}',
    "--big": '{"type":"move","id":%d,"move":%s,"x":[1e400]}',
    "--surrogate": '{"type":"move","id":%d,"move":%s,"note":"ok \\ud800 then"}',
    "--digits": '{"type":"move","id":%d,"move":%s,"x":' + "7" * 4400 + "}",
}
mode = sys.argv[1]
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": msg["protocol"]}), flush=True)
    elif msg["type"] == "move":
        sys.stdout.write(BAD[mode] % (msg["id"], json.dumps(msg["view"]["legal"][0])) + "\n")
        sys.stdout.flush()
    elif msg["type"] == "quit":
        break
