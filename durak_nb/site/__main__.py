"""``python -m durak_nb.site``: see :func:`durak_nb.site.main`."""

from . import main

if __name__ == "__main__":
    raise SystemExit(main())
