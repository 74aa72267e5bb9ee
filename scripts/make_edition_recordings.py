"""Write (or check) the Russian and Ukrainian editions of the shipped recordings.

``recordings/ru/`` and ``recordings/uk/`` hold a twin of every recording in
``recordings/`` (``lessons/`` and ``overboard/`` too): the same game with the players'
names and the texts in that language, taken from the catalogue's ``recordings`` part
(:mod:`durak_nb.lessons.edition`).  Run it after changing a recording or a translation
in ``durak_nb/locale/*/LC_MESSAGES/recordings.po``.

Usage (from the repository root)::

    python scripts/make_edition_recordings.py            # write the edition files
    python scripts/make_edition_recordings.py --check    # exit 1 if a file differs

Every file it writes (or finds different) is printed, one line each.
"""

from __future__ import annotations

import sys

from durak_nb.lessons.edition import main

if __name__ == "__main__":
    sys.exit(main())
