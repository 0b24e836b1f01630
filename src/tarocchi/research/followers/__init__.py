"""The research encoder's followers (``research.incremental``): what each game's rules make of
the events a seat's tensor is kept from. The base follower (``followers.base``) keeps what every
trick game shares (the running state of tricks and card points); each game's follower, in its own
module here, knows that game's calls and notes, and its manifest names it (``Manifest.follower``);
beside it, the game's facts writer (``Manifest.facts``), the slots of its facts record.
"""
