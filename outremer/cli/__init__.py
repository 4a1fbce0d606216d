"""The ``outremer`` command line (see :mod:`outremer.cli.main`)."""
