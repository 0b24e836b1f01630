"""The table server (``tarocchi serve``): friends and computer players at shared tables.

An optional extra (``pip install tarocchi[web]``; the ``tarocchi serve`` command needs the ``cli``
extra too): the engine never imports it, and it imports nothing of the terminal. The server is
authoritative: it runs the engine's Match, commits every action to the database before telling
anyone, and sends each connection only its own seat's view.
"""
