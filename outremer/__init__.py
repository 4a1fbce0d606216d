"""Outremer: board wargames of the Crusades, with every rule enforced.

The engine (:mod:`outremer.engine`) defines the contract between a title and everything else;
each title lives in :mod:`outremer.games`.
"""

__version__ = "0.1.0"
