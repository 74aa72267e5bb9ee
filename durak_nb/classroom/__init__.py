"""The class server: students at their own screens play each other and the bots, the
teacher watches every table and every score (``durak-nb class serve``).

The protocol between the server, its store and its clients is ``docs/class-protocol.md``.
Modules: ``store`` (SQLAlchemy Core over SQLite or PostgreSQL), ``exports`` (a class's
games as recordings and tables), ``protocol``, ``referee`` and ``server`` (the ASGI app),
``client``, ``widgets`` and ``pages`` (the students' and the teacher's screens).
"""
