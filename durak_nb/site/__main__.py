"""``python -m durak_nb.site``: see :func:`durak_nb.site.main`."""

from . import main

raise SystemExit(main())
