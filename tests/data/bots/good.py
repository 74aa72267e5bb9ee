"""A well-behaved outside bot (docs/bot-protocol.md): it plays the lowest legal move
of the kinds take, defend, pass before the others, answering each request at once."""

import json
import sys


def main() -> None:
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            print(
                json.dumps({"type": "hello", "protocol": msg["protocol"], "name": "good", "version": "1.0"}), flush=True
            )
        elif kind == "move":
            legal = msg["view"]["legal"]
            print(json.dumps({"type": "move", "id": msg["id"], "move": legal[0]}), flush=True)
        elif kind == "quit":
            return


main()
